"""The ws grammar reads exactly what the regex reader of main 8948feb read (issue 13).

Over the harness's texts (tests/cardtext/ws_texts.py: every piece of the old reader's vocabulary, composed, and
near misses of them): every text the old reader accepted reads to the same AST, every text it refused is still
refused. The differences are deliberate fixes, each recognised here by the old reader's own reading, never by
the new one's claim:

- a cost the old reader dropped: a [cost] before a continuous gain, a replacement effect or an event's sentences
  was accepted and then ignored (nothing paid it); the grammar refuses it (a silently ignored part of a card);
- a revealed card's name in a cost: the old reader lower-cased it after a stock icon ("[(1) Reveal 1 "Sister" in
  your hand]") and in Bond/Sunder costs, while abilities.py pays the cost with a card whose name is equal, so
  the cost could never be paid; the grammar keeps the name as written;
- stock icons before another cost in one part ("[①① Rest this card]"): the old reader counted the first icon only.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
import ws_legacy_reader as old
import ws_texts

from judge_app.engine.ws import cardtext
from judge_app.engine.ws.effects import Ability, Cost, EffectError


def _read(reader, text: str) -> Ability | EffectError:
    try:
        return reader(text)
    except EffectError as e:
        return e


def _dropped_cost(text: str, was: Ability) -> bool:
    """The old reader read a [cost] and built an ability that has none (8.4: nothing would pay it)."""
    return was.category in ("replace", "cont", "effect") and old._body(old._head(text)).cost != Cost()


def _reveal_case_fixed(text: str, was: Ability, now: Ability) -> bool:
    return (was.cost.reveal != now.cost.reveal and was.cost.reveal == now.cost.reveal.lower()
            and f'"{now.cost.reveal}"' in text and was == type(was)(**{**_fields(now), "cost": was.cost}))


def _stock_icons_fixed(text: str, was: Ability, now: Ability) -> bool:
    icons = sum(len(re.findall(r"[①-⑨]|\(\d\)", m)) for m in re.findall(r"\[[^\]]*\]", text))
    return (was.cost.stock < now.cost.stock and icons > 1
            and was == type(was)(**{**_fields(now), "cost": Cost(**{**_fields(now.cost), "stock": was.cost.stock})}))


def _fields(x: object) -> dict:
    return {f: getattr(x, f) for f in x.__slots__}  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def compared() -> dict[str, list[tuple[str, object, object]]]:
    out: dict[str, list[tuple[str, object, object]]] = {}
    for text in ws_texts.texts():
        was, now = _read(old.parse_ability, text), _read(cardtext.parse_ability, text)
        if isinstance(was, EffectError) and isinstance(now, EffectError):
            kind = "both refuse"
        elif isinstance(was, EffectError):
            kind = "new accepts"
        elif isinstance(now, EffectError):
            kind = "dropped cost refused" if _dropped_cost(text, was) else "new refuses"
        elif was == now:
            kind = "same"
        elif _reveal_case_fixed(text, was, now):
            kind = "revealed name kept as written"
        elif _stock_icons_fixed(text, was, now):
            kind = "every stock icon counted"
        else:
            kind = "different"
        out.setdefault(kind, []).append((text, was, now))
    return out


def test_harness_is_large_and_covers_both_sides(compared) -> None:
    counts = Counter({k: len(v) for k, v in compared.items()})
    assert sum(counts.values()) >= 10_000, counts
    assert counts["same"] >= 3000 and counts["both refuse"] >= 6000, counts


def test_every_text_the_old_reader_accepted_reads_to_the_same_ast(compared) -> None:
    for kind in ("different", "new refuses"):
        assert not compared.get(kind), [(t, w, str(n)) for t, w, n in compared.get(kind, [])[:5]]


def test_every_text_the_old_reader_refused_is_still_refused(compared) -> None:
    assert not compared.get("new accepts"), [(t, str(w), n) for t, w, n in compared.get("new accepts", [])[:5]]


def test_the_deliberate_differences_are_the_documented_fixes(compared) -> None:
    assert set(compared) <= {"same", "both refuse", "dropped cost refused", "revealed name kept as written",
                             "every stock icon counted"}
    for text, _was, now in compared.get("dropped cost refused", []):
        assert "has no cost" in str(now), (text, str(now))
    assert compared.get("revealed name kept as written") and compared.get("every stock icon counted")


def test_golden_refusals_name_the_same_words() -> None:
    # the ws goldens record the words the dialect names (tests/scenarios/ws/*-refused.expected.json)
    for text in ("【AUTO】 When this card attacks, choose 1 of your opponent's characters and put it into the clock.",
                 '【AUTO】 Fusion [①] Search your deck for up to 1 "Other", put it on this card\'s stage position.'):
        assert _read(cardtext.parse_ability, text).words == _read(old.parse_ability, text).words  # type: ignore[union-attr]
