"""ws: the answer's final board never fails on a character's power that needs information the scenario did not
give (an Experience condition over unnamed level cards): that power and soul are shown as unknown, with why."""

from __future__ import annotations

from pathlib import Path

from judge_app.scenario import check_text

SCN = Path(__file__).resolve().parents[1] / "scenarios" / "ws" / "experience-unknown-level-final-board.scn"


def test_an_unknown_power_is_shown_unknown_not_failed() -> None:
    r = check_text(SCN.read_text(encoding="utf-8"))
    assert r.ok
    abr = r.state["A"]["stage"]["BR"]
    assert abr["power"] is None and abr["soul"] is None and "not named" in abr["unknown"]


def test_a_known_power_is_shown_with_no_unknown_key() -> None:
    text = SCN.read_text(encoding="utf-8").replace("A: deck 6, hand 0, clock 2, level 1,", "A: deck 6, hand 0, clock 2, level 0,")
    r = check_text(text.replace("expect A level 1, A stock 1", "expect A level 0, A stock 1"))
    assert r.ok
    assert r.state["A"]["stage"]["BR"] == {"card": "ABR", "state": "stand", "power": 3000, "soul": 1}
