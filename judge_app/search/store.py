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
import os
import secrets
import shutil
import time
from pathlib import Path

from judge_app.paths import data_dir
from judge_app.rules.library import Library


def default_root() -> Path:
    override = os.environ.get("JUDGE_INDEX_DIR")
    return Path(override) if override else data_dir() / "index"


def _code_hash() -> str:
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    h.update((here / "index.py").read_bytes())
    return h.hexdigest()[:12]


def expected_key(library: Library) -> str:
    """What an index built now from `library` would be stamped with."""
    return f"{library.fingerprint}-{_code_hash()}"


class IndexStore:
    def __init__(self, root: Path | str | None = None):
        self.root = Path(root) if root else default_root()

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
            return json.loads((path / "meta.json").read_text(encoding="utf-8")).get("key")
        except (OSError, ValueError):
            return None

    def is_fresh(self, library: Library) -> bool:
        return self.current_key() == expected_key(library)

    @contextlib.contextmanager
    def _locked(self):
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
                return path, False
        started = time.monotonic()
        with self._locked():
            # another worker may have built it while we waited for the lock
            if self.is_fresh(library) and (not force or self._built_after(started)):
                path = self.current()
                if path is not None:
                    return path, False
            return self._build(library), True

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
            final = self.root / f"build-{key}-{time.time_ns()}"
            os.rename(tmp, final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        previous = self.current()
        tmp_ptr = self.root / f".CURRENT.{os.getpid()}.{secrets.token_hex(4)}"
        tmp_ptr.write_text(final.name + "\n", encoding="utf-8")
        os.replace(tmp_ptr, self.pointer)
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


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""
