"""The gunicorn worker `judge serve` uses: gthread, except that a request is read completely
before a worker thread sees it.

gthread hands a connection to a thread as soon as its first byte arrives, and the thread then
reads the rest with blocking calls: a client that sends one byte a second holds a thread, and a
handful of them hold them all (issue 19, finding 2). Here the worker's main loop reads each
request without blocking, through the poller it already runs, and only a complete request
(headers and body) goes to the thread pool, as a buffering proxy would do. A request that is not
complete within `timeout` seconds is dropped, and the bytes held per worker are capped.
"""

from __future__ import annotations

import contextlib
import errno
import selectors
import time
from functools import partial

from gunicorn.workers.gthread import ThreadWorker

MAX_HEAD = 16 * 1024  # a request line and headers longer than this go to gunicorn, which refuses them
MAX_BODY = 600 * 1024  # larger declared bodies go on at once: the app answers 413 without reading them
MAX_HELD = 32 * 1024 * 1024  # bytes buffered by one worker at once, all connections together (RSS < 150 MB)


def _chunked_complete(body: bytes) -> bool:
    """Whether a chunked body (RFC 9112 7.1) has arrived up to its last chunk and trailers."""
    pos = 0
    while True:
        eol = body.find(b"\r\n", pos)
        if eol < 0:
            return False
        try:
            size = int(body[pos:eol].split(b";", 1)[0].strip() or b"x", 16)
        except ValueError:
            return True  # malformed: let gunicorn's parser refuse it
        if size == 0:
            return body.find(b"\r\n\r\n", eol) >= 0  # the empty line after any trailers
        pos = eol + 2 + size + 2
        if pos > len(body):
            return False


def early_refusal(buf: bytes | bytearray, app) -> bytes | None:
    """The whole HTTP answer to a buffered request that the app's AdmissionGate would refuse (a
    check while this worker's pool is full), or None. Sent from the main loop, it costs no thread,
    no HTTP parser and no WSGI call: under a flood of checks that ignore Retry-After, each refusal
    is as cheap as this worker can make it. The connection is closed after it."""
    line = bytes(buf[:buf.find(b"\r\n")]) if b"\r\n" in buf else b""
    parts = line.split(b" ")
    if len(parts) != 3 or app is None:
        return None
    from judge_app.web.checkpool import refusal_for

    refusal = refusal_for(app, parts[0].decode("latin-1"), parts[1].split(b"?", 1)[0].decode("latin-1"))
    if refusal is None:
        return None
    status, headers, body = refusal
    head = "".join(f"{k}: {v}\r\n" for k, v in headers)
    return f"HTTP/1.1 {status}\r\n{head}Connection: close\r\n\r\n".encode("latin-1") + body


def request_complete(buf: bytes | bytearray) -> bool:
    """True when `buf` holds a whole request, or enough to hand on (too large, malformed)."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return len(buf) > MAX_HEAD
    length = None
    chunked = False
    for line in bytes(buf[:end]).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                return True
        elif name == b"transfer-encoding" and b"chunked" in value.lower():
            chunked = True
    body = buf[end + 4:]
    if chunked:
        return len(body) > MAX_BODY or _chunked_complete(bytes(body))
    if length is None or length <= 0 or length > MAX_BODY:
        return True
    return len(body) >= length


class BufferingThreadWorker(ThreadWorker):
    """gthread with whole-request buffering in the main loop (see the module docstring)."""

    def init_process(self):
        self.buffering: dict[int, tuple] = {}  # id(conn) -> (conn, deadline)
        self.held = 0
        super().init_process()

    def enqueue_req(self, conn):
        if getattr(conn, "_complete", False):
            conn._complete = False
            super().enqueue_req(conn)
            return
        # read-ahead of a kept-alive connection (a pipelined request) starts the buffer
        pre = conn.parser.unreader.take_buffered() if conn.parser is not None else b""
        conn._inbuf = bytearray(pre)
        self.held += len(pre)
        conn.sock.setblocking(False)
        self.buffering[id(conn)] = (conn, time.monotonic() + self.cfg.timeout)
        if pre and request_complete(conn._inbuf):
            self._hand_on(conn)
            return
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))

    def _on_readable(self, conn, _sock):
        try:
            data = conn.sock.recv(65536)
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EINTR):
                return
            data = b""
        if not data or self.held + len(data) > MAX_HELD:
            self.poller.unregister(conn.sock)
            self._drop(conn)
            return
        conn._inbuf += data
        self.held += len(data)
        if request_complete(conn._inbuf):
            self.poller.unregister(conn.sock)
            self._hand_on(conn)

    def _hand_on(self, conn):
        answer = early_refusal(conn._inbuf, getattr(self, "wsgi", None))
        if answer is not None:
            with contextlib.suppress(OSError):
                conn.sock.setblocking(True)
                conn.sock.settimeout(1.0)  # a few hundred bytes: the socket buffer takes them at once
                conn.sock.sendall(answer)
            self._drop(conn)
            return
        self.buffering.pop(id(conn), None)
        conn._prebuf = bytes(conn._inbuf)
        self.held -= len(conn._inbuf)
        conn._inbuf = bytearray()
        conn._complete = True
        conn.data_ready = True
        self.enqueue_req(conn)

    def _drop(self, conn):
        if self.buffering.pop(id(conn), None) is not None:
            self.held -= len(conn._inbuf)
            conn._inbuf = bytearray()
            self.nr_conns -= 1
            conn.close()

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        for conn, deadline in list(self.buffering.values()):
            if deadline < now:  # a request still incomplete after `timeout` seconds
                with contextlib.suppress(KeyError, ValueError, OSError):
                    self.poller.unregister(conn.sock)
                self._drop(conn)

    def handle(self, conn):
        pre = conn.__dict__.pop("_prebuf", None)
        if pre is not None:
            conn.sock.setblocking(True)
            conn.init()
            conn.parser.unreader.unread(pre)
        return super().handle(conn)
