"""What one worker holds: the rule library, the search service and caches of rendered output.

Built once by `create_app` (so once per gunicorn worker, as the app is not preloaded) and never
per request. The library is immutable, so anything rendered from it can be cached for the
worker's lifetime.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

from judge_app.errors import JudgeError
from judge_app.rules import Document, Kind, Library, Rule, Term

log = logging.getLogger(__name__)


class LRU:
    """A small thread-safe LRU map, bounded by entries and, given a `weigh` function, by bytes."""

    def __init__(self, size: int, max_bytes: int | None = None, weigh=None):
        self.size = size
        self.max_bytes = max_bytes
        self.weigh = weigh
        self.bytes = 0
        self._d: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            v = self._d.get(key)
            if v is None:
                return None
            self._d.move_to_end(key)
            return v[0] if self.weigh else v

    def put(self, key, value) -> None:
        if self.size <= 0:
            return
        if self.weigh is None:
            with self._lock:
                self._d[key] = value
                self._d.move_to_end(key)
                while len(self._d) > self.size:
                    self._d.popitem(last=False)
            return
        w = self.weigh(key, value)
        if self.max_bytes is not None and w > self.max_bytes:
            return
        with self._lock:
            old = self._d.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._d[key] = (value, w)
            self.bytes += w
            while len(self._d) > self.size or (self.max_bytes is not None and self.bytes > self.max_bytes):
                _, (_, ow) = self._d.popitem(last=False)
                self.bytes -= ow

    def __len__(self) -> int:
        return len(self._d)


@dataclass
class DocIndex:
    """Per-document lookups the pages need: terms by user, heading of each rule."""

    doc: Document
    terms_used: dict[str, list[Term]]
    terms_by_name: dict[str, Term]

    @classmethod
    def build(cls, doc: Document) -> DocIndex:
        used: dict[str, list[Term]] = {}
        for t in doc.terms:
            for rid in t.used_by:
                used.setdefault(rid, []).append(t)
        return cls(doc, used, {t.term.casefold(): t for t in doc.terms})

    def section_title(self, rule: Rule) -> str | None:
        """Title of the rule itself if it is a heading, else of its nearest heading ancestor."""
        if rule.title:
            return rule.title
        for a in reversed(self.doc.ancestors(rule.id)):
            if a.title:
                return a.title
        return None


def term_slug(term: str) -> str:
    return "term-" + (re.sub(r"[^\w]+", "-", term.casefold()).strip("-") or "x")


class WebState:
    def __init__(self, library: Library, search=None, search_error: str | None = None,
                 cache_size: int = 4096, cache_bytes: int = 32 * 1024 * 1024):
        self.library = library
        self.search = search
        self.search_error = search_error
        self.html = LRU(20000)  # (game, version, id) -> Markup
        # ((path, canonical parameters), fmt) -> (body, headers); bounded by bytes, so that no mix of
        # requests can grow a worker (issue 19)
        self.responses = LRU(cache_size, cache_bytes, _weigh_response)
        self._docs: dict[tuple[str, str], DocIndex] = {}
        for d in library.documents():
            self._docs[(d.game, d.version)] = DocIndex.build(d)

    def index(self, doc: Document) -> DocIndex:
        return self._docs[(doc.game, doc.version)]

    @staticmethod
    def open_search(library: Library):
        """The search service, or None with the reason it is not there."""
        try:
            from judge_app.search import SearchService
        except ImportError as e:
            return None, f"search is not installed in this build ({e})"
        try:
            svc = SearchService.open(library)
            svc.warm()  # the first query touching a word would otherwise pay ~30 ms
            return svc, None
        except JudgeError as e:
            log.warning("search unavailable: %s", e.message)
            return None, e.message
        except Exception as e:  # a broken index must not take the rule pages down
            log.exception("search failed to open")
            return None, f"search failed to open: {type(e).__name__}"


def _weigh_response(key, value) -> int:
    body, headers = value
    return len(body) + sum(len(k) + len(v) for k, v in headers) + len(repr(key)) + 256


def is_derived(rule: Rule) -> bool:
    return rule.kind in (Kind.EXAMPLE, Kind.NOTE)
