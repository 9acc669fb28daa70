"""Fixtures for the web tests: one app over the real rule library, one over a hostile one."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from judge_app.rules import load_library
from judge_app.web import create_app

HOSTILE_DIR = Path(__file__).parent / "data" / "hostile"


class FakeResult:
    def __init__(self, d: dict):
        self._d = d

    def to_dict(self) -> dict:
        return self._d


class FakeSearch:
    """The search service contract (judge_app.search.SearchService), with canned answers."""

    def __init__(self, game: str = "bss"):
        self.calls: list[tuple] = []
        self.hostile_game = game

    def search(self, q, game=None, version=None, limit=10):
        self.calls.append((q, game, version, limit))
        base = {"query": q, "game": game, "interpreted_as": None, "did_you_mean": None, "hits": [],
                "redirect": None, "nearest": []}
        if q in ("7-1-5", "7.1.5"):
            base.update(interpreted_as="rule number 7-1-5 in Battle Spirits Saga",
                        redirect={"game": "bss", "version": "1.7.0", "id": "7-1-5"})
        elif q == "blok":
            base.update(did_you_mean="block")
        elif q == "evil":
            base["hits"] = [{"game": self.hostile_game, "version": "1.0", "id": "1-1-1", "title": "<b>t</b>",
                             "snippet": "x", "snippet_html": '<mark>x</mark><script>alert(1)</script><img src=x onerror=alert(2)>',
                             "score": 1.0, "kind": "rule", "section": {"id": "1-1", "title": "Number of Players"}}]
        elif q == "block":
            base["hits"] = [
                {"game": "bss", "version": "1.7.0", "id": "7-1-5-1", "title": None, "snippet": "the block",
                 "snippet_html": "the <mark>block</mark>", "score": 3.0, "kind": "rule",
                 "section": {"id": "7-1-5", "title": "Battle Resolution"}},
                {"game": "ws", "version": "2.03", "id": "5.1", "title": None, "snippet": "block",
                 "snippet_html": "<mark>block</mark>", "score": 2.0, "kind": "rule",
                 "section": {"id": "5", "title": "x"}},
                {"game": "bss", "version": "1.7.0", "id": "7-1-5-2", "title": None, "snippet": "blocks",
                 "snippet_html": "<mark>blocks</mark>", "score": 1.0, "kind": "rule",
                 "section": {"id": "7-1-5", "title": "Battle Resolution"}},
            ]
        return FakeResult(base)


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def app(library):
    return create_app({"TESTING": True, "JUDGE_LIBRARY": library})


@pytest.fixture()
def client(app):
    app.extensions.pop("judge_500", None)
    yield app.test_client()
    # the catch-all for real bugs must never have been reached by a test
    assert not app.extensions.get("judge_500"), app.extensions.get("judge_500")


@pytest.fixture(scope="session")
def fake_search():
    return FakeSearch()


@pytest.fixture(scope="session")
def fake_app(library, fake_search):
    return create_app({"TESTING": True, "JUDGE_LIBRARY": library, "JUDGE_SEARCH": fake_search})


@pytest.fixture()
def fake_client(fake_app):
    fake_app.extensions.pop("judge_500", None)
    yield fake_app.test_client()
    assert not fake_app.extensions.get("judge_500"), fake_app.extensions.get("judge_500")


@pytest.fixture(scope="session")
def hostile_app():
    return create_app({"TESTING": True, "JUDGE_LIBRARY": load_library(HOSTILE_DIR),
                       "JUDGE_SEARCH": FakeSearch("evil")})


@pytest.fixture()
def hostile_client(hostile_app):
    return hostile_app.test_client()


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {k: (v or "") for k, v in attrs}))

    handle_startendtag = handle_starttag


def parse_tags(html: str) -> list[tuple[str, dict]]:
    p = _Collect()
    p.feed(html)
    return p.tags


FORBIDDEN_TAGS = {"iframe", "svg", "img", "style", "object", "embed", "form-action", "base", "math", "frame"}


def assert_inert(html: str) -> None:
    """No markup that runs code or escapes the page's design: only our own script file, no
    event handlers, no inline styles, no javascript:/data: URLs, no frames or images."""
    for tag, attrs in parse_tags(html):
        if tag == "script":
            src = attrs.get("src", "")
            assert src.startswith("/static/app.js"), f"foreign script: {attrs}"
        assert tag not in FORBIDDEN_TAGS, f"<{tag}> must not reach a page"
        for k, v in attrs.items():
            assert not k.startswith("on"), f"event handler {k}={v!r} on <{tag}>"
            assert k != "style", f"inline style on <{tag}>"
            low = v.replace("\x00", "").strip().lower()
            if k in ("href", "src", "action", "formaction", "data-preview"):
                assert not low.startswith(("javascript:", "data:", "vbscript:")), f"{k}={v!r} on <{tag}>"
