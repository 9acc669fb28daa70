"""Errors become specific 4xx answers, in HTML and JSON; nothing known reaches the 500 handler."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import assert_inert

JSON = {"Accept": "application/json"}


def test_unknown_rule_404_offers_nearest(client, library):
    r = client.get("/bss/7-1-99")
    assert r.status_code == 404
    html = r.get_data(as_text=True)
    assert "Nearest rules" in html
    assert 'href="/bss/7-1' in html
    assert "Traceback" not in html
    d = client.get("/bss/7-1-99.json").get_json()
    assert d["status"] == 404 and d["error"] == "unknown_rule"
    assert d["nearest"] and all(n in library.document("bss") for n in d["nearest"])
    assert d["suggestions"][0]["url"].startswith("/bss/")
    assert "7-1-99" in d["message"]


def test_unknown_game_404_offers_games(client):
    r = client.get("/bsss/7-1-5")
    assert r.status_code == 404
    d = client.get("/bsss/7-1-5", headers=JSON).get_json()
    assert d["error"] == "unknown_game"
    assert d["suggestions"][0]["game"] == "bss"  # the closest spelling first
    assert {s["game"] for s in d["suggestions"]} >= {"bss", "ws", "monster", "bs-standard"}


def test_rule_number_in_place_of_game_offers_that_rule(client):
    d = client.get("/7-1-5", headers=JSON).get_json()
    assert d["error"] == "unknown_game"
    urls = [s["url"] for s in d["suggestions"]]
    assert "/bss/7-1-5" in urls


def test_unknown_version(client):
    r = client.get("/bss@9.9.9/7-1-5")
    assert r.status_code == 404
    d = client.get("/bss@9.9.9/7-1-5.json").get_json()
    assert d["error"] == "unknown_version" and "1.7.0" in d["versions"]
    assert client.get("/bss/7-1-5?v=9.9.9").status_code == 404


def test_unknown_page_404(client):
    r = client.get("/bss/7-1-5/extra/deep")
    assert r.status_code == 404
    r = client.get("/static/nope.js")
    assert r.status_code == 404


@pytest.mark.parametrize("url,status,code", [
    ("/search", 400, "bad_query"),
    ("/search?q=", 400, "bad_query"),
    ("/search?q=%20%20", 400, "bad_query"),
    ("/search?q=a%00b", 400, "bad_query"),
    ("/search?q=x&limit=abc", 400, "bad_query"),
    ("/search?q=x&limit=100000", 400, "bad_query"),
    ("/search?q=x&game=nope", 400, "bad_query"),
    ("/search?q=x&v=1.7.0", 400, "bad_query"),
    ("/search?q=x&game=bss&v=0.0", 400, "bad_query"),
    ("/search?q=" + "a" * 400, 413, "too_large"),
    ("/bss/" + "1-" * 200 + "1", 413, "too_large"),
    ("/bss/%01", 400, "bad_query"),
])
def test_bad_input_is_a_specific_4xx(fake_client, url, status, code):
    r = fake_client.get(url)
    assert r.status_code == status, r.get_data(as_text=True)[:300]
    html = r.get_data(as_text=True)
    assert "Traceback" not in html
    d = fake_client.get(url, headers=JSON).get_json()
    assert d["status"] == status and d["error"] == code and d["message"]


def test_method_not_allowed_is_405_not_500(client):
    r = client.post("/bss/7-1-5")
    assert r.status_code == 405
    assert client.post("/bss/7-1-5", headers=JSON).get_json()["status"] == 405


def test_search_unavailable_is_503_but_numbers_still_jump(library):
    from judge_app.web import create_app

    app = create_app({"JUDGE_LIBRARY": library, "JUDGE_SEARCH": None})
    app.extensions["judge"].search = None
    app.extensions["judge"].search_error = "no index"
    c = app.test_client()
    r = c.get("/search?q=7-1-5&game=bss")
    assert r.status_code == 302 and r.headers["Location"] == "/bss/7-1-5"
    r = c.get("/search?q=block")
    assert r.status_code == 503
    assert c.get("/search.json?q=block").get_json()["error"] == "unavailable"


def test_real_bug_answers_generic_500_and_is_logged(library, caplog):
    from judge_app.web import create_app

    app = create_app({"JUDGE_LIBRARY": library})

    @app.get("/__boom")
    def boom():
        raise RuntimeError("secret internal detail")

    c = app.test_client()
    r = c.get("/__boom")
    assert r.status_code == 500
    body = r.get_data(as_text=True)
    assert "secret internal detail" not in body and "Traceback" not in body
    assert c.get("/__boom", headers=JSON).get_json()["error"] == "internal"
    assert "secret internal detail" in caplog.text
    assert app.debug is False


_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(["bss", "ws", "monster", "bs-standard", "bss@1.7.0", "zz", "bss@", "@", "bss@x"]),
       ref=_text, accept_json=st.booleans())
def test_no_rule_url_reaches_the_500_handler(fake_client, fake_app, game, ref, accept_json):
    from urllib.parse import quote

    url = f"/{quote(game, safe='@')}/{quote(ref, safe='')}"
    r = fake_client.get(url, headers=JSON if accept_json else {})
    assert r.status_code in (200, 301, 308, 400, 404, 413), (url, r.status_code)
    assert not fake_app.extensions.get("judge_500"), (url, fake_app.extensions.get("judge_500"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=_text, game=st.one_of(st.none(), st.sampled_from(["bss", "ws", "", "x"])),
       limit=st.one_of(st.none(), st.text(max_size=4)))
def test_no_search_reaches_the_500_handler(fake_client, fake_app, q, game, limit):
    args = {"q": q}
    if game is not None:
        args["game"] = game
    if limit is not None:
        args["limit"] = limit
    r = fake_client.get("/search", query_string=args)
    assert r.status_code in (200, 302, 400, 404, 413), r.status_code
    assert not fake_app.extensions.get("judge_500")


def test_error_pages_are_inert(client):
    html = client.get("/bss/%3Cscript%3Ealert(1)%3C%2Fscript%3E").get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert_inert(html)
    html = client.get("/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E").get_data(as_text=True)
    assert_inert(html)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=st.one_of(_text, st.from_regex(r"(CR |rule |§)?\d{1,3}([-. ]\d{1,4}){0,6}\.?", fullmatch=True)),
       game=st.one_of(st.none(), st.sampled_from(["bss", "ws", "monster", "bs-standard"])))
def test_real_search_never_reaches_the_500_handler(client, app, q, game):
    args = {"q": q} if game is None else {"q": q, "game": game}
    r = client.get("/search.json", query_string=args)
    assert r.status_code in (200, 302, 400, 413), (q, game, r.status_code, r.get_data(as_text=True)[:300])
    assert not app.extensions.get("judge_500"), (q, app.extensions.get("judge_500"))
