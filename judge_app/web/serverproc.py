"""Start and stop `judge serve` (gunicorn) in a child process on a free loopback port.

Used by the end-to-end tests and the HTTP benchmark, so both measure the real serving path.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from judge_app import config

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free loopback port; from JUDGE_PORT_RANGE (e.g. "8190-8199") when that is set."""
    candidates = config.value("JUDGE_PORT_RANGE") or [0]
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise RuntimeError(f"no free port in JUDGE_PORT_RANGE={candidates}")


def children(pid: int) -> list[int]:
    """Process ids whose parent is `pid` (a gunicorn master's workers), from /proc."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as fh:
                    if int(fh.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return sorted(out)


def wait_until_up(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server not up after {timeout}s: {url}")


def start_server(workers: int | None = None, threads: int | None = None, *, bench: bool = False,
                 extra_env: dict | None = None, wait_path: str = "/healthz") -> tuple[subprocess.Popen, str]:
    """Returns (process, base URL). The process leads its own session; stop it with `stop_server`."""
    port = free_port()
    env = dict(os.environ, **(extra_env or {}))
    if bench:
        env["JUDGE_BENCH"] = "1"
    cmd = [sys.executable, "-m", "judge_app.web", "serve", "--host", "127.0.0.1", "--port", str(port)]
    if workers:
        cmd += ["--workers", str(workers)]
    if threads:
        cmd += ["--threads", str(threads)]
    log = tempfile.NamedTemporaryFile(prefix="judge-serve-", suffix=".log", delete=False)  # noqa: SIM115
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log,
                            start_new_session=True)
    proc.log_path = log.name  # type: ignore[attr-defined]
    log.close()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + wait_path, proc)
    except Exception:
        stop_server(proc)
        err = Path(proc.log_path).read_text(errors="replace")[-3000:]  # type: ignore[attr-defined]
        raise RuntimeError(f"could not start the server:\n{err}") from None
    return proc, base


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    log = getattr(proc, "log_path", None)
    if log:
        Path(log).unlink(missing_ok=True)
