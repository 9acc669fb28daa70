"""The "What happens if?" page and POST /api/check with Battle Spirits Standard scenarios."""

from __future__ import annotations

import pytest

from judge_app.scenario.examples import examples
from judge_app.web import create_app


@pytest.fixture(scope="module")
def client(lib):
    return create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True}).test_client()


def test_page_lists_and_runs_the_standard_examples(client):
    page = client.get("/check").get_data(as_text=True)
    names = [e["name"] for e in examples() if e["game"] == "bs-standard"]
    assert len(names) >= 3
    for name in names:
        assert f"/check?example={name}" in page
        r = client.get(f"/check?example={name}")
        html = r.get_data(as_text=True)
        assert r.status_code == 200 and 'class="headline"' in html and "game bs-standard" in html


def test_api_check_cites_the_standard_document(client, lib):
    text = next(e["text"] for e in examples() if e["name"] == "12-standard-then")
    r = client.post("/api/check", json={"scenario": text})
    data = r.get_json()
    assert r.status_code == 200 and data["game"] == "bs-standard" and data["rules_version"] == "1.0"
    doc = lib.document("bs-standard")
    assert "5-19-1" in data["cited"] and all(rid in doc for rid in data["cited"])


def test_refused_card_text_is_a_4xx(client):
    bad = ('game bs-standard\nturn 5, A, main step\nA: deck 10\nA hand: magic "X" red, cost 1, '
           'effect "[Main] swap the Life of both players."\nexpect A hand 1\n')
    r = client.post("/api/check", json={"scenario": bad})
    assert 400 <= r.status_code < 500
    assert "swap the Life of both players" in r.get_data(as_text=True)


def test_card_texts_show_the_words_understood(client):
    # issue 13: the page (and its JSON twin) marks the words of each Standard card text the grammar understood
    src = ('game bs-standard\nturn 5, A, main step\nA: life 5, reserve 3, deck 20, hand 2\n'
           'A hand: magic "Good" red, cost 1, effect "[Main] Draw 1 card."\n'
           'A hand: magic "Odd" red, cost 1, effect "[Main] Destroy 1 opponent Spirt."\nB: life 5, deck 20\n')
    r = client.post("/check", data={"scenario": src}, follow_redirects=True)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert '<span class="ct-read">[Main] Destroy 1 opponent </span><mark class="ct-stop" ' \
           'title="understanding stopped here">Spirt</mark>' in html
    assert "Nearest supported wording: <code>[Main] Destroy 1 opponent Spirit with 3000 BP or less. Then, draw 1 " \
           "card.</code>" in html
    body = client.post("/check.json", data={"scenario": src}).get_json()
    readings = body.get("card_texts") or body["error"]["details"]["card_texts"]
    assert [c["status"] for c in readings] == ["read", "not understood"]
