"""Downloads against a real HTTP server on 127.0.0.1: good files install, broken ones change nothing."""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import grimoire
from grimoire.cards import update
from grimoire.cards.home import bundled_store_dir
from grimoire.cards.loading import SourceError
from tests.http_server import LocalServer, QuietHandler


class CardServer(LocalServer):
    """Serves Scryfall's bulk-data index and files, and MTGJSON's AtomicCards, from fixture bytes; ``refusals`` are
    answers a path gets, one per request, before its file.

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
        self.index: object = None  # the bulk-data index served in place of the real one's shape
        self.refusals: dict[str, list[tuple[int, dict[str, str], bytes]]] = {}  # (status, headers, body), in turn
        self.requests: list[str] = []
        server = self

        class Handler(QuietHandler):
            def do_GET(self):  # noqa: N802 - the http.server API
                path, encoding = self.path, None
                server.requests.append(path)
                if server.refusals.get(path):
                    status, headers, body = server.refusals[path].pop(0)
                    self.send_response(status)
                    for name, value in {"Content-Length": str(len(body)), **headers}.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                    return
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

    def bulk_index(self) -> object:
        return self.index if self.index is not None else self.real_index()

    def real_index(self) -> dict:
        # The shape of GET /bulk-data as Scryfall documents it (https://scryfall.com/docs/api/bulk-data): a list
        # object whose "data" holds bulk_data objects with id, type, updated_at, uri, name, description, size,
        # download_uri, content_type and content_encoding.
        def entry(kind: str, name: str, path: str, size: int) -> dict:
            return {"object": "bulk_data", "id": f"00000000-0000-4000-8000-00000000000{len(name) % 10}",
                    "type": kind, "updated_at": "2026-11-29T09:00:00.000+00:00",
                    "uri": f"{self.url}/bulk-data/{kind}", "name": name, "description": f"{name} (test copy)",
                    "size": size, "download_uri": f"{self.url}{path}", "content_type": "application/json",
                    "content_encoding": "gzip"}

        return {"object": "list", "has_more": False, "data": [
            entry("oracle_cards", "Oracle Cards", "/file/oracle-cards.json",
                  len(self.files["/file/oracle-cards.json"])),
            entry("rulings", "Rulings", "/file/rulings.json", len(self.files["/file/rulings.json"])),
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


def _without_data(index: dict) -> object:
    return {**index, "data": "x"}


def _entries_not_objects(index: dict) -> object:
    return {**index, "data": [1, "x", None]}


def _an_array(index: dict) -> object:
    return [1, 2, 3]


def _no_download_uri(index: dict) -> object:
    return {**index, "data": [{k: v for k, v in item.items() if k != "download_uri"} for item in index["data"]]}


def _download_uri_a_number(index: dict) -> object:
    return {**index, "data": [{**item, "download_uri": 5} for item in index["data"]]}


@pytest.mark.parametrize(("damage", "expected"), [
    (_without_data, "the bulk-data index has no 'data' list"),
    (_entries_not_objects, "no oracle_cards entry with an http(s) download_uri"),
    (_an_array, "not a Scryfall bulk-data index (a JSON list"),
    (_no_download_uri, "no oracle_cards entry with an http(s) download_uri"),
    (_download_uri_a_number, "no oracle_cards entry with an http(s) download_uri"),
])
def test_a_malformed_bulk_data_index_says_what_it_lacks_and_keeps_the_store(home, server, damage, expected):
    good = update.update_scryfall(min_cards=1)
    server.index = damage(server.real_index())
    with pytest.raises(update.DownloadError) as raised:
        update.update_scryfall(min_cards=1)
    assert expected in str(raised.value) and "/bulk-data" in str(raised.value)
    assert "object has no attribute" not in str(raised.value)
    assert grimoire.open().directory == good.directory
    assert leftovers(home) == []


def test_a_card_file_nested_too_deep_is_refused_naming_the_file(home, server):
    server.files["/file/oracle-cards.json"] = b"[" * 200_000
    with pytest.raises(SourceError, match=r"oracle_cards\.json.*nested too deeply"):
        update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == bundled_store_dir()


@pytest.mark.parametrize("cmc", [b"NaN", b"Infinity", b'"3"', b"-1"])
def test_a_download_with_a_card_whose_cmc_is_no_number_is_refused(home, server, fixtures, cmc):
    good = update.update_scryfall(min_cards=1)
    cards = json.loads((fixtures / "scryfall" / "oracle_cards.json").read_bytes())
    first = next(index for index, card in enumerate(cards) if "cmc" in card)
    cards[first]["cmc"] = "__CMC__"
    server.files["/file/oracle-cards.json"] = json.dumps(cards).encode().replace(b'"__CMC__"', cmc)
    with pytest.raises(SourceError, match=r"field 'cmc' must be a number from 0 up"):
        update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == good.directory
    assert len(grimoire.open()) == len(good)


def test_server_error_is_reported(home, server):
    server.fail.add("/file/oracle-cards.json")
    with pytest.raises(update.DownloadError, match="HTTP 500"):
        update.update_scryfall(min_cards=1)
    assert grimoire.open().directory == bundled_store_dir()


def test_small_download_is_refused_by_default(home, server):
    with pytest.raises(grimoire.StoreError, match="only"):
        update.update_scryfall()
    assert grimoire.open().directory == bundled_store_dir()


def test_a_local_load_reads_regular_files_only(home, tmp_path):
    """data load scryfall /dev/zero had read until the kernel killed the process (22 GB); a missing file says so."""
    for path, rulings, said in ((Path("/dev/zero"), None, "/dev/zero is not a regular file"),
                                (tmp_path / "none.json", None, "none.json is not there"),
                                (tmp_path, None, "is not a regular file"),
                                (Path(__file__), Path("/dev/zero"), "/dev/zero is not a regular file")):
        with pytest.raises(ValueError, match=said):
            update.load_file("scryfall", path, rulings=rulings, min_cards=1)
    assert grimoire.open().directory == bundled_store_dir()


def test_mtgjson_update_checks_the_published_sha256(home, server):
    db = update.update_mtgjson(min_cards=1)
    assert db.manifest["source"] == "mtgjson"
    assert db.named("brazen borrower").has_scryfall_id
    server.files["/AtomicCards.json.gz.sha256"] = b"0" * 64
    with pytest.raises(update.DownloadError, match="sha256 mismatch"):
        update.update_mtgjson(min_cards=1)
    assert grimoire.open().directory == db.directory


def test_an_mtgjson_checksum_answer_that_is_no_digest_says_so(home, server):
    """An HTML page in place of the .sha256 had been "sha256 mismatch (got ..., expected <html>...)"; the check is the
    precon downloader's (tests/bench/precon/test_mtgjson_files.py), written once in update.published_sha256."""
    server.files["/AtomicCards.json.gz.sha256"] = (b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n"
                                                   b"<body>\r\n")  # nginx's own error page (nginx/nginx)
    with pytest.raises(update.DownloadError, match=r"AtomicCards\.json\.gz\.sha256 holds no sha256 digest") as raised:
        update.update_mtgjson(min_cards=1)
    assert "mismatch" not in str(raised.value)
    assert grimoire.open().directory == bundled_store_dir()


def test_a_failed_rulings_download_names_the_option_that_skips_it(home, server):
    server.fail.add("/file/rulings.json")
    with pytest.raises(update.DownloadError, match=r"rulings\.json: HTTP 500.*--no-rulings"):
        update.update_scryfall(min_cards=1)
    assert update.update_scryfall(rulings=False, min_cards=1).named("Fire // Ice").has_scryfall_id


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


# Scryfall's error object (https://scryfall.com/docs/api/errors): object "error", status, code, details, and the
# nullable type and warnings, sent with the 4XX or 5XX status itself. The details are those Scryfall's 429 gave in
# scryfall/google-sheets issue #35; the code is the reviewer's repro's. Scryfall asks clients not to ignore a 429
# and limits access for 30 seconds after one (https://scryfall.com/docs/api/rate-limits).
RATE_LIMITED = json.dumps({
    "object": "error", "code": "rate_limited", "status": 429,
    "details": "You are being rate-limited, try again after 60 seconds. Scryfall requires you to constrain API usage "
               "to less than 10 requests per second."}).encode()
JSON_TYPE = {"Content-Type": "application/json; charset=utf-8"}


def _rate_limited(times: int, retry_after: str | None = None) -> list[tuple[int, dict[str, str], bytes]]:
    headers = {**JSON_TYPE, **({"Retry-After": retry_after} if retry_after is not None else {})}
    return [(429, headers, RATE_LIMITED)] * times


def test_a_429_is_asked_again_after_the_wait_it_names(home, server):
    server.refusals["/bulk-data"] = _rate_limited(1, retry_after="7")
    sleeps: list[float] = []
    db = update.update_scryfall(min_cards=1, sleep=sleeps.append)
    assert db.manifest["source"] == "scryfall" and sleeps == [7.0]
    assert server.requests[:2] == ["/bulk-data", "/bulk-data"]


def test_a_429_that_stays_says_what_scryfall_said_after_bounded_tries_and_keeps_the_store(home, server):
    """httpx's message had been "Client error '429 Too Many Requests' ... For more information check:
    https://developer.mozilla.org/...": Scryfall's details unread, the 429 not asked again."""
    good = update.update_scryfall(min_cards=1)
    server.refusals["/bulk-data"] = _rate_limited(update.RETRIES + 1)
    sleeps: list[float] = []
    with pytest.raises(update.DownloadError) as raised:
        update.update_scryfall(min_cards=1, sleep=sleeps.append)
    said = str(raised.value)
    assert "/bulk-data: HTTP 429 Too Many Requests (rate_limited): You are being rate-limited" in said
    assert f"still so after {update.RETRIES + 1} tries; try again later" in said
    assert "mozilla" not in said.lower()
    assert sleeps == [update.WAIT_S[429]] * update.RETRIES  # Scryfall's own wait, a bounded number of times
    assert grimoire.open().directory == good.directory
    assert leftovers(home) == []


def test_a_wait_longer_than_the_bound_is_not_waited(home, server):
    server.refusals["/bulk-data"] = [(503, {"Retry-After": "3600"}, b"")]
    sleeps: list[float] = []
    with pytest.raises(update.DownloadError, match=r"HTTP 503 Service Unavailable; the server asks to wait 3600 s"):
        update.update_scryfall(min_cards=1, sleep=sleeps.append)
    assert sleeps == [] and server.requests == ["/bulk-data"]
    assert grimoire.open().directory == bundled_store_dir()


def test_an_mtgjson_503_is_asked_again_too(home, server):
    server.refusals["/AtomicCards.json.gz.sha256"] = [(503, {}, b"")]
    server.refusals["/AtomicCards.json.gz"] = [(429, {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}, b"")]
    sleeps: list[float] = []
    db = update.update_mtgjson(min_cards=1, sleep=sleeps.append)
    assert db.manifest["source"] == "mtgjson"
    assert sleeps == [update.WAIT_S[503], 0.0]  # a Retry-After date already past: ask again at once


def test_cli_update_says_what_scryfall_said(home, server, monkeypatch):
    """The reviewer's repro: GRIMOIRE_SCRYFALL_API=<server>/rate, whose /bulk-data answers Scryfall's 429."""
    monkeypatch.setenv("GRIMOIRE_SCRYFALL_API", server.url + "/rate")
    server.refusals["/rate/bulk-data"] = _rate_limited(update.RETRIES + 1, retry_after="0")  # no real wait
    failed = subprocess.run([sys.executable, "-m", "grimoire", "data", "update", "--no-rulings", "--min-cards", "1"],
                            capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1 and "the current store is unchanged" in failed.stderr
    assert "HTTP 429 Too Many Requests (rate_limited): You are being rate-limited" in failed.stderr
    assert "mozilla" not in failed.stderr.lower()
    assert server.requests == ["/rate/bulk-data"] * (update.RETRIES + 1)


def test_an_html_page_in_place_of_the_bulk_data_index_is_named_with_its_title(home, server):
    # Cloudflare's challenge page, titled "Just a moment..." (its markup as quoted in VeNoMouS/cloudscraper issue
    # #194), passed on with HTTP 200 by a proxy: it had been "Expecting value: line 1 column 1 (char 0)"
    page = b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>"
    server.refusals["/bulk-data"] = [(200, {"Content-Type": "text/html"}, page)]
    with pytest.raises(update.DownloadError) as raised:
        update.update_scryfall(min_cards=1)
    assert "/bulk-data: the answer is an HTML page (titled 'Just a moment...'), not JSON" in str(raised.value)
    assert grimoire.open().directory == bundled_store_dir()
