"""Security headers on every answer, and the size limits every request must respect."""

from __future__ import annotations

from flask import Flask, request

from judge_app.errors import BadQuery, TooLarge, UriTooLong

MAX_URL = 4096  # characters of path and query together
MAX_BODY = 512 * 1024  # bytes of request body (the largest legitimate one is a 200 KB scenario)
MAX_ARGS = 50  # query parameters

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def register(app: Flask) -> None:
    items = list(HEADERS.items())
    app.config.setdefault("MAX_CONTENT_LENGTH", MAX_BODY)

    @app.before_request
    def _limits():
        if len(request.full_path) > MAX_URL:
            raise UriTooLong(f"address over {MAX_URL} characters", hint="send long text in a POST body")
        if request.content_length is not None and request.content_length > MAX_BODY:
            raise TooLarge(f"request body over {MAX_BODY // 1024} KB")
        if len(request.args) > MAX_ARGS:
            raise BadQuery(f"more than {MAX_ARGS} query parameters")

    @app.after_request
    def _headers(resp):
        if "Content-Security-Policy" not in resp.headers:  # cached answers carry them already
            resp.headers.extend(items)
        return resp
