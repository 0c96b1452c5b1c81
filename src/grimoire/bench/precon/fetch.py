"""A polite, caching fetcher for EDHREC pages: robots.txt for every URL, one request per 5 s, back-off on 429.

Every successful response that reads as what was asked for is kept on disk keyed by the URL that served it (and an
HTTP redirect by the URL asked for) and never fetched again, so a rebuild makes no requests; one that does not (a
challenge page served with HTTP 200) is never cached.
"""

from __future__ import annotations

import hashlib
import os
import time
import urllib.robotparser
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx

from grimoire import __version__
from grimoire.cards import atomic

EDHREC_BASE = "https://edhrec.com"
# json.edhrec.com serves each page's object at https://json.edhrec.com/pages/<path>.json (Guibod/mightstone's
# EdhRecStatic.base_url is https://json.edhrec.com/pages); a base whose path ends so is read as that host.
JSON_PAGES_PATH = "/pages"
CONTACT = "grimoire maintainers via the project's issue tracker"


def user_agent_default() -> str:
    """A User-Agent that says who is asking and how to reach them (``GRIMOIRE_CONTACT`` sets the contact)."""
    contact = os.environ.get("GRIMOIRE_CONTACT", CONTACT)
    return f"grimoire/{__version__} precon research benchmark (1 request per 5 s, cached; contact: {contact})"


MIN_INTERVAL_S = 5.0
MAX_RETRIES = 4
MAX_REDIRECTS = 5
BACKOFF_S = 10.0
TIMEOUT = httpx.Timeout(30.0)


def edhrec_base() -> str:
    """EDHREC's base URL; ``GRIMOIRE_EDHREC_BASE`` points it elsewhere (the JSON host, a mirror, a test server)."""
    return os.environ.get("GRIMOIRE_EDHREC_BASE", EDHREC_BASE).rstrip("/")


def serves_page_json(base_url: str) -> bool:
    """Whether a base serves page JSON, as ``https://json.edhrec.com/pages`` does: its path ends in ``/pages``."""
    return urlsplit(base_url).path.rstrip("/").endswith(JSON_PAGES_PATH)


class FetchError(RuntimeError):
    """A page could not be fetched (HTTP error, or still failing after the retries)."""


class RobotsDisallowedError(FetchError):
    """robots.txt does not allow this URL for our User-Agent, or could not be read; it was not requested."""


@dataclass(frozen=True)
class Fetched:
    """A body and the URL it was served from: the URL asked for, or where its HTTP redirects ended."""

    url: str
    body: str


@dataclass
class FetchStats:
    requests: int = 0
    cache_hits: int = 0
    rate_limited: int = 0
    errors: int = 0
    retries: int = 0
    robots_disallowed: int = 0


class Fetcher:
    """Single-threaded GET with a minimum interval between requests, robots.txt checks and an on-disk cache.

    One fetcher serves one build: robots.txt is read once per host by each fetcher, never from an earlier build.
    ``clock`` and ``sleep`` are injectable so tests can check the timing without waiting.
    """

    def __init__(self, cache_dir: str | Path, *, base_url: str | None = None, user_agent: str | None = None,
                 min_interval_s: float = MIN_INTERVAL_S, max_retries: int = MAX_RETRIES,
                 backoff_s: float = BACKOFF_S, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep, client: httpx.Client | None = None):
        self.cache_dir = Path(cache_dir)
        self.base_url = (base_url or edhrec_base()).rstrip("/")
        self.page_json = serves_page_json(self.base_url)
        self.user_agent = user_agent or user_agent_default()
        self.min_interval_s = min_interval_s
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.clock = clock
        self.sleep = sleep
        self._client = client
        self._last_request: float | None = None
        self._robots: dict[str, urllib.robotparser.RobotFileParser | str] = {}
        self.stats = FetchStats()
        self.log: list[dict] = []

    def url(self, path: str) -> str:
        """The absolute URL of a page path (``/precon/<slug>``) on the configured base; a URL is kept as it is.

        On a base that serves page JSON the page is ``<base>/precon/<slug>.json``, as json.edhrec.com serves it: a
        path's final ``/``, query and fragment (``/precon/<slug>/?x=1``) are left out, not put before ``.json``.
        """
        if urlsplit(path).scheme:
            return path
        if self.page_json:
            path = urlsplit(path).path.rstrip("/")
        url = urljoin(self.base_url + "/", path.lstrip("/"))
        return url + ".json" if self.page_json and not url.endswith(".json") else url

    def get(self, path_or_url: str, *, verify: Callable[[str], object] | None = None) -> str:
        """The body of a page: from the cache, else fetched politely (raises :class:`FetchError`); see :meth:`fetch`."""
        return self.fetch(path_or_url, verify=verify).body

    def fetch(self, path_or_url: str, *, verify: Callable[[str], object] | None = None) -> Fetched:
        """The body of a page and the URL that served it: from the cache, else fetched politely.

        ``verify`` reads a body and raises ``ValueError`` when it is not the page asked for: such a body is never
        cached (its error is raised), and a cached one is fetched again, so a bad answer never replaces a good one.
        An HTTP redirect is followed only to a URL robots.txt allows, checked before it is requested; the body is
        cached under the URL that served it and the cache remembers where the URL asked for led, so a later build
        reads the same page under the same URL (a page read under the URL asked for had taken its slug from it:
        EDHREC's /precon/<old-slug> answered with a 308 to /precon/<slug>, and no commander href matched).
        """
        url = self.url(path_or_url)
        cached = self._read_cache(url)
        if cached is not None:
            if _reads(cached.body, verify):
                self.stats.cache_hits += 1
                self.log.append({"url": url, "status": "cached" if cached.url == url else
                                 f"cached: redirected to {cached.url}"})
                return cached
            self.log.append({"url": url, "status": "cached body unreadable: fetched again"})
        self._check_robots(url)
        return self._fetch(url, verify)

    def stats_dict(self) -> dict:
        return asdict(self.stats)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _cache_path(self, url: str, suffix: str = ".body") -> Path:
        return self.cache_dir / f"{hashlib.sha256(url.encode()).hexdigest()}{suffix}"

    def _read_cache(self, url: str) -> Fetched | None:
        """The cached body of ``url``, following a recorded HTTP redirect to the URL that served it."""
        moved = self._cache_path(url, ".moved")
        served = moved.read_text(encoding="utf-8").strip() if moved.exists() else url
        path = self._cache_path(served)
        return Fetched(served, path.read_text(encoding="utf-8")) if path.exists() else None

    def _write_cache(self, url: str, body: str, *, served: str | None = None) -> None:
        """Keep ``body`` under the URL that served it (``served``, ``url`` when not redirected), and where ``url``
        led."""
        served = served or url
        path = self._cache_path(served)
        atomic.write_text(path, body)
        lines = [f"{path.name}\t{served}\n"]
        if served != url:
            moved = self._cache_path(url, ".moved")
            atomic.write_text(moved, served + "\n")
            lines.append(f"{moved.name}\t{url}\n")
        with (self.cache_dir / "index.tsv").open("a", encoding="utf-8") as index:
            index.writelines(lines)

    def _check_robots(self, url: str) -> None:
        """Raise :class:`RobotsDisallowedError` (and log it) unless robots.txt allows ``url``."""
        parts = urlsplit(url)
        host = f"{parts.scheme}://{parts.netloc}"
        if host not in self._robots:
            self._robots[host] = self._read_robots(host)
        rules = self._robots[host]
        if isinstance(rules, str):
            reason = rules
        elif rules.can_fetch(self.user_agent, url):
            return
        else:
            reason = f"disallowed by robots.txt for {self.user_agent!r}"
        self.stats.robots_disallowed += 1
        self.log.append({"url": url, "status": "robots-disallowed"})
        raise RobotsDisallowedError(f"{url}: {reason}; not fetched")

    def _read_robots(self, host: str) -> urllib.robotparser.RobotFileParser | str:
        """The host's robots.txt rules, or why they could not be read (then nothing on the host is fetched)."""
        robots_url = f"{host}/robots.txt"
        try:
            body = self._fetch(robots_url, _robots_file, check_robots=False).body
        except ValueError as exc:
            return f"{robots_url} is not a robots file ({exc}), so nothing on {host} is fetched by this build"
        except FetchError as exc:
            if "HTTP 4" not in str(exc):
                return f"{robots_url} could not be read ({exc}), so nothing on {host} is fetched by this build"
            body = ""  # no robots.txt (4xx): everything is allowed, as the robots standard says
        parser = urllib.robotparser.RobotFileParser(robots_url)
        parser.parse(body.splitlines())
        return parser

    def _http(self) -> httpx.Client:
        if self._client is None:
            self._client = httpx.Client(headers={"User-Agent": self.user_agent}, timeout=TIMEOUT)
        return self._client

    def _wait_turn(self) -> None:
        if self._last_request is not None:
            wait = self._last_request + self.min_interval_s - self.clock()
            if wait > 0:
                self.sleep(wait)
        self._last_request = self.clock()

    def _fetch(self, url: str, verify: Callable[[str], object] | None = None, *,
               check_robots: bool = True) -> Fetched:
        """GET ``url``, following redirects one request at a time (each target checked against robots.txt first),
        verify the final body and cache it under the URL that served it, with where ``url`` led."""
        target = url
        for _ in range(MAX_REDIRECTS + 1):
            response, entry = self._request(target)
            if not response.has_redirect_location:
                break
            location = urljoin(target, response.headers["Location"])
            entry["status"] = f"{response.status_code}: redirected to {location}"
            if check_robots:
                self._check_robots(location)
            target = location
        else:
            raise FetchError(f"{url}: more than {MAX_REDIRECTS} redirects; not followed further")
        try:
            if verify is not None:
                verify(response.text)
        except ValueError as exc:
            entry["status"] = "200 but unreadable: not cached"
            if url not in str(exc):  # the message names the URL, which a reader of the body alone does not know
                exc.args = (f"{url}: {exc}",)
            raise
        self._write_cache(url, response.text, served=target)
        return Fetched(target, response.text)

    def _request(self, url: str) -> tuple[httpx.Response, dict]:
        """One polite GET of ``url``, retried on 429, 5xx and network errors: a 200 or a redirect, and its log entry."""
        for attempt in range(self.max_retries + 1):
            self._wait_turn()
            self.stats.requests += 1
            entry: dict = {"url": url, "attempt": attempt, "at": round(self.clock(), 3)}
            self.log.append(entry)
            retry_after = 0.0
            try:
                response = self._http().get(url, follow_redirects=False)
            except httpx.HTTPError as exc:
                self.stats.errors += 1
                entry["status"] = f"error: {type(exc).__name__}"
                failure = f"{url}: {exc}"
            else:
                entry["status"] = response.status_code
                if response.status_code == 200 or response.has_redirect_location:
                    return response, entry
                if response.status_code == 429:
                    self.stats.rate_limited += 1
                    retry_after = _seconds(response.headers.get("Retry-After"))
                else:
                    self.stats.errors += 1
                failure = f"{url}: HTTP {response.status_code}"
                if response.status_code < 500 and response.status_code != 429:
                    raise FetchError(failure)  # a client error will not go away on retry
            if attempt < self.max_retries:
                self.stats.retries += 1
                self.sleep(max(self.backoff_s * 2 ** attempt, retry_after))
        raise FetchError(f"{failure} (gave up after {self.max_retries + 1} attempts)")


def _robots_file(body: str) -> None:
    """Raise ``ValueError`` for a body that is markup (a challenge or error page answered with HTTP 200): robots.txt
    is plain text, lines of ``field: value`` and ``#`` comments, and never starts with ``<``."""
    if body.lstrip("\ufeff \t\r\n").startswith("<"):
        raise ValueError("the answer is an HTML page, such as a challenge page")


def _reads(body: str, verify: Callable[[str], object] | None) -> bool:
    if verify is None:
        return True
    try:
        verify(body)
    except ValueError:
        return False
    return True


def _seconds(value: str | None) -> float:
    try:
        return float(value) if value else 0.0
    except ValueError:
        return 0.0  # an HTTP date: the exponential back-off applies instead
