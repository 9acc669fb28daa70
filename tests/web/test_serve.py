"""`judge serve`: options, defaults, gunicorn configuration."""

from __future__ import annotations

import urllib.request

from click.testing import CliRunner

from judge_app.web.commands import commands, default_workers, gunicorn_options, serve


def test_commands_list():
    assert serve in commands


def test_gunicorn_defaults():
    o = gunicorn_options("127.0.0.1", 8000, None, None)
    assert o["bind"] == "127.0.0.1:8000"
    assert o["workers"] == default_workers() >= 2
    assert o["worker_class"] == "judge_app.web.worker.BufferingThreadWorker" and o["threads"] >= 2  # issue 19
    assert o["preload_app"] is False  # the library and index are loaded in each worker
    assert gunicorn_options("0.0.0.0", 9000, 5, 2)["workers"] == 5


def test_serve_help_and_env_defaults(monkeypatch):
    r = CliRunner().invoke(serve, ["--help"])
    assert r.exit_code == 0
    for opt in ("--host", "--port", "--workers", "--dev"):
        assert opt in r.output
    seen = {}
    monkeypatch.setenv("JUDGE_HOST", "127.0.0.2")
    monkeypatch.setenv("JUDGE_PORT", "8123")
    monkeypatch.setattr("judge_app.web.commands.run_gunicorn", lambda opts, cfg=None: seen.update(opts))
    r = CliRunner().invoke(serve, [])
    assert r.exit_code == 0, r.output
    assert seen["bind"] == "127.0.0.2:8123"


def test_real_gunicorn_serves_and_stops():
    from judge_app.web.serverproc import start_server, stop_server

    proc, base = start_server(workers=1, threads=2)
    try:
        with urllib.request.urlopen(base + "/bss/7-1-5.json", timeout=10) as r:
            assert r.status == 200
            assert r.headers["Server"].startswith("gunicorn")
            assert r.headers["X-Content-Type-Options"] == "nosniff"
        try:
            urllib.request.urlopen(base + "/__ceiling", timeout=10)
            raise AssertionError("/__ceiling must only exist in the benchmark's configuration")
        except urllib.error.HTTPError as e:
            assert e.code == 404
    finally:
        stop_server(proc)
    assert proc.poll() is not None
