"""Search over every rule of every game and version.

``SearchService.open(library=None, index_dir=None)`` opens (building when missing or stale) the
index; ``svc.search(query, game=None, version=None, limit=10) -> SearchResult`` and
``SearchResult.to_dict()`` give the CLI/web JSON contract. See judge_app/search/service.py and
docs/search.md.
"""

from judge_app.search.service import Hit, SearchResult, SearchService

__all__ = ["Hit", "SearchResult", "SearchService"]
