"""Issue 19, findings 5 and 6: the response cache is keyed on the canonical request and bounded
by bytes; absolute URLs come from the configured base URL, never from the Host header."""

from __future__ import annotations

import pytest

from judge_app.web import create_app


@pytest.fixture()
def app(lib):
    return create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None})


def _cache(app):
    return app.extensions["judge"].responses


def test_finding_5_host_headers_do_not_grow_the_cache(app):
    c = app.test_client()
    for i in range(300):
        r = c.get("/bss/7-1-5", headers={"Host": f"h{i}.attacker.example"})
        assert r.status_code == 200
        assert b"attacker.example" not in r.data
    assert len(_cache(app)) == 1


def test_finding_5_since_is_validated_before_caching(app, lib):
    c = app.test_client()
    c.get("/bss/7-1-5")
    before = len(_cache(app))
    for i in range(50):
        r = c.get(f"/bss/7-1-5?since=9.{i}")
        assert r.status_code == 404
    assert len(_cache(app)) == before
    version = lib.document("bss").version
    for _ in range(3):
        assert c.get(f"/bss/7-1-5?since={version}").status_code == 200
    assert len(_cache(app)) == before + 1  # one entry per canonical version


def test_finding_5_cache_is_bounded_by_bytes(lib):
    app = create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None,
                      "JUDGE_RESPONSE_CACHE_BYTES": 300_000})
    c = app.test_client()
    doc = lib.document("bss")
    for rid in list(doc.rules)[:400]:
        c.get(f"/bss/{rid}")
        c.get(f"/bss/{rid}.json")
    assert 0 < _cache(app).bytes <= 300_000
    assert len(_cache(app)) > 10


@pytest.mark.parametrize("path", ["/bss//7-1-5", "//bss//7-1-5", "/bss//7-1-5?x=1"])
def test_finding_6_routing_redirects_are_relative(app, path):
    r = app.test_client().get(path, headers={"Host": "attacker.example"})
    assert r.status_code in (301, 308)
    loc = r.headers["Location"]
    assert loc.startswith("/") and not loc.startswith("//") and "attacker" not in loc


def test_finding_6_canonical_links_use_the_configured_base(lib, monkeypatch):
    monkeypatch.setenv("JUDGE_BASE_URL", "https://rules.example.org/")
    app = create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None})
    html = app.test_client().get("/bss/7-1-5", headers={"Host": "attacker.example"}).get_data(as_text=True)
    assert 'rel="canonical" href="https://rules.example.org/bss/7-1-5"' in html
    assert "attacker" not in html


def test_finding_6_forwarded_headers_only_when_configured(lib):
    hdrs = {"X-Forwarded-Host": "forged.example", "X-Forwarded-Proto": "https"}
    plain = create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None}).test_client()
    out = plain.post("/api/cite", json={"text": "see 7-1-5-2-1"}, headers=hdrs).get_json()
    assert "forged" not in out["text"]
    proxied = create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None,
                          "JUDGE_PROXY_HOPS": 1}).test_client()
    out = proxied.post("/api/cite", json={"text": "see 7-1-5-2-1"}, headers=hdrs).get_json()
    assert "https://forged.example/bss/7-1-5-2-1" in out["text"]
