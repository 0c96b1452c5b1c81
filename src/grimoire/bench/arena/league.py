"""Running a league: deals, parallel games, refits and the scheduler, with every game appended to a JSONL log.

A deal is the unit of play: a CPU deal is played from both seats (the player on a model deck against the CPU on
Red Burn, first 0 then first 1), a battle deal four ways (each player on each deck, each going first), all from
the same seeded shuffles. After each game the ratings are refitted and the next game is the one the scheduler
expects to narrow the leaderboard most per dollar. Games run in worker processes through any
``concurrent.futures.Executor`` (a process pool by default, or Ray: ``executors.py``). A game whose worker was
lost is never a result: it is written to ``errors.jsonl`` and played again in a later round.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grimoire.bench.arena.deals import DEAL_BOOK_VERSION, book_seed, deals_played
from grimoire.bench.arena.decks import BATTLE_DECKS, CPU_DECK, MODEL_DECKS, card_data_for, load_deck
from grimoire.bench.arena.executors import is_lost_worker
from grimoire.bench.arena.play import GameRecord, play_game
from grimoire.bench.arena.rating import Ratings, fit, fit_laplace
from grimoire.bench.arena.schedule import Candidate, game_cost, ranked
from grimoire.bench.arena.version import harness_version

if TYPE_CHECKING:  # the provider layer is imported only where a model plays or is priced
    from grimoire.llm.cost import Price

BOT_KINDS = {"random", "heuristic", "cpu"}
SCRIPTED_PLAYER = Path(__file__).parent / "scripts" / "scripted_player.jsonl"
# What an LLM game is assumed to cost before the player has a priced game on record (USD, both sides' share).
UNPRICED_LLM_GAME_COST = 1.0
# How many times a game whose worker was lost is put back in the queue before the league gives up on it.
MAX_GAME_ATTEMPTS = 3


@dataclass(frozen=True)
class GameTask:
    """One game to play, as plain data so it can cross a process (or Ray) boundary."""

    game_id: str
    players: tuple[str, str]
    decks: tuple[str, str]
    seed: int
    first: int
    kind: str
    harness_version: str
    max_turns: int = 40
    cpu_timeout: float = 20.0
    prices: tuple[tuple[str, Price], ...] = ()  # prices the user passed, for models the price table lacks


def player_kind(spec: str) -> str:
    """``random``, ``heuristic``, ``cpu`` (optionally ``name:suffix`` for a second instance), else an LLM."""
    base = spec.split("#", 1)[0]
    return base if base in BOT_KINDS else "llm"


def make_player(spec: str, *, seed: int = 0, cpu_timeout: float = 20.0, db=None, price: Price | None = None):
    """A player from its spec: a bot name, or a model name for the provider layer (``anthropic/...``,
    ``scripted/<path>``...; plain ``scripted`` is the shipped script). ``#2`` after a spec makes a second,
    independent instance ("random#2")."""
    from grimoire.bench.arena.cpu import CPUPlayer
    from grimoire.bench.arena.players import HeuristicBot, RandomBot

    kind = player_kind(spec)
    if kind == "random":
        return RandomBot(spec, seed=seed)
    if kind == "heuristic":
        return HeuristicBot(spec, seed=seed)
    if kind == "cpu":
        return CPUPlayer(spec, timeout=cpu_timeout)
    from grimoire.bench.arena.llm_player import LLMPlayer

    model = spec.split("#", 1)[0]
    if model == "scripted":
        model = f"scripted/{SCRIPTED_PLAYER}"
    return LLMPlayer(model, name=spec, db=db, price=price)


@lru_cache(maxsize=1)
def _table():
    """The card store, the four decks and their engine card data, once per process."""
    import grimoire

    db = grimoire.open()
    decks = {name: load_deck(name, db) for name in (CPU_DECK, *MODEL_DECKS)}
    return db, decks, card_data_for(list(decks.values()))


def run_task(task: GameTask) -> dict[str, Any]:
    """Play one game in this process and return its record as a dict (the function workers run)."""
    db, decks, card_data = _table()
    prices = dict(task.prices)
    players = tuple(make_player(spec, seed=task.seed, cpu_timeout=task.cpu_timeout, db=db, price=prices.get(spec))
                    for spec in task.players)
    record = play_game(card_data, (decks[task.decks[0]], decks[task.decks[1]]), players, seed=task.seed,
                       first=task.first, harness_version=task.harness_version, max_turns=task.max_turns,
                       game_id=task.game_id)
    record.kind = task.kind
    return record.to_dict()


def deal_tasks(candidate: Candidate, seed: int, version: str, *, max_turns: int = 40,
               cpu_timeout: float = 20.0, prices: Mapping[str, Price] | None = None) -> list[GameTask]:
    """The games of one deal: a CPU deal from both seats (2 games), a battle deal four ways."""
    (a, b), (deck_a, deck_b) = candidate.players, candidate.decks
    layouts = [((a, b), (deck_a, deck_b))]
    if candidate.kind == "battle":
        layouts.append(((b, a), (deck_a, deck_b)))  # same deck in each seat: the same shuffles, players swapped
    tasks = []
    for players, decks in layouts:
        for first in (0, 1):
            game_id = f"{seed}-{decks[0]}-{decks[1]}-{players[0]}-{players[1]}-f{first}"
            priced = tuple((spec, prices[spec]) for spec in players if prices and spec in prices)
            tasks.append(GameTask(game_id, players, decks, seed, first, candidate.kind, version, max_turns,
                                  cpu_timeout, priced))
    return tasks


def player_prices(players: Iterable[str], passed: Mapping[str, Price] | None = None) -> dict[str, Price]:
    """The prices the user passed, by player spec, after checking that every model player has one: a model the
    price table lacks cannot be scheduled by cost, nor its spend counted, so it is refused (``--price``)."""
    from grimoire.llm.cost import load_prices

    passed = dict(passed or {})
    by_spec: dict[str, Price] = {}
    table = load_prices()
    for spec in players:
        if player_kind(spec) != "llm":
            continue
        model = spec.split("#", 1)[0]
        price = passed.get(spec) or passed.get(model)
        if price is not None:
            by_spec[spec] = price
        elif model != "scripted" and table.price_of(model) is None:
            raise ValueError(f"no price for {model} in the price table (dated {table.date}): the league cannot weigh "
                             f"its games by cost or count its spend. Pass one: --price {model}=INPUT,OUTPUT "
                             "(USD per million tokens)")
    return by_spec


def next_deal_seed(candidate: Candidate, history: Iterable[GameRecord], book: int = 0) -> int:
    """The deal book's next seed for this pairing and matchup (``book`` > 0 picks another book, for tests and
    separate experiments); every player meets the same seeds in the same order."""
    index = deals_played(history, candidate.players, candidate.kind, candidate.decks)
    return book_seed(candidate.kind, candidate.decks, index, version=book or DEAL_BOOK_VERSION)


def candidates(players: Iterable[str], *, reference: str = "cpu") -> list[Candidate]:
    """Every pairing a league can play: each player against the CPU on each model deck, and each pair of
    players in a battle (Delver against Jeskai)."""
    others = [p for p in players if p != reference]
    found = [Candidate((p, reference), (deck, CPU_DECK), "cpu") for p in others for deck in MODEL_DECKS]
    found += [Candidate((a, b), BATTLE_DECKS, "battle") for a, b in combinations(others, 2)]
    return found


def load_games(path: str | Path, version: str | None = None,
               compatible: Iterable[str] = ()) -> tuple[list[GameRecord], list[GameRecord]]:
    """Games from a JSONL log: (kept, excluded for another harness version). ``version=None`` keeps all."""
    kept: list[GameRecord] = []
    excluded: list[GameRecord] = []
    path = Path(path)
    if not path.exists():
        return kept, excluded
    allowed = {version, *compatible} if version else None
    for number, raw in enumerate(path.read_bytes().splitlines(), 1):
        if not raw.strip():
            continue
        # (a byte that is no UTF-8, a line nested 100,000 deep and a number of 5,000 digits had each been Python's
        # own words or a traceback, naming neither the file nor the line)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"{path}:{number}: not a game record (not UTF-8: byte 0x{raw[error.start]:02X})"
                             ) from None
        try:
            record = GameRecord.from_dict(json.loads(line))
        except RecursionError:
            raise ValueError(f"{path}:{number}: not a game record (nested too deeply)") from None
        except (ValueError, TypeError) as error:  # JSON's errors, and a number past Python's 4,300 digits
            reason = str(error) if isinstance(error, json.JSONDecodeError | TypeError) else str(error).split(";")[0]
            raise ValueError(f"{path}:{number}: not a game record ({reason[:200]})") from error
        (kept if allowed is None or record.harness_version in allowed else excluded).append(record)
    return kept, excluded


def record_lost_game(out_dir: Path, task: GameTask, error: BaseException, attempt: int) -> None:
    """A game that gave no result (its worker died, or the cluster lost it), for the record; never rated."""
    append_game(out_dir / "errors.jsonl", {"game_id": task.game_id, "attempt": attempt,
                                            "error": f"{type(error).__name__}: {error}"[:500]})


def append_game(path: Path, record: dict[str, Any]) -> None:
    """Append one record as a line; a partly written line is never followed by another (one write, flushed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def cost_per_game(records: Iterable[GameRecord], players: Iterable[str]) -> dict[str, float]:
    """Each player's mean cost per game so far; bots are free; an LLM without a priced game gets a placeholder."""
    spent: dict[str, list[float]] = {}
    for record in records:
        for seat, name in enumerate(record.players):
            cost = (record.usage[seat] or {}).get("cost_usd") if seat < len(record.usage) else None
            if cost is not None:
                spent.setdefault(name, []).append(float(cost))
    costs = {}
    for name in players:
        if player_kind(name) in BOT_KINDS:
            costs[name] = 0.0
        elif spent.get(name):
            costs[name] = sum(spent[name]) / len(spent[name])
        else:
            costs[name] = UNPRICED_LLM_GAME_COST
    return costs


@dataclass
class LeagueReport:
    games: int
    seconds: float
    games_per_hour: float
    cost_usd: float
    ratings: Ratings | None
    excluded: int
    ends: dict[str, int] = field(default_factory=dict)
    estimated_calls: int = 0  # model calls that reported no usage, priced by a conservative estimate

    def summary(self) -> str:
        ends = ", ".join(f"{n} {end}" for end, n in sorted(self.ends.items()))
        return (f"{self.games} games in {self.seconds:.0f} s: {self.games_per_hour:.0f} games/hour; "
                f"cost ${self.cost_usd:.2f}; endings: {ends or 'none'}"
                + (f"; {self.estimated_calls} model calls reported no token usage and were priced by a conservative "
                   "estimate" if self.estimated_calls else "")
                + (f"; {self.excluded} games from other harness versions left out" if self.excluded else ""))


def is_paid(candidate: Candidate) -> bool:
    """Whether a deal involves a model (its games cost money); bot and CPU games are free."""
    return any(player_kind(p) == "llm" for p in candidate.players)


def rank_deals(ratings: Ratings | None, options: list[Candidate], costs: dict[str, float]) -> list[Candidate]:
    """Paid deals first, by expected gain per dollar, then free ones by expected gain per game: the two are
    separate budgets, so a free bot deal (whose gain per dollar is unbounded) never crowds out a model's games.
    Before any game is rated, CPU deals come first in a fixed order."""
    paid = [c for c in options if is_paid(c)]
    free = [c for c in options if not is_paid(c)]
    if ratings is None:
        order = sorted(paid, key=lambda c: (c.kind != "cpu", c.players, c.decks))
        return order + sorted(free, key=lambda c: (c.kind != "cpu", c.players, c.decks))
    return ranked(ratings, paid, costs) + ranked(ratings, free, {name: 1.0 for name in costs})


def next_task(candidate: Candidate, started: list, version: str, *, book: int = 0, **options: Any) -> GameTask:
    """The pairing's next game: the first game not yet started of its last begun deal (so every deal is played
    from each seat, in the book's order), else the first game of its next deal. ``started`` holds the games
    played, in flight or given up on (records or tasks); ``options`` go to :func:`deal_tasks`."""
    begun = deals_played(started, candidate.players, candidate.kind, candidate.decks)
    ids = {game.game_id for game in started}
    if begun:
        seed = book_seed(candidate.kind, candidate.decks, begun - 1, version=book or DEAL_BOOK_VERSION)
        open_games = [task for task in deal_tasks(candidate, seed, version, **options) if task.game_id not in ids]
        if open_games:
            return open_games[0]
    return deal_tasks(candidate, next_deal_seed(candidate, started, book), version, **options)[0]


def _pick(order: list[Candidate], in_flight: Iterable[GameTask]) -> Candidate:
    """The best pairing without a game in flight (its result would change the next choice), else the best."""
    busy = {(task.players, task.decks) for task in in_flight}
    busy |= {(players[::-1], decks) for players, decks in busy}
    return next((c for c in order if (c.players, c.decks) not in busy), order[0])


class UnknownSpendError(ValueError):
    """A model game came back without a cost, so ``--max-cost`` could not count it; the league stops."""


def _spend(game: GameRecord) -> float:
    """What a game cost; a model game whose cost is unknown stops the league rather than count as free."""
    if game.cost_usd is None and any(player_kind(name) == "llm" for name in game.players):
        raise UnknownSpendError(f"game {game.game_id}: the spend of {' and '.join(game.players)} is unknown (a model "
                                "call was not priced), so --max-cost cannot count it; the league stops here")
    return game.cost_usd or 0.0


def _quick_fit(history: list[GameRecord], seed: int) -> Ratings:
    return fit_laplace([record.result() for record in history], seed=seed)


def run_league(players: list[str], out_dir: str | Path, *, games: int = 40, workers: int = 2, seed: int = 0,
               max_cost: float | None = None, compatible: Iterable[str] = (), fit_options: dict | None = None,
               max_turns: int = 40, cpu_timeout: float = 20.0, executor: Executor | None = None,
               progress: Callable[[int], None] | None = None,
               prices: Mapping[str, Price] | None = None) -> LeagueReport:
    """Play ``games`` more games among ``players`` and rate everything in ``out_dir``.

    The workers are kept busy one game at a time: each time a game ends, it is appended to
    ``out_dir/games.jsonl``, the ratings are refitted (:func:`~grimoire.bench.arena.rating.fit_laplace`, the
    model's posterior in a fraction of a second) and the scheduler chooses the next game from them. The ratings
    returned are one full fit (:func:`~grimoire.bench.arena.rating.fit`, ``fit_options``) of every game. No game starts
    once the spend so far plus the expected cost of the games in flight reaches ``max_cost`` (USD). A model
    player the price table lacks needs a price in ``prices`` (by spec or model name), or it is refused.
    """
    prices = player_prices(players, prices)
    out = Path(out_dir)
    log_path = out / "games.jsonl"
    version = harness_version()
    fit_options = dict(fit_options or {})
    fit_seed = fit_options.get("seed", 0)
    history, excluded = load_games(log_path, version, compatible)
    options = candidates(players)
    if not options:
        raise ValueError("a league needs at least one player besides the CPU")
    own_pool = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    task_options = {"max_turns": max_turns, "cpu_timeout": cpu_timeout, "prices": prices}
    ratings = _quick_fit(history, fit_seed) if history else None
    started = time.monotonic()
    played, spent, estimated = 0, 0.0, 0
    ends: dict[str, int] = {}
    in_flight: dict[Future, GameTask] = {}
    retry: list[GameTask] = []  # games whose worker died: played again before any new game
    given_up: list[GameTask] = []
    attempts: dict[str, int] = {}

    def can_start() -> bool:
        if played + len(in_flight) >= games:
            return False
        costs = cost_per_game(history, players)
        committed = spent + sum(game_cost(Candidate(t.players, t.decks, t.kind), costs) for t in in_flight.values())
        return max_cost is None or committed < max_cost

    try:
        while True:
            while len(in_flight) < max(workers, 1) and can_start():
                if retry:
                    task = retry.pop(0)
                else:
                    order = rank_deals(ratings, options, cost_per_game(history, players))
                    choice = _pick(order, in_flight.values())
                    task = next_task(choice, [*history, *in_flight.values(), *given_up], version, book=seed,
                                     **task_options)
                in_flight[pool.submit(run_task, task)] = task
            if not in_flight:
                break
            done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
            for future in done:
                task = in_flight.pop(future)
                try:
                    record = future.result()
                except Exception as error:  # noqa: BLE001 - a lost worker loses only this game
                    if not is_lost_worker(error):
                        raise
                    attempts[task.game_id] = attempts.get(task.game_id, 0) + 1
                    record_lost_game(out, task, error, attempts[task.game_id])
                    (retry if attempts[task.game_id] < MAX_GAME_ATTEMPTS else given_up).append(task)
                    continue
                append_game(log_path, record)
                game = GameRecord.from_dict(record)
                history.append(game)
                played += 1
                spent += _spend(game)
                estimated += sum(usage.get("estimated_calls", 0) for usage in game.usage)
                end = game.end.split(":")[0]
                ends[end] = ends.get(end, 0) + 1
                if progress:
                    progress(1)
                ratings = _quick_fit(history, fit_seed)
    finally:
        if own_pool:
            pool.shutdown(cancel_futures=True)
    if history:
        ratings = fit([r.result() for r in history], **fit_options)
    seconds = time.monotonic() - started
    return LeagueReport(games=played, seconds=seconds, games_per_hour=3600 * played / seconds if seconds else 0.0,
                        cost_usd=spent, ratings=ratings, excluded=len(excluded), ends=ends,
                        estimated_calls=estimated)


def write_leaderboard(ratings: Ratings, out_dir: str | Path) -> list[Path]:
    """leaderboard.txt, .json, .png and .html in ``out_dir``."""
    from grimoire.bench.arena import leaderboard

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "leaderboard.txt").write_text(leaderboard.table(ratings), encoding="utf-8")
    (out / "leaderboard.json").write_text(json.dumps(leaderboard.to_json(ratings), indent=2) + "\n",
                                          encoding="utf-8")
    leaderboard.plot(ratings, out / "leaderboard.png", out / "leaderboard.html")
    return [out / f"leaderboard.{ext}" for ext in ("txt", "json", "png", "html")]

