"""``grimoire arena``: the arena: LLMs and bots play whole games of Magic.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from pathlib import Path

from grimoire.cli._common import (
    EXIT_ERROR,
    EXIT_OK,
    _err,
    _open_db,
    _progress_bar,
    whole_number,
)


def _deal_seed(text: str) -> int:
    """An argparse type: a deal's seed, in the range the engine takes (-5 had ended in an OverflowError)."""
    from grimoire.bench.arena.deals import check_seed

    try:
        return check_seed(whole_number(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _at_least_one(text: str) -> int:
    """An argparse type: a count of 1 or more (0 leagues had printed nan% rows and a traceback, -1 turns had been
    'turn limit after -1 turns')."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {value}")
    return value


def _seconds(text: str) -> float:
    """An argparse type: a time above 0 seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {text[:40]!r}") from None
    if not value > 0:  # (NaN too)
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text[:40]}")
    return value


def _fit_options(args: argparse.Namespace) -> dict:
    return {"draws": args.draws, "tune": args.tune, "chains": args.chains, "seed": args.seed}


def cmd_arena_play(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.cards import DeckCheckError
    from grimoire.bench.arena.decks import card_data_for, load_deck
    from grimoire.bench.arena.league import append_game, make_player
    from grimoire.bench.arena.play import PlayerStartError, play_game
    from grimoire.bench.arena.version import harness_version

    db = _open_db()
    try:
        decks = tuple(load_deck(name, db) for name in args.decks)
    except DeckCheckError as exc:
        return _err(str(exc))
    players = tuple(make_player(spec, seed=args.seed, cpu_timeout=args.cpu_timeout, db=db) for spec in args.players)
    try:
        record = play_game(card_data_for(list(decks)), decks, players, seed=args.seed, first=args.first,
                           harness_version=harness_version(), max_turns=args.max_turns)
    except PlayerStartError as exc:
        return _err(str(exc))
    if args.out:
        append_game(Path(args.out), record.to_dict())
    if args.log:
        for turn, text in record.log:
            print(f"turn {turn}: {text}")
    winner = "nobody" if record.winner is None else f"{record.players[record.winner]} ({record.decks[record.winner]})"
    print(f"{record.players[0]} ({record.decks[0]}) vs {record.players[1]} ({record.decks[1]}), seed {record.seed}, "
          f"seat {record.first} first: {winner} won; {record.end} after {record.turns} turns and "
          f"{record.decisions} decisions in {record.seconds:.1f} s")
    problems = {k: n for k, n in record.census["counts"].items() if not k.startswith("auto_pass")}
    print(f"census: {problems or 'no rejected actions, invalid replies or fallbacks'}")
    if record.cost_usd:
        print(f"cost: ${record.cost_usd:.4f}")
    return EXIT_OK if not record.end.startswith("error") else EXIT_ERROR


def _model_price(text: str):
    """``MODEL=INPUT,OUTPUT[,CACHED_INPUT,CACHE_WRITE]`` (USD per million tokens) for a model the table lacks."""
    from grimoire.llm.cost import Price

    model, separator, price = text.partition("=")
    if not separator or not model.strip():
        raise argparse.ArgumentTypeError(f"--price {text!r}: write MODEL=INPUT,OUTPUT, e.g. --price "
                                         "openai/my-model=2.5,10 (USD per million tokens)")
    try:
        return model.strip(), Price.parse(price)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _executor(args: argparse.Namespace):
    """Ray when asked (the league and census shut it down); ``None`` lets them run their own process pool."""
    from grimoire.bench.arena.executors import make_executor

    return make_executor("ray", workers=args.workers, address=args.address) if args.executor == "ray" else None


def cmd_arena_league(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.leaderboard import table
    from grimoire.bench.arena.league import run_league, write_leaderboard
    from grimoire.bench.arena.play import PlayerStartError

    if "cpu" not in args.players:
        print("note: the CPU is not in this league, so ratings have no fixed reference", file=sys.stderr)
    try:
        executor = _executor(args)
    except (RuntimeError, ValueError, ConnectionError) as exc:
        return _err(str(exc))
    try:
        with executor or nullcontext(), _progress_bar(args.games, "Arena games") as bar:
            report = run_league(args.players, args.out, games=args.games, workers=args.workers, seed=args.seed,
                                max_cost=args.max_cost, compatible=args.compatible, fit_options=_fit_options(args),
                                max_turns=args.max_turns, cpu_timeout=args.cpu_timeout, progress=bar.update,
                                executor=executor, prices=dict(args.price or ()))
    except (PlayerStartError, ValueError) as exc:
        played = Path(args.out) / "games.jsonl"
        kept = f" (games played so far are kept in {played})" if played.exists() and played.stat().st_size else ""
        return _err(f"{exc}{kept}")
    print(report.summary())
    if report.ratings is not None:
        paths = write_leaderboard(report.ratings, args.out)
        print(table(report.ratings))
        print("wrote " + ", ".join(str(p) for p in paths))
    return EXIT_OK


def cmd_arena_rate(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.leaderboard import table
    from grimoire.bench.arena.league import load_games, write_leaderboard
    from grimoire.bench.arena.rating import fit
    from grimoire.bench.arena.version import harness_version

    version = None if args.all_versions else harness_version()
    try:
        kept, excluded = load_games(args.games, version, args.compatible)
    except ValueError as exc:
        return _err(str(exc))
    if not kept:
        return _err(f"no games of harness version {version} in {args.games}"
                    + (f" ({len(excluded)} from other versions; pass --compatible or --all-versions)"
                       if excluded else ""))
    if excluded:
        print(f"left out {len(excluded)} games from other harness versions "
              f"({', '.join(sorted({r.harness_version for r in excluded}))})", file=sys.stderr)
    ratings = fit([r.result() for r in kept], progressbar=sys.stderr.isatty(), **_fit_options(args))
    print(table(ratings))
    out = args.out or Path(args.games).parent
    print("wrote " + ", ".join(str(p) for p in write_leaderboard(ratings, out)))
    return EXIT_OK


def cmd_arena_simulate(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.simulate import plot, simulate

    try:
        coverage = simulate(leagues=args.leagues, players=args.league_players, decks=args.league_decks,
                            deals_per_league=args.deals, seed=args.seed, draws=args.draws, tune=args.tune,
                            chains=args.chains, progress=True)
    except ValueError as exc:
        return _err(str(exc))
    print(coverage.text())
    plot(coverage, args.plot)
    print(f"wrote {args.plot}")
    return EXIT_OK


def cmd_arena_census(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.census import census_tasks, run_census
    from grimoire.bench.arena.league import append_game
    from grimoire.bench.arena.play import PlayerStartError

    try:
        executor = _executor(args)
    except (RuntimeError, ValueError, ConnectionError) as exc:
        return _err(str(exc))
    try:
        games = len(census_tasks(args.player, deals=args.deals))
        with executor or nullcontext(), _progress_bar(games, "Census games") as bar:
            report, records = run_census(args.player, deals=args.deals, workers=args.workers,
                                         max_turns=args.max_turns, cpu_timeout=args.cpu_timeout, progress=bar.update,
                                         executor=executor)
    except PlayerStartError as exc:
        return _err(str(exc))
    if args.out:
        for record in records:
            append_game(Path(args.out), record.to_dict())
    print(report.text())
    return EXIT_ERROR if report.failed else EXIT_OK


def cmd_arena_leaderboard(args: argparse.Namespace) -> int:
    path = Path(args.dir) / ("leaderboard.json" if args.json else "leaderboard.txt")
    if not path.exists():
        return _err(f"no leaderboard in {args.dir}: run `grimoire arena league` or `grimoire arena rate` first")
    print(path.read_text(encoding="utf-8"), end="")
    return EXIT_OK


def add_commands(commands) -> None:
    arena = commands.add_parser("arena", help="LLMs and bots play whole games of Magic; Bradley-Terry ratings")
    arena_commands = arena.add_subparsers(dest="arena_command", required=True)

    def game_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--max-turns", type=_at_least_one, default=40,
                         help="a game still going after this turn is a draw")
        sub.add_argument("--cpu-timeout", type=_seconds, default=20.0, help="seconds the CPU may think per decision")

    def executor_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--executor", choices=("process", "ray"), default="process",
                         help="where games run: local processes (default) or Ray tasks (pip install -e '.[ray]')")
        sub.add_argument("--address", help="Ray cluster to join: auto, or ray://host:port (default: start a local "
                         "Ray instance with --workers CPUs)")

    def fit_options(sub: argparse.ArgumentParser, seed_help: str = "seed of the rating fit (default 0)") -> None:
        sub.add_argument("--draws", type=int, default=1000, help="posterior draws per chain")
        sub.add_argument("--tune", type=int, default=1000, help="tuning steps per chain")
        sub.add_argument("--chains", type=int, default=2, help="sampler chains of the rating fit (default 2)")
        sub.add_argument("--seed", type=int, default=0, help=seed_help)

    aplay = arena_commands.add_parser("play", help="play one game and print the result")
    aplay.add_argument("--players", nargs=2, default=["heuristic", "cpu"], metavar=("SEAT0", "SEAT1"),
                       help="random, heuristic, cpu, scripted (the shipped script) or a model name "
                       "(anthropic/..., openai/..., scripted/<path>)")
    aplay.add_argument("--decks", nargs=2, default=["delver", "burn"], metavar=("DECK0", "DECK1"),
                       help="deck names (burn, delver, dredge, jeskai) or decklist files")
    aplay.add_argument("--seed", type=_deal_seed, default=1, help="the deal: shuffles come from this seed "
                       "(0 to 2**64 - 1)")
    aplay.add_argument("--first", type=int, choices=(0, 1), default=0, help="the seat that takes the first turn")
    aplay.add_argument("--out", help="append the game record to this JSONL file")
    aplay.add_argument("--log", action="store_true", help="print the public game log")
    game_options(aplay)
    aplay.set_defaults(run=cmd_arena_play)

    aleague = arena_commands.add_parser("league", help="play games chosen by the scheduler, refit, write the "
                                        "leaderboard (table, JSON, PNG, HTML)")
    aleague.add_argument("--players", nargs="+", default=["random", "heuristic", "cpu"],
                         help="random, heuristic, cpu, scripted or model names (default: random heuristic cpu)")
    aleague.add_argument("--games", type=int, default=40, help="this many more games, each chosen after a refit")
    aleague.add_argument("--workers", type=int, default=2, help="games played at once, one process each")
    aleague.add_argument("--out", default="arena-league", help="folder for games.jsonl and the leaderboard")
    aleague.add_argument("--max-cost", type=float, help="start no game once this many USD of model calls are "
                         "spent or committed to games in flight (calls without usage at a conservative estimate)")
    aleague.add_argument("--compatible", nargs="*", default=[], help="older harness versions to keep")
    aleague.add_argument("--price", action="append", type=_model_price, metavar="MODEL=IN,OUT",
                         help="USD per million input and output tokens for a model the price table lacks "
                              "(repeatable); a model with no price is refused")
    game_options(aleague)
    executor_options(aleague)
    fit_options(aleague, "seed of the rating fit; 0 (default) also deals the standard deal book's shuffles, as "
                "other leagues do, another value another book's")
    aleague.set_defaults(run=cmd_arena_league)

    arate = arena_commands.add_parser("rate", help="fit the rating model to a games.jsonl and write the leaderboard")
    arate.add_argument("games", help="a games.jsonl written by league, play --out or census --out")
    arate.add_argument("--out", help="folder for the leaderboard (default: the games file's folder)")
    arate.add_argument("--compatible", nargs="*", default=[], help="older harness versions to keep")
    arate.add_argument("--all-versions", action="store_true", help="keep games of every harness version")
    fit_options(arate)
    arate.set_defaults(run=cmd_arena_rate)

    asim = arena_commands.add_parser("simulate", help="calibration: how often the 90%% intervals contain the known "
                                     "skills, decks, first-player advantage and deal luck")
    asim.add_argument("--leagues", type=_at_least_one, default=20,
                      help="simulated leagues, each fitted once (default 20)")
    asim.add_argument("--league-players", type=int, default=5, help="players besides the CPU in each league")
    asim.add_argument("--league-decks", type=int, default=3, help="decks besides Red Burn in each league")
    asim.add_argument("--deals", type=int, default=20, help="deals per simulated league")
    asim.add_argument("--plot", default="arena-calibration.png", help="PNG chart of the coverage per kind")
    fit_options(asim, "seed of the simulated leagues and of their fits (default 0)")
    asim.set_defaults(run=cmd_arena_simulate)

    acensus = arena_commands.add_parser("census", help="the cheapest player plays every matchup; report every "
                                        "rejected action, invalid reply and fallback")
    acensus.add_argument("--player", default="random", help="the player to run (the cheapest model before a paid run)")
    acensus.add_argument("--deals", type=int, default=1, help="deals of each matchup")
    acensus.add_argument("--workers", type=int, default=2, help="games played at once, one process each")
    acensus.add_argument("--out", help="append the census games to this JSONL file")
    game_options(acensus)
    executor_options(acensus)
    acensus.set_defaults(run=cmd_arena_census)

    aboard = arena_commands.add_parser("leaderboard", help="print a league's leaderboard")
    aboard.add_argument("dir", nargs="?", default="arena-league",
                        help="the league folder (default arena-league)")
    aboard.add_argument("--json", action="store_true", help="print leaderboard.json instead of the table")
    aboard.set_defaults(run=cmd_arena_leaderboard)
