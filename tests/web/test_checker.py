"""The "What happens if?" page and POST /api/check."""

from __future__ import annotations

import pytest

from judge_app.web import create_app
from judge_app.web.checker import decode_share, encode_share


@pytest.fixture(scope="module")
def client(lib):
    return create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True}).test_client()


def example(name: str) -> str:
    from judge_app.scenario.examples import examples

    return next(e["text"] for e in examples() if e["name"] == name)


def test_page_lists_examples_and_runs_one(client):
    page = client.get("/check").get_data(as_text=True)
    assert "What happens if?" in page and "/check?example=04-equal-bp" in page
    r = client.get("/check?example=04-equal-bp")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and 'class="headline"' in html
    assert 'href="/bss/7-1-5-2-1" data-preview="/bss/7-1-5-2-1.json"' in html  # rule ids link, with previews
    assert "Final board" in html and "game bss" in html


def test_api_check_shape(client, lib):
    r = client.post("/api/check", json={"scenario": example("04-equal-bp")})
    data = r.get_json()
    assert r.status_code == 200
    assert set(data) >= {"game", "rules_version", "verdict", "steps", "rejected", "needs_choice", "state", "cited"}
    assert set(data["verdict"]) >= {"kind", "winner", "reason"}
    assert all(set(s) >= {"n", "kind", "text", "rules", "line"} for s in data["steps"])
    bss = lib.document("bss")
    assert data["cited"] and all(rid in bss for rid in data["cited"])
    plain = client.post("/api/check", data=example("04-equal-bp"), content_type="text/plain").get_json()
    assert plain["verdict"] == data["verdict"]


def test_errors_point_at_line_and_column(client):
    bad = "game bss\nturn 5, A, attack step\nA: life 5, reserv 2\n"
    r = client.post("/check", data={"scenario": bad})
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and "Line 3, column 12" in html and "did you mean" in html
    j = client.post("/api/check", json={"scenario": bad})
    assert j.status_code == 400 and j.get_json()["line"] == 3 and j.get_json()["column"] == 12


@pytest.mark.parametrize("body,ctype,status", [
    (b"", "text/plain", 400),
    (b"{", "application/json", 400),
    (b'{"scenario": 3}', "application/json", 400),
    (b"\xff\xfe", "text/plain", 400),
    (b"game chess", "text/plain", 400),
    (b"x" * 300_000, "text/plain", 413),
])
def test_api_check_bad_input(client, body, ctype, status):
    r = client.post("/api/check", data=body, content_type=ctype)
    assert r.status_code == status and r.get_json()["message"]


def test_share_links_round_trip(client):
    text = example("06-deck-out")
    token = encode_share(text)
    assert decode_share(token) == text
    r = client.get("/check?s=" + token)
    assert r.status_code == 200 and 'class="headline"' in r.get_data(as_text=True)
    assert client.get("/check?s=***").status_code == 400
    assert client.get("/check?s=" + "A" * 20000).status_code == 414  # the address itself is too long
    from judge_app.errors import TooLarge

    with pytest.raises(TooLarge):
        decode_share("A" * 5000)
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b"a" * 1_000_000, 9)).decode().rstrip("=")
    assert client.get("/check?s=" + bomb).status_code == 413  # a decompression bomb is refused
    assert client.get("/check?example=nope").status_code == 400
