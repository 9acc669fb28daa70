"""Compressed copies of the answers a worker keeps, made once per content and encoding.

flask-compress (registered in `create_app`) compresses every other answer as it goes out. The
kept answers (rule pages, browse, glossary, searches) are the hot path: compressing a 200 KB
browse page costs ~12 ms of CPU per request, so their compressed bytes are kept too, keyed by the
answer's ETag (a hash of its body) and the encoding. An answer that already carries
Content-Encoding is left alone by flask-compress.
"""

from __future__ import annotations

import gzip
from functools import lru_cache

import brotli
from flask import Request

from judge_app.web.state import LRU

MIN_SIZE = 1024  # bytes: below this, compression costs more than it saves
_KEPT = LRU(2048)  # (etag, encoding) -> compressed body; a browse page is ~30 KB compressed


def choose(request: Request) -> str | None:
    """`br` or `gzip`, as the client accepts (brotli first), or None."""
    return _choose(request.headers.get("Accept-Encoding", ""))


@lru_cache(maxsize=64)  # browsers send a handful of distinct headers
def _choose(header: str) -> str | None:
    from werkzeug.http import parse_accept_header

    accepted = parse_accept_header(header[:200])
    for enc in ("br", "gzip"):
        if accepted[enc] > 0:
            return enc
    return None


def _compress(body: bytes, enc: str) -> bytes:
    return brotli.compress(body, quality=5) if enc == "br" else gzip.compress(body, 6)


def compressed(body: bytes, headers: list[tuple[str, str]], request: Request) -> tuple[bytes, list[tuple[str, str]]]:
    """The kept answer in the encoding the client asks for (compressed once per ETag and encoding)."""
    if len(body) < MIN_SIZE or "Accept-Encoding" not in request.headers:
        return body, headers
    enc = choose(request)
    etag = next((v for k, v in headers if k == "ETag"), None)
    if enc is None or etag is None:
        return body, headers
    key = (etag, enc)
    out = _KEPT.get(key)
    if out is None:
        out = _compress(body, enc)
        _KEPT.put(key, out)
    fixed = []
    for k, v in headers:
        if k == "ETag":
            v = f'{v[:-1]}:{enc}"' if v.endswith('"') else f"{v}:{enc}"
        elif k == "Vary":
            v = f"{v}, Accept-Encoding"
        fixed.append((k, v))
    return out, [*fixed, ("Content-Encoding", enc)]
