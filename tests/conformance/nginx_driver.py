"""Runs nginx (Debian) as a reverse proxy with ./nginx.conf, the config
ampcheck scanned, and sends it one GET, as a client program of the suite.

The config's upstream servers `orders:80NN` become the failing server named by
ORDERS_URL and `listen 8080` a free loopback port; nginx runs in the
foreground with a private prefix and is stopped after the request. A config
that runs Lua (`*_by_lua_block`, ingress-nginx's balancer) gets Debian's lua
module and the ndk it needs loaded, as /etc/nginx/modules-enabled does, and
lua-resty-core on its package path.
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


# Debian's modules-enabled/*.conf load these, relative to /usr/share/nginx
# (the package's prefix); the private prefix needs them whole.
LUA_MODULES = ("/usr/lib/nginx/modules/ndk_http_module.so",
               "/usr/lib/nginx/modules/ngx_http_lua_module.so")
LUA_PACKAGE_PATH = "/usr/share/lua/5.1/?.lua;;"  # lua-resty-core, lua-resty-lrucache


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
    lua = "_by_lua" in conf
    modules = "".join(f"load_module {m};\n" for m in LUA_MODULES) if lua else ""
    package_path = f'  lua_package_path "{LUA_PACKAGE_PATH}";\n' if lua else ""
    with tempfile.TemporaryDirectory(prefix="ampcheck-nginx-") as prefix:
        (pathlib.Path(prefix) / "site.conf").write_text(conf)
        (pathlib.Path(prefix) / "main.conf").write_text(
            modules + "worker_processes 1;\nerror_log stderr error;\npid nginx.pid;\n"
            "events { worker_connections 64; }\n"
            "http {\n  access_log off;\n  client_body_temp_path tmp;\n  proxy_temp_path tmp;\n"
            + package_path + "  include site.conf;\n}\n")
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
