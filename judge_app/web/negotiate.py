"""One view, two formats: HTML for people, JSON for programs (`.json` twin or `Accept`)."""

from __future__ import annotations

import json

from flask import g, request

from judge_app.errors import BadQuery, TooLarge


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


def read_body(limit: int) -> bytes:
    """The request body, refused with 413 past `limit` bytes (declared or actual)."""
    if request.content_length is not None and request.content_length > limit:
        raise TooLarge(f"request body over {limit // 1024} KB")
    data = request.get_data(cache=True)
    if len(data) > limit:
        raise TooLarge(f"request body over {limit // 1024} KB")
    return data


def json_object(raw: bytes, required: str, usage: str) -> dict:
    """Parse a JSON object whose `required` key holds a string; BadQuery saying `usage` otherwise."""
    try:
        data = json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError) as e:
        raise BadQuery(f"body is not JSON: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get(required), str):
        raise BadQuery(usage)
    return data
