""""Explore every choice" on the "What happens if?" page and `"explore": true` on POST /api/check."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.web import create_app

SCN = Path(__file__).resolve().parents[1] / "scenarios" / "explore" / "bss"


@pytest.fixture(scope="module")
def client(lib):
    return create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True}).test_client()


def scenario(name: str) -> str:
    return (SCN / f"{name}.scn").read_text(encoding="utf-8")


def test_api_explore_json(client, lib):
    r = client.post("/api/check", json={"scenario": scenario("one-choice-block"), "explore": True})
    assert r.status_code == 200
    d = r.get_json()
    assert d["explore"] is True and d["truncated"] == 0 and d["merged"] == 0
    assert [b["choices"][0]["lines"] for b in d["branches"]] == [['B blocks with "Wolf"'], ['B blocks with "Bear"'],
                                                                 ["B does not block"]]
    assert all({"choices", "verdict", "changes", "steps"} <= set(b) for b in d["branches"])
    bss = lib.document("bss")
    assert all(rid in bss for b in d["branches"] for s in b["steps"] for rid in s["rules"])
    assert d["share"].startswith("/check?explore=1&s=")
    # the same through the query string, with the scenario as text
    t = client.post("/api/check?explore=1", data=scenario("one-choice-block"), content_type="text/plain")
    assert t.status_code == 200 and len(t.get_json()["branches"]) == 3


def test_api_explore_false_is_the_plain_check(client):
    d = client.post("/api/check", json={"scenario": scenario("one-choice-block"), "explore": False}).get_json()
    assert "branches" not in d and d["verdict"]["kind"] == "needs_choice"


@pytest.mark.parametrize("body,status", [
    ({"scenario": "game bss\nturn 5, A, attack step\n", "explore": "maybe"}, 400),
    ({"scenario": "game bss\nturn 5, A, attack step\nA attacks with \"Nobody\"\n", "explore": True}, 400),
    ({"scenario": "   ", "explore": True}, 400),
    ({"scenario": "game bss\n" + "# x\n" * 60_000, "explore": True}, 413),
])
def test_api_explore_bad_input(client, body, status):
    r = client.post("/api/check", json=body)
    assert r.status_code == status
    assert "message" in r.get_json() or "error" in r.get_json()


def test_page_explores_into_nested_outcomes(client):
    posted = client.post("/check", data={"scenario": scenario("three-choices-flash-block-flash"), "explore": "1"})
    assert posted.status_code == 303 and "explore=1" in posted.headers["Location"]  # the address reproduces it
    r = client.get(posted.headers["Location"])
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "Every choice explored" in html and "4 outcomes" in html
    assert "1 more path leads" in html  # the merged outcome says so
    assert html.count('class="x-branch"') >= 6  # nested, collapsible answers
    assert "<code>B uses &#34;Frost Bite&#34; paying 1 from reserve</code>" in html
    assert 'href="/bss/7-1-4-1"' in html
    assert "/check?explore=1&amp;s=" in html  # the share link keeps the explored view


def test_page_json_twin(client):
    r = client.post("/check.json", data={"scenario": scenario("merged-loop-count"), "explore": "1"})
    d = r.get_json()
    assert r.status_code == 200 and d["merged"] == 4 and len(d["branches"]) == 1


def test_page_explore_without_open_choice(client):
    text = (SCN.parent.parent / "bss" / "battle-equal-bp.scn").read_text(encoding="utf-8")
    html = client.get("/check", query_string={"scenario": text, "explore": "1"}).get_data(as_text=True)
    assert "one outcome, the plain answer" in html and "What changed" in html
    assert "&#34;Bear&#34;: B field → B trash" in html


def test_page_ids_are_unique(client):
    import re

    html = client.post("/check", data={"scenario": scenario("merged-loop-count"), "explore": "1"},
                       follow_redirects=True).get_data(as_text=True)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)) and "outcome-1" in ids
    assert html.count("Same outcome as") == 4


def test_api_explore_ws(client, lib):
    """The same API explores a Weiss Schwarz scenario through the ws hooks: B's counter-step decision."""
    text = (SCN.parent / "ws" / "one-choice-counter.scn").read_text(encoding="utf-8")
    d = client.post("/api/check", json={"scenario": text, "explore": True}).get_json()
    assert d["game"] == "ws" and d["needs_choice"]["rule"] == "7.4.1.2"
    assert [b["choices"][0]["lines"] for b in d["branches"]] == [['B chooses "Helper"'], ["B chooses pass"]]
    ws = lib.document("ws")
    assert all(rid in ws for b in d["branches"] for s in b["steps"] for rid in s["rules"])
