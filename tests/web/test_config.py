"""Issue 21: every setting listed once (judge_app/config.py), documented from that table, taking
effect through the environment, and read only by the configuration layer."""

from __future__ import annotations

import hashlib
import hmac
import os
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app import config
from judge_app.web import create_app

DOCS = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"
READERS = {"judge_app.config", "flask.config", "click.core"}  # the configuration layer and its frameworks
TEST_SIDE = {"_pytest.monkeypatch"}  # this test setting and unsetting them


def test_docs_configuration_md_is_current():
    assert DOCS.read_text(encoding="utf-8") == config.markdown(), \
        "docs/configuration.md is stale: run `python -m judge_app.config > docs/configuration.md`"


def test_every_setting_is_documented_once():
    names = [s.name for s in config.SETTINGS]
    assert len(names) == len(set(names))
    text = DOCS.read_text(encoding="utf-8")
    for name in names:
        assert text.count(f"| `{name}` |") == 1, name
    assert set(PROBES) == set(names), "each setting needs a probe proving it takes effect"


# -- each setting takes effect: set it in the environment, observe the behaviour -------------------

def _app(library, fake_search, **extra):
    return create_app({"TESTING": True, "JUDGE_LIBRARY": library, "JUDGE_SEARCH": fake_search, **extra})


def _serve_options(monkeypatch) -> dict:
    """`judge serve` as the CLI runs it, with gunicorn replaced by a recorder."""
    from judge_app.web import commands

    seen: dict = {}
    monkeypatch.setattr(commands, "run_gunicorn", lambda options, app_config: seen.update(options, app=app_config))
    result = CliRunner().invoke(commands.serve, [])
    assert result.exit_code == 0, result.output
    return seen


def _data_dir(env, tmp_path, **_):
    from judge_app.paths import data_dir
    from judge_app.search.store import default_root

    env("JUDGE_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    env("JUDGE_INDEX_DIR", "")
    assert default_root() == tmp_path / "d" / "index"


def _rules_dir(env, tmp_path, **_):
    from judge_app.paths import rules_text_dir
    from judge_app.rules import load_library

    bundled = rules_text_dir()
    src = Path(__file__).parent / "data" / "hostile"
    env("JUDGE_RULES_DIR", str(src))
    assert load_library().fingerprint == load_library(src).fingerprint != load_library(bundled).fingerprint


def _index_dir(env, tmp_path, **_):
    from judge_app.search.store import default_root

    env("JUDGE_INDEX_DIR", str(tmp_path / "ix"))
    assert default_root() == tmp_path / "ix"


def _canonical(library, fake_search) -> str:
    html = _app(library, fake_search).test_client().get("/bss/7-1-5").get_data(as_text=True)
    return html.split('rel="canonical" href="', 1)[1].split('"', 1)[0]


def _base_url(env, library, fake_search, monkeypatch, **_):
    from judge_app.rules.commands import rule_dict

    assert _canonical(library, fake_search).startswith("/")
    env("JUDGE_BASE_URL", "https://judge.example.org/")
    assert _canonical(library, fake_search) == "https://judge.example.org/bss/7-1-5"
    doc = library.document("bss")
    assert rule_dict(library, doc, doc.get("7-1-5"))["canonical"] == "https://judge.example.org/bss/7-1-5"
    assert _serve_options(monkeypatch)["app"] == {"JUDGE_BASE_URL": "https://judge.example.org"}


def _public_url(env, library, fake_search, monkeypatch, **_):
    from judge_app.rules.commands import rule_dict

    env("JUDGE_PUBLIC_URL", "https://old.example.org")
    assert _canonical(library, fake_search) == "https://old.example.org/bss/7-1-5"
    doc = library.document("bss")
    assert rule_dict(library, doc, doc.get("7-1-5"))["canonical"] == "https://old.example.org/bss/7-1-5"
    assert _serve_options(monkeypatch)["app"] == {"JUDGE_BASE_URL": "https://old.example.org"}


def _proxy_hops(env, library, fake_search, **_):
    def link():
        r = _app(library, fake_search).test_client().post(
            "/api/cite", json={"text": "see bss 7-1-5"}, headers={"X-Forwarded-Host": "proxied.example"})
        return r.get_data(as_text=True)

    assert "proxied.example" not in link()
    env("JUDGE_PROXY_HOPS", "1")
    assert "proxied.example" in link()


def _forwarded_allow_ips(env, monkeypatch, **_):
    assert _serve_options(monkeypatch)["forwarded_allow_ips"] == ""
    env("JUDGE_FORWARDED_ALLOW_IPS", "10.0.0.1")
    assert _serve_options(monkeypatch)["forwarded_allow_ips"] == "10.0.0.1"


def _host(env, monkeypatch, **_):
    assert _serve_options(monkeypatch)["bind"] == "127.0.0.1:8000"
    env("JUDGE_HOST", "127.0.0.2")
    assert _serve_options(monkeypatch)["bind"] == "127.0.0.2:8000"


def _port(env, monkeypatch, **_):
    env("JUDGE_PORT", "8123")
    assert _serve_options(monkeypatch)["bind"] == "127.0.0.1:8123"


def _cached_pages(library, fake_search, paths) -> int:
    app = _app(library, fake_search)
    client = app.test_client()
    for p in paths:
        assert client.get(p).status_code == 200
    return len(app.extensions["judge"].responses)


PAGES = ["/bss/7-1-5", "/bss/7-1-4", "/bss/9-2"]


def _response_cache(env, library, fake_search, **_):
    assert _cached_pages(library, fake_search, PAGES) == 3
    env("JUDGE_RESPONSE_CACHE", "1")
    assert _cached_pages(library, fake_search, PAGES) == 1


def _response_cache_bytes(env, library, fake_search, **_):
    env("JUDGE_RESPONSE_CACHE_BYTES", "1")  # no page fits
    assert _cached_pages(library, fake_search, PAGES) == 0


def _search_cache(env, library, fake_search, **_):
    def calls() -> int:
        client = _app(library, fake_search).test_client()
        before = len(fake_search.calls)
        for _ in range(2):
            assert client.get("/search?q=blok").status_code == 200
        return len(fake_search.calls) - before

    assert calls() == 1
    env("JUDGE_SEARCH_CACHE", "0")
    assert calls() == 2


def _pool(library, fake_search):
    from judge_app.web.checkpool import app_pool

    app = _app(library, fake_search)
    with app.app_context():
        return app_pool()


def _check_processes(env, library, fake_search, **_):
    assert _pool(library, fake_search).processes == 1
    env("JUDGE_CHECK_PROCESSES", "0")
    pool = _pool(library, fake_search)
    assert pool.processes == 0
    from judge_app.web.checkpool import run_check

    assert pool.call(os.getpid) == os.getpid()  # inline: in this very process
    assert run_check  # (the child's entry point stays importable)


def _check_queue(env, library, fake_search, **_):
    env("JUDGE_CHECK_PROCESSES", "0")
    env("JUDGE_CHECK_QUEUE", "0")
    app = _app(library, fake_search)
    client = app.test_client()
    with app.app_context():
        from judge_app.web.checkpool import app_pool

        pool = app_pool()
    pool.inflight = 1  # one check running, none may wait
    r = client.post("/api/check", data="game bss\n", content_type="text/plain")
    assert r.status_code == 503 and r.headers["Retry-After"]
    env("JUDGE_CHECK_QUEUE", "1")
    pool = _pool(library, fake_search)
    assert pool.limit == 2


def _max_query(env, library, fake_search, **_):
    def status(q):
        return _app(library, fake_search).test_client().get("/search.json", query_string={"q": q}).status_code

    assert status("block " * 20) == 200
    env("JUDGE_MAX_QUERY", "50")
    assert status("block " * 20) == 413


def _discord(env, library, fake_search, **_):
    def status():
        return _app(library, fake_search).test_client().post("/discord/interactions", json={"type": 1}).status_code

    off = status()
    env("JUDGE_DISCORD_PUBLIC_KEY", "00" * 32)
    assert off != status() == 401  # on: the (missing) signature is checked


def _slack(env, library, fake_search, **_):
    body = b"command=/rule&text=bss+7-1-5"

    def status(secret):
        ts = str(int(time.time()))
        sig = "v0=" + hmac.new(secret.encode(), b"v0:" + ts.encode() + b":" + body, hashlib.sha256).hexdigest()
        return _app(library, fake_search).test_client().post(
            "/slack/commands", data=body, content_type="application/x-www-form-urlencoded",
            headers={"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": sig}).status_code

    assert status("s3cret") != 200
    env("JUDGE_SLACK_SIGNING_SECRET", "s3cret")
    assert status("s3cret") == 200
    assert status("wrong") == 401


def _bench(env, library, fake_search, **_):
    assert _app(library, fake_search).test_client().get("/__ceiling").status_code == 404
    env("JUDGE_BENCH", "1")
    assert _app(library, fake_search).test_client().get("/__ceiling").status_code == 200


def _port_range(env, **_):
    from judge_app.web.serverproc import free_port

    env("JUDGE_PORT_RANGE", "8670-8689")
    assert 8670 <= free_port() <= 8689


PROBES = {
    "JUDGE_DATA_DIR": _data_dir, "JUDGE_RULES_DIR": _rules_dir, "JUDGE_INDEX_DIR": _index_dir,
    "JUDGE_BASE_URL": _base_url, "JUDGE_PUBLIC_URL": _public_url, "JUDGE_PROXY_HOPS": _proxy_hops,
    "JUDGE_FORWARDED_ALLOW_IPS": _forwarded_allow_ips, "JUDGE_HOST": _host, "JUDGE_PORT": _port,
    "JUDGE_RESPONSE_CACHE": _response_cache, "JUDGE_RESPONSE_CACHE_BYTES": _response_cache_bytes,
    "JUDGE_SEARCH_CACHE": _search_cache, "JUDGE_CHECK_PROCESSES": _check_processes,
    "JUDGE_CHECK_QUEUE": _check_queue, "JUDGE_MAX_QUERY": _max_query, "JUDGE_DISCORD_PUBLIC_KEY": _discord,
    "JUDGE_SLACK_SIGNING_SECRET": _slack, "JUDGE_BENCH": _bench, "JUDGE_PORT_RANGE": _port_range,
}


def _unset_all(monkeypatch):
    """Every JUDGE_ setting unset (JUDGE_DATA_DIR kept: tests never write into the real cache)."""
    for s in config.SETTINGS:
        if s.name != "JUDGE_DATA_DIR":
            monkeypatch.delenv(s.name, raising=False)


@pytest.fixture()
def env(monkeypatch):
    """Set one setting, the others unset."""
    _unset_all(monkeypatch)
    return monkeypatch.setenv


@pytest.mark.parametrize("name", [s.name for s in config.SETTINGS])
def test_each_setting_takes_effect(name, env, tmp_path, library, fake_search, monkeypatch):
    PROBES[name](env=env, tmp_path=tmp_path, library=library, fake_search=fake_search, monkeypatch=monkeypatch)


def test_a_bad_value_names_the_setting(env, library, fake_search):
    env("JUDGE_CHECK_QUEUE", "many")
    with pytest.raises(config.ConfigError, match="JUDGE_CHECK_QUEUE='many' is not a valid int"):
        _app(library, fake_search)


# -- only the configuration layer reads JUDGE_ names from the environment ---------------------------

class TracingEnviron(dict):
    """os.environ's stand-in: records which module reads which JUDGE_ name."""

    def __init__(self, data, reads):
        super().__init__(data)
        self.reads = reads

    def _note(self, key):
        if isinstance(key, str) and key.startswith(config.PREFIX):
            f = sys._getframe(2)
            while f.f_globals.get("__name__") in ("os", "_collections_abc", __name__):
                f = f.f_back
            self.reads.append((key, f.f_globals.get("__name__")))

    def __getitem__(self, key):
        self._note(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self._note(key)
        return super().get(key, default)

    def __contains__(self, key):
        self._note(key)
        return super().__contains__(key)

    def __iter__(self):
        for key in super().__iter__():
            self._note(key)
            yield key


def test_only_the_configuration_layer_reads_judge_settings(env, tmp_path, library, fake_search, monkeypatch):
    """Every probe above runs with os.environ replaced by a recorder: each read of a JUDGE_ name
    must come from judge_app.config, or from Flask's from_prefixed_env / click's envvar."""
    reads: list[tuple[str, str]] = []
    monkeypatch.setattr(os, "environ", TracingEnviron(os.environ, reads))
    for name, probe in PROBES.items():
        _unset_all(monkeypatch)
        probe(env=env, tmp_path=tmp_path / name, library=library, fake_search=fake_search, monkeypatch=monkeypatch)
    readers = {mod for _, mod in reads} - TEST_SIDE
    assert readers <= READERS, sorted({r for r in reads if r[1] not in READERS | TEST_SIDE})
    assert {"judge_app.config", "flask.config", "click.core"} <= readers  # the recorder saw the real readers


def test_no_module_reads_judge_names_by_hand():
    """The same, for code the probes do not reach: no os.environ/getenv with a JUDGE_ literal."""
    import ast

    root = Path(config.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "config.py" and path.parent == root:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call | ast.Subscript):
                text = ast.unparse(node)
                if ("environ" in text or "getenv" in text) and "'JUDGE_" in text:
                    offenders.append(f"{path.relative_to(root)}:{node.lineno}: {text[:80]}")
    assert not offenders, offenders
