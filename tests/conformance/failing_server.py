"""A local server on 127.0.0.1 that fails every request in one chosen way and
counts the attempts a client makes, with how long the client held on.

Failure modes:
  503, 500  an HTTP response with that status (no Retry-After header)
  reset     the request is read, then the connection is reset (RST)
  refused   nothing listens: the port is bound but not listening, so the
            kernel refuses each SYN; attempts are counted from the SYNs seen
            on the loopback interface (a raw AF_PACKET socket, root only)
  slow      the request is read and no answer is sent until the client gives
            up (closes) or `slow_hold_s` passes
  stale     (only for a case that lists it) the server's first request is
            answered 200 on a kept-alive connection and not counted; every
            later one is read, then its connection is reset: a client whose
            pooled connection fails on reuse

Bounds: the server fails at most `max_attempts` attempts (later ones get a
200, so a client that never stops is stopped; a refused port starts listening)
and stops itself after `lifetime_s`.
"""
import select
import socket
import struct
import threading
import time

MODES = ("503", "500", "reset", "refused", "slow")
# Modes a case runs only when it lists them ("modes"): they need a program
# that makes a first call to warm its connection pool.
EXTRA_MODES = ("stale",)
# How long the slow server holds an answer back before it closes, unless
# told otherwise (a library whose default timeout is longer).
SLOW_HOLD_S = 5.0
_REASONS = {"503": "Service Unavailable", "500": "Internal Server Error"}


class FailingServer:
    def __init__(self, mode, max_attempts=50, lifetime_s=30.0, slow_hold_s=SLOW_HOLD_S):
        if mode not in MODES + EXTRA_MODES:
            raise ValueError(f"unknown failure mode {mode!r}; one of "
                             f"{', '.join(MODES + EXTRA_MODES)}")
        self.mode = mode
        self.max_attempts = max_attempts
        self.lifetime_s = lifetime_s
        self.slow_hold_s = slow_hold_s
        self._lock = threading.Lock()
        self._attempts = []  # (start, end) monotonic seconds of each attempt
        self._stop = threading.Event()
        self._threads = []
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        self._sniffer = None
        self._warmed = False  # stale: the first request was answered
        if mode == "refused":
            self._sniffer = socket.socket(socket.AF_PACKET, socket.SOCK_RAW,
                                          socket.htons(0x0800))
            self._sniffer.bind(("lo", 0))
        else:
            self._sock.listen(64)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/orders"

    def start(self):
        self._deadline = time.monotonic() + self.lifetime_s
        target = self._count_syns if self.mode == "refused" else self._accept_loop
        thread = threading.Thread(target=target, daemon=True)
        thread.start()
        self._threads.append(thread)
        return self

    def stop(self):
        self._stop.set()
        for thread in list(self._threads):
            thread.join(timeout=self.slow_hold_s + 1)
        self._sock.close()
        if self._sniffer:
            self._sniffer.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def attempts(self):
        with self._lock:
            return len(self._attempts)

    def hold_time_s(self):
        """From the first attempt's start to the last attempt's end."""
        with self._lock:
            if not self._attempts:
                return 0.0
            return (max(e if e is not None else s for s, e in self._attempts)
                    - min(s for s, _ in self._attempts))

    def _record(self, start, end):
        with self._lock:
            self._attempts.append((start, end))
            return len(self._attempts)

    def _claim(self, start):
        """The next attempt's slot, or None once the cap is reached: checked
        and taken under one lock, so connections served at once (a proxy's
        parallel upstream connections) cannot both pass the cap."""
        with self._lock:
            if len(self._attempts) >= self.max_attempts:
                return None
            self._attempts.append((start, None))
            return len(self._attempts) - 1

    def _finish(self, slot):
        with self._lock:
            start, _ = self._attempts[slot]
            self._attempts[slot] = (start, time.monotonic())

    def _warm_up(self):
        """False the first time (that request is the warm-up), then True."""
        with self._lock:
            warmed, self._warmed = self._warmed, True
            return warmed

    def _running(self):
        return not self._stop.is_set() and time.monotonic() < self._deadline

    def _count_syns(self):
        while self._running():
            ready, _, _ = select.select([self._sniffer], [], [], 0.05)
            if not ready:
                continue
            frame, address = self._sniffer.recvfrom(65535)
            # Each loopback packet is seen once outgoing (pkttype 4) and once
            # incoming: count the incoming copy only.
            if address[2] == socket.PACKET_OUTGOING or len(frame) < 14 + 20 + 20:
                continue
            ip = frame[14:]
            if ip[9] != socket.IPPROTO_TCP:
                continue
            tcp = ip[(ip[0] & 0x0F) * 4:]
            dst_port = struct.unpack("!H", tcp[2:4])[0]
            flags = tcp[13]
            syn, ack = flags & 0x02, flags & 0x10
            if dst_port == self.port and syn and not ack:
                now = time.monotonic()
                if self._record(now, now) >= self.max_attempts:
                    # The cap: listen from now on and answer 200.
                    self._sock.listen(64)
                    self._accept_loop()
                    return

    def _accept_loop(self):
        self._sock.settimeout(0.05)
        while self._running():
            try:
                conn, _ = self._sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _read_request(self, conn, buffer):
        """One request (headers and a Content-Length body) off `buffer`+conn;
        returns (request, rest) or (None, b"") when the client closed."""
        while b"\r\n\r\n" not in buffer:
            chunk = self._recv(conn)
            if not chunk:
                return None, b""
            buffer += chunk
        head, rest = buffer.split(b"\r\n\r\n", 1)
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip() or 0)
        while len(rest) < length:
            chunk = self._recv(conn)
            if not chunk:
                break
            rest += chunk
        return head, rest[length:]

    def _recv(self, conn):
        while self._running():
            ready, _, _ = select.select([conn], [], [], 0.05)
            if ready:
                try:
                    return conn.recv(65536)
                except OSError:
                    return b""
        return b""

    def _serve(self, conn):
        buffer = b""
        try:
            while self._running():
                request, buffer = self._read_request(conn, buffer)
                if request is None:
                    return
                start = time.monotonic()
                if self.mode == "stale" and not self._warm_up():
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                    continue
                slot = self._claim(start)
                if slot is None:
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n"
                                 b"Connection: close\r\n\r\n")
                    return
                if self.mode in ("reset", "stale"):
                    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                    struct.pack("ii", 1, 0))
                    self._finish(slot)
                    return
                if self.mode == "slow":
                    self._wait_for_close(conn)
                    self._finish(slot)
                    return
                reason = _REASONS[self.mode]
                conn.sendall(f"HTTP/1.1 {self.mode} {reason}\r\nContent-Length: 0\r\n"
                             "Content-Type: text/plain\r\n\r\n".encode())
                self._finish(slot)
        finally:
            conn.close()

    def _wait_for_close(self, conn):
        """Holds the answer back until the client closes or slow_hold_s."""
        until = time.monotonic() + self.slow_hold_s
        while self._running() and time.monotonic() < until:
            ready, _, _ = select.select([conn], [], [], 0.02)
            if ready:
                try:
                    if not conn.recv(65536):
                        return
                except OSError:
                    return
