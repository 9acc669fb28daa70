"""Where the index lives on disk, and how it is rebuilt atomically.

Layout of the index root (``data_dir()/"index"`` unless ``JUDGE_INDEX_DIR`` or an explicit
argument says otherwise)::

    CURRENT                  one line: the name of the build directory in use
    build-<key>-<stamp>/     a complete whoosh index plus meta.json
    tmp-<pid>-<random>/      a build in progress (never read)
    .lock                    flock(2) lock held while building

A build is written into a ``tmp-`` directory, renamed to ``build-...`` (atomic), and only then is
``CURRENT`` replaced (write a temporary file, ``os.replace``: atomic). A reader therefore sees the
old index or the new one, never a half-built one, and a crash mid-build leaves the old index in
use. Builders serialise on the lock; a worker that waited re-checks freshness and does not build
again. The previous build is kept for readers that opened it just before the swap; older ones are
removed.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

from judge_app import config
from judge_app.paths import data_dir
from judge_app.rules.library import Library
from judge_app.search import player_words

log = logging.getLogger(__name__)


def default_root() -> Path:
    override = config.value("JUDGE_INDEX_DIR")
    return override if override else data_dir() / "index"


def _code_hash() -> str:
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for name in ("index.py", "inflections.py", "semantic.py", "player_words.py"):  # what a build writes
        h.update((here / name).read_bytes())
    h.update(player_words.digest().encode())  # the player words it reads (rule_words/*.toml)
    return h.hexdigest()[:12]


def expected_key(library: Library) -> str:
    """What an index built now from `library` would be stamped with."""
    return f"{library.fingerprint}-{_code_hash()}"


class IndexStore:
    def __init__(self, root: Path | str | None = None):
        self.root = Path(root) if root else default_root()
        # the last verification: (build, file signature, when, problem), reused by `status`
        self._status: tuple[str, tuple[tuple[str, int, int, int], ...], float, str | None] | None = None

    @property
    def pointer(self) -> Path:
        return self.root / "CURRENT"

    def current(self) -> Path | None:
        try:
            name = self.pointer.read_text(encoding="utf-8").strip()
        except OSError:
            return None
        if not name or "/" in name or name.startswith("."):
            return None
        path = self.root / name
        return path if (path / "meta.json").is_file() else None

    def current_key(self) -> str | None:
        path = self.current()
        if path is None:
            return None
        try:
            key = json.loads((path / "meta.json").read_text(encoding="utf-8")).get("key")
            return key if isinstance(key, str) else None
        except (OSError, ValueError):
            return None

    def is_fresh(self, library: Library) -> bool:
        """The current build is for this library and code, and its files match their checksums."""
        return self.current_key() == expected_key(library) and self.verify(self.current()) is None

    def verify(self, path: Path | None) -> str | None:
        """None when every file of the build at `path` matches the checksum its manifest
        (meta.json) recorded; else what is wrong. A build without checksums does not verify."""
        if path is None:
            return "no index"
        try:
            files = json.loads((path / "meta.json").read_text(encoding="utf-8")).get("files")
        except (OSError, ValueError):
            return "unreadable manifest"
        if not isinstance(files, dict) or not files:
            return "no checksums in the manifest (built by an older version)"
        actual = _checksums(path)
        for name, digest in files.items():
            if actual.get(name) != digest:
                return f"{name} is {'missing' if name not in actual else 'corrupted (checksum mismatch)'}"
        extra = sorted(set(actual) - set(files))
        return f"unexpected file {extra[0]}" if extra else None

    def status(self) -> dict[str, object]:
        """For /healthz: the build in use and whether it verifies. Hashing every file costs ~10 ms, so the
        answer is reused while no file of the build changed (size, mtime, inode) and for at most
        `_STATUS_TTL` seconds: a flood of health checks costs `stat` calls, not hashing."""
        path = self.current()
        sig = _signature(path)
        now = time.monotonic()
        hit = self._status
        if hit is not None and hit[:2] == (str(path), sig) and now - hit[2] < _STATUS_TTL:
            problem = hit[3]
        else:
            problem = self.verify(path)
            self._status = (str(path), sig, now, problem)
        return {"build": path.name if path else None, "verified": problem is None, "problem": problem}

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".lock", "a+") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def ensure(self, library: Library, force: bool = False) -> tuple[Path, bool]:
        """The path of a fresh index, building one if missing, stale or `force`d.
        Returns (path, built_now)."""
        if not force and self.is_fresh(library):
            path = self.current()
            if path is not None:
                self._clean_stale()
                return path, False
        started = time.monotonic()
        with self._locked():
            # another worker may have built it while we waited for the lock
            if self.is_fresh(library) and (not force or self._built_after(started)):
                path = self.current()
                if path is not None:
                    return path, False
            if not force and self.current_key() == expected_key(library):
                # the current build is damaged: fall back to another good build of the same key
                log.warning("index %s does not verify: %s", self.current(), self.verify(self.current()))
                good = self._good_build(expected_key(library))
                if good is not None:
                    self._point_to(good)
                    return good, False
            return self._build(library), True

    def _good_build(self, key: str) -> Path | None:
        for p in sorted(self.root.glob(f"build-{key}-*"), reverse=True):  # newest first
            if p != self.current() and self.verify(p) is None:
                return p
        return None

    def _point_to(self, build: Path) -> None:
        tmp_ptr = self.root / f".CURRENT.{os.getpid()}.{secrets.token_hex(4)}"
        tmp_ptr.write_text(build.name + "\n", encoding="utf-8")
        os.replace(tmp_ptr, self.pointer)

    def _clean_stale(self) -> None:
        """Remove the temporary folders of builds that were killed, if no build is running now."""
        if not any(p.name.startswith("tmp-") for p in self.root.iterdir()):
            return
        with open(self.root / ".lock", "a+") as fh:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return  # a build is running; its own folder is not stale
            try:
                for p in self.root.iterdir():
                    if p.name.startswith("tmp-") and p.is_dir():
                        shutil.rmtree(p, ignore_errors=True)
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def _built_after(self, t: float) -> bool:
        path = self.current()
        try:
            meta = json.loads((path / "meta.json").read_text(encoding="utf-8")) if path else {}
        except (OSError, ValueError):
            return False
        return meta.get("built_monotonic_ns", 0) >= int(t * 1e9) and meta.get("boot") == _boot_id()

    def _build(self, library: Library) -> Path:
        from judge_app.search import index as ix  # the whoosh module

        key = expected_key(library)
        tmp = self.root / f"tmp-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            ix.build(library.documents(), tmp, {
                "key": key, "fingerprint": library.fingerprint, "format": ix.INDEX_FORMAT,
                "documents_by_set": {f"{d.game}|{d.version}": len(d) for d in library.documents()},
                "built_at": time.time(), "built_monotonic_ns": time.monotonic_ns(), "boot": _boot_id(),
            })
            meta = json.loads((tmp / "meta.json").read_text(encoding="utf-8"))
            meta["files"] = _checksums(tmp)  # verified whenever the build is opened
            (tmp / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
            final = self.root / f"build-{key}-{time.time_ns()}"
            os.rename(tmp, final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        previous = self.current()
        self._point_to(final)
        self._cleanup(keep={final.name, previous.name if previous else ""})
        return final

    def _cleanup(self, keep: set[str]) -> None:
        for p in self.root.iterdir():
            if p.name in keep or p.name.startswith("."):
                continue
            if p.name.startswith("build-") and p.is_dir():
                shutil.rmtree(p, ignore_errors=True)
            elif p.name.startswith("tmp-") and p.is_dir():
                # a build in progress by another process holds the lock, so none can be running now
                shutil.rmtree(p, ignore_errors=True)


_UNCHECKED = {"meta.json", "MAIN_WRITELOCK"}  # the manifest itself; whoosh's empty lock file


_STATUS_TTL = 5.0  # seconds


def _signature(path: Path | None) -> tuple[tuple[str, int, int, int], ...]:
    """What changes when a file of the build is written, replaced, added or removed."""
    if path is None:
        return ()
    out = []
    try:
        for p in sorted(path.iterdir()):
            st = p.stat()
            out.append((p.name, st.st_size, st.st_mtime_ns, st.st_ino))
    except OSError:
        return ()
    return tuple(out)


def _checksums(path: Path) -> dict[str, str]:
    out = {}
    for p in sorted(path.iterdir()):
        if p.is_file() and p.name not in _UNCHECKED:
            out[p.name] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""
