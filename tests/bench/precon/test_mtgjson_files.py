"""MTGJSON downloads for the precon build, against a local HTTP server: checked against the published .sha256,
retried, cached, never half-written; and a whole build from an empty folder."""

from __future__ import annotations

import hashlib
import json

import pytest

import grimoire
from grimoire.bench.precon.build import build_dataset
from grimoire.bench.precon.dataset import load_dataset
from grimoire.bench.precon.mtgjson_files import MtgjsonFiles
from grimoire.cards.update import DownloadError
from tests.bench.precon.fixtures_data import (
    CUTOFF,
    SNAPSHOT,
    FixtureServer,
    edhrec_server,
    make_fetcher,
    mtgjson_routes,
    write_mtgjson,
)
from tests.http_server import LocalServer, QuietHandler

BODY = b'{"meta": {"version": "5.3.0+20261013"}, "data": []}'


def _files(folder, server) -> MtgjsonFiles:
    return MtgjsonFiles(folder, base_url=server.url, sleep=lambda _: None)


def test_a_missing_file_is_downloaded_checked_and_then_cached(tmp_path):
    routes = {"/SetList.json": BODY, "/SetList.json.sha256": hashlib.sha256(BODY).hexdigest().encode()}
    with FixtureServer(routes) as server:
        with _files(tmp_path, server) as files:
            path = files.path("SetList.json")
        assert path.read_bytes() == BODY and files.downloaded == ["SetList.json"]
        assert (tmp_path / "SetList.json.sha256").read_text().strip() == hashlib.sha256(BODY).hexdigest()
        asked = len(server.requests)
        with _files(tmp_path, server) as again:
            assert again.path("SetList.json") == path
        assert len(server.requests) == asked and again.cached == ["SetList.json"]


def test_a_corrupt_download_never_replaces_the_good_file(tmp_path):
    good = tmp_path / "SetList.json"
    good.write_bytes(BODY)
    (tmp_path / "SetList.json.sha256").write_text("0" * 64)  # the cached copy no longer verifies: fetch again
    routes = {"/SetList.json": b'{"truncat', "/SetList.json.sha256": hashlib.sha256(BODY).hexdigest().encode()}
    with FixtureServer(routes) as server, _files(tmp_path, server) as files:
        with pytest.raises(DownloadError, match="sha256 mismatch"):
            files.path("SetList.json")
    assert good.read_bytes() == BODY
    assert not list(tmp_path.glob("*.part"))


def test_a_failing_request_is_retried(tmp_path):
    routes = {"/decks/A_X.json": BODY, "/decks/A_X.json.sha256": hashlib.sha256(BODY).hexdigest().encode()}
    waits: list[float] = []
    with FixtureServer(routes, fail_once={"/decks/A_X.json"}) as server:
        files = MtgjsonFiles(tmp_path, base_url=server.url, sleep=waits.append)
        assert files.path("decks/A_X.json").read_bytes() == BODY
    assert waits == [2.0] and [p for p, _ in server.requests].count("/decks/A_X.json") == 2


def test_no_checksum_published_is_an_error_not_a_trusted_file(tmp_path):
    with FixtureServer({"/AtomicCards.json": BODY}) as server, _files(tmp_path, server) as files:
        with pytest.raises(DownloadError, match="sha256"):
            files.path("AtomicCards.json")
    assert not (tmp_path / "AtomicCards.json").exists()


def test_offline_without_the_file_says_so(tmp_path):
    assert MtgjsonFiles(tmp_path).path("DeckList.json") is None


def test_offline_a_file_that_does_not_match_its_checksum_says_so(tmp_path):
    """It had been "missing and downloads are off", though the file was there."""
    (tmp_path / "DeckList.json").write_bytes(BODY)
    (tmp_path / "DeckList.json.sha256").write_text("0" * 64 + "\n")
    with pytest.raises(DownloadError, match=r"DeckList\.json is here but does not match its checksum file "
                                            r"DeckList\.json\.sha256.*run without --offline"):
        MtgjsonFiles(tmp_path).path("DeckList.json")
    (tmp_path / "DeckList.json.sha256").write_text(hashlib.sha256(BODY).hexdigest() + "\n")
    assert MtgjsonFiles(tmp_path).path("DeckList.json") == tmp_path / "DeckList.json"


# An error page answered with HTTP 200 in place of the digest (nginx's own, nginx/nginx
# src/http/ngx_http_special_response.c), which the MTGJSON update reads with the same check (tests/cards/test_update.py)
ERROR_PAGE = b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"


def test_a_checksum_answer_that_is_no_digest_says_so(tmp_path):
    with FixtureServer({"/SetList.json": BODY, "/SetList.json.sha256": ERROR_PAGE}) as server, \
            _files(tmp_path, server) as files:
        with pytest.raises(DownloadError, match=r"SetList\.json\.sha256 holds no sha256 digest \(64 hex digits\): "
                                                r"it begins '<html> <head><title>502 Bad Gateway"):
            files.path("SetList.json")
    assert not (tmp_path / "SetList.json").exists()


def test_a_build_from_an_empty_folder_downloads_what_it_uses(tmp_path):
    db = grimoire.open()
    source = write_mtgjson(tmp_path / "published", db)
    with FixtureServer(mtgjson_routes(source)) as mtgjson, edhrec_server() as edhrec:
        with make_fetcher(tmp_path / "edhrec", edhrec.url) as fetcher, \
                _files(tmp_path / "mtgjson", mtgjson) as files:
            manifest = build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=files, db=db, fetcher=fetcher,
                                     cutoff=CUTOFF)
    downloaded = manifest["mtgjson"]["downloaded"]
    assert {"DeckList.json", "SetList.json", "AtomicCards.json"} <= set(downloaded)
    assert "decks/PartyOfTwo_PPC.json" in downloaded and "decks/IntroPack_XYZ.json" not in downloaded
    assert len(load_dataset(tmp_path / "out")) == 6


class CutOffServer(LocalServer):
    """Serves one file; the first answer stops halfway through, later ones honour ``Range: bytes=N-`` with 206
    (RFC 9110's byte ranges, as a CDN such as MTGJSON's serves them)."""

    def __init__(self, body: bytes):
        self.ranges: list[str | None] = []
        server = self
        digest = hashlib.sha256(body).hexdigest().encode()

        class Handler(QuietHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                if self.path.endswith(".sha256"):
                    return self._send(200, digest)
                requested = self.headers.get("Range")
                server.ranges.append(requested)
                if requested is None and len(server.ranges) == 1:
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body[: len(body) // 2])  # then the connection drops
                    self.close_connection = True
                    return None
                start = int(requested.removeprefix("bytes=").rstrip("-")) if requested else 0
                return self._send(206 if requested else 200, body[start:])

            def _send(self, status: int, data: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        super().__init__(Handler)


def test_a_download_cut_off_midway_resumes_where_it_stopped(tmp_path):
    body = json.dumps({"meta": {}, "data": [{"code": f"S{n:03d}"} for n in range(2000)]}).encode()
    with CutOffServer(body) as server:
        files = MtgjsonFiles(tmp_path, base_url=server.url, sleep=lambda _: None)
        assert files.path("SetList.json").read_bytes() == body
    assert server.ranges == [None, f"bytes={len(body) // 2}-"]
    assert not (tmp_path / "SetList.json.part").exists()
