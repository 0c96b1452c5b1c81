"""Where games run: a lost worker loses only its game (retried, never counted twice), and Ray plays the same games
as the local process pool (slow: starts a local Ray instance with 2 CPUs)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from grimoire.bench.arena.census import run_census
from grimoire.bench.arena.executors import is_lost_worker, make_executor
from grimoire.bench.arena.league import deal_tasks, load_games, run_league, run_task
from grimoire.bench.arena.schedule import Candidate
from grimoire.bench.arena.version import harness_version

FAST_FIT = {"draws": 150, "tune": 150, "chains": 2}
# Fields that say when and how fast a game ran, not what happened in it.
TIMING = {"seconds", "started_at", "finished_at"}


class WorkerCrashedError(RuntimeError):
    """Named as Ray's error for a worker that died mid-task (ray.exceptions.WorkerCrashedError)."""


class LosesFirstGame(ThreadPoolExecutor):
    """Threads that lose the first game submitted, once, as a crashed worker would."""

    def __init__(self):
        super().__init__(max_workers=2)
        self.lost: list[str] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        if not self.lost:
            self.lost.append(args[0].game_id)
            future: Future = Future()
            future.set_exception(WorkerCrashedError("the worker running this task died"))
            return future
        return super().submit(fn, *args, **kwargs)


def _played(record: dict) -> dict:
    return {key: value for key, value in record.items() if key not in TIMING}


def _games(path):
    return sorted((_played(g.to_dict()) for g in load_games(path)[0]), key=lambda game: game["game_id"])


def test_lost_worker_errors_are_told_from_the_games_own():
    assert is_lost_worker(WorkerCrashedError("died"))
    assert not is_lost_worker(ValueError("a bad deck"))
    with pytest.raises(ValueError, match="unknown executor"):
        make_executor("threads")


def test_a_game_whose_worker_died_is_played_again_and_counted_once(tmp_path):
    executor = LosesFirstGame()
    with executor:
        report = run_league(["random", "heuristic", "cpu"], tmp_path, games=2, workers=2, fit_options=FAST_FIT,
                            max_turns=6, executor=executor)
    games = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    ids = [g["game_id"] for g in games]
    assert report.games == len(games) >= 2 and len(ids) == len(set(ids))
    assert executor.lost[0] in ids  # the lost game was played again, and once
    errors = [json.loads(line) for line in (tmp_path / "errors.jsonl").read_text().splitlines()]
    assert [(e["game_id"], e["attempt"]) for e in errors] == [(executor.lost[0], 1)]
    assert "WorkerCrashedError" in errors[0]["error"]


def test_the_census_plays_a_lost_game_again():
    executor = LosesFirstGame()
    with executor:
        report, records = run_census("random", max_turns=3, executor=executor)
    ids = [r.game_id for r in records]
    assert report.games == len(records) == 10 and len(set(ids)) == 10 and executor.lost[0] in ids
    assert not report.errors


@pytest.fixture(scope="module")
def ray_executor():
    pytest.importorskip("ray", reason="the ray extra: pip install -e '.[ray]'")
    executor = make_executor("ray", workers=2)
    yield executor
    executor.shutdown()


@pytest.mark.slow
def test_ray_plays_the_same_games_as_the_process_pool(ray_executor):
    # Bot battles only: phase's own AI (the CPU) is not reproducible from run to run even in one process pool
    # (its search depends on the machine's load), so CPU games are compared by what was scheduled, below.
    tasks = deal_tasks(Candidate(("random", "heuristic"), ("delver", "jeskai"), "battle"), 7, harness_version(),
                       max_turns=12)
    with ProcessPoolExecutor(max_workers=2) as pool:
        local = [_played(record) for record in pool.map(run_task, tasks)]
    on_ray = [_played(record) for record in ray_executor.map(run_task, tasks)]
    assert len(on_ray) == 4 and on_ray == local


@pytest.mark.slow
def test_a_league_on_ray_schedules_and_stores_games_as_the_pool_does(tmp_path, ray_executor):
    # Four workers' worth of games is one round before any rating, so both runs schedule the same deals.
    options = {"games": 4, "workers": 4, "fit_options": FAST_FIT, "max_turns": 12}
    run_league(["random", "heuristic", "cpu"], tmp_path / "pool", **options)
    report = run_league(["random", "heuristic", "cpu"], tmp_path / "ray", executor=ray_executor, **options)
    scheduled = ("game_id", "harness_version", "deal", "seed", "first", "players", "kinds", "decks", "kind")

    def games(folder):
        return sorted(tuple(str(g[k]) for k in scheduled) for g in _games(folder / "games.jsonl"))

    assert report.games == 4 and games(tmp_path / "ray") == games(tmp_path / "pool")


def _kill_a_busy_worker(stop: threading.Event, killed: list[int]) -> None:
    """SIGKILL the first Ray worker seen running a game: Ray titles a busy worker's process ``ray::<task>``."""
    import psutil

    while not stop.is_set() and not killed:
        for process in psutil.process_iter(["pid", "cmdline"]):
            if any("ray::run_task" in part for part in process.info["cmdline"] or ()):
                os.kill(process.info["pid"], signal.SIGKILL)
                killed.append(process.info["pid"])
                return
        time.sleep(0.2)


@pytest.mark.slow
def test_killing_a_ray_worker_mid_game_loses_only_that_game(tmp_path, ray_executor):
    stop, killed = threading.Event(), []
    killer = threading.Thread(target=_kill_a_busy_worker, args=(stop, killed), daemon=True)
    killer.start()
    try:
        report = run_league(["random", "heuristic", "cpu"], tmp_path, games=4, workers=4, fit_options=FAST_FIT,
                            max_turns=12, executor=ray_executor)
    finally:
        stop.set()
        killer.join(timeout=10)
    assert killed, "no running game was found to kill"
    ids = [json.loads(line)["game_id"] for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert report.games == len(ids) >= 4 and len(ids) == len(set(ids))  # retried, nothing double-counted
