"""Versions on the web: pinned permalinks, history on rule pages, 'changed since', the diff page."""

from __future__ import annotations

import pytest

from judge_app.web import create_app


@pytest.fixture(scope="module")
def client(lib):
    return create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True}).test_client()


def test_old_permalink_round_trip(client, lib):
    old = lib.document("bss", "pre-2023-11-21")
    # every rule of the old version has a working pinned permalink, showing that version's text
    for rid in ["1-2-1-1-1", "7-1-5-2-1", "11-3-1", "12-3-3"]:
        r = client.get(f"/bss@pre-2023-11-21/{rid}.json")
        assert r.status_code == 200
        data = r.get_json()
        assert data["rule"]["id"] == rid and data["rule"]["text"] == old.rules[rid].text
    # the ?v= form and other notations lead to the same canonical URL
    r = client.get("/bss/11-3-1?v=pre-2023-11-21")
    assert r.status_code == 301 and r.headers["Location"].endswith("/bss@pre-2023-11-21/11-3-1")
    r = client.get("/bss@pre-2023-11-21/11.3.1")
    assert r.status_code == 301 and r.headers["Location"].endswith("/bss@pre-2023-11-21/11-3-1")
    # a rule the old version lacks is a 404 naming the nearest rules of that version
    r = client.get("/bss@pre-2023-11-21/11-11-1.json")
    assert r.status_code == 404


def test_history_on_rule_pages(client):
    page = client.get("/bss/11-3-1").get_data(as_text=True)
    assert "changed in 1.7.0" in page and 'href="/bss@pre-2023-11-21/11-3-1"' in page
    data = client.get("/bss/11-11-1.json").get_json()
    assert [(h["version"], h["status"]) for h in data["history"]] == [
        ("pre-2023-11-21", "absent"), ("1.7.0", "added")]
    assert client.get("/ws/1.1.1.json").get_json()["history"] == []  # one version only


def test_unpinned_rule_says_what_changed_since(client):
    r = client.get("/bss/11-3-1?since=pre-2023-11-21")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "This rule changed since" in page and "<del>" in page
    same = client.get("/bss/7-1-5-2-1.json?since=pre-2023-11-21").get_json()["since"]
    assert same["status"] == "same"
    assert client.get("/bss/11-5-1.json?since=pre-2023-11-21").get_json()["since"]["status"] == "editorial"
    assert client.get("/bss/11-3-1?since=0.1").status_code == 404
    # the answer for one `since` is never served for another (per-worker cache)
    assert client.get("/bss/11-3-1.json").get_json().get("since") is None


def test_diff_page(client):
    r = client.get("/bss/diff/pre-2023-11-21/1.7.0")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Changes the changelog does not mention" in page
    assert "Changed 11-3-1." in page and "confirmed" in page
    data = client.get("/bss/diff/pre-2023-11-21/1.7.0.json").get_json()
    assert data["counts"] == {"editorial": 54, "added": 49, "changed": 4}
    assert client.get("/bss/diff/pre-2023-11-21/2.0").status_code == 404
    assert client.get("/chess/diff/a/b").status_code == 404
