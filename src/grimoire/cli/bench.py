"""``grimoire bench``: benchmarks: search speed, search quality, the agent search benchmark and its grader.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grimoire.cli._common import (
    EXIT_OK,
    SHIPPED_QUERIES,
    _err,
    _grader,
    _model_refused,
    _open_db,
    positive_number,
)


def cmd_bench_speed(args: argparse.Namespace) -> int:
    from grimoire.bench.speed import run

    run(repeats=args.repeats, as_json=args.json, plot=args.plot)
    return EXIT_OK


def _print_label_warnings(query_sets) -> None:
    for query_set in query_sets:
        for warning in query_set.warnings[:10]:
            print(f"warning: {warning}", file=sys.stderr)
        if len(query_set.warnings) > 10:
            print(f"warning: ... and {len(query_set.warnings) - 10} more in {query_set.path}", file=sys.stderr)
        missing = {s: c for s, c in query_set.unresolved_by_set().items() if c[0]}
        if missing:
            print("labels this store cannot resolve (scored as absent): " + ", ".join(
                f"{s} {m:,} of {n:,}" for s, (m, n) in sorted(missing.items())), file=sys.stderr)


def _warn_of_same_engines(engines: list[str]) -> None:
    """Two engine names that run one engine (``hybrid`` beside ``hybrid-static``, the default encoder's, or beside
    ``hybrid-minilm`` while ``GRIMOIRE_ENCODER=minilm``) would be compared with each other for nothing: say so,
    and how to compare the encoders. An unknown ``GRIMOIRE_ENCODER`` is a ``ValueError`` that names the choices."""
    from grimoire.bench.search.engines import resolved_engine, same_engines
    from grimoire.search.embed import DEFAULT_ENCODER, ENCODER_VARIABLE, encoder_name

    for first, second in same_engines(engines):
        plain = first if resolved_engine(first) != first else second
        unset = f", or unset {ENCODER_VARIABLE}" if encoder_name() != DEFAULT_ENCODER else ""
        print(f"warning: --engines names {first} and {second}, which are one engine ({resolved_engine(first)}: "
              f"{plain} embeds with the default encoder, {encoder_name()}); to compare Grimoire's static model "
              f"with MiniLM, name dense-static,hybrid-static beside dense-minilm,hybrid-minilm{unset}",
              file=sys.stderr)


def _warn_of_missing_vectors(db, engines: list[str]) -> None:
    """An engine whose encoder has not embedded every card of the store (``data update`` embeds with the chosen
    encoder only) ranks those cards by words only and would score below what it is: say so, and how to fix it."""
    from grimoire.bench.search.engines import engine_encoder
    from grimoire.search.vectors import CardVectors

    for encoder in sorted({engine_encoder(name) for name in engines} - {None}):
        missing = CardVectors(db, encoder).missing
        if missing:
            print(f"warning: {missing:,} of {len(db):,} cards have no {encoder} embedding, so its engines rank them "
                  f"by words only; first run: grimoire data embed --encoder {encoder}", file=sys.stderr)


def cmd_bench_search(args: argparse.Namespace) -> int:
    from grimoire.bench.search import published, runner
    from grimoire.bench.search.dataset import QueryFileError, load_queries
    from grimoire.bench.search.engines import load_plugin
    from grimoire.hub import HubError
    from grimoire.search.embed import encoder_name

    encoder_name()  # an unknown GRIMOIRE_ENCODER stops here, as a bad option would (main prints it)
    db = _open_db()
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    try:
        engines += [load_plugin(spec) for spec in args.plugin or ()]
        _warn_of_same_engines(engines)
        _warn_of_missing_vectors(db, engines)
        query_sets = [load_queries(path, db) for path in args.queries or sorted(SHIPPED_QUERIES.glob("*.jsonl"))]
    except (QueryFileError, HubError, OSError, ValueError) as exc:
        return _err(str(exc))
    _print_label_warnings(query_sets)
    for query_set in query_sets:
        if "commit" in query_set.source:
            print(f"Queries: {query_set.source['source']} at commit {query_set.source['commit']}")
    has_splits = any(q.split for qs in query_sets for q in qs.queries)
    split = args.split or ("test" if has_splits else "all")
    sets = [s.strip() for s in args.sets.split(",")] if args.sets else None
    held = sorted({query.set for query_set in query_sets for query in query_set.queries})
    if sets and (unknown := [name for name in sets if name not in held]):
        return _err(f"--sets: no query set named {', '.join(map(repr, unknown))}; the query files hold "
                    f"{', '.join(held) or 'none'}")
    try:
        baseline = runner.read_baseline(Path(args.baseline)) if args.baseline else None
        result = runner.run_benchmark(db, query_sets, engines, split=split, sets=sets)
    except ValueError as exc:
        return _err(str(exc))
    if not any(result.scores[e] for e in result.engines):
        return _err("no query could be scored on this store: " + "; ".join(list(result.skipped.values())[:3]))
    print(f"Search benchmark on {len(db):,} cards ({db.manifest.get('source')}), split: {split}\n")
    print(runner.format_table(result))
    if paired := runner.paired_table(result):
        print()
        print(paired)
    comparison = runner.compare_baseline(result, baseline, args.baseline) if baseline else None
    if comparison:
        print()
        print(runner.baseline_table(comparison))
    if by_encoder := runner.encoder_table(result):
        print()
        print(by_encoder)
    if args.compare_published:
        unresolved: dict[str, tuple[int, int]] = {}
        for query_set in query_sets:
            for set_name, (missing, labelled) in query_set.unresolved_by_set().items():
                before = unresolved.get(set_name, (0, 0))
                unresolved[set_name] = (before[0] + missing, before[1] + labelled)
        print("\nBeside the published table (nDCG@10 x100):\n")
        print(published.compare_table(result.summary(), manifest=db.manifest, card_count=len(db),
                                      published_queries=any("commit" in qs.source for qs in query_sets),
                                      unresolved=unresolved))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    runner.write_json(result, out / "search_scores.json", sources=[qs.source for qs in query_sets],
                      baseline=comparison)
    runner.plot(result, out / "search_ndcg.png",
                title=f"Search benchmark, nDCG@10, P@10 and staples@10 ({split} split)")
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
    from grimoire.bench.agent.harness import BASELINE, Arm, run_agent_bench
    from grimoire.bench.agent.metrics import format_table
    from grimoire.bench.search.dataset import QueryFileError
    from grimoire.hub import HubError

    if args.model != BASELINE and (refused := _model_refused(args.model)) is not None:
        return refused
    db = _open_db()
    try:
        task_set = load_tasks(args.tasks or SHIPPED_TASKS, db)
        qrels = load_qrels(args.qrels, db)[0] if args.qrels else None
        grades = load_grades(args.grades, db)[0] if args.grades else []
    except (QueryFileError, HubError, OSError) as exc:
        return _err(str(exc))
    if "commit" in task_set.source:
        print(f"Tasks: {task_set.source['source']} at commit {task_set.source['commit']}")
    arm = Arm(tools=args.tools, grep_mode=args.grep_mode, prompt=args.prompt)
    try:
        run = run_agent_bench(task_set.tasks, db, model=args.model, arm=arm, epochs=args.epochs, limit=args.limit,
                              max_cost=args.max_cost, log_dir=args.log_dir, qrels=qrels, price=args.price)
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
    from grimoire.bench.agent.metrics import format_paired, per_task
    from grimoire.bench.agent.report import read_paired, run_entry, write_agent_summary

    entry = {**run_entry(run.label, run.summary(), ungraded=unjudged, tasks=per_task(run.task_scores())),
             "tasks_source": task_set.source}
    summary_path, chart_path = write_agent_summary(entry, args.out or args.log_dir)
    print("\n" + format_paired(read_paired(summary_path)))
    print(f"Summary: {summary_path}\nChart: {chart_path}")
    return EXIT_OK


def cmd_bench_grade(args: argparse.Namespace) -> int:
    from grimoire.bench.agent.dataset import SHIPPED_TASKS, load_returned, load_tasks
    from grimoire.bench.agent.grading import grade_run
    from grimoire.bench.search.dataset import QueryFileError
    from grimoire.hub import HubError

    grader = _grader(args.model)
    if isinstance(grader, int):
        return grader
    db = _open_db()
    try:
        tasks = load_tasks(args.tasks or SHIPPED_TASKS, db).tasks
        returned, warnings = load_returned(args.episodes, tasks, db)
        for warning in warnings[:10]:
            print(f"warning: {warning}", file=sys.stderr)
        outcome = grade_run(tasks, returned, db, grader, out=args.out, grader_model=args.model,
                            experiment=args.experiment or f"grade-{args.episodes.stem}", seed=args.seed,
                            published=args.qrels, include_listed=args.include_listed)
    except (QueryFileError, HubError, OSError) as exc:
        return _err(str(exc))
    except (ValueError, RuntimeError) as exc:
        return _err(f"grading stopped: {exc}")
    print(outcome.report.summary())
    print(f"Grades: {outcome.grades_path}\nQrels: {outcome.qrels_path}")
    if outcome.left:
        first = next(iter(outcome.left.values()))[:3]
        return _err(f"{sum(map(len, outcome.left.values()))} returned cards on {len(outcome.left)} tasks are still "
                    "ungraded (e.g. " + ", ".join(db.columns.name[r] for r in first) + "); "
                    "systems cannot be compared until they are: run this command again")
    return EXIT_OK


def price_argument(text: str):
    from grimoire.llm.cost import Price

    try:
        return Price.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def add_commands(commands) -> None:
    bench = commands.add_parser("bench", help="benchmarks")
    bench_commands = bench.add_subparsers(dest="bench_command", required=True)
    speed = bench_commands.add_parser("speed", help="search latency, time to first result and memory")
    speed.add_argument("--repeats", type=positive_number, default=5, help="rounds of the query sets timed (default 5)")
    speed.add_argument("--json", action="store_true", help="print the figures as JSON instead of the tables")
    speed.add_argument("--plot", metavar="PNG", help="also draw each encoder's figures beside its targets")
    speed.set_defaults(run=cmd_bench_speed)
    bsearch = bench_commands.add_parser("search", help="nDCG@10, P@10 and staples@10 of search engines on query sets")
    bsearch.add_argument("--queries", action="append",
                         help="query file in the seed's schema (.jsonl or .parquet), or a Hub reference such as "
                              "hf:kasper-cbx/mtg-search-bench (pinned to v1.1); repeatable; default: the shipped sets")
    bsearch.add_argument("--compare-published", action="store_true",
                         help="print the seed's published table beside this run's engines")
    bsearch.add_argument("--engines", default="bm25,dense,hybrid,late",
                         help="comma-separated: bm25, dense, hybrid, late (these embed with the default encoder, "
                              "$GRIMOIRE_ENCODER, else static), dense-minilm, dense-static, hybrid-minilm, "
                              "hybrid-static, or registered plugins")
    bsearch.add_argument("--plugin", action="append", help="module:factory of an engine to add (repeatable)")
    bsearch.add_argument("--sets", help="comma-separated sets to run (default: all in the files)")
    bsearch.add_argument("--split", choices=("dev", "test", "all"),
                         help="which queries (default: test when the file has splits, else all)")
    bsearch.add_argument("--out", default="bench-results", help="folder for the JSON and PNG (default: bench-results)")
    bsearch.add_argument("--baseline", metavar="SCORES_JSON",
                         help="an earlier run's search_scores.json: print paired differences, this run minus it, "
                              "per engine both ran, on the queries both scored with identical labels")
    bsearch.set_defaults(run=cmd_bench_search)
    bagent = bench_commands.add_parser("agent", help="an AI agent with a search or grep tool on the agent tasks",
                                       description="Needs the provider's key in the environment (e.g. "
                                                   "ANTHROPIC_API_KEY); --model baseline runs with no model.")
    bagent.add_argument("--model", required=True, help="baseline, scripted/<file.jsonl>, replay/<log>, or an inspect "
                        "model such as anthropic/claude-sonnet-4-5, openai/gpt-5, ollama/<name>")
    bagent.add_argument("--tools", choices=("search", "grep"), default="search",
                        help="the agent's tool: Grimoire's search (default) or a regex grep over the card text")
    bagent.add_argument("--grep-mode", choices=("line", "record"), default="record",
                        help="with --tools grep: match each line, or each card's whole record (default)")
    bagent.add_argument("--prompt", choices=("minimal", "tuned"), default="minimal",
                        help="minimal: the task protocol only (default); tuned: adds search advice (for grep, a "
                             "record layout example and how patterns match)")
    bagent.add_argument("--tasks", help="agent_tasks file (.jsonl or .parquet) or hf:kasper-cbx/mtg-search-bench; "
                        "default: the shipped tasks")
    bagent.add_argument("--qrels", help="qrels file or hf: reference to score by (default: the tasks' own lists)")
    bagent.add_argument("--grades",
                        help="relevance_grades file (from bench grade): returned cards it holds count as graded")
    bagent.add_argument("--epochs", type=positive_number, default=1, help="repeats per task")
    bagent.add_argument("--limit", type=positive_number, help="run only the first N tasks")
    bagent.add_argument("--max-cost", type=float, help="stop the run once it has spent this many USD")
    bagent.add_argument("--price", type=price_argument,
                        help="INPUT,OUTPUT USD per million tokens, for a model the price table does not list "
                             "(prices match a model's exact name)")
    bagent.add_argument("--log-dir", default="logs/agent", help="folder for the inspect logs and EPISODES files")
    bagent.add_argument("--out", help="folder for agent_summary.json (merged by run label) and agent_p10.png "
                        "(default: the log folder)")
    bagent.set_defaults(run=cmd_bench_agent)
    bgrade = bench_commands.add_parser("grade", help="grade blind the cards agents returned that no list has judged",
                                       description="Writes relevance_grades.jsonl and qrels.jsonl under --out; "
                                                   "cards already graded there are not graded again.")
    bgrade.add_argument("--model", required=True, help="the grader: an inspect model such as "
                        "anthropic/claude-sonnet-4-5, scripted/<file.jsonl> (replies in order) or "
                        "scripted-grades/<file.json> (an offline grader that answers any batch)")
    bgrade.add_argument("--qrels", help="the published qrels (qrels.parquet, or hf:kasper-cbx/mtg-search-bench): every "
                        "label is kept and only cards it does not judge are graded")
    bgrade.add_argument("--include-listed", action="store_true",
                        help="also grade returned cards already on a task's list (a check on the grader, as EXP-016 "
                             "did; a list card is never removed)")
    bgrade.add_argument("--run", dest="episodes", metavar="EPISODES", required=True, type=Path,
                        help="EPISODES file written by bench agent (JSONL)")
    bgrade.add_argument("--tasks", help="agent_tasks file (.jsonl or .parquet) or hf:kasper-cbx/mtg-search-bench; "
                        "default: the shipped tasks")
    bgrade.add_argument("--out", default="bench-results/grades", help="folder of the grades and qrels "
                        "(default: bench-results/grades)")
    bgrade.add_argument("--seed", type=int, default=0, help="seed of the card order, decoys and re-grades")
    bgrade.add_argument("--experiment", help="experiment name in the grades (default: grade-<EPISODES name>)")
    bgrade.set_defaults(run=cmd_bench_grade)
