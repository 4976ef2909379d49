#!/usr/bin/env python3
"""A stand-in for the GitLab REST API's merge request notes, for testing the
GitLab template without a network: notes in memory, answered in GitLab's
shape (compact JSON, "<" and ">" escaped as \\u003c and \\u003e, the note's
id and body before its author's id), requests checked for the PRIVATE-TOKEN
header and logged one JSON line each. Merge request 5 starts with a note of
somebody else's. Prints the port it listens on, then serves.

Usage: fake_gitlab_api.py LOG_FILE TOKEN
"""
import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer

log_path, token = sys.argv[1], sys.argv[2]
notes = {1: {"id": 1, "body": "Looks good to me <3", "mr": 5}}
next_id = [200]


def gitlab_json(payload):
    text = json.dumps(payload, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").encode()


def note_json(note):
    return {"id": note["id"], "type": None, "body": note["body"], "attachment": None,
            "author": {"id": 7, "username": "reviewer"}, "system": False}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def route(self):
        """(merge request iid, note id or None) of .../merge_requests/N/notes[/M]."""
        parts = urllib.parse.urlparse(self.path).path.strip("/").split("/")
        # api/v4/projects/<id>/merge_requests/<iid>/notes[/<note>]
        if len(parts) < 7 or parts[:2] != ["api", "v4"] or parts[4] != "merge_requests":
            return None, None
        return int(parts[5]), (int(parts[7]) if len(parts) > 7 else None)

    def handle_request(self):
        length = int(self.headers.get("Content-Length") or 0)
        form = urllib.parse.parse_qs(self.rfile.read(length).decode()) if length else {}
        body = form.get("body", [None])[0]
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"method": self.command, "path": self.path,
                                  "token": self.headers.get("PRIVATE-TOKEN"),
                                  "body": body}) + "\n")
        if self.headers.get("PRIVATE-TOKEN") != token:
            return self.reply(401, {"message": "401 Unauthorized"})
        mr, note_id = self.route()
        if mr is None:
            return self.reply(404, {"message": "404 Not Found"})
        if self.command == "GET":
            return self.reply(200, [note_json(n) for n in notes.values() if n["mr"] == mr])
        if self.command == "POST" and body is not None:
            note = {"id": next_id[0], "body": body, "mr": mr}
            next_id[0] += 1
            notes[note["id"]] = note
            return self.reply(201, note_json(note))
        if self.command == "PUT" and body is not None and note_id in notes:
            notes[note_id]["body"] = body
            return self.reply(200, note_json(notes[note_id]))
        return self.reply(400, {"message": "400 Bad request"})

    def reply(self, status, payload):
        data = gitlab_json(payload)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = handle_request


server = HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
