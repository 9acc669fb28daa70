"""The web boundary for errors: JudgeError -> its 4xx with a specific message, HTTP errors
-> the same page, anything else -> logged and a generic 500 (only ever for real bugs)."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from flask import Flask, Response, jsonify, redirect, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from judge_app.errors import JudgeError, NotFound
from judge_app.web.negotiate import wants_json

log = logging.getLogger("judge_app.web")


def _answer(status: int, body: dict, *, title: str, suggestions=None, query: str = ""):
    body = {"status": status, **body}
    if wants_json():
        resp = jsonify(body)
    else:
        try:
            page = render_template("error.html", status=status, error=body, title=title,
                                   suggestions=suggestions or [], query=query)
        except Exception:  # the error page itself must never fail
            log.exception("error page failed to render")
            page = f"{status} {title}: {body.get('message', '')}"
            resp = Response(page, mimetype="text/plain")
        else:
            resp = Response(page, mimetype="text/html")
    resp.status_code = status
    resp.headers["Vary"] = "Accept"
    resp.headers["Cache-Control"] = "no-store"
    return resp


def register(app: Flask) -> None:
    @app.before_request
    def _relative_routing_redirect():
        # Werkzeug's routing redirects (slash merging, strict slashes) carry an absolute URL built
        # from the Host header, and Flask sends them without error handlers: answer with a relative
        # one first, never "//…" (which a browser reads as another host)
        e = request.routing_exception
        if isinstance(e, RequestRedirect):
            parts = urlsplit(e.new_url)
            target = "/" + parts.path.lstrip("/") + (f"?{parts.query}" if parts.query else "")
            return redirect(target, code=e.code)
        return None

    @app.errorhandler(JudgeError)
    def _judge_error(e: JudgeError):
        body = e.to_dict()
        titles = {401: "Unauthorized", 404: "Not found", 413: "Too large", 414: "Address too long", 503: "Unavailable"}
        resp = _answer(e.status, body, title=titles.get(e.status, "Bad request"),
                       suggestions=body.get("suggestions"), query=body.get("query") or "")
        retry_after = getattr(e, "retry_after", None)
        if retry_after:
            resp.headers["Retry-After"] = str(retry_after)
        return resp

    @app.errorhandler(HTTPException)
    def _http_error(e: HTTPException):
        status = e.code or 500
        if status == 404:
            err = NotFound("no page at this address", hint="search for a rule, or open a game from the home page")
            return _answer(404, err.to_dict(), title="Not found")
        code = (e.name or "error").lower().replace(" ", "_")
        return _answer(status, {"error": code, "message": e.description or e.name}, title=e.name or "Error")

    @app.errorhandler(Exception)
    def _bug(e: Exception):
        log.exception("unhandled error")
        app.extensions.setdefault("judge_500", []).append(repr(e))
        return _answer(500, {"error": "internal", "message": "something went wrong on our side; it has been logged"},
                       title="Server error")
