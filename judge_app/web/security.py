"""Security headers on every answer."""

from __future__ import annotations

from flask import Flask

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

    @app.after_request
    def _headers(resp):
        if "Content-Security-Policy" not in resp.headers:  # cached answers carry them already
            resp.headers.extend(items)
        return resp
