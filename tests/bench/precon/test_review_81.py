"""The Game Changer limit is judged on the deck after the episode's cuts (review 81)."""

from __future__ import annotations

from grimoire.bench.precon.scorer import Episode, gold_from_labels, score_episode
from tests.bench.precon.scorer_fixtures import DECK, facts, label


def test_cutting_a_game_changer_makes_room_for_one_added():
    # the deck holds one Game Changer (deck_gc); with a limit of 1, cutting it and adding gc1 keeps the deck at 1
    gold = gold_from_labels([label("gc1", "add", 0.4), label("deck_gc", "cut", 0.6)])["pc-1"]
    swap = score_episode(Episode("pc-1", cuts=("deck_gc",), adds=("gc1",)), DECK, gold, facts, slots=1,
                         game_changer_limit=1)
    assert swap.add.invalid == 0 and swap.add.score == 1.0
    # without the cut, the same add is still over the limit
    kept = score_episode(Episode("pc-1", cuts=("deck1",), adds=("gc1",)), DECK, gold, facts, slots=1,
                         game_changer_limit=1)
    assert kept.add.invalid == 1 and kept.add.score == 0.0
