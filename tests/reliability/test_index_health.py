"""Issue 19, finding 8: a damaged index is detected (checksums in the build manifest), replaced
by a good build, reported truthfully by /healthz and `judge index`; running workers pick up a new
generation; killed builds' temporary folders are cleaned at the next start."""

from __future__ import annotations

from click.testing import CliRunner

from judge_app.search import SearchService
from judge_app.search import service as service_mod
from judge_app.search.store import IndexStore
from judge_app.web import create_app


def _corrupt(build) -> str:
    seg = max((p for p in build.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size)
    data = bytearray(seg.read_bytes())
    mid = len(data) // 2
    data[mid:mid + 64] = bytes(64)  # same size: only a checksum notices
    seg.write_bytes(bytes(data))
    return seg.name


def _top(svc) -> str:
    return svc.search("infinite loop", game="bss").to_dict()["hits"][0]["id"]


def test_finding_8_damaged_segment_is_detected_and_replaced(lib, tmp_path):
    root = tmp_path / "idx"
    svc = SearchService.open(lib, index_dir=root)
    store = IndexStore(root)
    damaged = store.current()
    name = _corrupt(damaged)
    assert name in store.verify(damaged) and not store.is_fresh(lib)
    # a restarted worker opens a good index, not the damaged one
    fresh = SearchService.open(lib, index_dir=root)
    assert store.verify(store.current()) is None and store.current() != damaged
    assert _top(fresh).startswith("12-1")
    svc.close()
    fresh.close()


def test_finding_8_healthz_tells_the_truth(lib, tmp_path, monkeypatch):
    root = tmp_path / "idx"
    svc = SearchService.open(lib, index_dir=root)
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 3600.0)
    client = create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": svc}).test_client()
    r = client.get("/healthz")
    assert r.status_code == 200 and r.get_json()["search"]["verified"] is True
    _corrupt(svc.store.current())
    r = client.get("/healthz")
    body = r.get_json()
    assert r.status_code == 503 and body["ok"] is False and "corrupted" in body["search"]["problem"]


def test_finding_8_judge_index_does_not_call_a_damaged_index_up_to_date(lib, tmp_path, monkeypatch):
    from judge_app.search.commands import index

    root = tmp_path / "idx"
    monkeypatch.setenv("JUDGE_INDEX_DIR", str(root))
    assert CliRunner().invoke(index, []).exit_code == 0
    out = CliRunner().invoke(index, [])
    assert "up to date" in out.output
    _corrupt(IndexStore(root).current())
    out = CliRunner().invoke(index, [])
    assert out.exit_code == 0 and "up to date" not in out.output
    assert IndexStore(root).is_fresh(lib)


def test_finding_8_running_workers_pick_up_a_new_generation(lib, tmp_path, monkeypatch):
    root = tmp_path / "idx"
    svc = SearchService.open(lib, index_dir=root)
    first = svc.reader.path
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 0.0)
    new, built = IndexStore(root).ensure(lib, force=True)  # what `judge index --force` does
    assert built and new != first
    assert _top(svc).startswith("12-1")  # asks for a check (on the background thread)
    assert svc.wait_reloaded() and _top(svc).startswith("12-1")
    assert svc.reader.path == new
    # and a damaged current build is replaced under a running worker too
    _corrupt(new)
    assert _top(svc).startswith("12-1")
    assert svc.wait_reloaded() and _top(svc).startswith("12-1")
    assert svc.reader.path != new and IndexStore(root).verify(svc.reader.path) is None
    svc.close()


def test_finding_8_killed_builds_leave_nothing_behind(lib, tmp_path):
    root = tmp_path / "idx"
    SearchService.open(lib, index_dir=root).close()
    stale = root / "tmp-99999-deadbeef"
    stale.mkdir()
    (stale / "MAIN_x.seg").write_bytes(b"half a build")
    SearchService.open(lib, index_dir=root).close()  # the next start
    assert not stale.exists()


def test_healthz_flood_costs_stat_calls_not_hashing(lib, tmp_path, monkeypatch):
    """Each /healthz used to hash every index file (~10 ms): a cheap request made expensive. The result is
    reused while no file of the build changed; a write is still seen at once."""
    from judge_app.search import store as store_mod

    root = tmp_path / "idx"
    svc = SearchService.open(lib, index_dir=root)
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 3600.0)
    calls = []
    real = store_mod._checksums
    monkeypatch.setattr(store_mod, "_checksums", lambda p: calls.append(p) or real(p))
    client = create_app({"TESTING": True, "JUDGE_LIBRARY": lib, "JUDGE_SEARCH": svc}).test_client()
    for _ in range(20):
        assert client.get("/healthz").status_code == 200
    assert len(calls) <= 1
    _corrupt(svc.store.current())
    r = client.get("/healthz")
    assert r.status_code == 503 and "corrupted" in r.get_json()["search"]["problem"]
    svc.close()
