"""Search over every rule of every game and version.

``SearchService.open(library=None, index_dir=None)`` opens (building when missing or stale) the
index; ``svc.search(query, game=None, version=None, limit=10) -> SearchResult`` and
``SearchResult.to_dict()`` give the CLI/web JSON contract. See judge_app/search/service.py and
docs/search.md.
"""

import os

# numpy's BLAS would start a thread per core for matrices this small (the semantic vectors' SVD, the
# ranking arrays); beside the web workers those threads only fight for the cores (0.1 s -> 0.6-1.8 s
# for the SVD at build time on a loaded 2-core machine). Set before numpy is first imported; an
# operator's own setting wins.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from judge_app.search.service import Hit, SearchResult, SearchService  # noqa: E402

__all__ = ["Hit", "SearchResult", "SearchService"]
