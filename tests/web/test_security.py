"""Security headers, a CSP the pages satisfy, and hostile rule text rendered inert."""

from __future__ import annotations

import pytest

from judge_app.web.render import markdown_html, sanitise

from .conftest import assert_inert, parse_tags

PAGES = ["/", "/index.json", "/bss", "/bss/7-1-5", "/bss/7-1-5.json", "/ws/glossary", "/search?q=block",
         "/bss/99-99", "/nope", "/static/app.js"]


@pytest.mark.parametrize("url", PAGES)
def test_security_headers_everywhere(fake_client, url):
    r = fake_client.get(url)
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "object-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"


@pytest.mark.parametrize("url", ["/", "/bss", "/bss/7-1-5", "/monster/1.2.3", "/ws/glossary", "/search?q=block",
                                 "/bss/99-99", "/bs-standard/1-4-2-1"])
def test_pages_satisfy_the_csp(fake_client, url):
    """No inline script, no inline style, no event handler, nothing from another origin."""
    html = fake_client.get(url).get_data(as_text=True)
    assert_inert(html)
    for tag, attrs in parse_tags(html):
        if tag == "script":
            assert attrs.get("src", "").startswith("/static/"), attrs
        if tag == "link" and attrs.get("rel") in ("stylesheet", "icon", "preload"):
            assert attrs["href"].startswith("/static/"), attrs
    assert "<style" not in html
    assert "http://" not in html.replace("http://localhost", "")
    assert "fonts.googleapis" not in html and "cdn." not in html


def test_static_files_use_no_foreign_origin(app):
    from judge_app.web.app import STATIC_DIR

    for p in STATIC_DIR.iterdir():
        text = p.read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text
        assert "eval(" not in text and "innerHTML" not in text


HOSTILE_URLS = ["/evil", "/evil/1-1-1", "/evil/1-1-2", "/evil/1-1-3", "/evil/1-1-3-1", "/evil/1-1",
                "/evil/glossary", "/", "/search?q=evil"]


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_hostile_rule_text_is_inert(hostile_client, url):
    r = hostile_client.get(url)
    assert r.status_code == 200, url
    html = r.get_data(as_text=True)
    assert_inert(html)
    assert "alert(" not in html.replace("&lt;", "<") or "<script>alert" not in html
    assert "<script>alert" not in html and "<svg" not in html and "<iframe" not in html


def test_hostile_text_survives_as_text(hostile_client):
    html = hostile_client.get("/evil/1-1-3").get_data(as_text=True)
    # the words stay readable; the escaped entity stays escaped
    assert "A &#34;Spirit&#34; is a card" in html or 'A "Spirit" is a card' in html
    assert "&lt;script&gt;" in html or "&amp;lt;script&amp;gt;" in html
    page = hostile_client.get("/evil/1-1-1").get_data(as_text=True)
    assert "a link" in page
    # the in-text reference still becomes a link
    assert 'href="/evil/1-1-2"' in page


def test_hostile_json_html_fields_are_sanitised(hostile_client):
    d = hostile_client.get("/evil/1-1-1.json").get_json()
    assert "<script" not in d["rule"]["html"]
    assert_inert(d["rule"]["html"])
    assert 'onerror="' not in d["rule"]["html"]
    # the raw text is given as text, for clients that escape it
    assert "<script>" in d["rule"]["text"]


@pytest.mark.parametrize("src", [
    "<script>alert(1)</script>x",
    "[a](javascript:alert(1))",
    "[a]( JAVASCRIPT:alert(1))",
    "[a](jav&#x61;script:alert(1))",
    "<a href='jav\tascript:alert(1)'>a</a>",
    "<img src=x onerror=alert(1)>",
    "**unbalanced <b>bold",
    "<div><p>open",
    "` unclosed code <script>",
    "<svg><script>alert(1)</script></svg>",
    "<math><mi xlink:href='javascript:alert(1)'>x</mi></math>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<p style='background:url(javascript:alert(1))'>x</p>",
    "<form action=javascript:alert(1)><button>x</button></form>",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "<<script>script>alert(1)<</script>/script>",
])
def test_markdown_then_sanitiser_is_inert(src):
    out = markdown_html(src)
    assert_inert(out)
    for tag, _ in parse_tags(out):
        assert tag not in ("script", "form", "button", "math")
    assert "javascript:" not in out.lower().replace("&amp;", "&") or "href" not in out


def test_sanitise_keeps_plain_structure():
    out = sanitise("<p><strong>x</strong> <a href='https://ok.example/a'>ok</a> <a href='/bss/1'>r</a></p>")
    assert "<strong>x</strong>" in out
    assert 'href="https://ok.example/a"' in out and 'rel="noopener noreferrer nofollow"' in out
    assert 'href="/bss/1"' in out


def test_debug_is_off(app):
    assert app.debug is False
    from judge_app.web import create_app

    assert create_app({"JUDGE_LIBRARY": app.extensions["judge"].library}).debug is False


@pytest.mark.parametrize("src,ok", [
    ("a <mark>b</mark> &amp; c", "a <mark>b</mark> &amp; c"),
    ("<mark>open", "<mark>open</mark>"),
    ("<mark onclick=x>b</mark>", "<mark>b</mark>"),
    ("<script>x</script><mark>b</mark>", "<mark>b</mark>"),
    ("<img src=x onerror=alert(1)>", ""),
])
def test_snippet_sanitiser(src, ok):
    from judge_app.web.render import sanitise_snippet

    assert str(sanitise_snippet(src)) == ok
