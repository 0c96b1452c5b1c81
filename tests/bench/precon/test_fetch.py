"""The polite EDHREC fetcher against a local server: spacing, robots.txt, the cache and back-off on 429."""

from __future__ import annotations

import pytest

from grimoire.bench.precon.edhrec import PageError, page_data
from grimoire.bench.precon.fetch import Fetched, Fetcher, FetchError, RobotsDisallowedError, edhrec_base
from tests.bench.precon.fixtures_data import INDEX, FakeClock, FixtureServer, make_fetcher, next_data_html

ROUTES = {"/robots.txt": "User-agent: *\nDisallow: /precon/private\n", "/precon": "index",
          "/precon/a": "page a", "/precon/b": "page b", "/precon/flaky": "finally"}


def test_requests_are_at_least_five_seconds_apart(tmp_path):
    clock = FakeClock()
    with FixtureServer(ROUTES) as server, make_fetcher(tmp_path, server.url, clock) as fetcher:
        assert fetcher.get("/precon") == "index"
        assert fetcher.get("/precon/a") == "page a"
        assert fetcher.get(server.url + "/precon/b") == "page b"
    times = [entry["at"] for entry in fetcher.log if "at" in entry]
    assert len(times) == 4  # robots.txt and three pages
    assert all(later - earlier >= 5.0 for earlier, later in zip(times, times[1:], strict=False))
    assert [path for path, _ in server.requests] == ["/robots.txt", "/precon", "/precon/a", "/precon/b"]
    assert all(agent == "grimoire-test/1.0" for _, agent in server.requests)


def test_robots_disallowed_url_is_never_requested(tmp_path):
    with FixtureServer(ROUTES) as server, make_fetcher(tmp_path, server.url) as fetcher:
        with pytest.raises(RobotsDisallowedError):
            fetcher.get("/precon/private/x")
        fetcher.get("/precon/a")
    assert [path for path, _ in server.requests] == ["/robots.txt", "/precon/a"]  # robots.txt read once per host
    assert fetcher.stats.robots_disallowed == 1


def test_cached_pages_are_not_fetched_again(tmp_path):
    with FixtureServer(ROUTES) as server:
        with make_fetcher(tmp_path, server.url) as first:
            first.get("/precon/a")
        with make_fetcher(tmp_path, server.url) as second:
            assert second.get("/precon/a") == "page a"
    assert len(server.requests) == 2  # robots.txt and the page, once each
    assert second.stats.requests == 0 and second.stats.cache_hits >= 1


def test_backs_off_and_retries_after_429(tmp_path):
    clock = FakeClock()
    with FixtureServer(ROUTES, fail_once={"/precon/flaky"}) as server, \
            make_fetcher(tmp_path, server.url, clock) as fetcher:
        assert fetcher.get("/precon/flaky") == "finally"
    assert fetcher.stats.rate_limited == 1 and fetcher.stats.retries == 1
    assert max(clock.sleeps) >= fetcher.backoff_s


def test_gives_up_after_bounded_retries(tmp_path):
    clock = FakeClock()
    with FixtureServer({"/robots.txt": "", "/boom": "never"}) as server:
        fetcher = Fetcher(tmp_path, base_url=server.url, clock=clock, sleep=clock.sleep, max_retries=2)

        class Always429(set):
            def discard(self, item):
                pass

        server.fail_once = Always429({"/boom"})
        with fetcher, pytest.raises(FetchError, match="gave up after 3 attempts"):
            fetcher.get("/boom")
    assert fetcher.stats.rate_limited == 3
    assert clock.sleeps[-2:] == [fetcher.backoff_s, 2 * fetcher.backoff_s]  # exponential back-off


def test_missing_page_is_an_error_without_retries(tmp_path):
    with FixtureServer(ROUTES) as server, make_fetcher(tmp_path, server.url) as fetcher:
        with pytest.raises(FetchError, match="HTTP 404"):
            fetcher.get("/precon/nope")
    assert fetcher.stats.retries == 0


def test_base_url_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("GRIMOIRE_EDHREC_BASE", "http://127.0.0.1:9/")
    assert edhrec_base() == "http://127.0.0.1:9"
    monkeypatch.delenv("GRIMOIRE_EDHREC_BASE")
    assert edhrec_base() == "https://edhrec.com"


# Cloudflare's challenge page: HTML titled "Just a moment..." with no page data (its markup is quoted in
# VeNoMouS/cloudscraper issue #194). Cloudflare answers it with 403 or 503, but a proxy or mirror may pass it on
# with HTTP 200, which is the case that had been cached.
CHALLENGE = "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>"


def test_a_body_that_does_not_read_is_not_cached_and_is_fetched_again(tmp_path):
    routes = {**ROUTES, "/precon": CHALLENGE}
    with FixtureServer(routes) as server:
        with make_fetcher(tmp_path, server.url) as first, pytest.raises(PageError, match="__NEXT_DATA__"):
            first.get("/precon", verify=page_data)
        server.routes["/precon"] = next_data_html(INDEX)
        with make_fetcher(tmp_path, server.url) as second:
            assert page_data(second.get("/precon", verify=page_data))[0] == INDEX
        with make_fetcher(tmp_path, server.url) as third:
            third.get("/precon", verify=page_data)
    assert [path for path, _ in server.requests].count("/precon") == 2  # the third read the good page's cache
    assert third.stats.requests == 0


def test_an_html_answer_without_page_data_names_the_url_and_says_it_is_html(tmp_path):
    """A challenge page had stopped the build with 'no <script id="__NEXT_DATA__"> in the page, and the page is not
    JSON', naming neither the URL nor that the answer was an HTML page."""
    with FixtureServer({**ROUTES, "/precon": CHALLENGE}) as server, make_fetcher(tmp_path, server.url) as fetcher:
        with pytest.raises(PageError) as refused:
            fetcher.get("/precon", verify=page_data)
    assert str(refused.value).startswith(f"{server.url}/precon: the answer is an HTML page (titled 'Just a "
                                         "moment...') with no <script id=")
    assert "challenge or error page" in str(refused.value)


def test_a_cached_body_that_does_not_read_is_fetched_again(tmp_path):
    with FixtureServer({**ROUTES, "/precon": next_data_html(INDEX)}) as server:
        with make_fetcher(tmp_path, server.url) as fetcher:
            fetcher._write_cache(fetcher.url("/precon"), CHALLENGE)  # as an earlier version cached it
            assert page_data(fetcher.get("/precon", verify=page_data))[0] == INDEX
    assert [path for path, _ in server.requests] == ["/robots.txt", "/precon"]


def test_a_base_ending_in_pages_is_the_json_host_and_gets_json_urls(tmp_path):
    # json.edhrec.com/pages/precon.json and /pages/precon/<slug>.json (Kautiontape/mystic-forge's design note,
    # "verified against live endpoints"; Guibod/mightstone's base_url https://json.edhrec.com/pages).
    json_host = Fetcher(tmp_path, base_url="https://json.edhrec.com/pages/")
    assert json_host.url("/precon") == "https://json.edhrec.com/pages/precon.json"
    assert json_host.url("/precon/world-shaper") == "https://json.edhrec.com/pages/precon/world-shaper.json"
    assert json_host.url(json_host.url("/precon/x")) == "https://json.edhrec.com/pages/precon/x.json"
    assert Fetcher(tmp_path, base_url="https://edhrec.com").url("/precon/x") == "https://edhrec.com/precon/x"


def test_a_page_path_with_a_final_slash_or_a_query_gets_its_json_url(tmp_path):
    """A redirect to "/precon/x/" had been fetched as ".../precon/x/.json" (a 404), "/precon/x?y=1" as
    ".../precon/x?y=1.json"."""
    json_host = Fetcher(tmp_path, base_url="https://json.edhrec.com/pages")
    for path in ("/precon/x/", "/precon/x?y=1", "precon/x/?y=1#top"):
        assert json_host.url(path) == "https://json.edhrec.com/pages/precon/x.json"


def test_robots_txt_answered_by_a_challenge_page_allows_nothing_and_is_not_cached(tmp_path):
    with FixtureServer({**ROUTES, "/robots.txt": CHALLENGE}) as server:
        with make_fetcher(tmp_path, server.url) as first:
            with pytest.raises(RobotsDisallowedError, match="not a robots file"):
                first.get("/precon/a")
            with pytest.raises(RobotsDisallowedError, match="not a robots file"):
                first.get("/precon/b")  # the answer holds for the whole build: robots.txt is not asked again
        server.routes["/robots.txt"] = ROUTES["/robots.txt"]
        with make_fetcher(tmp_path, server.url) as second:
            assert second.get("/precon/a") == "page a"
    assert [path for path, _ in server.requests] == ["/robots.txt", "/robots.txt", "/precon/a"]
    assert first.stats.robots_disallowed == 2


def test_robots_txt_is_read_again_by_each_build(tmp_path):
    with FixtureServer({**ROUTES, "/robots.txt": "User-agent: *\nAllow: /\n"}) as server:
        with make_fetcher(tmp_path, server.url) as first:
            first.get("/precon/a")
        server.routes["/robots.txt"] = "User-agent: *\nDisallow: /precon/b\n"
        with make_fetcher(tmp_path, server.url) as second:
            assert second.get("/precon/a") == "page a"  # cached: no robots.txt needed
            with pytest.raises(RobotsDisallowedError, match="disallowed by robots.txt"):
                second.get("/precon/b")
    assert [path for path, _ in server.requests] == ["/robots.txt", "/precon/a", "/robots.txt"]


def test_an_http_redirect_is_followed_only_where_robots_allows(tmp_path):
    redirects = {"/precon/old-a": "/precon/a", "/precon/old-private": "/precon/private/x"}
    with FixtureServer({**ROUTES, "/precon/private/x": "secret"}, redirects=redirects) as server:
        with make_fetcher(tmp_path, server.url) as fetcher:
            assert fetcher.get("/precon/old-a") == "page a"
            with pytest.raises(RobotsDisallowedError, match="private/x"):
                fetcher.get("/precon/old-private")
        with make_fetcher(tmp_path, server.url) as again:
            assert again.get("/precon/old-a") == "page a"  # cached: the cache remembers where it led
    assert [path for path, _ in server.requests] == ["/robots.txt", "/precon/old-a", "/precon/a",
                                                     "/precon/old-private"]
    assert {"url": server.url + "/precon/private/x", "status": "robots-disallowed"} in fetcher.log


def test_a_redirected_page_comes_with_the_url_that_served_it_fetched_and_cached(tmp_path):
    """A 308 had been cached under the URL asked for, and read with it: EDHREC's /precon/world-shaper-old, moved to
    /precon/world-shaper, was read as the old slug, so no commander href matched and the wrong commander was taken."""
    with FixtureServer(ROUTES, redirects={"/precon/old-a": "/precon/a"}, redirect_status=308) as server:
        with make_fetcher(tmp_path, server.url) as fetcher:
            assert fetcher.fetch("/precon/old-a") == Fetched(server.url + "/precon/a", "page a")
        with make_fetcher(tmp_path, server.url) as again:
            assert again.fetch("/precon/old-a") == Fetched(server.url + "/precon/a", "page a")
            assert again.fetch("/precon/a") == Fetched(server.url + "/precon/a", "page a")  # one copy, both names
    assert [path for path, _ in server.requests] == ["/robots.txt", "/precon/old-a", "/precon/a"]
    assert again.stats.requests == 0
    assert {"url": server.url + "/precon/old-a", "status": f"cached: redirected to {server.url}/precon/a"} in again.log


def test_a_redirect_loop_is_an_error(tmp_path):
    with FixtureServer(ROUTES, redirects={"/precon/x": "/precon/y", "/precon/y": "/precon/x"}) as server, \
            make_fetcher(tmp_path, server.url) as fetcher, pytest.raises(FetchError, match="more than 5 redirects"):
        fetcher.get("/precon/x")
