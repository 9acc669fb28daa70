"""The checker page shows which words of each monster card's text the engine understood (issue 13)."""

from __future__ import annotations

import re

import pytest

from judge_app.web import create_app

BOARD = """game monster
turn 4, A, main phase
A: hand 2, deck 10, monster zone 3
A monster: "Flame Lion I" rank I, trait Beast, threat 6000
A hand: strategy "Good" rank 1, icon 1, text "Draw 1 card."
A hand: battle "Odd" rank 1, counter 1000, text "[Enter] Destroy 1 opposing battle card."
B: monster zone 2
B monster: "Bog Troll I" rank I, trait Troll, threat 7000
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
    assert r.status_code == 400  # the card's text is refused: the page says why, and what was understood
    html = r.get_data(as_text=True)
    sec = _section(html)
    assert '<span class="ct-read">[Enter] Destroy 1 </span>' \
           '<mark class="ct-stop" title="understanding stopped here">opposing</mark>' in sec
    assert "Nearest supported wording: <code>[Revenge] Destroy 1 of your opponent&#39;s battle cards.</code>" in sec
    good = re.search(r'<li class="ct ct-read">.*?</li>', sec, re.S).group(0)
    assert '<span class="ct-read">Draw 1 card.</span>' in good and "ct-stop" not in good
    # the error names the sentence; its hint, the word where understanding stopped
    assert "understanding stopped at &#34;opposing&#34; (column 19)" in html


def test_read_but_not_executable_is_marked_at_its_words(client):
    src = BOARD.replace("Destroy 1 opposing battle card.", "Destroy 0 of your opponent's battle cards.")
    sec = _section(client.post("/check", data={"scenario": src}, follow_redirects=True).get_data(as_text=True))
    assert 'class="ct ct-not-executable"' in sec
    assert '<mark class="ct-stop" title="understanding stopped here">Destroy</mark>' in sec


def test_a_scenario_that_runs_shows_its_card_texts_read(client):
    src = BOARD.replace('A hand: battle "Odd" rank 1, counter 1000, text "[Enter] Destroy 1 opposing battle card."\n',
                        "") + 'A plays "Good"\nexpect A hand 2\n'
    r = client.get("/check", query_string={"scenario": src})
    assert r.status_code == 200 and "Steps" in r.get_data(as_text=True)
    assert '<li class="ct ct-read">' in _section(r.get_data(as_text=True))
