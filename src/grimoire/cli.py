"""The ``grimoire`` command: parse arguments, call the library, print.

Subcommands: ``card``, ``search``, ``similar``, ``deck check|stats``, ``data info|update|load|embed|reset``,
``bench``, ``serve mcp``, ``serve web``, ``precon``, ``arena play|league|rate|simulate|census|leaderboard``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
SHIPPED_QUERIES = Path(__file__).resolve().parent / "bench" / "search" / "queries"


def _err(message: str) -> int:
    print(f"grimoire: {message}", file=sys.stderr)
    return EXIT_ERROR


def _open_db():
    import grimoire

    return grimoire.open()


def cmd_card(args: argparse.Namespace) -> int:
    from grimoire.cards.names import CardNotFoundError
    from grimoire.cards.render import card_text

    db = _open_db()
    try:
        card = db.named(" ".join(args.name))
    except CardNotFoundError as exc:
        return _err(str(exc))
    rulings = db.rulings(card)
    if args.json:
        payload = asdict(card)
        payload["rulings"] = None if rulings is None else [asdict(r) for r in rulings]
        print(json.dumps(payload, indent=1, ensure_ascii=False))
    else:
        print(card_text(card, rulings))
    return EXIT_OK


def _filters(args: argparse.Namespace):
    from grimoire.search.engine import Filters

    return Filters(color_identity=args.id, format=args.format, types=tuple(args.type or ()),
                   mana_value_min=args.mv_min, mana_value_max=args.mv_max, roles=tuple(args.role or ()))


def _print_page(page, as_json: bool, query: str) -> None:
    from grimoire.cards.render import result_json, result_text

    if as_json:
        print(json.dumps({"query": query, "total": page.total, "page": page.page, "limit": page.limit,
                          "mode": page.mode, "notes": page.notes,
                          "results": [result_json(r) for r in page.results]}, indent=1, ensure_ascii=False))
        return
    for note in page.notes:
        print(f"note: {note}", file=sys.stderr)
    if not page.results:
        print(f"No cards match {query!r}." if page.total == 0 else f"No results on page {page.page}.")
        return
    first, last = page.results[0].rank, page.results[-1].rank
    print(f"{first}-{last} of {page.total} ({page.mode})\n")
    print("\n\n".join(result_text(r) for r in page.results))


def _search_error(exc: Exception) -> int:
    from grimoire.search.query import QuerySyntaxError

    if isinstance(exc, QuerySyntaxError):
        print(f"grimoire: bad query: {exc.message} (at character {exc.position + 1})\n  "
              + exc.caret().replace("\n", "\n  "), file=sys.stderr)
        return EXIT_ERROR
    return _err(str(exc))


def cmd_search(args: argparse.Namespace) -> int:
    from grimoire.search.engine import SearchEngine
    from grimoire.search.query import QuerySyntaxError

    engine = SearchEngine(_open_db())
    queries = args.query
    try:
        page = engine.search(queries if len(queries) > 1 else queries[0], filters=_filters(args), page=args.page,
                             limit=args.limit, mode=args.mode, include_funny=args.include_funny)
    except (QuerySyntaxError, ValueError) as exc:
        return _search_error(exc)
    _print_page(page, args.json, " | ".join(queries))
    return EXIT_OK


def cmd_similar(args: argparse.Namespace) -> int:
    from grimoire.cards.names import CardNotFoundError
    from grimoire.search.engine import SearchEngine
    from grimoire.search.query import QuerySyntaxError

    engine = SearchEngine(_open_db())
    name = " ".join(args.name)
    try:
        page = engine.similar_to(name, query=args.query or "", filters=_filters(args), page=args.page,
                                 limit=args.limit, include_funny=args.include_funny)
    except CardNotFoundError as exc:
        return _err(str(exc))
    except (QuerySyntaxError, ValueError) as exc:
        return _search_error(exc)
    _print_page(page, args.json, f"similar to {name}")
    return EXIT_OK


def cmd_data_info(args: argparse.Namespace) -> int:
    db = _open_db()
    manifest = db.manifest
    if args.json:
        print(json.dumps({**manifest, "path": str(db.directory)}, indent=1, ensure_ascii=False))
        return EXIT_OK
    print(f"Store:     {db.directory}")
    print(f"Source:    {manifest.get('source')} ({manifest.get('source_detail', '')})")
    print(f"Data date: {manifest.get('data_date') or 'unknown'}   built {manifest.get('built_at')}")
    print(f"Cards:     {manifest.get('card_count'):,}   rulings: {manifest.get('ruling_count', 0):,}")
    if manifest.get("dropped"):
        print("Left out:  " + ", ".join(f"{reason} {count}" for reason, count in manifest["dropped"].items()))
    notes = manifest.get("field_notes") or {}
    if notes:
        print("What this data lacks or derives:")
        for field, note in notes.items():
            print(f"  {field}: {note}")
    return EXIT_OK


def cmd_data_update(args: argparse.Namespace) -> int:
    from grimoire.cards import update

    try:
        if args.source == "scryfall":
            db = update.update_scryfall(rulings=not args.no_rulings, min_cards=args.min_cards)
        else:
            db = update.update_mtgjson(min_cards=args.min_cards)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the current store in place; say so
        return _err(f"update failed, the current store is unchanged: {exc}")
    print(f"Installed {len(db):,} cards from {db.manifest.get('source')} in {db.directory}")
    return _prepare(db, embeddings=not args.no_embed)


def _prepare(db, *, embeddings: bool) -> int:
    from grimoire.search.prepare import prepare_store

    try:
        stats = prepare_store(db, embeddings=embeddings)
    except Exception as exc:  # noqa: BLE001 - the store is installed; say what is left to do
        return _err(f"the cards are installed, but preparing search failed: {exc}. Run: grimoire data embed")
    if stats:
        print(f"Embeddings: {stats['reused']:,} reused, {stats['encoded']:,} encoded")
    return EXIT_OK


def cmd_data_embed(args: argparse.Namespace) -> int:
    return _prepare(_open_db(), embeddings=True)


def cmd_data_load(args: argparse.Namespace) -> int:
    from grimoire.cards import update

    try:
        db = update.load_file(args.source, args.file, rulings=args.rulings, min_cards=args.min_cards)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the current store in place; say so
        return _err(f"load failed, the current store is unchanged: {exc}")
    print(f"Installed {len(db):,} cards from {args.file} in {db.directory}")
    return _prepare(db, embeddings=not args.no_embed)


def cmd_data_reset(args: argparse.Namespace) -> int:
    from grimoire.cards.home import grimoire_home, reset

    reset()
    print(f"Removed built stores under {grimoire_home()}; the bundled snapshot is in use.")
    return EXIT_OK


def _add_result_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--id", help="colour identity within these colours (e.g. bg, esper)")
    parser.add_argument("--format", "-f", help="legal in this format (e.g. commander)")
    parser.add_argument("--type", "-t", action="append", help="type line contains (repeatable)")
    parser.add_argument("--role", action="append", help="has this role, e.g. ramp, removal (repeatable)")
    parser.add_argument("--mv-min", type=float)
    parser.add_argument("--mv-max", type=float)
    parser.add_argument("-n", "--limit", type=int, default=10, help="results per page (max 100)")
    parser.add_argument("-p", "--page", type=int, default=1)
    parser.add_argument("--include-funny", action="store_true", help="include Un-set cards")
    parser.add_argument("--json", action="store_true", help="print results as JSON")


def cmd_bench_speed(args: argparse.Namespace) -> int:
    from grimoire.bench.speed import run

    run(repeats=args.repeats, as_json=args.json)
    return EXIT_OK


def cmd_bench_search(args: argparse.Namespace) -> int:
    from grimoire.bench.search import runner
    from grimoire.bench.search.dataset import QueryFileError, load_queries
    from grimoire.bench.search.engines import load_plugin

    db = _open_db()
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    for spec in args.plugin or ():
        engines.append(load_plugin(spec))
    paths = args.queries or sorted(SHIPPED_QUERIES.glob("*.jsonl"))
    try:
        query_sets = [load_queries(path, db) for path in paths]
    except (QueryFileError, OSError) as exc:
        return _err(str(exc))
    for query_set in query_sets:
        for warning in query_set.warnings[:10]:
            print(f"warning: {warning}", file=sys.stderr)
        if len(query_set.warnings) > 10:
            print(f"warning: ... and {len(query_set.warnings) - 10} more in {query_set.path}", file=sys.stderr)
    has_splits = any(q.split for qs in query_sets for q in qs.queries)
    split = args.split or ("test" if has_splits else "all")
    sets = [s.strip() for s in args.sets.split(",")] if args.sets else None
    try:
        result = runner.run_benchmark(db, query_sets, engines, split=split, sets=sets)
    except ValueError as exc:
        return _err(str(exc))
    if not any(result.scores[e] for e in result.engines):
        return _err("no query could be scored on this store: " + "; ".join(list(result.skipped.values())[:3]))
    print(f"Search benchmark on {len(db):,} cards ({db.manifest.get('source')}), split: {split}\n")
    print(runner.format_table(result))
    print()
    print(runner.paired_table(result))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    runner.write_json(result, out / "search_scores.json")
    runner.plot(result, out / "search_ndcg.png", title=f"Search benchmark, nDCG@10 ({split} split)")
    print(f"\nPer-query scores: {out / 'search_scores.json'}\nChart: {out / 'search_ndcg.png'}")
    return EXIT_OK


def cmd_bench_agent(args: argparse.Namespace) -> int:
    from grimoire.bench.agent.dataset import (
        SHIPPED_TASKS,
        list_qrels,
        load_grades,
        load_qrels,
        load_returned,
        load_tasks,
    )
    from grimoire.bench.agent.grader import ungraded
    from grimoire.bench.agent.harness import Arm, run_agent_bench
    from grimoire.bench.agent.metrics import format_table
    from grimoire.bench.search.dataset import QueryFileError

    db = _open_db()
    try:
        task_set = load_tasks(args.tasks or SHIPPED_TASKS, db)
        qrels = load_qrels(args.qrels, db)[0] if args.qrels else None
        grades = load_grades(args.grades, db)[0] if args.grades else []
    except (QueryFileError, OSError) as exc:
        return _err(str(exc))
    arm = Arm(tools=args.tools, grep_mode=args.grep_mode, prompt=args.prompt)
    try:
        run = run_agent_bench(task_set.tasks, db, model=args.model, arm=arm, epochs=args.epochs, limit=args.limit,
                              max_cost=args.max_cost, log_dir=args.log_dir, qrels=qrels)
    except (ValueError, RuntimeError) as exc:
        return _err(str(exc))
    labels = "qrels" if qrels else "the tasks' own lists"
    returned, _ = load_returned(run.episodes_path, task_set.tasks, db)
    missing = ungraded(returned, qrels or list_qrels(task_set.tasks), grades)
    unjudged = sum(len(rows) for rows in missing.values())
    provisional = " — PROVISIONAL: returned cards are not graded yet" if unjudged else ""
    print(f"Agent search tasks: {len(run.scored)} episodes on {len(db):,} cards, relevance by {labels}"
          f"{provisional}\n")
    print(format_table({run.label: run.summary()}).replace("$nan [nan, nan]", "unknown"))
    flagged = sum(len(e["flagged"]) for e in run.scored)
    print(f"\nNames never seen in the agent's results (flagged, dropped): {flagged}")
    if run.skipped or any(e.get("budget_stopped") for e in run.episodes):
        print(f"The budget (${args.max_cost:g}) stopped the run: {run.skipped} episodes skipped, "
              f"${run.budget.spent:.4f} spent.")
    if unjudged:
        print(f"\n{unjudged} returned cards in {len(missing)} tasks are in no list and were never graded, so P@10 "
              "counts them as misses and this run must not be compared with others yet. Grade them first:\n"
              f"  grimoire bench grade --model MODEL --run {run.episodes_path}\n"
              "then score with --qrels and --grades from its output folder.")
    print(f"Log: {run.log_path} (inspect view --log-dir {args.log_dir})\nEpisodes: {run.episodes_path}")
    from grimoire.bench.agent.report import run_entry, write_agent_summary

    summary_path, chart_path = write_agent_summary(run_entry(run.label, run.summary(), ungraded=unjudged),
                                                   args.out or args.log_dir)
    print(f"Summary: {summary_path}\nChart: {chart_path}")
    return EXIT_OK


def cmd_bench_grade(args: argparse.Namespace) -> int:
    from grimoire.bench.agent.dataset import (
        SHIPPED_TASKS,
        list_qrels,
        load_grades,
        load_qrels,
        load_returned,
        load_tasks,
        qrels_rows,
        write_jsonl,
    )
    from grimoire.bench.agent.grader import grade_cards, rebuild_qrels, ungraded
    from grimoire.bench.search.dataset import QueryFileError
    from grimoire.llm import complete_fn

    db = _open_db()
    out = Path(args.out)
    qrels_path, grades_path = out / "qrels.jsonl", out / "relevance_grades.jsonl"
    try:
        tasks = load_tasks(args.tasks or SHIPPED_TASKS, db).tasks
        returned, warnings = load_returned(args.episodes, tasks, db)
        qrels = load_qrels(qrels_path, db)[0] if qrels_path.exists() else list_qrels(tasks)
        previous = load_grades(grades_path, db)[0] if grades_path.exists() else []
    except (QueryFileError, OSError) as exc:
        return _err(str(exc))
    for warning in warnings[:10]:
        print(f"warning: {warning}", file=sys.stderr)
    experiment = args.experiment or f"grade-{args.episodes.stem}"
    try:
        report = grade_cards(tasks, returned, qrels, complete_fn(args.model), db=db, seed=args.seed,
                             grader_model=args.model, experiment=experiment, previous=previous)
    except (ValueError, RuntimeError) as exc:
        return _err(f"grading stopped: {exc}")
    write_jsonl(grades_path, report.rows, append=True)
    grades = [*previous, *report.rows]
    qrels = rebuild_qrels(tasks, qrels, grades)
    write_jsonl(qrels_path, qrels_rows(qrels, tasks, db))
    print(report.summary())
    print(f"Grades: {grades_path}\nQrels: {qrels_path}")
    left = ungraded(returned, qrels, grades)
    if left:
        return _err(f"{sum(map(len, left.values()))} returned cards on {len(left)} tasks are still ungraded "
                    "(e.g. " + ", ".join(db.columns.name[r] for r in next(iter(left.values()))[:3]) + "); "
                    "systems cannot be compared until they are: run this command again")
    return EXIT_OK

def cmd_serve_mcp(args: argparse.Namespace) -> int:
    from grimoire.serve.mcp_server import serve

    serve(http=args.http, port=args.port)
    return EXIT_OK


def cmd_serve_web(args: argparse.Namespace) -> int:
    from grimoire.serve.web import serve

    serve(port=args.port)
    return EXIT_OK


def _load_deck(source: str):
    """The deck named on the command line (``-`` reads a decklist from standard input), or an error message."""
    from grimoire.decks import load_deck, parse_decklist
    from grimoire.decks.fetch import DeckFetchError

    db = _open_db()
    try:
        if source == "-":
            return parse_decklist(sys.stdin.read(), db), None
        return load_deck(source, db), None
    except (DeckFetchError, OSError, ValueError) as exc:
        return None, str(exc)


def _print_problems(deck) -> None:
    from grimoire.decks.render import problems_text

    if deck.problems:
        print(f"{len(deck.problems)} line(s) could not be read:\n{problems_text(deck)}", file=sys.stderr)


def cmd_deck_check(args: argparse.Namespace) -> int:
    from grimoire.decks import validate_deck
    from grimoire.decks.render import check_text

    deck, error = _load_deck(args.file)
    if deck is None:
        return _err(error)
    try:
        violations = validate_deck(deck, args.format, args.bracket)
    except ValueError as exc:
        return _err(str(exc))
    if args.json:
        print(json.dumps({"format": args.format, "bracket": args.bracket, "legal": not any(
            v.is_error for v in violations), "violations": [v.to_dict() for v in violations],
            "deck": deck.to_dict()}, indent=1, ensure_ascii=False))
    else:
        _print_problems(deck)
        print(check_text(deck, violations, args.format))
    return EXIT_ERROR if any(v.is_error for v in violations) else EXIT_OK


def cmd_deck_stats(args: argparse.Namespace) -> int:
    from grimoire.decks import analyze_deck
    from grimoire.decks.render import deck_summary, stats_text

    deck, error = _load_deck(args.file)
    if deck is None:
        return _err(error)
    stats = analyze_deck(deck, args.format)
    if args.json:
        print(json.dumps({"stats": stats.to_dict(), "problems": [p.to_dict() for p in deck.problems]},
                         indent=1, ensure_ascii=False))
    else:
        _print_problems(deck)
        print(deck_summary(deck))
        print(stats_text(stats))
    return EXIT_OK


def cmd_precon_build(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.build import BuildError, build_dataset
    from grimoire.bench.precon.fetch import Fetcher, FetchError, edhrec_base

    try:
        if args.splits_only:
            manifest = build_dataset(args.out, snapshot=args.snapshot, cutoff=args.cutoff, splits_only=True)
        else:
            if not args.mtgjson:
                return _err("--mtgjson DIR is required: a folder with MTGJSON's DeckList.json, SetList.json, the "
                            "deck files (AllDeckFiles/) and AtomicCards.json")
            with Fetcher(Path(args.cache), base_url=edhrec_base()) as fetcher:
                manifest = build_dataset(args.out, snapshot=args.snapshot, mtgjson_dir=args.mtgjson, db=_open_db(),
                                         fetcher=fetcher, cutoff=args.cutoff)
    except (BuildError, FetchError, OSError, ValueError) as exc:
        return _err(f"precon build failed: {exc}")
    counts = manifest.get("counts", {})
    print(f"Built {args.out}: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
    return EXIT_OK


def cmd_precon_run(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.baselines import SYSTEMS
    from grimoire.bench.precon.dataset import load_dataset
    from grimoire.bench.precon.episodes import baseline_rows, write_rows

    db = _open_db()
    dataset = load_dataset(args.data)
    ids = dataset.precon_ids[: args.limit] if args.limit else dataset.precon_ids
    if args.model in SYSTEMS:
        path = write_rows(baseline_rows(args.model, [dataset.deck(i) for i in ids], db, seed=args.seed),
                          Path(args.log_dir) / f"{args.model}.episodes.jsonl")
    else:
        from grimoire.bench.precon.harness import run_precon_bench

        try:
            run = run_precon_bench(dataset, db, args.model, limit=args.limit, epochs=args.epochs,
                                   max_cost=args.max_cost, log_dir=args.log_dir)
        except (ValueError, RuntimeError) as exc:
            return _err(str(exc))
        path = run.episodes_path
        print(f"Log: {run.log_path} (inspect view --log-dir {args.log_dir})")
    print(f"Episodes: {path}")
    return EXIT_OK


def _precon_scores(args: argparse.Namespace):
    from grimoire.bench.precon.dataset import load_dataset
    from grimoire.bench.precon.episodes import read_episodes, read_rows
    from grimoire.bench.precon.scorer import precon_slices, score_dataset, scored_splits, summarize_splits

    db = _open_db()
    dataset = load_dataset(args.data)
    scores = score_dataset(dataset, read_episodes(read_rows(args.episodes)), db)
    rows = summarize_splits(scores, scored_splits(dataset), precon_slices(dataset))
    return scores, rows


def cmd_precon_score(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.report import summary_table

    _, rows = _precon_scores(args)
    print(summary_table(rows))
    return EXIT_OK


def cmd_precon_report(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.report import summary_table, write_report

    scores, rows = _precon_scores(args)
    files = write_report(scores, rows, args.out)
    print(summary_table(rows, slices=True))
    print(f"\nTable: {files.table}\nChart: {files.chart}\nPer-episode scores: {files.episodes}")
    return EXIT_OK


def cmd_precon_judge(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.dataset import load_dataset, write_deck_fit
    from grimoire.bench.precon.episodes import read_rows
    from grimoire.bench.precon.judge import add_validity, deck_fit_score, judge_adds
    from grimoire.llm import complete_fn

    db = _open_db()
    dataset = load_dataset(args.data)
    episodes = read_rows(args.episodes)
    try:
        report = judge_adds(dataset, episodes, db, complete_fn(args.model), seed=args.seed,
                            grader_model=args.model, grading_run=args.grading_run)
    except (ValueError, RuntimeError) as exc:
        return _err(f"judging failed: {exc}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_deck_fit(out, [row.to_json() for row in report.rows])
    print(report.summary())
    grades = report.grades()
    by_system: dict[str, list[float]] = {}
    for episode in episodes:
        if episode.get("skipped"):
            continue
        deck = dataset.deck(episode["precon_id"])
        score = deck_fit_score(episode, grades, add_validity(episode, deck, db))
        by_system.setdefault(episode.get("model", "?"), []).append(score)
    for system, values in by_system.items():
        print(f"deck-fit {system}: {sum(values) / len(values):.3f} over {len(values)} episodes")
    print(f"deck_fit rows: {out}")
    return EXIT_OK


# -- arena ---------------------------------------------------------------------------------------------------


def _fit_options(args: argparse.Namespace) -> dict:
    return {"draws": args.draws, "tune": args.tune, "chains": args.chains, "seed": args.seed}


def _progress_bar(total: int, desc: str):
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="game", disable=None)


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


def cmd_arena_league(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.leaderboard import table
    from grimoire.bench.arena.league import run_league, write_leaderboard
    from grimoire.bench.arena.play import PlayerStartError

    if "cpu" not in args.players:
        print("note: the CPU is not in this league, so ratings have no fixed reference", file=sys.stderr)
    try:
        with _progress_bar(args.games, "Arena games") as bar:
            report = run_league(args.players, args.out, games=args.games, workers=args.workers, seed=args.seed,
                                max_cost=args.max_cost, compatible=args.compatible, fit_options=_fit_options(args),
                                max_turns=args.max_turns, cpu_timeout=args.cpu_timeout, progress=bar.update)
    except (PlayerStartError, ValueError) as exc:
        return _err(f"{exc} (games played so far are kept in {Path(args.out) / 'games.jsonl'})")
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
    from grimoire.bench.arena.simulate import simulate

    coverage = simulate(leagues=args.leagues, players=args.league_players, deals_per_league=args.deals,
                        seed=args.seed, draws=args.draws, tune=args.tune, chains=args.chains, progress=True)
    print(f"{coverage.leagues} simulated leagues, {coverage.intervals} 90% intervals: {coverage.covered} contain "
          f"the true skill ({coverage.rate:.0%}); mean interval width {coverage.mean_interval_width_elo:.0f} Elo")
    return EXIT_OK


def cmd_arena_census(args: argparse.Namespace) -> int:
    from grimoire.bench.arena.census import run_census
    from grimoire.bench.arena.league import append_game
    from grimoire.bench.arena.play import PlayerStartError

    try:
        with _progress_bar(0, "Census games") as bar:
            report, records = run_census(args.player, deals=args.deals, workers=args.workers,
                                         max_turns=args.max_turns, cpu_timeout=args.cpu_timeout, progress=bar.update)
    except PlayerStartError as exc:
        return _err(str(exc))
    if args.out:
        for record in records:
            append_game(Path(args.out), record.to_dict())
    print(report.text())
    return EXIT_ERROR if report.silent_fallbacks or report.errors else EXIT_OK


def cmd_arena_leaderboard(args: argparse.Namespace) -> int:
    path = Path(args.dir) / ("leaderboard.json" if args.json else "leaderboard.txt")
    if not path.exists():
        return _err(f"no leaderboard in {args.dir}: run `grimoire arena league` or `grimoire arena rate` first")
    print(path.read_text(encoding="utf-8"), end="")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    from grimoire import __version__
    from grimoire.cards.home import MIN_FULL_STORE

    parser = argparse.ArgumentParser(prog="grimoire", description="Magic: The Gathering card search, offline.")
    parser.add_argument("--version", action="version", version=f"grimoire {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    card = commands.add_parser("card", help="show one card by name (fuzzy)")
    card.add_argument("name", nargs="+")
    card.add_argument("--json", action="store_true", help="print the card record as JSON")
    card.set_defaults(run=cmd_card)

    search = commands.add_parser(
        "search", help="find cards by what they do, in plain words and/or Scryfall syntax",
        description="Plain words rank (BM25 + MiniLM embeddings, fused); Scryfall syntax (t:, o:, id<=, mv>=, f:, "
                    "is:, role:, ...) filters. Several queries are ranked together.")
    search.add_argument("query", nargs="+", help="one to four queries (quote each)")
    _add_result_options(search)
    search.add_argument("--mode", choices=("hybrid", "bm25", "dense"), default="hybrid")
    search.set_defaults(run=cmd_search)

    similar = commands.add_parser("similar", help="cards whose rules text is closest to a card's")
    similar.add_argument("name", nargs="+")
    similar.add_argument("-q", "--query", help="extra filters in query syntax, e.g. 'mv<=3 -t:creature'")
    _add_result_options(similar)
    similar.set_defaults(run=cmd_similar)

    from grimoire.decks.validate import FORMATS as DECK_FORMATS

    deck = commands.add_parser("deck", help="check a decklist against a format, or show its statistics")
    deck_commands = deck.add_subparsers(dest="deck_command", required=True)
    deck_source = "decklist file (Arena, MTGO, Moxfield or plain text; - for stdin), MTGJSON deck .json, " \
                  "or a Moxfield/Archidekt deck URL"
    check = deck_commands.add_parser("check", help="deck legality: size, copies, commanders, identity, bans",
                                     description="Exits 1 when the deck breaks a rule of the format.")
    check.add_argument("file", help=deck_source)
    check.add_argument("--format", "-f", default="commander", choices=DECK_FORMATS)
    check.add_argument("--bracket", type=int, choices=range(1, 6), help="Commander bracket: limits Game Changers")
    check.add_argument("--json", action="store_true")
    check.set_defaults(run=cmd_deck_check)
    stats = deck_commands.add_parser("stats", help="mana curve, colours, lands and roles against common targets")
    stats.add_argument("file", help=deck_source)
    stats.add_argument("--format", "-f", help="commander compares with deck-building targets (default: commander "
                       "when the list names one)")
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(run=cmd_deck_stats)

    data = commands.add_parser("data", help="the card data in use: info, update, load, embed, reset")
    data_commands = data.add_subparsers(dest="data_command", required=True)
    info = data_commands.add_parser("info", help="which card data is loaded and what it lacks")
    info.add_argument("--json", action="store_true")
    info.set_defaults(run=cmd_data_info)
    upd = data_commands.add_parser("update", help="download current card data and switch to it")
    upd.add_argument("--source", choices=("scryfall", "mtgjson"), default="scryfall")
    upd.add_argument("--no-rulings", action="store_true", help="skip Scryfall's rulings file")
    upd.add_argument("--min-cards", type=int, default=MIN_FULL_STORE,
                     help=f"refuse downloads with fewer cards (default {MIN_FULL_STORE})")
    upd.add_argument("--no-embed", action="store_true", help="skip computing card embeddings (grimoire data embed)")
    upd.set_defaults(run=cmd_data_update)
    load = data_commands.add_parser("load", help="build the store from a local file")
    load.add_argument("source", choices=("scryfall", "mtgjson", "corpus"))
    load.add_argument("file", type=Path)
    load.add_argument("--rulings", type=Path, help="Scryfall rulings bulk file")
    load.add_argument("--min-cards", type=int, default=MIN_FULL_STORE,
                      help=f"refuse files with fewer cards (default {MIN_FULL_STORE})")
    load.add_argument("--no-embed", action="store_true", help="skip computing card embeddings (grimoire data embed)")
    load.set_defaults(run=cmd_data_load)
    embed = data_commands.add_parser("embed", help="index and embed the current store's cards (only new texts)")
    embed.set_defaults(run=cmd_data_embed)
    bench = commands.add_parser("bench", help="benchmarks")
    bench_commands = bench.add_subparsers(dest="bench_command", required=True)
    speed = bench_commands.add_parser("speed", help="search latency, time to first result and memory")
    speed.add_argument("--repeats", type=int, default=5)
    speed.add_argument("--json", action="store_true")
    speed.set_defaults(run=cmd_bench_speed)
    bsearch = bench_commands.add_parser("search", help="nDCG@10 of search engines on query sets")
    bsearch.add_argument("--queries", action="append", type=Path,
                         help="query file in the seed's schema (.jsonl or .parquet); repeatable; "
                              "default: the shipped sets")
    bsearch.add_argument("--engines", default="bm25,dense,hybrid,late",
                         help="comma-separated: bm25, dense, hybrid, late, or registered plugins")
    bsearch.add_argument("--plugin", action="append", help="module:factory of an engine to add (repeatable)")
    bsearch.add_argument("--sets", help="comma-separated sets to run (default: all in the files)")
    bsearch.add_argument("--split", choices=("dev", "test", "all"),
                         help="which queries (default: test when the file has splits, else all)")
    bsearch.add_argument("--out", default="bench-results", help="folder for the JSON and PNG (default: bench-results)")
    bsearch.set_defaults(run=cmd_bench_search)
    bagent = bench_commands.add_parser("agent", help="an AI agent with a search or grep tool on the agent tasks",
                                       description="Needs the provider's key in the environment (e.g. "
                                                   "ANTHROPIC_API_KEY); --model baseline runs with no model.")
    bagent.add_argument("--model", required=True, help="baseline, scripted/<file.jsonl>, replay/<log>, or an inspect "
                        "model such as anthropic/claude-sonnet-4-5, openai/gpt-5, ollama/<name>")
    bagent.add_argument("--tools", choices=("search", "grep"), default="search")
    bagent.add_argument("--grep-mode", choices=("line", "record"), default="record")
    bagent.add_argument("--prompt", choices=("minimal", "tuned"), default="minimal")
    bagent.add_argument("--tasks", type=Path, help="agent_tasks file (.jsonl or .parquet); default: the shipped tasks")
    bagent.add_argument("--qrels", type=Path, help="qrels file to score by (default: the tasks' own lists)")
    bagent.add_argument("--grades", type=Path,
                        help="relevance_grades file (from bench grade): returned cards it holds count as graded")
    bagent.add_argument("--epochs", type=int, default=1, help="repeats per task")
    bagent.add_argument("--limit", type=int, help="run only the first N tasks")
    bagent.add_argument("--max-cost", type=float, help="stop the run once it has spent this many USD")
    bagent.add_argument("--log-dir", default="logs/agent", help="folder for the inspect logs and EPISODES files")
    bagent.add_argument("--out", help="folder for agent_summary.json (merged by run label) and agent_p10.png "
                        "(default: the log folder)")
    bagent.set_defaults(run=cmd_bench_agent)
    bgrade = bench_commands.add_parser("grade", help="grade blind the cards agents returned that no list has judged",
                                       description="Writes relevance_grades.jsonl and qrels.jsonl under --out; "
                                                   "cards already graded there are not graded again.")
    bgrade.add_argument("--model", required=True, help="the grader: scripted/<file.jsonl> or an inspect model "
                        "such as anthropic/claude-sonnet-4-5")
    bgrade.add_argument("--run", dest="episodes", metavar="EPISODES", required=True, type=Path,
                        help="EPISODES file written by bench agent (JSONL)")
    bgrade.add_argument("--tasks", type=Path, help="agent_tasks file (.jsonl or .parquet); default: the shipped tasks")
    bgrade.add_argument("--out", default="bench-results/grades", help="folder of the grades and qrels "
                        "(default: bench-results/grades)")
    bgrade.add_argument("--seed", type=int, default=0, help="seed of the card order, decoys and re-grades")
    bgrade.add_argument("--experiment", help="experiment name in the grades (default: grade-<EPISODES name>)")
    bgrade.set_defaults(run=cmd_bench_grade)

    serve = commands.add_parser("serve", help="serve Grimoire to other programs (MCP for AI agents) or as a web page")
    serve_commands = serve.add_subparsers(dest="serve_command", required=True)
    mcp = serve_commands.add_parser(
        "mcp", help="MCP server: card search, card lookup and deck tools for AI agents",
        description="Speaks MCP over stdio (for Claude Code, Claude Desktop and other MCP clients), or over "
                    "streamable HTTP on 127.0.0.1 with --http (endpoint http://127.0.0.1:PORT/mcp).")
    mcp.add_argument("--http", action="store_true", help="serve streamable HTTP on 127.0.0.1 instead of stdio")
    mcp.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    mcp.set_defaults(run=cmd_serve_mcp)
    web = serve_commands.add_parser("web", help="the web page: search, card pages, deck check, benchmark results",
                                    description="Serves the page and its JSON API on http://127.0.0.1:PORT/ only.")
    web.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    web.set_defaults(run=cmd_serve_web)

    precon = commands.add_parser("precon", help="the Commander precon cut/add benchmark")
    precon_commands = precon.add_subparsers(dest="precon_command", required=True)
    pbuild = precon_commands.add_parser("build", help="build the dataset from MTGJSON files and EDHREC pages")
    pbuild.add_argument("--snapshot", required=True, help="snapshot date, YYYY-MM-DD")
    pbuild.add_argument("--mtgjson", type=Path, help="folder with DeckList.json, SetList.json, AllDeckFiles/, "
                                                     "AtomicCards.json")
    pbuild.add_argument("--out", type=Path, default=Path("precon-data"))
    pbuild.add_argument("--cache", default="precon-cache", help="EDHREC response cache (never re-fetched)")
    pbuild.add_argument("--cutoff", default="2025-11-01", help="model training cutoff C for the splits")
    pbuild.add_argument("--splits-only", action="store_true", help="recompute splits.parquet only")
    pbuild.set_defaults(run=cmd_precon_build)
    prun = precon_commands.add_parser("run", help="run a model or a no-key baseline on the precons")
    prun.add_argument("--data", type=Path, required=True, help="a built dataset folder")
    prun.add_argument("--model", required=True,
                      help="role_balance, random_legal, or any model name (scripted/<path> offline)")
    prun.add_argument("--limit", type=int)
    prun.add_argument("--epochs", type=int, default=1)
    prun.add_argument("--seed", type=int, default=0)
    prun.add_argument("--max-cost", type=float)
    prun.add_argument("--log-dir", default="logs/precon")
    prun.set_defaults(run=cmd_precon_run)
    for name, handler, text in (("score", cmd_precon_score, "score EPISODES files and print the table"),
                                ("report", cmd_precon_report, "score and write the table, chart and JSON")):
        sub = precon_commands.add_parser(name, help=text)
        sub.add_argument("--data", type=Path, required=True)
        sub.add_argument("--run", dest="episodes", metavar="EPISODES", action="append", required=True,
                         help="EPISODES file (repeatable)")
        if name == "report":
            sub.add_argument("--out", default="precon-report")
        sub.set_defaults(run=handler)
    pjudge = precon_commands.add_parser("judge", help="grade proposed adds with the blind deck-fit judge")
    pjudge.add_argument("--data", type=Path, required=True)
    pjudge.add_argument("--run", dest="episodes", metavar="EPISODES", action="append", required=True,
                        help="EPISODES file (repeatable)")
    pjudge.add_argument("--model", required=True, help="grader model (scripted/<path> offline)")
    pjudge.add_argument("--seed", type=int, default=0)
    pjudge.add_argument("--grading-run", default="grimoire")
    pjudge.add_argument("--out", default="precon-judge")
    pjudge.set_defaults(run=cmd_precon_judge)

    arena = commands.add_parser("arena", help="LLMs and bots play whole games of Magic; Bradley-Terry ratings")
    arena_commands = arena.add_subparsers(dest="arena_command", required=True)

    def game_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--max-turns", type=int, default=40, help="a game still going after this turn is a draw")
        sub.add_argument("--cpu-timeout", type=float, default=20.0, help="seconds the CPU may think per decision")

    def fit_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--draws", type=int, default=1000, help="posterior draws per chain")
        sub.add_argument("--tune", type=int, default=1000, help="tuning steps per chain")
        sub.add_argument("--chains", type=int, default=2)
        sub.add_argument("--seed", type=int, default=0)

    aplay = arena_commands.add_parser("play", help="play one game and print the result")
    aplay.add_argument("--players", nargs=2, default=["heuristic", "cpu"], metavar=("SEAT0", "SEAT1"),
                       help="random, heuristic, cpu, scripted (the shipped script) or a model name "
                       "(anthropic/..., openai/..., scripted/<path>)")
    aplay.add_argument("--decks", nargs=2, default=["delver", "burn"], metavar=("DECK0", "DECK1"),
                       help="deck names (burn, delver, dredge, jeskai) or decklist files")
    aplay.add_argument("--seed", type=int, default=1, help="the deal: shuffles come from this seed")
    aplay.add_argument("--first", type=int, choices=(0, 1), default=0, help="the seat that takes the first turn")
    aplay.add_argument("--out", help="append the game record to this JSONL file")
    aplay.add_argument("--log", action="store_true", help="print the public game log")
    game_options(aplay)
    aplay.set_defaults(run=cmd_arena_play)

    aleague = arena_commands.add_parser("league", help="play games chosen by the scheduler, refit, write the "
                                        "leaderboard (table, JSON, PNG, HTML)")
    aleague.add_argument("--players", nargs="+", default=["random", "heuristic", "cpu"])
    aleague.add_argument("--games", type=int, default=40, help="at least this many more games (whole deals)")
    aleague.add_argument("--workers", type=int, default=2, help="games played at once, one process each")
    aleague.add_argument("--out", default="arena-league", help="folder for games.jsonl and the leaderboard")
    aleague.add_argument("--max-cost", type=float, help="stop once this many USD of model calls are spent")
    aleague.add_argument("--compatible", nargs="*", default=[], help="older harness versions to keep")
    game_options(aleague)
    fit_options(aleague)
    aleague.set_defaults(run=cmd_arena_league)

    arate = arena_commands.add_parser("rate", help="fit the rating model to a games.jsonl and write the leaderboard")
    arate.add_argument("games", help="a games.jsonl written by league, play --out or census --out")
    arate.add_argument("--out", help="folder for the leaderboard (default: the games file's folder)")
    arate.add_argument("--compatible", nargs="*", default=[], help="older harness versions to keep")
    arate.add_argument("--all-versions", action="store_true", help="keep games of every harness version")
    fit_options(arate)
    arate.set_defaults(run=cmd_arena_rate)

    asim = arena_commands.add_parser("simulate", help="calibration: how often the 90%% intervals contain known skills")
    asim.add_argument("--leagues", type=int, default=20)
    asim.add_argument("--league-players", type=int, default=5, help="players besides the CPU in each league")
    asim.add_argument("--deals", type=int, default=20, help="deals per simulated league")
    fit_options(asim)
    asim.set_defaults(run=cmd_arena_simulate)

    acensus = arena_commands.add_parser("census", help="the cheapest player plays every matchup; report every "
                                        "rejected action, invalid reply and fallback")
    acensus.add_argument("--player", default="random", help="the player to run (the cheapest model before a paid run)")
    acensus.add_argument("--deals", type=int, default=1, help="deals of each matchup")
    acensus.add_argument("--workers", type=int, default=2)
    acensus.add_argument("--out", help="append the census games to this JSONL file")
    game_options(acensus)
    acensus.set_defaults(run=cmd_arena_census)

    aboard = arena_commands.add_parser("leaderboard", help="print a league's leaderboard")
    aboard.add_argument("dir", nargs="?", default="arena-league")
    aboard.add_argument("--json", action="store_true")
    aboard.set_defaults(run=cmd_arena_leaderboard)

    rst = data_commands.add_parser("reset", help="go back to the bundled snapshot")
    rst.set_defaults(run=cmd_data_reset)
    return parser


def main(argv: list[str] | None = None) -> int:
    from grimoire.cards.store import StoreError

    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except StoreError as exc:
        return _err(str(exc))


if __name__ == "__main__":
    sys.exit(main())
