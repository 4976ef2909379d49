#!/usr/bin/env python3
"""A stand-in for the GitHub REST API's issue comments and code scanning
analyses list, for testing the
Action's scripts without a network: keeps comments in memory, logs every
request as one JSON line. Prints the port it listens on, then serves.

Usage: fake_github_api.py LOG_FILE
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

comments = {}  # id -> {"id", "body", "issue"}
next_id = [100]
log_path = sys.argv[1]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def record(self, body=None):
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"method": self.command, "path": self.path,
                                  "auth": self.headers.get("Authorization"),
                                  "body": body}) + "\n")

    def reply(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"null")

    def do_GET(self):
        self.record()
        path, _, query = self.path.partition("?")
        parts = path.strip("/").split("/")
        if len(parts) == 5 and parts[3] == "code-scanning" and parts[4] == "analyses":
            # Code scanning is on for shop/fleet; shop/private has it off,
            # which GitHub answers 403 ("Advanced Security must be enabled").
            if parts[2] == "private":
                self.reply(403, {"message": "Advanced Security must be enabled for this repository to use code scanning."})
            else:
                self.reply(200, [])
        elif len(parts) == 6 and parts[3] == "issues" and parts[5] == "comments":
            page = 1
            for item in query.split("&"):
                if item.startswith("page="):
                    page = int(item[5:])
            issue = int(parts[4])
            found = [c for c in comments.values() if c["issue"] == issue]
            self.reply(200, found if page == 1 else [])
        else:
            self.reply(404, {"message": "Not Found"})

    def do_POST(self):
        body = self.body()
        self.record(body)
        parts = self.path.strip("/").split("/")
        comment = {"id": next_id[0], "body": body["body"], "issue": int(parts[4])}
        comments[comment["id"]] = comment
        next_id[0] += 1
        self.reply(201, comment)

    def do_PATCH(self):
        body = self.body()
        self.record(body)
        comment_id = int(self.path.strip("/").split("/")[-1])
        comments[comment_id]["body"] = body["body"]
        self.reply(200, comments[comment_id])


server = HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
