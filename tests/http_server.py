"""A real ``http.server`` on 127.0.0.1 for the tests of fetch code: a port the system picks, served from a thread.

Each stand-in (Scryfall and MTGJSON downloads, Moxfield and Archidekt, EDHREC pages, the Hugging Face Hub, an
Anthropic-compatible provider) writes only its request handler; the socket, the thread and the shutdown live here,
so two test workers never race for a port.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


class LocalServer:
    """``handler`` answering on ``url`` (127.0.0.1, port 0) until :meth:`close`, or the end of a ``with`` block."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        # a short poll, so close() returns at once instead of after serve_forever's default half second
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=10)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that keeps the test output free of http.server's access log."""

    def log_message(self, *_: object) -> None:
        pass
