"""Speed work must not change answers: every graded query, scoped and unscoped, ranks the same rules
with the same scores as the code of the last record did (scripts/search_equivalence.py; recorded again
after every quality change; last on the twelfth round of issue 17, session 10: the learned re-ordering
retrained with more features, rule numbers after a game's name, "refuse"/"decline"), and
the faster `nearest` (rule numbers that do not exist) names the same rules as a full scan."""

from __future__ import annotations

import gzip
import importlib.util
import json
import random
from pathlib import Path

import pytest

from judge_app.rules.library import nearest
from judge_app.rules.model import Kind
from judge_app.rules.parsing import ids as idmod

ROOT = Path(__file__).resolve().parents[2]
# the newest record (highest session number): `make search-record SESSION=N` writes sessionN.json.gz
RECORD = max(Path(__file__).with_name("equivalence").glob("session*.json.gz"),
             key=lambda p: int("".join(c for c in p.name if c.isdigit()) or 0))


def _script():
    spec = importlib.util.spec_from_file_location("search_equivalence", ROOT / "scripts" / "search_equivalence.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def record():
    with gzip.open(RECORD, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def test_answers_are_the_recorded_ones(svc, record):
    eq = _script()
    if record["quality"] != eq.quality_fingerprint():
        pytest.skip("the files that define ranking changed since the record (weights, synonyms, signals, "
                    "query analysis, vocabularies, player words or rules texts): record again with "
                    "`make search-record SESSION=N` on the commit before a speed change")
    ref = record["answers"]
    got = eq.run([(d["query"], d["scope"]) for d in ref], svc=svc)
    assert eq.differences(ref, got) == []


def test_differences_are_found(record):
    """The check itself: a swapped rank, a changed score and a changed field are reported."""
    eq = _script()
    ref = [a for a in record["answers"] if len(a["raw"]) >= 2 and abs(a["raw"][0][1] - a["raw"][1][1]) > 1e-3][:1]
    assert ref
    swapped = json.loads(json.dumps(ref))
    swapped[0]["raw"][0], swapped[0]["raw"][1] = swapped[0]["raw"][1], swapped[0]["raw"][0]
    assert eq.differences(ref, swapped)
    rescored = json.loads(json.dumps(ref))
    rescored[0]["raw"][0][1] *= 1.001
    assert eq.differences(ref, rescored)
    other = json.loads(json.dumps(ref))
    other[0]["interpreted_as"] = "something else"
    assert eq.differences(ref, other)
    tie = json.loads(json.dumps(ref))
    tie[0]["raw"][0][1] += 1e-9
    assert eq.differences(ref, tie) == []


def _nearest_by_scan(doc, rule_id: str, n: int) -> list[str]:
    """The definition: every numbered rule, ordered by shared prefix, then numeric distance."""
    want = idmod.parts(rule_id)
    if not want:
        return []
    scored = []
    for rid, r in doc.rules.items():
        if r.kind in (Kind.EXAMPLE, Kind.NOTE):
            continue
        have = idmod.parts(rid)
        common = 0
        for a, b in zip(want, have, strict=False):
            if a != b:
                break
            common += 1
        nxt = abs(want[common] - have[common]) if common < len(want) and common < len(have) else 0
        scored.append((-common, nxt, abs(len(have) - len(want)), idmod.sort_key(rid), rid))
    scored.sort()
    return [s[-1] for s in scored[:n]]


def test_nearest_is_the_full_scan(library):
    rnd = random.Random(17)
    checked = 0
    for doc in library.documents():
        probes = ["0", "99", "99-1", "1-99", "7-1-3-1", "9.2", "9-2", "1.1.1.1.1.1", "12-ex1",
                  "1", "2-0", "0-1-1", "4-99-1", "50", "6-3-0-9", "99-99-99-99"]
        for rid in rnd.sample(list(doc.rules), min(120, len(doc.rules))):
            p = list(idmod.parts(rid))
            if not p:
                continue
            probes.append(rid)
            p[rnd.randrange(len(p))] += rnd.choice([1, 2, 5, 30])
            probes.append("-".join(map(str, p)))
            probes.append(".".join(map(str, [*p, rnd.randint(1, 9)])))
        for probe in probes:
            for n in (1, 5, 12):
                assert nearest(doc, probe, n) == _nearest_by_scan(doc, probe, n), (doc.game, probe, n)
                checked += 1
    assert checked > 2000


def test_nearest_in_a_document_without_numbered_rules(library):
    """A document with no numbered rule (a source file read while it was being rewritten parses so)
    has nothing near, as the full scan said: never a KeyError in a search thread."""
    import dataclasses

    doc = library.documents()[0]
    empty = dataclasses.replace(doc, rules={}, order={})
    assert nearest(empty, "7-1-5", 5) == [] == _nearest_by_scan(empty, "7-1-5", 5)
    examples = {rid: r for rid, r in doc.rules.items() if r.kind in (Kind.EXAMPLE, Kind.NOTE)}
    only = dataclasses.replace(doc, rules=examples)
    assert nearest(only, "99-1", 5) == _nearest_by_scan(only, "99-1", 5)
