"""The checker page shows which words of each card's text the engine understood (issue 13)."""

from __future__ import annotations

import re

import pytest

from judge_app.cardtext_report import reader
from judge_app.web import create_app

BOARD = """game bss
turn 5, A, main step
A: life 5, reserve 5, deck 20, hand 2
A hand: magic "Good" red, cost 1, effect "(Main) Draw 1 card."
A hand: magic "Odd" red, cost 1, effect "[LV2][LV3] (When Attacks) Destroy 1 opposing wizard."
B: life 5, reserve 3, deck 20, hand 4
"""


@pytest.fixture(scope="module")
def client(lib):
    return create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True}).test_client()


def _section(html: str) -> str:
    m = re.search(r'<section class="card-texts".*?</section>', html, re.S)
    assert m, "no card-text section"
    return m.group(0)


def test_refused_text_shows_the_understood_words_and_the_first_word_not_understood(client):
    r = client.post("/check", data={"scenario": BOARD}, follow_redirects=True)
    assert r.status_code == 400  # the scenario is refused: the page says why, and what was understood
    sec = _section(r.get_data(as_text=True))
    assert '<span class="ct-read">[LV2][LV3] (When Attacks) Destroy 1 opposing </span>' \
           '<mark class="ct-stop" title="understanding stopped here">wizard</mark>' in sec
    assert "Nearest supported wording: <code>[LV2][LV3] (When Attacks) Destroy 1 opposing spirit with 5000 BP or " \
           "less.</code>" in sec
    # the text that was read in full is marked read, with no word highlighted
    good = re.search(r'<li class="ct ct-read">.*?</li>', sec, re.S).group(0)
    assert '<span class="ct-read">(Main) Draw 1 card.</span>' in good and "ct-stop" not in good


def test_read_but_not_executable_is_marked_at_the_construction(client):
    # "not affected by opposing effects" is executed since session 4; "… by effects" (its own player's too) is
    # still read and refused
    text = BOARD.replace("Destroy 1 opposing wizard.", "Destroy 1 opposing spirit. Then, this spirit is not affected "
                                                       "by effects.")
    sec = _section(client.post("/check", data={"scenario": text}, follow_redirects=True).get_data(as_text=True))
    # the grammar now reads "is not affected by" and stops at the word it cannot execute after it
    assert 'class="ct ct-not-executable"' in sec and \
        '<mark class="ct-stop" title="understanding stopped here">effects' in sec
    assert "is not affected by" in sec and "cannot execute it yet" in sec


def test_a_scenario_that_runs_shows_its_card_texts_read(client):
    src = BOARD.replace('A hand: magic "Odd" red, cost 1, effect "[LV2][LV3] (When Attacks) Destroy 1 opposing '
                        'wizard."\n', "").replace("hand 2", "hand 1") + 'A uses "Good" paying 1 from reserve\n'
    r = client.get("/check", query_string={"scenario": src})
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and "Steps" in html
    assert '<li class="ct ct-read">' in _section(html)
    # another game's scenario is read by that game's reader (ws reads no "(Main)"), never by bss's; a game
    # without a card-text reader shows no card texts. ws reads "(" as the opening of a reveal's printed reminder
    # ("(Otherwise, return it to its original place)") since s5-wsreal-b, so it stops one word later, at "Main"
    other = client.get("/check", query_string={"scenario": "game ws\n" + src.split("\n", 1)[1]})
    assert '<mark class="ct-stop" title="understanding stopped here">Main</mark>' in \
        _section(other.get_data(as_text=True))
    none = client.get("/check", query_string={"scenario": "game monster\n" + src.split("\n", 1)[1]})
    assert 'class="card-texts"' not in none.get_data(as_text=True)


WS = """game ws
turn 4, A, main phase
A: deck 10, hand 2
A hand: character "Good" red, level 0, cost 0, 1000 power, soul 1, effect "【AUTO】 When this card is placed on stage from your hand, draw 1 card."
A hand: character "Odd" red, level 0, cost 0, 1000 power, soul 1, effect "【AUTO】 When this card attacks, choose 1 of your center stage characters, and that character gets -1000 power until end of turn."
B: deck 10
"""


def test_ws_card_texts_show_the_words_understood(client):
    r = client.post("/check", data={"scenario": WS}, follow_redirects=True)
    assert r.status_code == 400
    sec = _section(r.get_data(as_text=True))
    # (the opponent's characters are read since session 4; a selection by stage area is still refused)
    assert '<span class="ct-read">AUTO When this card attacks, choose 1 of your </span><mark class="ct-stop" ' \
           'title="understanding stopped here">center</mark>' in sec
    assert "Nearest supported wording: <code>【AUTO】 When this card attacks, this card gets +1000 power until end of " \
           "turn.</code>" in sec
    good = re.search(r'<li class="ct ct-read">.*?</li>', sec, re.S).group(0)
    assert "When this card is placed on stage from your hand, draw 1 card." in good and "ct-stop" not in good


def test_hostile_card_text_is_escaped_and_bounded(client):
    lines = "".join(f'A hand: magic "M{i}" red, cost 1, effect "<script>x{i}</script> draw"\n' for i in range(60))
    src = BOARD.replace("hand 2", "hand 62") + lines
    html = client.post("/check", data={"scenario": src}, follow_redirects=True).get_data(as_text=True)
    sec = _section(html)
    assert "<script>" not in sec and "&lt;script&gt;" in sec
    assert sec.count('<li class="ct ') <= 40


# --- the JSON twins carry the same readings the page shows (one view serves HTML and JSON) ----------------

RUNS = BOARD.replace('A hand: magic "Odd" red, cost 1, effect "[LV2][LV3] (When Attacks) Destroy 1 opposing '
                     'wizard."\n', "").replace("hand 2", "hand 1") + 'A uses "Good" paying 1 from reserve\n'
ODD = "[LV2][LV3] (When Attacks) Destroy 1 opposing wizard."


def _stopped(readings: list[dict]) -> dict:
    return next(c for c in readings if c["status"] != "read")


def test_check_json_of_a_scenario_that_runs_has_its_card_texts(client):
    r = client.get("/check.json", query_string={"scenario": RUNS})
    assert r.status_code == 200
    assert r.get_json()["card_texts"] == [
        {"text": "(Main) Draw 1 card.", "status": "read", "understood": "(Main) Draw 1 card.", "word": "",
         "rest": "", "message": "", "nearest": "", "repairs": []}]


def test_check_json_of_a_refused_scenario_says_where_understanding_stopped(client):
    r = client.post("/check.json", data={"scenario": BOARD})
    assert r.status_code == 400
    body = r.get_json()
    assert body["error"] == "scenario_error" or body["error"]
    odd = _stopped(body["card_texts"])
    assert (odd["status"], odd["understood"], odd["word"], odd["rest"]) == (
        "not understood", "[LV2][LV3] (When Attacks) Destroy 1 opposing ", "wizard", ".")
    assert odd["nearest"] == "[LV2][LV3] (When Attacks) Destroy 1 opposing spirit with 5000 BP or less."
    # the page shows exactly these readings
    html = client.post("/check", data={"scenario": BOARD}, follow_redirects=True).get_data(as_text=True)
    sec = _section(html)
    for c in body["card_texts"]:
        assert c["understood"].replace("'", "&#39;") in sec


def test_api_check_carries_the_readings_on_success_error_and_explore(client):
    ok = client.post("/api/check", json={"scenario": RUNS})
    assert ok.status_code == 200 and [c["status"] for c in ok.get_json()["card_texts"]] == ["read"]
    bad = client.post("/api/check", data=BOARD, content_type="text/plain")
    assert bad.status_code == 400 and _stopped(bad.get_json()["card_texts"])["word"] == "wizard"
    tree = client.post("/api/check?explore=1", json={"scenario": RUNS})
    assert tree.status_code == 200 and tree.get_json()["card_texts"][0]["status"] == "read"
    # another game reads with its own reader, never bss's: ws's does not read bss's wording
    ws = client.get("/check.json", query_string={"scenario": "game ws\n" + RUNS.split("\n", 1)[1]})
    assert [c["status"] for c in ws.get_json()["card_texts"]] == ["not understood"]
    # bs-standard reads with its own grammar too: a Saga keyword bss's reader reads, Standard's names as not executable (a
    # plain draw, "(Main) Draw 1 card.", both games print alike and both read since session 21)
    saga_only = "(Main) Select one of your spirits. It gains Crush: +1 during this turn."
    reader("bss").read(saga_only)  # raises if bss's reader does not read it
    board = "game bs-standard\n" + RUNS.split("\n", 1)[1].replace("(Main) Draw 1 card.", saga_only)
    std = client.get("/check.json", query_string={"scenario": board})
    assert [c["status"] for c in std.get_json()["card_texts"]] == ["not executable"]  # Crush: no Standard rule


def test_a_game_without_a_card_text_reader_gets_no_readings(client, monkeypatch):
    import dataclasses

    from judge_app.engine.games import get_spec
    from judge_app.scenario import readings

    bare = dataclasses.replace(get_spec("ws"), card_text=None)
    monkeypatch.setattr(readings, "get_spec", lambda key: bare if key == "ws" else get_spec(key))
    ws = client.get("/check.json", query_string={"scenario": "game ws\n" + RUNS.split("\n", 1)[1]})
    assert ws.get_json().get("card_texts") in (None, [])  # never another game's reader applied to it


MISPRINT = """game bss
turn 5, A, main step
A: life 5, reserve 5, deck 20, hand 1
A hand: spirit "Tester" red, cost 1, LV1 1 core 3000 BP, symbol red, effect "(When Summoned) Destroy 1 oppposing spirit."
B: life 5, reserve 3, deck 20, hand 4
B field: spirit "Foe" blue, cost 2, LV1 1 core 3000 BP, symbol blue, 1 core
A summons "Tester" paying 1 from reserve, placing 1 from reserve
"""


def test_a_misprint_repaired_is_shown_on_the_page_and_in_the_json(client):
    """s17 misprint: the repair is reported wherever the reading is shown: the card-text view, the answer's notes
    (page and JSON), the reading's `repairs`."""
    note = 'read "oppposing" as "opposing", a misprint repaired'
    body = client.get("/check.json", query_string={"scenario": MISPRINT}).get_json()
    [c] = body["card_texts"]
    assert c["status"] == "read" and c["repairs"] == [
        {"at": 26, "printed": "oppposing", "read": "opposing", "note": note}]
    assert body["notes"] == [f'card text "(When Summoned) Destroy 1 oppposing spirit.": {note}']
    assert any("destroyed" in s["text"] for s in body["steps"])
    html = client.post("/check", data={"scenario": MISPRINT}, follow_redirects=True).get_data(as_text=True)
    assert "Misprint repaired: read <q>oppposing</q> as <q>opposing</q>" in _section(html)
    assert '<section class="notes">' in html and "a misprint repaired" in html
    api = client.post("/api/check", json={"scenario": MISPRINT}).get_json()
    assert api["notes"] == body["notes"] and api["card_texts"][0]["repairs"][0]["read"] == "opposing"
    tree = client.post("/api/check?explore=1", json={"scenario": MISPRINT}).get_json()
    assert tree["notes"] == body["notes"]
