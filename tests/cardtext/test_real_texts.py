"""Real card texts (tests/cardtext/real/): every line has provenance, the report reads them as the checker does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app.cardtext_report import (
    REAL_DIR,
    ROOT,
    grade_real,
    grade_real_all,
    printed,
    readers,
    real_games,
    render_real,
)
from judge_app.cli import main

FILES = sorted(REAL_DIR.glob("*.jsonl"))
REPO = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")
COMMIT = re.compile(r"[0-9a-f]{40}")


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_real_files_exist_for_games_with_a_reader():
    assert {"bss", "ws"} <= {p.stem for p in FILES}
    assert real_games() == sorted(p.stem for p in FILES), "a real-text file for a game without a registered reader"
    assert set(real_games()) <= set(readers())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_real_line_has_provenance(path: Path):
    rows = _rows(path)
    assert 0 < len(rows) <= 700  # "a few hundred lines at most" (README, Licensing): ws 644 after its fourth draw, bss 394 after its fourth draw
    seen = set()
    for n, row in enumerate(rows, 1):
        assert set(row) <= {"text", "source", "card", "layout"}, (n, sorted(row))
        assert isinstance(row["text"], str) and row["text"].strip() and row["text"] != "-", n
        src = row["source"]
        assert REPO.fullmatch(src["repo"]) and src["path"].strip() and COMMIT.fullmatch(src["commit"]), (n, src)
        assert str(row["card"]).strip(), n
        key = (src["repo"], src["path"], src.get("record_id"), row["text"], json.dumps(row.get("layout"), sort_keys=True))
        assert key not in seen, f"line {n} repeats an earlier line"
        seen.add(key)
        if "layout" in row:
            assert set(row["layout"]) <= {"levels", "condition", "steps", "keywords"}, n


def test_printed_puts_the_sources_layout_fields_back_without_rewording():
    row = {"text": "Draw a card.", "layout": {"levels": [2, 3], "condition": "When Destroyed", "steps": []}}
    assert printed(row) == "[LV2][LV3] (When Destroyed) Draw a card."
    magic = {"text": "Select a spirit.", "layout": {"levels": [], "condition": "N/A", "steps": ["Main", "Flash"]}}
    assert printed(magic) == "[Main][Flash] Select a spirit."
    burst = {"text": "Draw a card.", "layout": {"levels": [], "condition": "When You Lose Life", "steps": [],
                                                 "keywords": [{"keyword_name": "Burst", "keyword_modifier": None}]}}
    assert printed(burst) == "[Burst] (When You Lose Life) Draw a card."
    assert printed({"text": "【CONT】 All of your characters get +2 soul."}) == "【CONT】 All of your characters get +2 soul."


def test_a_card_is_read_ability_by_ability_and_accepted_only_whole(tmp_path: Path):
    text = ("【CONT】 All of your characters get +1000 power and +1 soul.\n"
            "【AUTO】 When this card attacks, your opponent discards 1 card from hand.")  # still refused
    src = {"repo": "example/cards", "path": "cards.json", "commit": "0" * 40}
    path = tmp_path / "ws.jsonl"
    path.write_text(json.dumps({"text": text, "source": src, "card": "x"}) + "\n"
                    + json.dumps({"text": text.split("\n")[0], "source": src, "card": "y"}) + "\n", encoding="utf-8")
    report = grade_real("ws", path)
    two, one = report.lines
    assert (two.abilities, two.abilities_accepted, two.accepted) == (2, 1, False)
    # "your opponent" opens an action the grammar reads ("your opponent chooses 1 climax in their waiting room, …",
    # s8-wsrealb): the refusal stops at the word after it
    assert two.construction == 'unknown wording at "discards"' and two.stopped == ("discards 1",)
    assert (one.abilities, one.abilities_accepted, one.accepted) == (1, 1, True)
    assert (report.total, report.accepted, report.abilities, report.abilities_accepted) == (2, 1, 3, 2)
    assert report.refusals() == [('unknown wording at "discards"', 1)]


def test_real_section_of_the_report_is_current():
    doc = (ROOT / "docs" / "card-text.md").read_text(encoding="utf-8")
    section = render_real(grade_real_all())
    assert doc.endswith(section), "docs/card-text.md is stale: run `judge cardtext-report`"
    for game in real_games():
        assert f"| {game} | " in section and f"## {game}: what the real texts need" in section


def test_report_for_one_game_keeps_only_that_games_real_texts():
    r = CliRunner().invoke(main, ["cardtext-report", "--game", "ws", "--output", "-"])
    assert r.exit_code == 0, r.output
    real = r.output[r.output.index("# Real card texts"):]
    assert "| ws | " in real and "| bss | " not in real


def test_real_lines_split_into_tuning_and_test_halves_by_a_fixed_hash():
    import zlib

    from judge_app.cardtext_report import half

    for text in ("Draw a card.", "Select a spirit. It gains 2000 BP during this turn."):
        assert half(text) == ("tuning" if zlib.crc32(text.encode("utf-8")) % 2 == 0 else "test")
    report = grade_real("bss")
    halves = {x.half for x in report.lines}
    assert halves == {"tuning", "test"}
    tuning = [x for x in report.lines if x.half == "tuning"]
    assert f"{sum(x.accepted for x in tuning)}/{len(tuning)}" in report.halves().split(" | ")[0]
    assert "tuning half | test half" in render_real([report])


def test_standard_reader_is_graded_on_the_saga_texts_as_a_labelled_proxy():
    from judge_app.cardtext_report import PROXIES, half

    r = CliRunner().invoke(main, ["cardtext-report", "--game", "bs-standard", "--output", "-"])
    assert r.exit_code == 0, r.output
    real = r.output[r.output.index("# Real card texts"):]
    assert "| Saga cards read by the Standard reader | AleFire99/BSS_app | 394 |" in real
    assert "| bss | " not in real and "proxy" in real
    (proxy,) = [x for x in grade_real_all(["bs-standard"]) if x.label]
    saga = _rows(REAL_DIR / "bss.jsonl")
    assert proxy.game == "bs-standard" and [x.text for x in proxy.lines] == [printed(row) for row in saga]
    assert [x.half for x in proxy.lines] == [half(row["text"]) for row in saga]  # the same halves as bss's
    assert [p[0] for p in PROXIES] == ["bs-standard"]


def test_the_report_counts_the_test_half_and_never_lists_it():
    # a reader's author reads docs/card-text.md: a test-half text, refusal or stop listed there would be tuned on
    for report in grade_real_all():
        section = render_real([report])
        listed = section[section.index("what the real texts need"):]
        for line in report.lines:
            if line.half == "test":
                assert f"`{line.text}`" not in listed
        assert sum(n for _, n in report.refusals()) == sum(not r.accepted for r in report.lines if r.half == "tuning")
