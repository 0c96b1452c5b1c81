"""``grimoire precon``: the Commander precon cut/add benchmark.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from grimoire.cli._common import (
    EXIT_OK,
    _err,
    _grader,
    _model_refused,
    _open_db,
    positive_number,
)
from grimoire.cli.bench import price_argument


def cmd_precon_build(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.build import BuildError, build_dataset
    from grimoire.bench.precon.fetch import Fetcher, FetchError, edhrec_base
    from grimoire.bench.precon.mtgjson_files import MtgjsonFiles
    from grimoire.cards.update import DownloadError, mtgjson_api

    try:
        if args.splits_only:
            manifest = build_dataset(args.out, snapshot=args.snapshot, cutoff=args.cutoff, splits_only=True)
        else:
            folder = args.mtgjson or Path(args.cache) / "mtgjson"
            base_url = None if args.offline else mtgjson_api()
            with Fetcher(Path(args.cache), base_url=edhrec_base()) as fetcher, \
                    MtgjsonFiles(folder, base_url=base_url) as files:
                manifest = build_dataset(args.out, snapshot=args.snapshot, mtgjson=files, db=_open_db(),
                                         fetcher=fetcher, cutoff=args.cutoff)
    except (BuildError, FetchError, DownloadError, OSError, ValueError) as exc:
        return _err(f"precon build failed: {exc}")
    counts = manifest.get("counts", {})
    print(f"Built {args.out}: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
    return EXIT_OK


def _dataset(data: str):
    """The precon dataset ``data`` names, or ``EXIT_ERROR`` after one line saying why it cannot be read (one not
    built yet names the build command)."""
    from grimoire.bench.precon.dataset import DatasetError, load_dataset

    try:
        return load_dataset(data)
    except DatasetError as exc:
        return _err(str(exc))


def cmd_precon_run(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.baselines import SYSTEMS
    from grimoire.bench.precon.episodes import baseline_rows, write_rows

    if args.model not in SYSTEMS and (refused := _model_refused(args.model)) is not None:
        return refused
    dataset = _dataset(args.data)
    if isinstance(dataset, int):
        return dataset
    db = _open_db()
    if "commit" in dataset.source:
        print(f"Data: {dataset.source['source']} at commit {dataset.source['commit']}")
    ids = dataset.precon_ids[: args.limit] if args.limit else dataset.precon_ids
    if args.model in SYSTEMS:
        path = write_rows(baseline_rows(args.model, [dataset.deck(i) for i in ids], db, seed=args.seed),
                          Path(args.log_dir) / f"{args.model}.episodes.jsonl")
    else:
        from grimoire.bench.precon.harness import run_precon_bench

        try:
            run = run_precon_bench(dataset, db, args.model, limit=args.limit, epochs=args.epochs,
                                   max_cost=args.max_cost, log_dir=args.log_dir, price=args.price)
        except (ValueError, RuntimeError) as exc:
            return _err(str(exc))
        path = run.episodes_path
        print(f"Log: {run.log_path} (inspect view --log-dir {args.log_dir})")
    print(f"Episodes: {path}")
    return EXIT_OK


def _precon_scores(args: argparse.Namespace):
    from grimoire.bench.precon.dataset import load_dataset, read_deck_fit
    from grimoire.bench.precon.episodes import read_episodes, read_rows
    from grimoire.bench.precon.scorer import (
        deck_fit_grades,
        judged_precons,
        paired_differences,
        precon_slices,
        score_dataset,
        scored_splits,
        summarize_splits,
        with_deck_fit,
    )

    db = _open_db()
    dataset = load_dataset(args.data)
    grade_rows = dataset.deck_fit()
    if getattr(args, "deck_fit", None):
        grade_rows = [*grade_rows, *read_deck_fit(args.deck_fit)]
    scores = score_dataset(dataset, read_episodes(read_rows(args.episodes)), db)
    scores = with_deck_fit(scores, deck_fit_grades(grade_rows), judged_precons(dataset)) if grade_rows else scores
    splits = scored_splits(dataset)
    return scores, summarize_splits(scores, splits, precon_slices(dataset)), paired_differences(scores, splits)


def cmd_precon_score(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.dataset import DatasetError
    from grimoire.bench.precon.report import paired_table, summary_table

    try:
        _, rows, paired = _precon_scores(args)
    except (DatasetError, OSError, ValueError) as exc:
        return _err(str(exc))
    print(summary_table(rows))
    print(paired_table(paired))
    return EXIT_OK


def cmd_precon_report(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.dataset import DatasetError
    from grimoire.bench.precon.report import summary_table, write_report

    try:
        scores, rows, paired = _precon_scores(args)
    except (DatasetError, OSError, ValueError) as exc:
        return _err(str(exc))
    files = write_report(scores, rows, args.out, paired)
    print(summary_table(rows, slices=True))
    print(f"\nTable: {files.table}\nChart: {files.chart}\nPer-episode scores: {files.episodes}")
    return EXIT_OK


def cmd_precon_judge(args: argparse.Namespace) -> int:
    from grimoire.bench.precon.dataset import write_deck_fit
    from grimoire.bench.precon.episodes import read_rows
    from grimoire.bench.precon.judge import deck_fit_rows, judge_adds
    from grimoire.bench.precon.report import summary_table

    grader = _grader(args.model)
    if isinstance(grader, int):
        return grader
    dataset = _dataset(args.data)
    if isinstance(dataset, int):
        return dataset
    try:
        episodes = read_rows(args.episodes)
    except (OSError, ValueError) as exc:
        return _err(f"cannot read the episodes: {exc}")
    db = _open_db()
    try:
        report = judge_adds(dataset, episodes, db, grader, seed=args.seed,
                            grader_model=args.model, grading_run=args.grading_run)
    except (ValueError, RuntimeError) as exc:
        return _err(f"judging failed: {exc}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_deck_fit(out, [row.to_json() for row in report.rows])
    print(report.summary())
    print("\nDeck-fit on the judged (scored dev and test) decks:\n")
    print(summary_table(deck_fit_rows(dataset, episodes, report.grades(), db), columns={"deck_fit": "deck-fit"}))
    print(f"deck_fit rows: {out}")
    return EXIT_OK


def cmd_precon_probe(args: argparse.Namespace) -> int:
    import json

    from grimoire.bench.precon.probe import format_rates, rates_by_split, run_probe
    from grimoire.llm import complete_fn, redact

    if (refused := _model_refused(args.model)) is not None:
        return refused
    dataset = _dataset(args.data)
    if isinstance(dataset, int):
        return dataset
    db = _open_db()
    ids = [row.precon_id for row in dataset.split_rows() if not args.split or row.split in args.split]
    try:
        answers = run_probe(dataset, db, complete_fn(args.model),
                            precon_ids=ids[: args.limit] if args.limit else ids)
    except (ValueError, RuntimeError) as exc:
        return _err(f"probe failed: {exc}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(redact(json.dumps({**answer.__dict__, "model": args.model})) + "\n" for answer in answers),
                   encoding="utf-8")
    print(f"Memorisation probe, {args.model}: decks named from their anonymised list\n")
    print(format_rates(rates_by_split(answers)))
    print(f"Answers: {out}")
    return EXIT_OK


def add_commands(commands) -> None:
    precon = commands.add_parser("precon", help="the Commander precon cut/add benchmark")
    precon_commands = precon.add_subparsers(dest="precon_command", required=True)
    pbuild = precon_commands.add_parser("build", help="build the dataset from MTGJSON files and EDHREC pages")
    pbuild.add_argument("--snapshot", required=True, help="snapshot date, YYYY-MM-DD")
    pbuild.add_argument("--mtgjson", type=Path,
                        help="folder of MTGJSON files (DeckList.json, SetList.json, AtomicCards.json, decks/); "
                             "missing ones are downloaded and checked against MTGJSON's .sha256 "
                             "(default: CACHE/mtgjson)")
    pbuild.add_argument("--offline", action="store_true", help="download nothing from MTGJSON")
    pbuild.add_argument("--out", type=Path, default=Path("precon-data"), help="dataset folder (default precon-data)")
    pbuild.add_argument("--cache", default="precon-cache",
                        help="cache folder: EDHREC responses (never re-fetched) and MTGJSON files")
    pbuild.add_argument("--cutoff", default="2025-11-01", help="model training cutoff C for the splits")
    pbuild.add_argument("--splits-only", action="store_true", help="recompute splits.parquet only")
    pbuild.set_defaults(run=cmd_precon_build)
    prun = precon_commands.add_parser("run", help="run a model or a no-key baseline on the precons")
    prun.add_argument("--data", required=True, help="a built dataset folder, or hf:kasper-cbx/mtg-precon-bench "
                      "(pinned to v1.0)")
    prun.add_argument("--model", required=True,
                      help="role_balance, random_legal, or any model name (scripted/<path> offline)")
    prun.add_argument("--limit", type=positive_number, help="run only the first N precons")
    prun.add_argument("--epochs", type=positive_number, default=1, help="repeats per precon, for a model (default 1)")
    prun.add_argument("--seed", type=int, default=0, help="seed of the random baseline's picks (default 0)")
    prun.add_argument("--max-cost", type=float, help="stop the run once it has spent this many USD")
    prun.add_argument("--price", type=price_argument,
                      help="INPUT,OUTPUT USD per million tokens, for a model the price table does not list")
    prun.add_argument("--log-dir", default="logs/precon",
                      help="folder for the inspect logs and EPISODES files (default logs/precon)")
    prun.set_defaults(run=cmd_precon_run)
    for name, handler, text in (("score", cmd_precon_score, "score EPISODES files and print the table"),
                                ("report", cmd_precon_report, "score and write the table, chart and JSON")):
        sub = precon_commands.add_parser(name, help=text)
        sub.add_argument("--data", required=True, help="dataset folder or hf: reference")
        sub.add_argument("--run", dest="episodes", metavar="EPISODES", action="append", required=True,
                         help="EPISODES file (repeatable)")
        sub.add_argument("--deck-fit", type=Path, help="deck_fit.parquet (or the folder precon judge wrote) whose "
                         "grades add a deck-fit column; the dataset's own deck_fit config is always used")
        if name == "report":
            sub.add_argument("--out", default="precon-report", help="folder for report.md, report.png, "
                             "episodes.json and summary.json (default precon-report)")
        sub.set_defaults(run=handler)
    pjudge = precon_commands.add_parser("judge", help="grade proposed adds with the blind deck-fit judge")
    pjudge.add_argument("--data", required=True, help="dataset folder or hf: reference")
    pjudge.add_argument("--run", dest="episodes", metavar="EPISODES", action="append", required=True,
                        help="EPISODES file (repeatable)")
    pjudge.add_argument("--model", required=True, help="grader model; offline: scripted/<file.jsonl> (replies in "
                        "order) or scripted-grades/<file.json> (answers any batch)")
    pjudge.add_argument("--seed", type=int, default=0,
                        help="seed of the candidates' order, the controls and the re-graded batches (default 0)")
    pjudge.add_argument("--grading-run", default="grimoire", help="name of this grading run in the grades "
                        "(default grimoire)")
    pjudge.add_argument("--out", default="precon-judge", help="folder for the deck_fit rows (default precon-judge)")
    pjudge.set_defaults(run=cmd_precon_judge)
    pprobe = precon_commands.add_parser("probe", help="memorisation probe: can a model name an anonymised precon?")
    pprobe.add_argument("--data", type=Path, required=True, help="a built precon dataset folder")
    pprobe.add_argument("--model", required=True, help="the model asked (scripted/<path> offline)")
    pprobe.add_argument("--split", action="append", choices=("train", "dev", "gap", "test"),
                        help="only these splits (repeatable; default: all)")
    pprobe.add_argument("--limit", type=positive_number, help="ask about the first N precons only")
    pprobe.add_argument("--out", default="precon-probe/answers.jsonl", help="JSONL of every answer")
    pprobe.set_defaults(run=cmd_precon_probe)
