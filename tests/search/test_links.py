"""The best hit's ties in the rule tree fill the last places of the top 10 (nineteenth round)."""

from __future__ import annotations

from types import SimpleNamespace

from judge_app.search import service
from judge_app.search.service import _pull_linked


def _matches(links: dict[str, tuple[tuple[str, str], ...]]) -> dict:
    return {k: SimpleNamespace(f=SimpleNamespace(links=v)) for k, v in links.items()}


def test_the_best_hits_section_and_sibling_take_the_last_places_of_the_top_10():
    ds = "g|v"
    out = [(f"{ds}|r{i}", 100.0 - i) for i in range(20)]
    ties = (("r15", "parent"), ("r12", "sibling"), ("r3", "child"), ("r18", "cites"))
    matches = _matches({f"{ds}|r0": ties})
    got = [k.rpartition("|")[2] for k, _ in _pull_linked(out, matches)]
    at = service.LINK_AT
    # the first places are kept; the ties below them come next, best placed first
    assert got[:at] == [f"r{i}" for i in range(at)]
    assert got[at:at + 3] == ["r12", "r15", "r18"][: service.LINK_MAX]
    assert sorted(got) == sorted(k.rpartition("|")[2] for k, _ in out)  # nothing lost, nothing repeated
    scores = [sc for _, sc in _pull_linked(out, matches)]
    assert scores == sorted(scores, reverse=True)


def test_a_tie_already_in_the_first_places_or_of_another_kind_is_left_alone():
    ds = "g|v"
    out = [(f"{ds}|r{i}", 100.0 - i) for i in range(20)]
    matches = _matches({f"{ds}|r0": (("r2", "parent"), ("r14", "unknown"))})
    assert _pull_linked(out, matches) == out


def test_ties_come_from_the_tree(svc):
    doc = svc.library.document("bss")
    feats = svc._features("bss", doc.version)
    rid = next(r.id for r in doc if r.parent and r.refs and r.id in feats)
    r = doc.rules[rid]
    links = dict(feats[rid].links)
    assert links.get(r.parent) == "parent"
    assert any(links.get(ref.target) in ("cites", "parent", "child", "sibling") for ref in r.refs if ref.target)
    kids = [c for c in r.children if c in feats]
    assert all(links[c] == "child" for c in kids)
