"""The leaderboard's text table, JSON record and chart files show every player with its interval."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from grimoire.bench.arena.leaderboard import plot, table, to_json
from grimoire.bench.arena.rating import DeckRating, Estimate, PlayerRating, Ratings


@pytest.fixture
def ratings() -> Ratings:
    return Ratings(
        players=(
            PlayerRating("opus", 250.0, 100.0, 400.0, games=12, wins=9, ranked=True,
                         game_ids=tuple(f"g{i}" for i in range(12))),
            PlayerRating("R&D <bot>", 120.0, -300.0, 520.0, games=2, wins=1, ranked=False),
            PlayerRating("cpu", 0.0, 0.0, 0.0, games=20, wins=6, ranked=True),
            PlayerRating("haiku", -80.0, -200.0, 40.0, games=10, wins=3, ranked=True),
        ),
        decks=(DeckRating("delver", 40.0, -60.0, 140.0, games=18), DeckRating("burn", 0.0, 0.0, 0.0, games=20)),
        first_advantage=Estimate(35.0, 5.0, 65.0),
        luck_scale=Estimate(150.0, 60.0, 260.0),
        games=25,
        draws=1,
        notes=("2 divergent transitions: intervals may be unreliable",),
        diagnostics={"max_r_hat": float("nan"), "divergences": 2},
        reference_player="cpu",
        reference_deck="burn",
    )


def test_table_ranks_only_ranked_players(ratings: Ratings) -> None:
    text = table(ratings)
    assert "relative to the CPU with Red Burn (fixed at 0)" in text
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["rank", "player"])
    rows = {line.split()[1]: line.split() for line in lines[header + 1 : header + 5]}
    assert rows["opus"][:4] == ["1", "opus", "+250", "[+100,"]
    assert rows["cpu"][0] == "2"
    assert rows["haiku"][0] == "3"
    assert rows["R&D"][0] == "-"


def test_table_reports_decks_first_player_luck_draws_and_notes(ratings: Ratings) -> None:
    text = table(ratings)
    assert "delver" in text and "+40" in text
    assert "First-player advantage: +35 Elo [+5, +65]" in text
    assert "Deal luck scale: 150 Elo [60, 260]" in text
    assert "1 not fitted" in text
    assert "2 divergent transitions" in text


def test_plot_writes_png_and_self_contained_html(ratings: Ratings, tmp_path: Path) -> None:
    png, page = tmp_path / "out" / "board.png", tmp_path / "out" / "board.html"
    plot(ratings, png, page)
    assert png.read_bytes().startswith(b"\x89PNG")
    document = page.read_text(encoding="utf-8")
    assert "<svg" in document and "<table>" in document
    for name in ("opus", "R&amp;D &lt;bot&gt;", "cpu", "haiku"):
        assert name in document
    assert "(unranked)" in document
    assert "<script" not in document and "http://" not in document.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert sorted(path.name for path in png.parent.iterdir()) == ["board.html", "board.png"]
    assert all(stat.S_IMODE(path.stat().st_mode) == 0o644 for path in (png, page))  # served like the .txt beside


def test_to_json_is_strict_json_with_ranks(ratings: Ratings) -> None:
    record = json.loads(json.dumps(to_json(ratings), allow_nan=False))
    assert [player["rank"] for player in record["players"]] == [1, None, 2, 3]
    assert record["reference"] == {"player": "cpu", "deck": "burn"}
    assert record["diagnostics"] == {"max_r_hat": None, "divergences": 2}
    assert record["players"][0]["low"] == 100.0
    # each player's games, by the game_id they have in games.jsonl (the replay viewer links to them)
    assert record["players"][0]["game_ids"] == [f"g{i}" for i in range(12)]
