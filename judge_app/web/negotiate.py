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


MAX_JSON_DEPTH = 32  # our bodies are two levels deep; Python's parser recurses, so refuse early


def parse_json(raw: bytes):
    """A request body as JSON: BadQuery (400) for anything that is not JSON we can use, including
    nesting deeper than MAX_JSON_DEPTH and strings holding lone surrogates (`"\\ud800"`), which
    no UTF-8 text can carry."""
    _check_depth(raw)
    try:
        data = json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise BadQuery(f"body is not JSON: {e}") from e
    _check_strings(data)
    return data


def _check_depth(raw: bytes) -> None:
    """A linear scan of brackets outside strings, before the parser recurses."""
    depth = 0
    in_str = escaped = False
    for ch in raw:
        if in_str:
            if escaped:
                escaped = False
            elif ch == 0x5C:
                escaped = True
            elif ch == 0x22:
                in_str = False
        elif ch == 0x22:
            in_str = True
        elif ch in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise BadQuery(f"JSON nested more than {MAX_JSON_DEPTH} levels deep")
        elif ch in (0x5D, 0x7D):
            depth -= 1


def _check_strings(data: object) -> None:
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError as e:
                raise BadQuery("JSON string holds a lone surrogate (e.g. \\ud800), which is not a character",
                               hint="send surrogate pairs or the character itself") from e


def json_object(raw: bytes, required: str, usage: str) -> dict:
    """Parse a JSON object whose `required` key holds a string; BadQuery saying `usage` otherwise."""
    data = parse_json(raw)
    if not isinstance(data, dict) or not isinstance(data.get(required), str):
        raise BadQuery(usage)
    return data
