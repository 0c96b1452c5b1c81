"""Real stored arena games for the replay tests: short seeded battles (the shipped scripted LLM against the
heuristic bot, and two bots) played by the league's own worker function and appended to a ``games.jsonl`` as a
league does, with every decision prompt the model was sent captured on the side. Each game is played once per
test session and appended wherever it is asked for."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from grimoire.bench.arena import llm_player
from grimoire.bench.arena.league import GameTask, append_game, run_task
from grimoire.bench.arena.play import GameRecord
from grimoire.bench.arena.version import harness_version
from grimoire.llm.cost import Price

PLAYERS = ("scripted", "heuristic")
DECKS = ("delver", "jeskai")
SEED = 11
MAX_TURNS = 3
PRICE = Price(3.0, 15.0, 0.3, 3.75, source="the replay tests")  # so each decision has a cost to show


@cache
def _scripted_game() -> tuple[dict[str, Any], tuple[str, ...]]:
    sent: list[str] = []
    original = llm_player.decision_prompt

    def capture(*args, **kwargs) -> str:
        sent.append(original(*args, **kwargs))
        return sent[-1]

    task = GameTask(f"{SEED}-{DECKS[0]}-{DECKS[1]}-{PLAYERS[0]}-{PLAYERS[1]}-f0", PLAYERS, DECKS, SEED, 0,
                    "battle", harness_version(), max_turns=MAX_TURNS, prices=(("scripted", PRICE),))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(llm_player, "decision_prompt", capture)
        record = run_task(task)
    return record, tuple(sent)


@cache
def _bot_game() -> dict[str, Any]:
    task = GameTask("7-delver-jeskai-random-heuristic-f1", ("random", "heuristic"), DECKS, 7, 1, "battle",
                    harness_version(), max_turns=2)
    return run_task(task)


def play_stored_game(out_dir: Path) -> tuple[GameRecord, list[str]]:
    """The scripted-LLM battle appended to ``out_dir/games.jsonl``; returns the record and the decision prompts
    the model was sent, in order."""
    record, sent = _scripted_game()
    append_game(out_dir / "games.jsonl", record)
    return GameRecord.from_dict(copy.deepcopy(record)), list(sent)


def play_bot_game(out_dir: Path) -> GameRecord:
    """A two-turn battle of the random bot against the heuristic bot, appended to ``out_dir/games.jsonl``."""
    record = _bot_game()
    append_game(out_dir / "games.jsonl", record)
    return GameRecord.from_dict(copy.deepcopy(record))
