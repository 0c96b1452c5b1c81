"""The census: before any paid run, the cheapest player plays every matchup and every rejected action, invalid
reply, timeout, tool error and fallback is reported; anything recurring is a harness bug to fix first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from grimoire.bench.arena.decks import BATTLE_DECKS, CPU_DECK, MODEL_DECKS
from grimoire.bench.arena.executors import is_lost_worker
from grimoire.bench.arena.league import MAX_GAME_ATTEMPTS, GameTask, deal_tasks, run_task
from grimoire.bench.arena.play import GameRecord
from grimoire.bench.arena.schedule import Candidate
from grimoire.bench.arena.version import harness_version

PROBLEM_KINDS = ("rejected_action", "invalid_reply", "fallback", "timeout", "tool_error", "loop_guard",
                 "engine_structure", "grammar_slip")
FAILING_KINDS = ("engine_structure", "grammar_slip")  # text no player may be shown: the census fails on any
FEATURES = ("transform", "dredge")  # mechanics the census must see played at least once


def census_tasks(player: str, *, deals: int = 1, seed: int = 900_000, max_turns: int = 40,
                 cpu_timeout: float = 20.0) -> list[GameTask]:
    """Every matchup for ``player``: against the CPU on each model deck from both seats, and a battle against a
    second, independent instance of itself played four ways; ``deals`` deals of each."""
    version = harness_version()
    tasks: list[GameTask] = []
    matchups = [Candidate((player, "cpu"), (deck, CPU_DECK), "cpu") for deck in MODEL_DECKS]
    matchups.append(Candidate((player, f"{player.split('#', 1)[0]}#2"), BATTLE_DECKS, "battle"))
    for deal in range(deals):
        for number, matchup in enumerate(matchups):
            tasks += deal_tasks(matchup, seed + deal * 100 + number, version, max_turns=max_turns,
                                cpu_timeout=cpu_timeout)
    return tasks


@dataclass
class CensusReport:
    games: int
    decisions: int
    counts: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    silent_fallbacks: int = 0
    errors: list[str] = field(default_factory=list)
    examples: list[dict[str, Any]] = field(default_factory=list)
    ends: Counter = field(default_factory=Counter)
    decision_types: Counter = field(default_factory=Counter)
    features: Counter = field(default_factory=Counter)
    problems_by_type: Counter = field(default_factory=Counter)  # (kind, decision type) -> count

    @property
    def missing_features(self) -> list[str]:
        """Mechanics no census game played (the decks hold them, so a harness bug hides them)."""
        return [name for name in FEATURES if not self.features.get(name)]

    @property
    def failed(self) -> bool:
        """Whether the harness is unfit for a paid run: a silent fallback, a game error, or a prompt showing an
        engine structure or a grammar slip."""
        return bool(self.silent_fallbacks or self.errors or any(self.counts.get(k) for k in FAILING_KINDS))

    @property
    def recurring(self) -> list[tuple[str, int]]:
        """Problems seen more than once (same kind and the start of the detail): likely harness bugs."""
        seen = Counter(f"{e['kind']}: {e['detail'][:60]}" for e in self.examples)
        return [(what, n) for what, n in seen.most_common() if n > 1]

    def text(self) -> str:
        lines = [f"Census: {self.games} games, {self.decisions} decisions; endings: "
                 + ", ".join(f"{n} {end}" for end, n in sorted(self.ends.items())),
                 "decisions settled: " + ", ".join(f"{how} {n}" for how, n in sorted(self.outcomes.items()))]
        for kind in PROBLEM_KINDS:
            lines.append(f"  {kind:16} {self.counts.get(kind, 0)}")
        lines.append(f"  {'silent fallbacks':16} {self.silent_fallbacks}")
        lines.append("by decision type (decisions; problems):")
        for category, n in self.decision_types.most_common():
            problems = ", ".join(f"{kind} {m}" for (kind, cat), m in sorted(self.problems_by_type.items())
                                 if cat == category)
            lines.append(f"  {category:18} {n}" + (f"; {problems}" if problems else ""))
        lines.append("mechanics played: " + ", ".join(f"{name} {self.features.get(name, 0)}" for name in FEATURES)
                     + (f" (never played: {', '.join(self.missing_features)})" if self.missing_features else ""))
        for error in self.errors:
            lines.append(f"  game error: {error}")
        if self.examples:
            lines.append("examples:")
            lines += [f"  [{e['kind']}] seat {e['seat']}: {e['detail']}" for e in self.examples[:20]]
        if self.recurring:
            lines.append("recurring (treat as harness bugs):")
            lines += [f"  {n}x {what}" for what, n in self.recurring]
        return "\n".join(lines)


def summarise(records: Iterable[GameRecord]) -> CensusReport:
    """Add up the census of every game."""
    report = CensusReport(games=0, decisions=0)
    for record in records:
        report.games += 1
        report.decisions += record.decisions
        report.ends[record.end.split(":")[0]] += 1
        if record.end.startswith("error"):
            report.errors.append(f"{record.game_id}: {record.end}")
        for key, n in record.census.get("counts", {}).items():
            report.counts[key.split("/")[0]] += n
        for key, n in record.census.get("outcomes", {}).items():
            report.outcomes[key.split("/")[0]] += n
        report.silent_fallbacks += int(record.census.get("silent_fallbacks", 0))
        report.decision_types.update(record.census.get("decisions", {}))
        report.features.update(record.census.get("features", {}))
        for example in record.census.get("examples", []):
            if example.get("kind") in PROBLEM_KINDS:
                report.problems_by_type[(example["kind"], example.get("category", "other"))] += 1
        report.examples += [dict(e, game=record.game_id) for e in record.census.get("examples", [])]
    return report


def run_census(player: str, *, deals: int = 1, workers: int = 2, max_turns: int = 40, cpu_timeout: float = 20.0,
               progress: Callable[[int], None] | None = None,
               executor: Executor | None = None) -> tuple[CensusReport, list[GameRecord]]:
    """Play the census games in parallel (a local process pool, or ``executor``: Ray) and summarise them.

    A game whose worker was lost is played again, up to ``MAX_GAME_ATTEMPTS`` times; one that never finishes is
    reported as an error, not as a game."""
    tasks = census_tasks(player, deals=deals, max_turns=max_turns, cpu_timeout=cpu_timeout)
    order = {task.game_id: number for number, task in enumerate(tasks)}
    records: list[GameRecord] = []
    lost: list[str] = []
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    try:
        for attempt in range(1, MAX_GAME_ATTEMPTS + 1):
            futures = {pool.submit(run_task, task): task for task in tasks}
            tasks = []
            for future in as_completed(futures):
                try:
                    records.append(GameRecord.from_dict(future.result()))
                except Exception as error:  # noqa: BLE001 - a lost worker loses only this game
                    if not is_lost_worker(error):
                        raise
                    tasks.append(futures[future])
                    if attempt == MAX_GAME_ATTEMPTS:
                        lost.append(f"{futures[future].game_id}: no result after {attempt} attempts ({error})")
                    continue
                if progress:
                    progress(1)
            if not tasks:
                break
    finally:
        if executor is None:
            pool.shutdown()
    records.sort(key=lambda record: order[record.game_id])
    report = summarise(records)
    report.errors += lost
    return report, records
