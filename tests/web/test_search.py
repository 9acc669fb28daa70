"""The search page: against the service contract (a fake), then against the real service."""

from __future__ import annotations

import pytest

from .conftest import assert_inert, parse_tags

JSON = {"Accept": "application/json"}


def test_rule_number_query_jumps_to_the_rule(fake_client):
    r = fake_client.get("/search?q=7-1-5")
    assert r.status_code == 302 and r.headers["Location"] == "/bss/7-1-5"
    d = fake_client.get("/search.json?q=7-1-5").get_json()
    assert d["redirect"] == {"game": "bss", "version": "1.7.0", "id": "7-1-5"}
    assert d["redirect_url"] == "/bss/7-1-5"


def test_hits_grouped_by_section_with_badges_and_highlights(fake_client):
    r = fake_client.get("/search?q=block")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    tags = parse_tags(html)
    groups = [a for t, a in tags if t == "section" and a.get("class") == "group"]
    assert len(groups) == 2  # two bss hits of one section together, the ws hit apart
    assert html.index("7-1-5-1") < html.index("7-1-5-2") < html.index("/ws/5.1")
    assert "badge-bss" in html and "badge-ws" in html
    assert "<mark>block</mark>" in html
    assert_inert(html)


def test_search_json_adds_urls(fake_client):
    d = fake_client.get("/search.json?q=block").get_json()
    assert [h["url"] for h in d["hits"]] == ["/bss/7-1-5-1", "/ws/5.1", "/bss/7-1-5-2"]
    assert d["hits"][0]["section"]["url"] == "/bss/7-1-5"
    assert set(d) >= {"query", "game", "interpreted_as", "did_you_mean", "hits", "redirect", "nearest"}
    assert fake_client.get("/search?q=block", headers=JSON).get_json()["hits"] == d["hits"]


def test_did_you_mean(fake_client):
    html = fake_client.get("/search?q=blok").get_data(as_text=True)
    assert "Did you mean" in html and 'href="/search?q=block"' in html


def test_snippets_are_sanitised(fake_client):
    html = fake_client.get("/search?q=evil").get_data(as_text=True)
    assert "<mark>x</mark>" in html
    assert_inert(html)
    assert "<script>alert" not in html


def test_game_filter_is_passed_on(fake_client, fake_search):
    fake_client.get("/search?q=block&game=ws&limit=5")
    assert fake_search.calls[-1] == ("block", "ws", None, 5)
    html = fake_client.get("/search?q=block&game=ws").get_data(as_text=True)
    assert '<option value="ws" selected>' in html


# ------------------------------------------------------------ the real search service

def test_real_search_service_is_used(app):
    from judge_app.search import SearchService

    assert isinstance(app.extensions["judge"].search, SearchService), app.extensions["judge"].search_error


def test_real_word_search(client):
    r = client.get("/search?q=block+step")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'class="hit"' in html
    assert "<mark>" in html
    assert_inert(html)
    d = client.get("/search.json?q=block+step&game=bss").get_json()
    assert d["hits"] and all(h["game"] == "bss" for h in d["hits"])
    for h in d["hits"][:5]:
        assert client.get(h["url"]).status_code == 200


@pytest.mark.parametrize("q,url", [("7-1-5", "/bss/7-1-5"), ("7.1.5", "/bss/7-1-5"), ("CR 5.15.1", "/monster/5.15.1")])
def test_real_rule_number_jump(client, q, url):
    r = client.get("/search", query_string={"q": q})
    assert r.status_code == 302
    assert r.headers["Location"] == url


def test_real_interpretation_shown(client):
    html = client.get("/search?q=7-1-99&game=bss").get_data(as_text=True)
    assert "rule number 7-1-99" in html


def test_real_did_you_mean(client):
    d = client.get("/search.json?q=blok").get_json()
    if d["did_you_mean"]:
        html = client.get("/search?q=blok").get_data(as_text=True)
        assert "Did you mean" in html
