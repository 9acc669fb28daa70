"""One view, two formats: HTML for people, JSON for programs (`.json` twin or `Accept`)."""

from __future__ import annotations

from flask import g, request


def wants_json() -> bool:
    if getattr(g, "json_twin", False):
        return True
    if request.path.endswith(".json"):
        return True
    if request.path.startswith(("/api/", "/discord/", "/slack/")):  # programs' endpoints answer JSON
        return True
    if request.args.get("format") == "json":
        return True
    accept = request.accept_mimetypes
    best = accept.best_match(["text/html", "application/json"])
    return best == "application/json" and accept[best] > accept["text/html"]


def strip_json(text: str) -> str:
    """`7-1-5.json` -> `7-1-5`, and mark the request as a JSON one."""
    if text.endswith(".json"):
        g.json_twin = True
        return text[: -len(".json")]
    return text
