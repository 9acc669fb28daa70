"""Issue 18's journeys where the Flask test client is enough (the browser walks them in tests/e2e)."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app.cli import main
from judge_app.scenario.examples import examples
from judge_app.scenario.guide import guides, looks_like_prose
from judge_app.web import urls
from judge_app.web.checker import MAX_SCENARIO, headline

BR = {"Accept-Encoding": "br, gzip"}


def example(name: str) -> str:
    return next(e["text"] for e in examples() if e["name"] == name)


# ------------------------------------------------------------------ 1: the guide is data

def test_every_engine_game_has_a_runnable_template_and_a_parsed_cheatsheet():
    from judge_app.engine.games import all_specs
    from judge_app.scenario.check import check_text, statements_of

    assert [g.game for g in guides()] == list(all_specs())  # a game the engine runs appears by itself
    for g in guides():
        if g.template != f"game {g.game}\n":  # (a game with neither guide file nor example has a bare header)
            assert check_text(g.template).steps, g.game  # the template runs as it is
        for c in g.cheatsheet:
            statements_of(f"game {g.game}\n{c.example}\n")  # every example is a statement of the language
        assert all(e["game"] == g.game for e in g.examples)
    bss = next(g for g in guides() if g.game == "bss")
    assert len(bss.cheatsheet) >= 10 and bss.examples


def test_guide_files_only_for_engine_games():
    from pathlib import Path

    import judge_app.scenario.guide as guide_mod

    keys = {g.game for g in guides()}
    for path in (Path(guide_mod.__file__).parent / "guide").glob("*.toml"):
        assert path.stem in keys, f"{path.name}: no engine for that game"
        tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("text,prose", [
    ("What happens if my spirit blocks?", True),
    ("If A attacks with Ryuman and B blocks, who dies?", True),
    ("game bss\nturn 5, A, main step", False),
    ("turn 5, A, main step", False),  # a scenario missing its header is answered as one
    ("# only a comment", False),
    ("A spirit with 3000 BP attacks and is blocked. Which one is destroyed?", True),
    ("Game 3: my opponent conceded?", True),
    ("A attacks with \"Ryuman\"", False),
    ("B field: spirit \"Bear\" green", False),
])
def test_prose_is_told_from_scenarios(text, prose):
    assert looks_like_prose(text) is prose


def test_prose_question_gets_help_not_a_parser_error(client):
    q = "My \u201cRyuman\u201d attacks; my opponent blocks with \u201cBear\u201d. In Weiss Schwarz, what happens?"
    r = client.post("/check", data={"scenario": q})
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and "question in words" in html
    assert "cannot start" not in html
    m = re.search(r'<textarea[^>]*>(.*?)</textarea>', html, re.S)
    assert m and "game ws" in m.group(1)  # the game it names is recognised and its template prefilled
    r = client.post("/check", data={"scenario": "In Battle Spirits Saga, 'Ryuman' attacks and B blocks with 'Bear'. Who is destroyed?"})
    html = r.get_data(as_text=True)
    m = re.search(r'<textarea[^>]*>(.*?)</textarea>', html, re.S)
    assert m and "game bss" in m.group(1) and "Ryuman" in m.group(1)
    # no game named: nothing is guessed; the help says what the checker needs
    r = client.post("/check", data={"scenario": "My 'Ryuman' attacks and B blocks with 'Bear', who is destroyed?"})
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and "question in words" in html and "Recognised: the game" not in html


def test_check_page_lists_supported_games_and_guides(client):
    html = client.get("/check").get_data(as_text=True)
    assert "The checker runs" in html
    for title in ("Battle Spirits Saga", "Battle Spirits Standard", "Weiss Schwarz"):
        assert f"<strong>{title}</strong>" in html
    assert 'href="/check?template=bss"' in html and 'href="/check/language"' in html
    r = client.get("/check?template=bss")
    assert r.status_code == 200 and "game bss" in r.get_data(as_text=True)
    assert client.get("/check?template=chess").status_code == 400
    lang = client.get("/check/language")
    assert lang.status_code == 200 and '<h2 id="header">Header</h2>' in lang.get_data(as_text=True)
    data = client.get("/check.json").get_json()
    games = {g["game"]: g for g in data["supported"]["games"]}
    assert set(games) == {"bss", "bs-standard", "monster", "ws"} and games["bss"]["cheatsheet"]


# ------------------------------------------------------------------ 2: headline, title, PRG

def test_post_redirects_to_a_link_that_reproduces_the_answer(client):
    r = client.post("/check", data={"scenario": example("01-unblocked-attack-wins")})
    assert r.status_code == 303 and r.headers["Location"].startswith("/check?s=")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert re.search(r"<title>A wins: B has zero life — What happens if\?", page)
    assert page.index('class="headline"') < page.index('class="steps"')
    # the JSON API gives the same headline
    j = client.post("/api/check", json={"scenario": example("01-unblocked-attack-wins")}).get_json()
    assert j["headline"]["title"] == "A wins: B has zero life" and j["share"].startswith("/check?s=")


def test_headline_names_what_matters():
    data = {"verdict": {"kind": "ongoing", "winner": None, "reason": "no winner yet"},
            "steps": [{"kind": "destroy", "text": '"Wolf" lost the battle and is destroyed.'},
                      {"kind": "destroy", "text": '"Wolf" lost the battle and is destroyed.'},
                      {"kind": "self-destroy", "text": '"Bear" has no cores: destroyed.'}],
            "needs_choice": None}
    h = headline(data)
    assert h["title"] == "\u201cWolf\u201d and \u201cBear\u201d are destroyed" and h["detail"] == "no winner yet"
    data = {"verdict": {"kind": "needs_choice", "winner": None, "reason": "B must decide"}, "steps": [],
            "needs_choice": {"player": "B", "question": "Block?", "options": ["no block", "no block", "block"]}}
    assert headline(data)["title"] == "B must choose: no block or block"


def test_choice_options_are_listed_once(client):
    html = client.get("/check?example=08-needs-choice").get_data(as_text=True)
    opts = re.findall(r"<li>(.*?)</li>", html[html.index('class="options"'):].split("</ul>")[0])
    assert opts == ["block with &#34;Wolf&#34;", "no block"]


# ------------------------------------------------------------------ 3: errors keep the work

def test_too_large_and_empty_come_back_in_the_page(client):
    big = example("04-equal-bp") + "# " + "x" * MAX_SCENARIO + "\n"
    r = client.post("/check", data={"scenario": big}, content_type="multipart/form-data")
    html = r.get_data(as_text=True)
    assert r.status_code == 413 and f"at most {MAX_SCENARIO:,} are accepted" in html
    assert 'maxlength' not in html.split('<textarea')[1].split(">")[0]
    assert big.split("\n")[1] in html and "x" * 1000 in html  # the text is intact
    r = client.post("/check", data={"scenario": "   "})
    assert r.status_code == 400 and "the scenario is empty" in r.get_data(as_text=True)
    r = client.get("/check?s=***")
    assert r.status_code == 400 and "share link is damaged" in r.get_data(as_text=True)


def test_share_links_too_long_are_refused_with_a_reason(client):
    import secrets

    noisy = example("04-equal-bp") + "".join(f"# {secrets.token_hex(40)}\n" for _ in range(70))
    r = client.post("/check", data={"scenario": noisy})
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and "too long for a share link" in html and 'class="headline"' in html
    assert client.post("/api/check", json={"scenario": noisy}).get_json()["share"] is None


# ------------------------------------------------------------------ 5: /cite

def test_cite_html_output_and_missing_numbers(client):
    r = client.post("/cite", data={"text": "See CR 7.1.5. Also CR 7-1-99.", "format": "slack"})
    html = r.get_data(as_text=True)
    assert re.search(r'<a class="cite-link" href="http://localhost/bss/7-1-5"[^>]*>CR 7\.1\.5</a>\.', html)
    assert '<span class="cite-missing" title="no rule 7-1-99 in any game">CR 7-1-99</span>.' in html
    assert "Nearest:" in html and "&lt;http://localhost/bss/7-1-5|CR 7.1.5&gt;" in html  # the Slack text too
    hostile = client.post("/cite", data={"text": "<script>alert(1)</script> CR 7-1-5"}).get_data(as_text=True)
    assert "<script>alert(1)" not in hostile


# ------------------------------------------------------------------ 6, 7: versions and links

def test_old_rule_page_banner_and_pinned_link(client):
    html = client.get("/bss@pre-2023-11-21/11-3-1").get_data(as_text=True)
    assert html.index("newer-banner") < html.index('<article class="rule"')
    assert "This text changed in 1.7.0" in html and 'href="/bss/11-3-1"' in html
    cur = client.get("/bss/11-3-1").get_data(as_text=True)
    assert "newer-banner" not in cur and 'href="/bss@1.7.0/11-3-1"' in cur  # relative: never from the Host header
    data = client.get("/bss@pre-2023-11-21/11-3-1.json").get_json()
    assert data["newer"]["status"] == "changed" and data["newer"]["text"]


def test_section_citation_quotes_its_rules(client):
    data = client.get("/bss/7-1-5.json").get_json()
    assert "7-1-5-1 The result of a spirit's attack" in data["citation"]["plain"]
    assert "> 7-1-5-2-1" in data["citation"]["markdown"]


# ------------------------------------------------------------------ 12, 13

def test_diff_page_titles_and_jumps(client):
    html = client.get("/bss/diff/pre-2023-11-21/1.7.0").get_data(as_text=True)
    assert 'class="crumbs"' in html and 'href="#diff-changed"' in html and 'id="diff-changed"' in html
    assert 'class="change-title"' in html
    assert 'href="/bss/diff/pre-2023-11-21/1.7.0"' in client.get("/bss").get_data(as_text=True)
    assert 'href="/bss/diff/pre-2023-11-21/1.7.0"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("url", ["/bss", "/ws", "/bss.json", "/bss/7-1-5", "/ws/glossary", "/check?example=04-equal-bp"])
def test_compressed(client, url):
    plain = client.get(url)
    r = client.get(url, headers=BR)
    assert r.headers["Content-Encoding"] == "br" and "Accept-Encoding" in r.headers["Vary"]
    assert len(r.get_data()) < len(plain.get_data()) / 3
    import brotli

    assert brotli.decompress(r.get_data()) == plain.get_data()
    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip"


def test_tiny_and_conditional_answers_are_not_compressed(client):
    assert "Content-Encoding" not in client.get("/healthz", headers=BR).headers
    assert "Content-Encoding" not in client.get("/robots.txt", headers=BR).headers
    static = client.get("/static/app.css", headers=BR)  # sent as a stream: left alone
    assert static.status_code == 200 and "Content-Encoding" not in static.headers
    static.close()
    r = client.get("/bss/7-1-5", headers=BR)
    again = client.get("/bss/7-1-5", headers={**BR, "If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and not again.get_data()


# ------------------------------------------------------------------ 15: one payload, one URL builder

def test_cli_and_page_json_give_one_shape(client):
    out = CliRunner().invoke(main, ["rule", "bss", "7-1-5-2-1", "--json"])
    cli = json.loads(out.output)
    page = client.get("/bss/7-1-5-2-1.json").get_json()
    assert set(page) <= set(cli)
    for key in page:
        if key in ("canonical", "pinned_url", "citation"):  # absolute links: the CLI has no host
            continue
        assert cli[key] == page[key], key
    assert cli["version"] == "1.7.0"


def test_urls_are_quoted_and_version_aware(library):
    assert urls.rule_url("bss", "7-1-5") == "/bss/7-1-5"
    assert urls.rule_url("bss", "a b/c?", "pre 1") == "/bss@pre%201/a%20b%2Fc%3F"
    assert urls.version_url(library, "bss", "1.7.0", "7-1-5") == "/bss/7-1-5"
    assert urls.version_url(library, "bss", "pre-2023-11-21", "7-1-5") == "/bss@pre-2023-11-21/7-1-5"
    assert urls.json_url("/bss/7-1-5#x") == "/bss/7-1-5.json#x"
    assert urls.search_url("a&b", "bss") == "/search?q=a%26b&game=bss"


def test_no_hand_formatted_links_left():
    """Links are built by judge_app/web/urls.py only: no `f"/{game}/…"` in code or templates."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    pattern = re.compile(r'f"/\{|f"\{[^}]*\}/\{game|href="/\{\{')
    offenders = []
    for path in [*(root / "judge_app").rglob("*.py"), *(root / "templates").glob("*.html")]:
        if path.name == "urls.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(root)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_cite_too_long_keeps_the_text(client):
    text = "CR 7-1-5 " * 2300
    r = client.post("/cite", data={"text": text})
    html = r.get_data(as_text=True)
    assert r.status_code == 413 and "at most 20,000 are read" in html and text.strip() in html
    assert "maxlength" not in html.split('id="cite-text"')[1].split(">")[0]


def test_kept_answers_are_compressed_once(client, monkeypatch):
    from judge_app.web import compression

    calls = []
    real = compression._compress
    monkeypatch.setattr(compression, "_compress", lambda body, enc: calls.append(enc) or real(body, enc))
    url = "/bs-standard/glossary"
    first = client.get(url, headers=BR)
    for _ in range(3):
        r = client.get(url, headers=BR)
        assert r.get_data() == first.get_data() and r.headers["Content-Encoding"] == "br"
    assert calls.count("br") <= 1  # compressed once (or never, when an earlier test kept it)


# ------------------------------------------------------------------ hostile input on the new surfaces

_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(param=st.sampled_from(["template", "example", "s", "scenario"]), value=_TEXT,
       enc=st.sampled_from(["", "br", "gzip", "br;q=0, gzip;q=0", "*", "x" * 40]),
       path=st.sampled_from(["/check", "/check.json", "/check/language", "/api/openapi.json", "/cite"]))
def test_new_surfaces_never_fail(client, param, value, enc, path):
    r = client.get(path, query_string={param: value, "text": value}, headers={"Accept-Encoding": enc})
    assert r.status_code < 500, (path, param, value)
    r = client.post(path if path in ("/check", "/cite") else "/check", data={"scenario": value, "text": value},
                    headers={"Accept-Encoding": enc})
    assert r.status_code < 500, (path, value)
