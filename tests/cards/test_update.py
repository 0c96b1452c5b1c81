"""Downloads against a real HTTP server on 127.0.0.1: good files install, broken ones change nothing."""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import sys
from collections.abc import Callable

import pytest

import grimoire
from grimoire.cards import update
from grimoire.cards.home import bundled_store_dir
from grimoire.cards.loading import SourceError
from tests.http_server import LocalServer, QuietHandler


class CardServer(LocalServer):
    """Serves Scryfall's bulk-data index and files, and MTGJSON's AtomicCards, from fixture bytes.

    The index is the list of bulk_data objects Scryfall documents (https://scryfall.com/docs/api/bulk-data); MTGJSON
    publishes each file gzipped with a ``.sha256`` digest beside it (https://mtgjson.com/downloads/all-files/).

    ``encodings`` maps a Content-Encoding to a compressor: a file is sent in the first one the request's
    Accept-Encoding names, as a CDN negotiates it (RFC 9110, section 12.5.3); Scryfall's bulk-data objects say
    their files travel with ``content_encoding`` gzip. ``accept_encodings`` records what each request asked for."""

    def __init__(self, files: dict[str, bytes]):
        self.files = dict(files)
        self.truncate: set[str] = set()
        self.fail: set[str] = set()
        self.encodings: dict[str, Callable[[bytes], bytes]] = {}
        self.accept_encodings: list[str] = []
        server = self

        class Handler(QuietHandler):
            def do_GET(self):  # noqa: N802 - the http.server API
                path, encoding = self.path, None
                if path == "/bulk-data":
                    body = json.dumps(server.bulk_index()).encode()
                elif path in server.files and path not in server.fail:
                    body = server.files[path]
                    accepted = self.headers.get("Accept-Encoding", "")
                    server.accept_encodings.append(accepted)
                    encoding = next((name for name in server.encodings if name in accepted), None)
                    if encoding:
                        body = server.encodings[encoding](body)
                else:
                    self.send_response(404 if path not in server.fail else 500)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                if encoding:
                    self.send_header("Content-Encoding", encoding)
                self.end_headers()
                if path in server.truncate:
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self.connection.close()
                    return
                self.wfile.write(body)

        super().__init__(Handler)

    def bulk_index(self) -> dict:
        return {"object": "list", "has_more": False, "data": [
            {"object": "bulk_data", "type": "oracle_cards", "updated_at": "2026-11-29T09:00:00.000+00:00",
             "download_uri": f"{self.url}/file/oracle-cards.json", "content_type": "application/json"},
            {"object": "bulk_data", "type": "rulings", "updated_at": "2026-11-29T09:00:00.000+00:00",
             "download_uri": f"{self.url}/file/rulings.json", "content_type": "application/json"},
        ]}


@pytest.fixture
def server(fixtures, monkeypatch):
    atomic = gzip.compress((fixtures / "mtgjson" / "AtomicCards.json").read_bytes())
    with CardServer({
        "/file/oracle-cards.json": (fixtures / "scryfall" / "oracle_cards.json").read_bytes(),
        "/file/rulings.json": (fixtures / "scryfall" / "rulings.json").read_bytes(),
        "/AtomicCards.json.gz": atomic,
        "/AtomicCards.json.gz.sha256": hashlib.sha256(atomic).hexdigest().encode() + b"\n",
    }) as srv:
        monkeypatch.setenv("GRIMOIRE_SCRYFALL_API", srv.url)
        monkeypatch.setenv("GRIMOIRE_MTGJSON_API", srv.url)
        yield srv


def leftovers(home):
    return sorted(p.name for p in home.iterdir() if p.name not in {"stores", "current"})


def test_scryfall_update_installs_cards_and_rulings(home, server):
    db = update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == db.directory
    assert db.manifest["source"] == "scryfall"
    assert db.manifest["data_date"].startswith("2026-11-29")
    card = db.named("Fire // Ice")
    assert card.has_scryfall_id and [f.name for f in card.faces] == ["Fire", "Ice"]
    assert db.rulings(card)
    assert leftovers(home) == []


def test_downloads_ask_for_gzip_so_no_encoding_the_loader_cannot_read_arrives(home, server):
    zstandard = pytest.importorskip("zstandard")  # httpx offers zstd by default only where it is installed
    server.encodings = {"zstd": zstandard.ZstdCompressor().compress, "gzip": gzip.compress}
    db = update.update_scryfall(min_cards=1)
    assert db.named("Fire // Ice").has_scryfall_id
    assert set(server.accept_encodings) == {"gzip"}


def test_truncated_download_keeps_the_current_store(home, server):
    good = update.update_scryfall(min_cards=1)
    server.truncate.add("/file/oracle-cards.json")
    with pytest.raises(update.DownloadError):
        update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == good.directory
    assert len(grimoire.open()) == len(good)
    assert leftovers(home) == []


def test_corrupt_file_keeps_the_current_store(home, server):
    server.files["/file/oracle-cards.json"] = b'[{"object": "card", "oracle_id": "x", "name": "Half'
    with pytest.raises(SourceError, match="oracle_cards.json"):
        update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == bundled_store_dir()
    assert leftovers(home) == []


def test_server_error_is_reported(home, server):
    server.fail.add("/file/oracle-cards.json")
    with pytest.raises(update.DownloadError, match="HTTP 500"):
        update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == bundled_store_dir()


def test_small_download_is_refused_by_default(home, server):
    with pytest.raises(grimoire.StoreError, match="only"):
        update.update_scryfall()
    assert grimoire.open().directory == bundled_store_dir()


def test_mtgjson_update_checks_the_published_sha256(home, server):
    db = update.update_mtgjson(min_cards=1)
    assert db.manifest["source"] == "mtgjson"
    assert db.named("brazen borrower").has_scryfall_id
    server.files["/AtomicCards.json.gz.sha256"] = b"0" * 64
    with pytest.raises(update.DownloadError, match="sha256 mismatch"):
        update.update_mtgjson(min_cards=1)
    assert grimoire.open().directory == db.directory


def test_cli_update_and_info(home, server):
    env_run = [sys.executable, "-m", "grimoire"]
    result = subprocess.run([*env_run, "data", "update", "--min-cards", "1"], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    info = subprocess.run([*env_run, "data", "info"], capture_output=True, text=True, timeout=60).stdout
    assert "scryfall" in info
    server.truncate.add("/file/oracle-cards.json")
    failed = subprocess.run([*env_run, "data", "update", "--min-cards", "1"], capture_output=True, text=True,
                            timeout=120)
    assert failed.returncode == 1 and "unchanged" in failed.stderr and "truncated" in failed.stderr
