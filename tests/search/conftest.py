"""Search tests share one index built in a temporary directory (never the user's cache)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# where the user's data directory was before the tests' own (the real semantic model is looked for there)
USER_DATA_DIR = os.environ.get("JUDGE_DATA_DIR") or str(
    Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judge")


@pytest.fixture(scope="session", autouse=True)
def _private_data_dir(tmp_path_factory):
    """Every test of this package writes under a temporary JUDGE_DATA_DIR."""
    d = tmp_path_factory.mktemp("judge-data")
    old = {k: os.environ.get(k) for k in ("JUDGE_DATA_DIR", "JUDGE_INDEX_DIR")}
    os.environ["JUDGE_DATA_DIR"] = str(d)
    os.environ.pop("JUDGE_INDEX_DIR", None)
    yield d
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture(scope="session")
def library():
    from judge_app.rules import load_library

    return load_library()


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("index")


@pytest.fixture(scope="session")
def svc(library, index_dir):
    from judge_app.search import SearchService

    s = SearchService.open(library=library, index_dir=index_dir)
    s.warm()
    yield s
    s.close()


DEV_SET = Path(__file__).resolve().parents[2].parent / "shared" / "search-dev.jsonl"


def load_script(name: str):
    """A module of scripts/ (`name` without .py), loaded by path: the learners are scripts, not a package."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # (its dataclasses look their module up)
    spec.loader.exec_module(mod)
    return mod
