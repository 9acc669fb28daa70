"""Application factory."""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

from flask import Flask, request, url_for
from flask_compress import Compress

from judge_app.paths import templates_dir
from judge_app.web import errors, security
from judge_app.web.state import WebState

log = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).resolve().parent / "static"

DEFAULTS = {
    "JUDGE_RULES_DIR": None,  # folder of rule texts; None: judge_app.paths.rules_text_dir()
    "JUDGE_LIBRARY": None,  # a ready Library (tests)
    "JUDGE_SEARCH": None,  # a ready search service (tests); None: SearchService.open(library)
    # e.g. https://judge.example.org: absolute links (canonical, citations) are built from it, never
    # from the request's Host header; None: links are relative (env JUDGE_BASE_URL)
    "JUDGE_BASE_URL": None,
    "JUDGE_PUBLIC_URL": None,  # the former name of JUDGE_BASE_URL
    "JUDGE_PROXY_HOPS": 0,  # trusted proxies in front that set X-Forwarded-*; 0: those headers are ignored
    "JUDGE_BENCH": False,  # enables GET /__ceiling, the constant endpoint the benchmark compares against
    "JUDGE_RESPONSE_CACHE": 4096,  # rendered pages (rules, browse, glossary, searches) kept per worker
    "JUDGE_RESPONSE_CACHE_BYTES": 32 * 1024 * 1024,  # and at most this many bytes of them
    "JUDGE_SEARCH_CACHE": True,  # keep search answers in that cache too
    "JUDGE_CHECK_PROCESSES": 1,  # scenario checks run in this many child processes per worker (0: inline)
    "JUDGE_CHECK_QUEUE": 1,  # and this many may wait; past that: 503 + Retry-After
    "JUDGE_MAX_QUERY": 300,  # characters in a search query or a rule reference
    "JSON_SORT_KEYS": False,
    "SEND_FILE_MAX_AGE_DEFAULT": 3600,
    # compression (flask-compress): brotli or gzip for pages and JSON worth it; never a streamed answer
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_MIN_SIZE": 1024,
    "COMPRESS_STREAMS": False,
    "COMPRESS_MIMETYPES": ["text/html", "application/json", "text/css", "text/javascript",
                           "application/javascript", "text/plain", "text/markdown", "image/svg+xml"],
}


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(templates_dir()), static_folder=str(STATIC_DIR),
                static_url_path="/static")
    app.config.update(DEFAULTS)
    # JUDGE_BASE_URL=https://… in the environment arrives as BASE_URL (Flask strips the prefix)
    app.config.from_prefixed_env("JUDGE")
    for env_key in ("BASE_URL", "PUBLIC_URL", "PROXY_HOPS", "CHECK_PROCESSES", "CHECK_QUEUE"):
        if app.config.get(env_key) not in (None, ""):
            app.config["JUDGE_" + env_key] = app.config[env_key]
    if os.environ.get("JUDGE_BENCH") == "1":  # set by bench/bench_http.py only
        app.config["JUDGE_BENCH"] = True
    if os.environ.get("JUDGE_SEARCH_CACHE") == "0":
        app.config["JUDGE_SEARCH_CACHE"] = False
    if config:
        app.config.update(config)
    base = app.config["JUDGE_BASE_URL"] or app.config["JUDGE_PUBLIC_URL"] or ""
    app.config["JUDGE_BASE_URL"] = app.config["JUDGE_PUBLIC_URL"] = str(base).rstrip("/") or None
    hops = int(app.config["JUDGE_PROXY_HOPS"] or 0)
    if hops > 0:  # only behind proxies the operator named: X-Forwarded-* are forgeable otherwise
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops)
    from judge_app.web.checkpool import AdmissionGate

    app.wsgi_app = AdmissionGate(app, app.wsgi_app)  # a full checker refuses before Flask does any work
    app.debug = bool(app.config.get("DEBUG")) and bool(config and config.get("DEBUG"))
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    library = app.config["JUDGE_LIBRARY"]
    if library is None:
        from judge_app.rules import load_library

        library = load_library(app.config["JUDGE_RULES_DIR"])
    search, search_error = app.config["JUDGE_SEARCH"], None
    if search is None:
        search, search_error = WebState.open_search(library)
    app.extensions["judge"] = WebState(library, search, search_error, app.config["JUDGE_RESPONSE_CACHE"],
                                       app.config["JUDGE_RESPONSE_CACHE_BYTES"])

    asset_versions = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:10]
                      for p in STATIC_DIR.iterdir() if p.is_file()}

    def asset(name: str) -> str:
        return url_for("static", filename=name, v=asset_versions.get(name, "0"))

    app.jinja_env.globals["asset"] = asset
    app.jinja_env.globals["games"] = library.games
    # (pages may pass a `games` of their own; the search box's scope needs every game's title)
    app.jinja_env.globals["game_titles"] = {k: g.title for k, g in library.games.items()}

    from judge_app.web.views import bp as pages

    app.register_blueprint(pages)
    from judge_app.chat.web import bp as chat_bp  # citation linker, Discord and Slack

    app.register_blueprint(chat_bp)
    from judge_app.web.checker import bp as checker_bp  # "What happens if?" and POST /api/check

    app.register_blueprint(checker_bp)
    errors.register(app)
    security.register(app)
    Compress(app)

    @app.after_request
    def _static_cache(resp):
        if request.endpoint == "static" and request.args.get("v"):
            resp.cache_control.public = True
            resp.cache_control.max_age = 31536000
            resp.cache_control.immutable = True
        return resp

    if app.config["JUDGE_BENCH"]:
        @app.get("/__ceiling")
        def ceiling():
            return "ok"

    return app
