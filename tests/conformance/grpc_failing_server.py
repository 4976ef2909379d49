"""The gRPC counterpart of failing_server.FailingServer: runs
grpc_failing_server (Go, built by go_programs.build_grpc_server) on
127.0.0.1, which fails every call one way, and collects the attempts it
reports with their times.

Failure modes (the refused mode is failing_server's: no gRPC is spoken):
  unavailable, internal  a gRPC status UNAVAILABLE, INTERNAL
  reset                  the call is read, then its connection is reset (RST)
  slow                   no answer until the client cancels the call

Bounds as failing_server's: calls after `max_attempts` failed ones succeed,
and the server exits after `lifetime_s` or when stopped.
"""
import subprocess
import threading

MODES = ("unavailable", "internal", "reset", "slow")


class GrpcFailingServer:
    def __init__(self, binary, mode, max_attempts=50, lifetime_s=30.0, slow_hold_s=5.0):
        if mode not in MODES:
            raise ValueError(f"unknown gRPC failure mode {mode!r}; one of {', '.join(MODES)}")
        self.argv = [str(binary), "-mode", mode, "-max-attempts", str(max_attempts),
                     "-lifetime", f"{lifetime_s}s", "-slow-hold", f"{slow_hold_s}s"]
        self.mode = mode
        self.port = None
        self._lock = threading.Lock()
        self._attempts = []  # (start, end) seconds since the server started
        self._process = None
        self._reader = None

    @property
    def url(self):
        return f"grpc://127.0.0.1:{self.port}"

    def start(self):
        self._process = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True)
        first = self._process.stdout.readline().split()
        if len(first) != 2 or first[0] != "port":
            self.stop()
            raise RuntimeError(f"{self.argv[0]} did not start: {first}")
        self.port = int(first[1])
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        return self

    def _read(self):
        for line in self._process.stdout:
            words = line.split()
            if len(words) == 3 and words[0] == "attempt":
                with self._lock:
                    self._attempts.append((float(words[1]), float(words[2])))

    def stop(self):
        if self._process.stdin:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._reader:
            self._reader.join(timeout=1)

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
            return max(e for _, e in self._attempts) - min(s for s, _ in self._attempts)
