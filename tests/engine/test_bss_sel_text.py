"""bss: a selection's own words say "other" when the effect's own card is left out (`Sel.other`), so a step that
prints the selection never says "your spirits" for a set the engine took without this card."""

from __future__ import annotations

from judge_app.engine.bss.cardtext import summary
from judge_app.engine.bss.vocab import Place, Sel


def test_other_is_said_where_the_selection_is_printed() -> None:
    assert Sel(owner="you", other=True).text() == "all your other spirits"
    assert Sel(count=1, owner="you", other=True, state="exhausted").text() == "1 your other exhausted spirit"
    assert Sel(owner="you").text() == "all your spirits"
    assert Place("card", sel=Sel(count=1, owner="you", other=True)).text() == "1 your other spirit"


def test_the_corpus_summary_keeps_its_own_wording() -> None:
    """The corpus records "other" as "… other than this card" (tests/cardtext/bss.jsonl): said once, not twice."""
    assert Sel(owner="you", other=True).text(say_other=False) == "all your spirits"
    from judge_app.engine.bss.cardtext import read_effects

    got = summary(read_effects("(When Summoned) Refresh all of your other spirits."))
    assert got.count("other") == 1 and "all your spirits other than this card" in got
