"""The audit of issue 12: every phrase the printed-text reader accepts is executed completely.

Proved from behaviour, not from the code's text: the corpus (tests/cardtext/bss.jsonl) is read, every
construction the transformer builds is reduced to a signature (effect kind x directive node type, with a
restriction's words, triggers, conditions, keywords and the selection features a directive uses), and
each signature must occur in at least one text that a scenario executes and checks: a corpus line with a
scenario (graded by test_cardtext_corpus) or a golden scenario's card (replayed by test_golden). A
node type without a procedure is refused by name (test_deck), never skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from judge_app.cardtext_report import ROOT
from judge_app.engine.bss import cardast, cardtext, vocab
from judge_app.engine.bss.cardnodes import AddedDiscard, CostChange, GainSymbol
from judge_app.engine.bss.vocab import Effect, Sel

CORPUS = ROOT / "tests" / "cardtext" / "bss.jsonl"
GOLDEN = ROOT / "tests" / "scenarios" / "bss"
_SEL_FEATURES = ("up_to", "target", "colors", "cost", "bp", "state", "keyword", "other", "token", "battling")


def _nodes(d: object) -> Iterator[object]:
    yield d
    if isinstance(d, cardast.ForEach | cardast.NumberOf):
        yield from _nodes(d.inner)


def _sel_features(d: object) -> Iterator[str]:
    for f in getattr(d, "__slots__", ()):
        v = getattr(d, f)
        if isinstance(v, Sel):
            if v.ref:
                yield f"ref={v.ref}"
            yield from (f"sel.{x}" for x in _SEL_FEATURES if getattr(v, x))
            yield f"owner={v.owner}"


def signatures(effects: tuple[Effect, ...]) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for e in effects:
        k = e.kind
        if e.keyword:
            out.add((k, f"keyword {e.keyword.name}"))
        out |= {(k, f"trigger {t.event}{':by_opponent' if t.by_opponent else ''}"
                    f"{f':by_attack_of_{t.attack}' if t.attack else ''}{':by_comparing_BP' if t.destroyer else ''}")
                for t in e.triggers}
        out |= {("any", f"trigger sel.{x}") for t in e.triggers for x in _SEL_FEATURES
                if t.sel is not None and getattr(t.sel, x)}
        out |= {(k, f"condition {c.kind}") for c in e.condition}
        if e.levels:
            out.add((k, "levels"))
        if e.optional:
            out.add((k, "optional"))
        for part, ds in (("cost", e.cost), ("body", e.body)):
            for d in ds:
                for n in _nodes(d):
                    what = f" {n.what}" if isinstance(n, vocab.Forbid) else ""
                    out.add((k, f"{part} {type(n).__name__}{what}"))
                    # a selection is made by the same procedure whatever the effect's kind (8-5-3)
                    out |= {("any", f"{type(n).__name__} {s}") for s in _sel_features(n)}
    return out


def _corpus() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def _golden_texts() -> set[str]:
    return {m.group(1) for p in GOLDEN.glob("*.scn") for m in re.finditer(r'effect "([^"]*)"', p.read_text("utf-8"))}


def test_every_accepted_construction_is_executed_by_a_scenario() -> None:
    built: dict[tuple[str, str], str] = {}
    executed: set[tuple[str, str]] = set()
    for row in _corpus():
        if "ast" not in row:
            continue
        sig = signatures(cardtext.read_effects(row["text"]))
        for s in sig:
            built.setdefault(s, row["text"])
        if "scenario" in row:
            executed |= sig
    for text in _golden_texts():
        try:
            executed |= signatures(cardtext.read_effects(text))
        except vocab.EffectSyntaxError:
            continue
    assert len(built) >= 60
    missing = {s: t for s, t in built.items() if s not in executed}
    assert not missing, f"accepted but never executed by a scenario: {missing}"


def test_constant_effects_hold_only_what_the_view_applies() -> None:
    # a constant effect is applied by the view (8-8), which reads continuous directives only, and a BP raise "for
    # each <cards>" (counted on the field, view._constants): anything else would be accepted and silently ignored
    def applied(d: object) -> bool:
        each = isinstance(d, cardast.ForEach) and type(d.inner) is vocab.ModBP and d.duration is None
        # s15 bss: an added cost of using a magic card is read where the use is paid (rules.use_magic, 8-4-2-2);
        # s16 bss: a change of a magic card's cost, where the cost is determined (rules.use_cost, 10-8-4)
        # s17 bss: symbols a constant effect gives (view._gain_symbol, 2-8)
        return isinstance(d, (*vocab.CONTINUOUS, AddedDiscard, CostChange, GainSymbol)) or each

    for row in _corpus():
        if "ast" not in row:
            continue
        for e in cardtext.read_effects(row["text"]):
            if e.kind == "constant":
                assert all(applied(d) for d in e.body), row["text"]


def test_every_new_node_type_the_transformer_builds_has_an_executor() -> None:
    seen = set()
    for row in _corpus():
        if "ast" in row:
            for e in cardtext.read_effects(row["text"]):
                seen |= {type(n) for d in e.body + e.cost for n in _nodes(d) if type(n) in cardast.NODES}
    assert seen == set(cardast.NODES) == set(cardast.EXECUTORS)
