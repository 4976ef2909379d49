"""Runs nginx (Debian) as a reverse proxy with ./nginx.conf, the config
ampcheck scanned, and sends it one GET, as a client program of the suite.

The config's upstream servers `orders:80NN` become the failing server named by
ORDERS_URL and `listen 8080` a free loopback port; nginx runs in the
foreground with a private prefix and is stopped after the request.
"""
import http.client
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    target = urllib.parse.urlsplit(os.environ["ORDERS_URL"])
    port = free_port()
    conf = pathlib.Path("nginx.conf").read_text()
    conf = re.sub(r"\borders:80\d\d\b", f"127.0.0.1:{target.port}", conf)
    conf = re.sub(r"\blisten\s+8080\s*;", f"listen 127.0.0.1:{port};", conf)
    with tempfile.TemporaryDirectory(prefix="ampcheck-nginx-") as prefix:
        (pathlib.Path(prefix) / "site.conf").write_text(conf)
        (pathlib.Path(prefix) / "main.conf").write_text(
            "worker_processes 1;\nerror_log stderr error;\npid nginx.pid;\n"
            "events { worker_connections 64; }\n"
            "http {\n  access_log off;\n  client_body_temp_path tmp;\n  proxy_temp_path tmp;\n"
            "  include site.conf;\n}\n")
        (pathlib.Path(prefix) / "tmp").mkdir()
        nginx = subprocess.Popen(["/usr/sbin/nginx", "-p", prefix, "-c", "main.conf",
                                  "-g", "daemon off;"])
        try:
            deadline = time.monotonic() + 5
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or nginx.poll() is not None:
                        sys.exit("nginx did not start")
                    time.sleep(0.02)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", target.path or "/")
            print(connection.getresponse().status)
        finally:
            nginx.terminate()
            nginx.wait(timeout=5)


if __name__ == "__main__":
    main()
