"""The reverse-proxy example of docs/deploy.md (deploy/nginx-judge.conf), run as written in front
of a real `judge serve`: pages through the proxy, forwarded headers honoured because configured,
slow clients absorbed, oversized bodies refused."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from judge_app.web.serverproc import free_port, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (scripts/install-nginx.sh, run by "
                                                      "`make test`, installs Debian's nginx-light)")


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nginx")
    # each node as docs/deploy.md runs it
    proc, base = start_server(workers=2, threads=2, extra_env={
        "JUDGE_BASE_URL": "https://judge.example.org", "JUDGE_PROXY_HOPS": "1",
        "JUDGE_FORWARDED_ALLOW_IPS": "127.0.0.1"})
    app_port = int(base.rsplit(":", 1)[1])
    port = free_port()
    site = (ROOT / "deploy" / "nginx-judge.conf").read_text()
    assert "server 127.0.0.1:8000" in site and "listen 80;" in site
    site = site.replace("server 127.0.0.1:8000", f"server 127.0.0.1:{app_port}").replace(
        "listen 80;", f"listen 127.0.0.1:{port};")
    temps = "\n".join(f"    {k}_temp_path {tmp}/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""
    (tmp / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\n"
        f"events {{ worker_connections 512; }}\nhttp {{\n    access_log off;\n{temps}\n{site}\n}}\n")
    nginx = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if nginx.poll() is not None:
                stop_server(proc)
                pytest.fail("nginx did not start: " + nginx.stderr.read().decode(errors="replace"))
            time.sleep(0.1)
    yield port
    nginx.terminate()
    nginx.wait(10)
    stop_server(proc)


def _req(port, method, path, body=None, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        return r.status, r.getheaders(), r.read()
    finally:
        c.close()


def test_pages_and_health_through_the_proxy(proxied):
    assert _req(proxied, "GET", "/bss/7-1-5")[0] == 200
    status, _, body = _req(proxied, "GET", "/healthz")
    assert status == 200 and b'"ok":true' in body.replace(b" ", b"")


def test_links_come_from_the_base_url_not_from_forged_headers(proxied):
    for path in ("/api/cite", "/bss/7-1-5-2-1", "/bss//7-1-5-2-1"):
        status, headers, body = _req(proxied, "POST" if "api" in path else "GET", path,
                                     b'{"text": "see 7-1-5-2-1"}' if "api" in path else None,
                                     {"Content-Type": "application/json", "Host": "forged.example",
                                      "X-Forwarded-Host": "forged2.example"})
        assert status in (200, 308), (path, status)
        assert b"forged" not in body and "forged" not in str(headers)
        if status == 200:
            assert b"https://judge.example.org/bss/7-1-5-2-1" in body


def test_oversized_body_refused_by_the_proxy(proxied):
    status, _, _ = _req(proxied, "POST", "/api/cite", b"x" * (700 * 1024), {"Content-Type": "application/json"})
    assert status == 413


def test_slow_clients_are_absorbed_by_the_proxy(proxied):
    stop = threading.Event()
    socks = []

    def trickle():
        s = socket.create_connection(("127.0.0.1", proxied))
        socks.append(s)
        body = b'{"text": "see 7-1-5"}'
        try:
            s.sendall(b"POST /api/cite HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                      + str(len(body)).encode() + b"\r\n\r\n")
            for ch in body:
                if stop.wait(0.5):
                    return
                s.sendall(bytes([ch]))
        except OSError:
            pass

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(16)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    try:
        worst = 0.0
        for _ in range(15):
            t0 = time.monotonic()
            assert _req(proxied, "GET", "/bss/7-1-5-2-1")[0] == 200
            worst = max(worst, time.monotonic() - t0)
    finally:
        stop.set()
        for s in socks:
            s.close()
    assert worst < 1.0
