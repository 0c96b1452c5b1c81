"""Screenshots of the web page for the docs: the search page with results, the benchmark dashboard (also on a
390 px phone), and the arena replay viewer on a short scripted-LLM game it plays first.

Run: python scripts/screenshots.py  (needs playwright and Chromium at /usr/bin/chromium, or --chromium PATH)
"""

from __future__ import annotations

import argparse
import socket
import tempfile
from pathlib import Path
from urllib.parse import urlencode

from playwright.sync_api import expect, sync_playwright

from grimoire.bench.arena.league import GameTask, append_game, run_task
from grimoire.bench.arena.version import harness_version
from grimoire.serve.web import create_app, serve_in_thread

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
QUERY = "whenever a creature you control dies, draw a card id<=bg"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _replay_game(folder: Path) -> tuple[str, int]:
    """Play a three-turn battle of the shipped scripted LLM against the heuristic bot into ``folder``; returns its
    id and its last step with model tool calls."""
    task = GameTask("11-delver-jeskai-scripted-heuristic-f0", ("scripted", "heuristic"), ("delver", "jeskai"), 11, 0,
                    "battle", harness_version(), max_turns=3)
    record = run_task(task)
    append_game(folder / "games.jsonl", record)
    step = max(e["step"] for e in record["trace"][0] if e["calls"] and not e.get("note"))
    return record["game_id"], step


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--chromium", default="/usr/bin/chromium",
                        help="the Chromium binary playwright drives (default /usr/bin/chromium)")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNG files (default docs/screenshots)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    league = Path(tempfile.mkdtemp(prefix="grimoire-replay-"))
    game_id, step = _replay_game(league)
    app = create_app(arena=league)
    app.state.library.engine  # noqa: B018 - open the store and indexes before the first page load
    server = serve_in_thread(app, port)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 1000}, base_url=f"http://127.0.0.1:{port}")
            page.set_default_timeout(60_000)
            page.goto("/#/search?" + urlencode({"q": QUERY}))
            expect(page.locator("#results .result").first).to_be_visible()
            page.screenshot(path=args.out / "search.png")
            page.goto("/#/dashboard")
            expect(page.locator("#bench-chart")).to_be_visible()
            page.wait_for_function("document.getElementById('bench-chart').complete")
            page.screenshot(path=args.out / "dashboard.png", full_page=True)
            phone = browser.new_page(viewport={"width": 390, "height": 844}, base_url=f"http://127.0.0.1:{port}")
            phone.set_default_timeout(60_000)
            phone.goto("/#/dashboard")
            expect(phone.locator("#arena-table")).to_be_visible()
            phone.screenshot(path=args.out / "dashboard-phone.png", full_page=True)
            page.goto(f"/#/arena/game/{game_id}?step={step}")
            expect(page.locator("#step-model")).to_contain_text("input tokens")
            page.screenshot(path=args.out / "replay.png", full_page=True)
            browser.close()
    finally:
        server.should_exit = True
    print(f"wrote search.png, dashboard.png, dashboard-phone.png and replay.png in {args.out}")


if __name__ == "__main__":
    main()
