"""Fetching card data (Scryfall bulk data, MTGJSON AtomicCards) and installing it as the current store.

Every download goes to a temporary file and is checked (length, checksum, parse) before a store is built
from it; the store in use changes only when a complete new store has been written and read back. A refusal says
what the server said (Scryfall's error object), and a 429 or 503 is retried a few times after a bounded wait.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from email.utils import parsedate_to_datetime
from pathlib import Path

import httpx
from tqdm import tqdm

from grimoire import __version__
from grimoire.cards import corpus, mtgjson, scryfall
from grimoire.cards.atomic import atomic_path
from grimoire.cards.home import MIN_FULL_STORE, claim_work_folder, grimoire_home, install
from grimoire.cards.loading import LoadResult
from grimoire.cards.names import page_title
from grimoire.cards.store import CardDB

SCRYFALL_API = "https://api.scryfall.com"
MTGJSON_API = "https://mtgjson.com/api/v5"
USER_AGENT = f"grimoire/{__version__} (Magic card search; offline-first)"
TIMEOUT = httpx.Timeout(30.0, read=120.0)
# A 429 or 503 is asked again at most RETRIES times, after Retry-After when given, else WAIT_S. Scryfall: "Receiving an
# HTTP 429 response will result in your access being limited for 30 seconds" and "It is not acceptable to ignore
# HTTP 429 responses" (https://scryfall.com/docs/api/rate-limits); its 429 error object has said "try again after 60
# seconds" (quoted in scryfall/google-sheets issue #35), so a 429 waits 60 s. A wait asked for that is longer than
# MAX_WAIT_S is not waited: the update stops and says so.
RETRY_STATUSES = (429, 503)
RETRIES = 2
WAIT_S = {429: 60.0, 503: 5.0}
MAX_WAIT_S = 120.0
_ERROR_BODY_BYTES = 64 * 1024  # of a refusal's body: an error object is a few hundred bytes


class DownloadError(RuntimeError):
    """A download failed or arrived incomplete or corrupt; nothing was installed."""


def scryfall_api() -> str:
    return os.environ.get("GRIMOIRE_SCRYFALL_API", SCRYFALL_API).rstrip("/")


def mtgjson_api() -> str:
    return os.environ.get("GRIMOIRE_MTGJSON_API", MTGJSON_API).rstrip("/")


def _client() -> httpx.Client:
    # Files are saved as the bytes that arrive (iter_raw), and the loaders read plain or gzip only: httpx's default
    # Accept-Encoding also offers deflate, and zstd where zstandard is installed.
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json;q=0.9,*/*;q=0.8", "Accept-Encoding": "gzip"}
    return httpx.Client(headers=headers, timeout=TIMEOUT, follow_redirects=True)


def download(client: httpx.Client, url: str, dest: Path, *, label: str, sha256: str | None = None,
             sleep: Callable[[float], None] = time.sleep) -> Path:
    """Stream ``url`` to ``dest`` with a progress bar; verify its length (and sha256 when given).

    ``dest`` appears only once the whole file has arrived and checked out (:func:`atomic.atomic_path`).
    """
    with atomic_path(dest) as part:
        _stream(client, url, part, label=label, sha256=sha256, sleep=sleep)
    return dest


def _stream(client: httpx.Client, url: str, part: Path, *, label: str, sha256: str | None,
            sleep: Callable[[float], None]) -> None:
    digest = hashlib.sha256()
    received = 0
    try:
        response = _get(client, url, sleep=sleep)
        try:
            expected = int(response.headers["Content-Length"]) if "Content-Length" in response.headers else None
            with part.open("wb") as out, tqdm(total=expected, unit="B", unit_scale=True, desc=label,
                                             disable=None, leave=False) as bar:
                for chunk in response.iter_raw():
                    out.write(chunk)
                    digest.update(chunk)
                    received += len(chunk)
                    bar.update(len(chunk))
        finally:
            response.close()
    except httpx.HTTPError as exc:
        raise DownloadError(f"{url}: download failed or truncated after {received} bytes ({exc})") from exc
    if expected is not None and received != expected:
        raise DownloadError(f"{url}: truncated download, {received} of {expected} bytes")
    if sha256 and digest.hexdigest() != sha256.lower():
        raise DownloadError(f"{url}: sha256 mismatch (got {digest.hexdigest()}, expected {sha256})")


def _get(client: httpx.Client, url: str, *, sleep: Callable[[float], None]) -> httpx.Response:
    """A streamed HTTP 200 answer to GET ``url`` (the caller closes it), asking again after a 429 or 503.

    Any other answer, or a 429 or 503 still there after :data:`RETRIES` more tries, is a :class:`DownloadError`
    saying what the server said: httpx's own message had named neither Scryfall's ``details`` nor anything to do
    but read a page on developer.mozilla.org.
    """
    attempt = 0
    while True:
        response = client.send(client.build_request("GET", url), stream=True)
        if response.status_code == 200:
            return response
        try:
            said, wait = _refusal(response), _retry_wait(response)
        finally:
            response.close()
        if wait is None or attempt == RETRIES:
            tries = f"; still so after {attempt + 1} tries" if attempt else ""
            later = _try_again(response) if response.status_code in RETRY_STATUSES else ""
            raise DownloadError(f"{url}: {said}{tries}{later}")
        print(f"{url}: {said}; asking again in {wait:.0f} s ({attempt + 1} of {RETRIES})", file=sys.stderr)
        sleep(wait)
        attempt += 1


def _retry_wait(response: httpx.Response) -> float | None:
    """How long to wait before asking again (``Retry-After`` when given, else :data:`WAIT_S`), or ``None`` when the
    answer is not worth asking again or asks for a wait longer than :data:`MAX_WAIT_S`."""
    if response.status_code not in RETRY_STATUSES:
        return None
    asked = _retry_after(response.headers.get("Retry-After"))
    wait = WAIT_S[response.status_code] if asked is None else asked
    return wait if wait <= MAX_WAIT_S else None


def _try_again(response: httpx.Response) -> str:
    asked = _retry_after(response.headers.get("Retry-After"))
    return "; try again later" if asked is None else f"; the server asks to wait {asked:.0f} s: try again then"


def _retry_after(value: str | None) -> float | None:
    """``Retry-After`` in seconds: a number of seconds or an HTTP date (RFC 9110, section 10.2.3)."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError, OverflowError):
        return None


def _refusal(response: httpx.Response) -> str:
    """``HTTP <status>`` and what the answer says: Scryfall's error object (``details``, ``code``, ``warnings``;
    https://scryfall.com/docs/api/errors), else the status's reason phrase."""
    body = b""
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) >= _ERROR_BODY_BYTES:
            break
    status = f"HTTP {response.status_code} {response.reason_phrase}".rstrip()
    try:
        error = json.loads(body)
    except ValueError:
        return status
    if not isinstance(error, dict) or error.get("object") != "error" or not isinstance(error.get("details"), str):
        return status
    code = f" ({error['code']})" if isinstance(error.get("code"), str) else ""
    warnings = error.get("warnings") if isinstance(error.get("warnings"), list) else []
    return f"{status}{code}: {error['details']}" + "".join(f" Warning: {w}" for w in warnings if isinstance(w, str))


_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_PAGE_BYTES = 64 << 10  # of an HTML answer, enough to find its title
_QUOTED_CHARS = 60  # of an answer that is no digest, enough to tell an error page


def published_sha256(text: str, where: str) -> str:
    """The digest a ``.sha256`` file publishes: its first word, 64 hex digits (MTGJSON writes the bare digest;
    ``sha256sum`` adds the file's name after it). Raises :class:`DownloadError` naming ``where`` when the text holds
    no digest, as when a server answers with an HTML error page in its place."""
    words = text.split()
    if words and _SHA256.fullmatch(words[0]):
        return words[0].lower()
    start = " ".join(words)
    start = start if len(start) <= _QUOTED_CHARS else start[:_QUOTED_CHARS] + "..."
    answer = f"begins {start!r}" if start else "is empty"
    raise DownloadError(f"{where} holds no sha256 digest (64 hex digits): it {answer}, so the server answered with "
                        "something else, such as an error page; try again later")


def _get_json(client: httpx.Client, url: str, *, sleep: Callable[[float], None]) -> object:
    body = b""
    try:
        response = _get(client, url, sleep=sleep)
        try:
            body = response.read()
        finally:
            response.close()
        return json.loads(body)
    except ValueError as exc:
        if body.lstrip().startswith(b"<"):  # a challenge or error page served with a 200, as the deck readers see too
            text = body[:_PAGE_BYTES].decode("utf-8", "replace")
            titled = f" (titled {title!r})" if (title := page_title(text)) else ""
            raise DownloadError(f"{url}: the answer is an HTML page{titled}, not JSON: a challenge or error page? "
                                "Try again later") from exc
        raise DownloadError(f"{url}: {exc}") from exc
    except httpx.HTTPError as exc:
        raise DownloadError(f"{url}: {exc}") from exc
    except RecursionError as exc:
        raise DownloadError(f"{url}: not JSON this reader can read (nested thousands of levels deep)") from exc


# Scryfall's bulk-data index (https://scryfall.com/docs/api/bulk-data): a list object whose "data" holds one
# bulk_data object per file, each with its "type" and the "download_uri" to fetch it from.
_BULK_SHAPE = '{"object": "list", "data": [{"type": "oracle_cards", "download_uri": "https://...", ...}, ...]}'


def _bulk_files(index: object, url: str) -> dict[str, dict]:
    """The bulk_data objects of Scryfall's bulk-data index that name a file to download, by type; raises
    :class:`DownloadError` saying what the index lacks when it has no oracle_cards file."""
    if not isinstance(index, dict):
        raise DownloadError(f"{url}: not a Scryfall bulk-data index (a JSON {type(index).__name__}; expected "
                            f"{_BULK_SHAPE})")
    data = index.get("data")
    if not isinstance(data, list):
        raise DownloadError(f"{url}: the bulk-data index has no 'data' list (expected {_BULK_SHAPE})")
    files: dict[str, dict] = {}
    for entry in data:
        if isinstance(entry, dict) and isinstance(entry.get("type"), str) and \
                isinstance(entry.get("download_uri"), str) and entry["download_uri"].startswith(("http://", "https://")):
            files.setdefault(entry["type"], entry)
    if "oracle_cards" not in files:
        raise DownloadError(f"{url}: the bulk-data index has no oracle_cards entry with an http(s) download_uri "
                            f"(expected {_BULK_SHAPE})")
    return files


def _with_download_dir(home: Path, work: Callable[[Path], CardDB]) -> CardDB:
    folder = claim_work_folder(home, "download-")
    try:
        return work(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def update_scryfall(home: Path | None = None, *, rulings: bool = True, min_cards: int = MIN_FULL_STORE,
                    sleep: Callable[[float], None] = time.sleep) -> CardDB:
    """Download Scryfall's current ``oracle_cards`` (and ``rulings``) bulk files and install them.

    ``sleep`` waits before asking again after a 429 or 503 (injectable, so tests do not wait)."""
    home = home or grimoire_home()

    def work(folder: Path) -> CardDB:
        with _client() as client:
            index_url = f"{scryfall_api()}/bulk-data"
            entries = _bulk_files(_get_json(client, index_url, sleep=sleep), index_url)
            cards_file = download(client, entries["oracle_cards"]["download_uri"], folder / "oracle_cards.json",
                                  label="Scryfall oracle cards", sleep=sleep)
            rulings_file = None
            if rulings and "rulings" in entries:
                try:
                    rulings_file = download(client, entries["rulings"]["download_uri"], folder / "rulings.json",
                                            label="Scryfall rulings", sleep=sleep)
                except DownloadError as exc:
                    raise DownloadError(f"{exc} (Scryfall's rulings file; grimoire data update --no-rulings "
                                        "updates the cards without it)") from exc
        result = scryfall.load(cards_file, rulings_file)
        updated_at = entries["oracle_cards"].get("updated_at")
        result.data_date = result.data_date or (updated_at if isinstance(updated_at, str) else None)
        return install(result, home=home, min_cards=min_cards,
                       source_detail="Scryfall bulk data (oracle_cards, rulings)",
                       source_file=entries["oracle_cards"]["download_uri"])

    return _with_download_dir(home, work)


def update_mtgjson(home: Path | None = None, *, min_cards: int = MIN_FULL_STORE,
                   sleep: Callable[[float], None] = time.sleep) -> CardDB:
    """Download MTGJSON's ``AtomicCards.json.gz``, check it against its published sha256, and install it.

    ``sleep`` waits before asking again after a 429 or 503, as for Scryfall."""
    home = home or grimoire_home()
    url = f"{mtgjson_api()}/AtomicCards.json.gz"

    def work(folder: Path) -> CardDB:
        with _client() as client:
            try:
                response = _get(client, url + ".sha256", sleep=sleep)
                try:
                    text = response.read().decode("utf-8", errors="replace")
                finally:
                    response.close()
            except httpx.HTTPError as exc:
                raise DownloadError(f"{url}.sha256: {exc}") from exc
            expected = published_sha256(text, f"{url}.sha256")
            path = download(client, url, folder / "AtomicCards.json.gz", label="MTGJSON AtomicCards",
                            sha256=expected, sleep=sleep)
        result = mtgjson.load(path)
        return install(result, home=home, min_cards=min_cards, source_detail="MTGJSON AtomicCards", source_file=url)

    return _with_download_dir(home, work)


LOADERS: dict[str, Callable[..., LoadResult]] = {
    "scryfall": scryfall.load,
    "mtgjson": mtgjson.load,
    "corpus": corpus.load,
}


def load_file(source: str, path: Path, *, rulings: Path | None = None, home: Path | None = None,
              min_cards: int = MIN_FULL_STORE) -> CardDB:
    """Install a store from a local file of one source (``scryfall``, ``mtgjson`` or ``corpus``)."""
    if source not in LOADERS:
        raise ValueError(f"unknown source {source!r}; choose one of {', '.join(LOADERS)}")
    if rulings is not None and source != "scryfall":
        raise ValueError("--rulings is only for Scryfall files")
    for given in (path, rulings):  # (/dev/zero had been read until the kernel killed the process, at 22 GB)
        if given is not None and not Path(given).is_file():
            what = "not a regular file (a device or a pipe?)" if Path(given).exists() else "not there"
            raise ValueError(f"{given} is {what}: name the card data file")
    result = LOADERS[source](Path(path), rulings) if source == "scryfall" else LOADERS[source](Path(path))
    return install(result, home=home or grimoire_home(), min_cards=min_cards,
                   source_detail=f"local {source} file", source_file=str(Path(path).name))


def load_hub(reference: str, *, home: Path | None = None, min_cards: int = MIN_FULL_STORE) -> CardDB:
    """Install the card table of a Hub repository, e.g. the search index the published figures were measured on.

    The table is Scryfall card objects (JSON, or Parquet with Scryfall's field names as columns); the manifest
    records the reference and the commit it resolved to.
    """
    from grimoire import hub

    path, fetched = hub.index_cards(reference)
    with tempfile.TemporaryDirectory() as tmp:
        cards_path = path
        if path.suffix == ".parquet":
            import pyarrow.parquet as pq

            cards_path = Path(tmp) / "cards.json"
            cards_path.write_text(json.dumps(pq.read_table(path).to_pylist(), default=str), encoding="utf-8")
        result = scryfall.load(cards_path)
    return install(result, home=home or grimoire_home(), min_cards=min_cards,
                   source_detail=f"{fetched.ref} (commit {fetched.commit})", source_file=path.name)
