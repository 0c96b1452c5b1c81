"""The MTGJSON files a precon build reads, kept in a local folder and downloaded when missing.

MTGJSON publishes each file at ``https://mtgjson.com/api/v5/<name>`` with its sha256 in ``<name>.sha256`` beside it;
deck files live under ``decks/<fileName>.json``. Every download goes to a ``.part`` file, is checked against the
published sha256, and only then renamed into place, so a broken download never replaces a good file; a download cut
off midway resumes from its ``.part`` (an HTTP range request) on the next attempt.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from tqdm import tqdm

from grimoire.cards.update import USER_AGENT, DownloadError, published_sha256

RETRIES = 3
BACKOFF_S = 2.0
TIMEOUT = httpx.Timeout(30.0, read=120.0)
CHECKSUM_SUFFIX = ".sha256"


class MtgjsonFiles:
    """MTGJSON files under ``folder`` (the same relative paths as on the server); ``base_url=None`` never downloads.

    A file already in the folder with a matching ``.sha256`` beside it is used as it is (the cache); a file with
    no checksum beside it was put there by hand and is trusted. ``sleep`` is injectable so tests do not wait.
    """

    def __init__(self, folder: str | Path, *, base_url: str | None = None, retries: int = RETRIES,
                 backoff_s: float = BACKOFF_S, sleep: Callable[[float], None] = time.sleep,
                 client: httpx.Client | None = None):
        self.folder = Path(folder)
        self.base_url = base_url.rstrip("/") if base_url else None
        self.retries = retries
        self.backoff_s = backoff_s
        self.sleep = sleep
        self._client = client
        self.downloaded: list[str] = []
        self.cached: list[str] = []

    def path(self, relative: str, *, alternatives: tuple[str, ...] = ()) -> Path | None:
        """The local copy of ``relative`` (or of one of the local ``alternatives``), downloading it if needed;
        ``None`` when it is not here and there is nowhere to download it from. A copy here that does not match its
        ``.sha256``, with nowhere to download it from, is a :class:`DownloadError` saying so."""
        unverified = []
        for name in (relative, *alternatives):
            local = self.folder / name
            if not local.exists():
                continue
            if self._verified(local):
                self.cached.append(name)
                return local
            unverified.append(local)
        if self.base_url is None:
            if unverified:
                raise DownloadError(_unverified_message(unverified[0]))
            return None
        return self._download(relative)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def __enter__(self) -> MtgjsonFiles:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _verified(self, local: Path) -> bool:
        checksum = _checksum_file(local)
        if not checksum.exists():
            return True
        try:
            published = published_sha256(checksum.read_text(encoding="utf-8", errors="replace"), str(checksum))
        except DownloadError:
            return False
        with local.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest() == published

    def _http(self) -> httpx.Client:
        if self._client is None:
            self._client = httpx.Client(headers={"User-Agent": USER_AGENT}, timeout=TIMEOUT, follow_redirects=True)
        return self._client

    def _download(self, relative: str) -> Path:
        url = f"{self.base_url}/{relative}"
        dest = self.folder / relative
        dest.parent.mkdir(parents=True, exist_ok=True)
        failure: Exception | None = None
        for attempt in range(self.retries + 1):
            if attempt:
                self.sleep(self.backoff_s * 2 ** (attempt - 1))
            try:
                expected = self._checksum(url)
                self._fetch(url, dest, expected, label=f"MTGJSON {relative}")
            except DownloadError as exc:
                failure = exc
                continue
            _checksum_file(dest).write_text(expected + "\n", encoding="utf-8")
            self.downloaded.append(relative)
            return dest
        raise DownloadError(f"{failure} (gave up after {self.retries + 1} attempts; nothing was replaced)")

    def _fetch(self, url: str, dest: Path, sha256: str, *, label: str) -> None:
        """Stream ``url`` into ``dest.part`` (continuing a partial one), then verify and rename it to ``dest``."""
        part = dest.with_name(dest.name + ".part")
        have = part.stat().st_size if part.exists() else 0
        headers = {"Accept-Encoding": "identity", **({"Range": f"bytes={have}-"} if have else {})}
        try:
            with self._http().stream("GET", url, headers=headers) as response:
                if response.status_code == 416:  # the partial file is not a prefix of this one: start again
                    part.unlink(missing_ok=True)
                    raise DownloadError(f"{url}: the partial download no longer fits; restarting")
                if response.status_code not in (200, 206):
                    raise DownloadError(f"{url}: HTTP {response.status_code}")
                have = have if response.status_code == 206 else 0
                length = response.headers.get("Content-Length")
                total = have + int(length) if length else None
                with part.open("ab" if have else "wb") as out, tqdm(total=total, initial=have, unit="B",
                                                                   unit_scale=True, desc=label, disable=None,
                                                                   leave=False) as bar:
                    for chunk in response.iter_raw():
                        out.write(chunk)
                        bar.update(len(chunk))
        except httpx.HTTPError as exc:  # the .part stays: the next attempt resumes it
            raise DownloadError(f"{url}: cut off after {part.stat().st_size if part.exists() else 0} bytes "
                                f"({exc})") from exc
        with part.open("rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()
        if digest != sha256:
            part.unlink()
            raise DownloadError(f"{url}: sha256 mismatch (got {digest}, expected {sha256})")
        os.replace(part, dest)

    def _checksum(self, url: str) -> str:
        try:
            response = self._http().get(url + CHECKSUM_SUFFIX)
        except httpx.HTTPError as exc:
            raise DownloadError(f"{url}{CHECKSUM_SUFFIX}: {exc}") from exc
        if response.status_code != 200:
            raise DownloadError(f"{url}{CHECKSUM_SUFFIX}: HTTP {response.status_code}")
        return published_sha256(response.text, url + CHECKSUM_SUFFIX)


def _checksum_file(local: Path) -> Path:
    return local.with_name(local.name + CHECKSUM_SUFFIX)


def _unverified_message(local: Path) -> str:
    checksum = _checksum_file(local)
    return (f"{local} is here but does not match its checksum file {checksum.name} (the file is damaged or was "
            f"changed, or the checksum is of another version), and downloads are off: run without --offline to "
            f"download it again, or delete {checksum} to use the file as it is")
