"""Every page, in HTML and in JSON (both the `.json` twin and the Accept header)."""

from __future__ import annotations

import json

import pytest

from .conftest import assert_inert, parse_tags

JSON = {"Accept": "application/json"}


def test_home_lists_games_with_current_version(client, library):
    r = client.get("/")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    for key, g in library.games.items():
        assert g.title in html
        doc = library.document(key)
        assert (doc.info.label or doc.version) in html
        if doc.info.effective_date:
            assert doc.info.effective_date in html
    # the search box is focused on load without JavaScript
    box = [a for t, a in parse_tags(html) if t == "input" and a.get("id") == "q"]
    assert box and "autofocus" in box[0]
    assert_inert(html)


@pytest.mark.parametrize("how", ["twin", "accept"])
def test_home_json(client, library, how):
    r = client.get("/index.json") if how == "twin" else client.get("/", headers=JSON)
    assert r.status_code == 200 and r.is_json
    d = r.get_json()
    assert [g["key"] for g in d["games"]] == list(library.games)
    g = d["games"][0]
    assert set(g) >= {"key", "title", "url", "current", "versions", "glossary_url"}
    assert set(g["current"]) >= {"version", "label", "effective_date", "title"}
    assert "available" in d["search"]


def test_accept_wildcard_gets_html(client):
    r = client.get("/bss/7-1-5", headers={"Accept": "*/*"})
    assert r.mimetype == "text/html"
    r = client.get("/bss/7-1-5", headers={"Accept": "text/html,application/xhtml+xml,application/json;q=0.9"})
    assert r.mimetype == "text/html"
    assert "Accept" in r.headers["Vary"]


def test_rule_page_has_everything(client, library):
    doc = library.document("bss")
    r = client.get("/bss/7-1-5")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    rule = doc.get("7-1-5")
    assert "Battle Resolution" in html
    # breadcrumb of parent titles
    for a in doc.ancestors("7-1-5"):
        assert f'href="/bss/{a.id}"' in html
        assert (a.title or a.text)[:20] in html
    # children with their text
    for c in rule.children:
        assert f'href="/bss/{c}"' in html
    prev_r, next_r = doc.neighbours("7-1-5")
    assert f'rel="prev" href="/bss/{prev_r.id}"' in html
    assert f'rel="next" href="/bss/{next_r.id}"' in html
    assert "Version 1.7.0" in html
    # copy buttons (shown by JavaScript) and the citation readable without it
    assert 'data-copy="plain"' in html and 'data-copy="markdown"' in html
    assert "data-cite-plain=" in html
    assert_inert(html)


def test_rule_meta_for_unfurling(library):
    from judge_app.web import create_app

    # absolute links come from the configured base URL, never from the Host header (issue 19)
    client = create_app({"TESTING": True, "JUDGE_LIBRARY": library, "JUDGE_BASE_URL": "https://judge.example"}).test_client()
    html = client.get("/bss/7-1-5-2-1", base_url="http://other.example").get_data(as_text=True)
    metas = {a.get("property") or a.get("name"): a.get("content") for t, a in parse_tags(html) if t == "meta"}
    canon = [a["href"] for t, a in parse_tags(html) if t == "link" and a.get("rel") == "canonical"]
    assert canon == ["https://judge.example/bss/7-1-5-2-1"]
    assert metas["og:url"] == "https://judge.example/bss/7-1-5-2-1"
    assert metas["og:title"].startswith("Battle Spirits Saga 7-1-5-2-1")
    assert "Comparing BP" in metas["og:title"]  # the title of its section
    assert metas["og:description"] and metas["twitter:description"] == metas["og:description"]
    assert metas["twitter:card"] == "summary"


def test_public_url_config_wins_for_canonical(library):
    from judge_app.web import create_app

    app = create_app({"JUDGE_LIBRARY": library, "JUDGE_PUBLIC_URL": "https://rules.example.org"})
    html = app.test_client().get("/ws/1.1", base_url="http://evil.example").get_data(as_text=True)
    assert 'href="https://rules.example.org/ws/1.1"' in html
    assert "evil.example" not in html


def test_rule_json_shape(client, library):
    r = client.get("/bss/7-1-5.json")
    assert r.status_code == 200 and r.is_json
    d = r.get_json()
    assert set(d) >= {"game", "document", "rule", "heading", "breadcrumb", "children", "examples", "refs",
                      "cited_by", "terms_used", "terms_defined", "prev", "next", "versions", "citation", "canonical"}
    assert d["rule"]["id"] == "7-1-5" and d["rule"]["url"] == "/bss/7-1-5"
    assert d["document"]["version"] == library.games["bss"].current
    assert [c["id"] for c in d["children"]] == list(library.document("bss").get("7-1-5").children)
    assert set(d["citation"]) == {"plain", "markdown"}
    assert d["canonical"].endswith("/bss/7-1-5")
    json.dumps(d)  # plain data all the way down
    # the same through the Accept header
    assert client.get("/bss/7-1-5", headers=JSON).get_json() == d


def test_rule_with_references_links_and_previews(client, library):
    doc = library.document("bs-standard")
    r = doc.get("1-1-1")
    assert any(ref.target == "2-13" for ref in r.refs)
    html = client.get("/bs-standard/1-1-1").get_data(as_text=True)
    links = [a for t, a in parse_tags(html) if t == "a" and "ref" in a.get("class", "").split()]
    assert any(a["href"] == "/bs-standard/2-13" and a["data-preview"] == "/bs-standard/2-13.json" for a in links)
    # the preview URL answers JSON with the referenced rule's text
    pv = client.get("/bs-standard/2-13.json").get_json()
    assert pv["rule"]["id"] == "2-13"
    # and the target lists this rule as citing it
    assert "1-1-1" in [c["id"] for c in pv["cited_by"]]


def test_stale_reference_shows_printed_and_likely_target(client, library):
    doc = library.document("monster")
    stale = [(r, ref) for r in doc for ref in r.refs if str(ref.status) == "stale" and ref.proposed]
    assert stale, "the monster document has stale references"
    rule, ref = stale[0]
    html = client.get(f"/monster/{rule.id}").get_data(as_text=True)
    assert f"printed {ref.printed}" in html
    assert f'href="/monster/{ref.proposed}"' in html
    assert "ref-stale" in html
    d = client.get(f"/monster/{rule.id}.json").get_json()
    j = [x for x in d["refs"] if x["printed"] == ref.printed][0]
    assert j["status"] == "stale" and j["proposed"]["id"] == ref.proposed


def test_broken_reference_is_not_a_link(client, library):
    doc = library.document("ws")
    broken = [(r, ref) for r in doc for ref in r.refs if str(ref.status) == "broken" and not ref.proposed]
    if not broken:
        pytest.skip("no broken reference in ws any more")
    rule, ref = broken[0]
    html = client.get(f"/ws/{rule.id}").get_data(as_text=True)
    assert "ref-broken" in html
    assert f'href="/ws/{ref.printed}"' not in html


def test_terms_link_to_definitions(client, library):
    for key in library.games:
        doc = library.document(key)
        used = [(t, u) for t in doc.terms for u in t.used_by if u != t.rule and doc.get(u).kind.value == "rule"]
        if used:
            break
    else:
        pytest.skip("no term used outside its definition")
    term, user = used[0]
    d = client.get(f"/{key}/{user}.json").get_json()
    assert term.term in [t["term"] for t in d["terms_used"]]
    assert any(t["rule"]["id"] == term.rule for t in d["terms_used"])
    html = client.get(f"/{key}/{user}").get_data(as_text=True)
    assert f'href="/{key}/{term.rule}"' in html


def test_examples_shown_inside_parent_and_redirected(client, library):
    doc = library.document("bs-standard")
    ex = [r for r in doc if r.kind.value == "example"][0]
    page = client.get(f"/bs-standard/{ex.parent}").get_data(as_text=True)
    assert f'id="{ex.id}"' in page and "Example" in page
    r = client.get(f"/bs-standard/{ex.id}")
    assert r.status_code == 301
    assert r.headers["Location"] == f"/bs-standard/{ex.parent}#{ex.id}"
    d = client.get(f"/bs-standard/{ex.parent}.json").get_json()
    assert ex.id in [e["id"] for e in d["examples"]]


def test_cited_by(client, library):
    doc = library.document("ws")
    cited = [r for r in doc if r.cited_by][0]
    html = client.get(f"/ws/{cited.id}").get_data(as_text=True)
    assert "Cited by" in html
    assert f'href="/ws/{cited.cited_by[0]}"' in html


@pytest.mark.parametrize("game", ["bss", "bs-standard", "monster", "ws"])
def test_every_rule_of_every_game_renders(client, library, game):
    doc = library.document(game)
    for r in doc:
        if r.kind.value in ("example", "note"):
            continue
        resp = client.get(f"/{game}/{r.id}")
        assert resp.status_code == 200, r.id


def test_browse(client, library):
    doc = library.document("ws")
    r = client.get("/ws")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    tags = parse_tags(html)
    details = [a for t, a in tags if t == "details"]
    assert len(details) >= len(doc.toc)
    ids = {a.get("id") for t, a in tags}
    for rule in doc:
        assert rule.id in ids, rule.id  # an anchor per rule
    assert_inert(html)
    d = client.get("/ws.json").get_json()
    assert d["document"]["game"] == "ws"
    assert [n["id"] for n in d["tree"]] == [r.id for r in doc.roots()]
    assert client.get("/ws/").status_code == 301


def test_glossary(client, library):
    doc = library.document("bss")
    r = client.get("/bss/glossary")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    for t in doc.terms:
        assert f'href="/bss/{t.rule}"' in html
    d = client.get("/bss/glossary.json").get_json()
    # every defined term is there once: as an entry, or merged into the entry of the same term
    assert sorted(x["term"] for e in d["terms"] for x in e["definitions"]) == sorted(t.term for t in doc.terms)
    assert set(d["terms"][0]) >= {"term", "anchor", "rule", "used_by", "definitions"}
    assert_inert(html)


def test_conditional_get(client):
    r = client.get("/bss/7-1-5")
    etag = r.headers["ETag"]
    r2 = client.get("/bss/7-1-5", headers={"If-None-Match": etag})
    assert r2.status_code == 304
    # HTML and JSON never share a cache entry
    assert client.get("/bss/7-1-5.json").is_json
    assert client.get("/bss/7-1-5", headers=JSON).is_json
    assert client.get("/bss/7-1-5").mimetype == "text/html"


def test_static_assets_versioned_and_cached(client):
    html = client.get("/").get_data(as_text=True)
    css = [a["href"] for t, a in parse_tags(html) if t == "link" and a.get("rel") == "stylesheet"][0]
    assert "?v=" in css
    r = client.get(css)
    assert r.status_code == 200
    assert r.cache_control.max_age == 31536000


def test_library_loaded_once_per_app(app, monkeypatch):
    import judge_app.rules.library as libmod

    def boom(*a, **k):
        raise AssertionError("the library must not be loaded per request")

    monkeypatch.setattr(libmod, "load_library", boom)
    monkeypatch.setattr("judge_app.rules.load_library", boom)
    from judge_app.search import SearchService

    monkeypatch.setattr(SearchService, "open", classmethod(lambda cls, *a, **k: boom()))
    c = app.test_client()
    for url in ("/", "/bss/7-1-5", "/ws", "/bss/glossary", "/monster/1.2.3.json", "/search?q=attack+step",
                "/search.json?q=blok"):
        assert c.get(url).status_code == 200, url
