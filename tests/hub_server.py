"""A Hugging Face Hub stand-in on 127.0.0.1 for the hf: tests: datasets served at the Hub's download path.

The layout and headers follow huggingface_hub's own code (``file_download.py``: ``hf_hub_url`` builds
``{endpoint}/datasets/{repo}/resolve/{revision}/{path}``; ``get_hf_file_metadata`` reads ``X-Repo-Commit``,
``X-Linked-Etag``/``ETag`` and ``Content-Length`` from a HEAD request; ``hf_raise_for_status`` maps the
``X-Error-Code`` header ``RepoNotFound``, ``RevisionNotFound`` and ``EntryNotFound`` to its errors) and the
Hub's documented download endpoint (huggingface.co/docs/hub/api, "resolve").
"""

from __future__ import annotations

import hashlib
from urllib.parse import unquote

from tests.http_server import LocalServer, QuietHandler


class HubStandIn(LocalServer):
    """Repositories ``{repo: {revision: (commit, {path: bytes})}}`` served at ``url`` until :meth:`close`."""

    def __init__(self, repos: dict[str, dict[str, tuple[str, dict[str, bytes]]]]):
        self.repos = repos
        self.requests: list[str] = []
        super().__init__(self._handler())

    def _handler(self) -> type[QuietHandler]:
        stand_in = self

        class Handler(QuietHandler):
            def do_HEAD(self) -> None:  # noqa: N802 - http.server's naming
                self._answer(body=False)

            def do_GET(self) -> None:  # noqa: N802
                self._answer(body=True)

            def _answer(self, *, body: bool) -> None:
                stand_in.requests.append(f"{self.command} {self.path}")
                parts = unquote(self.path.split("?")[0]).split("/")
                # /datasets/<owner>/<name>/resolve/<revision>/<path...>
                if len(parts) < 7 or parts[1] != "datasets" or parts[4] != "resolve":
                    return self._error(404, "EntryNotFound", None)
                repo, revision, path = f"{parts[2]}/{parts[3]}", parts[5], "/".join(parts[6:])
                if repo not in stand_in.repos:
                    return self._error(401, "RepoNotFound", None)
                if revision not in stand_in.repos[repo]:
                    return self._error(404, "RevisionNotFound", None)
                commit, files = stand_in.repos[repo][revision]
                if path not in files:
                    return self._error(404, "EntryNotFound", commit)
                data = files[path]
                self.send_response(200)
                self.send_header("X-Repo-Commit", commit)
                self.send_header("ETag", f'"{hashlib.sha256(data).hexdigest()}"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if body:
                    self.wfile.write(data)

            def _error(self, status: int, code: str, commit: str | None) -> None:
                message = f"{code}: {self.path}".encode()
                self.send_response(status)
                self.send_header("X-Error-Code", code)
                self.send_header("X-Error-Message", code)
                if commit:
                    self.send_header("X-Repo-Commit", commit)
                self.send_header("Content-Length", str(len(message)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(message)

        return Handler
