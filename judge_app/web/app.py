"""Application factory."""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import cast

from flask import Flask, request, url_for
from flask.json.provider import DefaultJSONProvider
from flask_compress import Compress

from judge_app import config as settings
from judge_app.paths import templates_dir
from judge_app.web import errors, security
from judge_app.web.state import WebState

log = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).resolve().parent / "static"

DEFAULTS = {
    # the settings read from the environment: one table, judge_app/config.py (docs/configuration.md)
    **settings.app_defaults(),
    # set in code only (tests, `judge serve`)
    "JUDGE_RULES_DIR": None,  # folder of rule texts; None: judge_app.paths.rules_text_dir()
    "JUDGE_LIBRARY": None,  # a ready Library (tests)
    "JUDGE_SEARCH": None,  # a ready search service (tests); None: SearchService.open(library)
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
    settings.apply_to_flask(app.config)  # Flask's from_prefixed_env("JUDGE"), each value parsed by its type
    if config:
        app.config.update(config)
    base = app.config["JUDGE_BASE_URL"] or app.config["JUDGE_PUBLIC_URL"] or ""
    app.config["JUDGE_BASE_URL"] = app.config["JUDGE_PUBLIC_URL"] = str(base).rstrip("/") or None
    hops = int(app.config["JUDGE_PROXY_HOPS"] or 0)
    if hops > 0:  # only behind proxies the operator named: X-Forwarded-* are forgeable otherwise
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]  # Flask's documented way to wrap the app
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops)
    from judge_app.web.checkpool import AdmissionGate

    # A full checker refuses before Flask does any work.
    app.wsgi_app = AdmissionGate(app, app.wsgi_app)  # type: ignore[method-assign]
    app.debug = bool(app.config.get("DEBUG")) and bool(config and config.get("DEBUG"))
    json_provider = cast(DefaultJSONProvider, app.json)
    json_provider.sort_keys = False
    json_provider.ensure_ascii = False
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
