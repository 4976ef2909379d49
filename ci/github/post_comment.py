#!/usr/bin/env python3
"""Creates or updates ampcheck's one comment on a pull request.

The comment is found by the marker on its first line (<!-- ampcheck -->), so
every push updates it instead of adding another. A token without write access
(pull requests from forks) only produces a warning: the check's exit code is
what gates the merge, the comment is for the reviewer.

Usage: post_comment.py [--only-update] COMMENT.md
  --only-update: update the comment if there is one, never create one (an
  all-clear is news only to a pull request that had a comment).
Environment: GITHUB_TOKEN, GITHUB_EVENT_PATH, GITHUB_REPOSITORY,
GITHUB_API_URL (default https://api.github.com).
"""
import json
import os
import sys
import urllib.error
import urllib.request

MARKER = "<!-- ampcheck -->"


def request(method, url, token, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("Authorization", "Bearer " + token)
    req.add_header("X-GitHub-Api-Version", "2022-11-28")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as response:
        return json.loads(response.read() or b"null")


def main():
    args = sys.argv[1:]
    only_update = "--only-update" in args
    args = [a for a in args if a != "--only-update"]
    body = open(args[0], encoding="utf-8").read()
    if not body.startswith(MARKER):
        body = MARKER + "\n" + body
    token = os.environ.get("GITHUB_TOKEN", "")
    if not token:
        print("::warning::ampcheck: no GITHUB_TOKEN, review comment not posted")
        return 0
    event = json.load(open(os.environ["GITHUB_EVENT_PATH"], encoding="utf-8"))
    number = event["pull_request"]["number"]
    api = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
    repo = os.environ["GITHUB_REPOSITORY"]
    comments_url = f"{api}/repos/{repo}/issues/{number}/comments"
    try:
        existing = None
        page = 1
        while existing is None:
            batch = request("GET", f"{comments_url}?per_page=100&page={page}", token)
            if not batch:
                break
            existing = next(
                (c for c in batch if (c.get("body") or "").startswith(MARKER)), None
            )
            page += 1
        if existing:
            request("PATCH", f"{api}/repos/{repo}/issues/comments/{existing['id']}",
                    token, {"body": body})
            print(f"ampcheck: updated review comment {existing['id']}")
        elif only_update:
            print("ampcheck: nothing changed and no review comment to update")
        else:
            created = request("POST", comments_url, token, {"body": body})
            print(f"ampcheck: created review comment {created['id']}")
    except urllib.error.HTTPError as e:
        print(f"::warning::ampcheck: review comment not posted: HTTP {e.code} {e.reason}")
    except urllib.error.URLError as e:
        print(f"::warning::ampcheck: review comment not posted: {e.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
