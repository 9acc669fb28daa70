"""Killing `judge index` at any moment leaves the previous index serving; the next run builds cleanly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from judge_app.search import SearchService
from judge_app.search.store import IndexStore


def _index_cmd(root, force=True):
    return [sys.executable, "-m", "judge_app.cli", "index"] + (["--force"] if force else [])


@pytest.mark.slow
def test_kill_index_build_at_any_moment(lib, tmp_path):
    root = tmp_path / "idx"
    env = {**os.environ, "JUDGE_INDEX_DIR": str(root), "JUDGE_DATA_DIR": str(tmp_path / "data")}
    first = subprocess.run(_index_cmd(root, force=False), env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    store = IndexStore(root)
    good = store.current()
    assert good is not None
    # kill builds at spread-out moments: before, during and near the end of writing
    for delay in (0.05, 0.3, 0.6, 0.9, 1.2, 1.6):
        p = subprocess.Popen(_index_cmd(root), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        time.sleep(delay)
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        cur = store.current()
        assert cur is not None and cur.exists(), f"an index is always there (killed after {delay}s)"
        svc = SearchService.open(lib, index_dir=root)
        assert svc.search("infinite loop", game="bss").to_dict()["hits"][0]["id"].startswith("12-1")
        svc.close()
    last = subprocess.run(_index_cmd(root), env=env, capture_output=True, text=True, timeout=120)
    assert last.returncode == 0, last.stderr
    leftovers = [p.name for p in root.iterdir() if p.name.startswith("tmp-")]
    assert leftovers == [], "the next run cleans up what the killed ones left"
