"""The arena leaderboard as a text table, a JSON record, and an interval chart (PNG and self-contained HTML).

Every view reads a fitted :class:`Ratings`; none of them fits anything.
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from grimoire.bench.arena.rating import MIN_RANKED_GAMES, PlayerRating, Ratings
from grimoire.cards import atomic

# How the default reference entities read in a sentence; any other reference is shown by its name.
_SPOKEN = {"cpu": "the CPU", "burn": "Red Burn"}
_RANKED_COLOUR = "#1f5fa8"
_UNRANKED_COLOUR = "#a0a0a0"


def ranks(ratings: Ratings) -> list[int | None]:
    """Rank of each of ``ratings.players`` (already best first): 1, 2, ... for ranked players, None otherwise."""
    numbered, rank = [], 0
    for player in ratings.players:
        if player.ranked:
            rank += 1
        numbered.append(rank if player.ranked else None)
    return numbered


def reference_phrase(ratings: Ratings) -> str:
    player = _SPOKEN.get(ratings.reference_player, ratings.reference_player)
    deck = _SPOKEN.get(ratings.reference_deck, ratings.reference_deck)
    return f"Elo relative to {player} with {deck} (fixed at 0)"


def games_line(ratings: Ratings) -> str:
    """'Games: 17, of which 1 not fitted (draws or unfinished); 1 more ended in a harness error, not counted'."""
    errors = "" if not ratings.errors else \
        f"; {ratings.errors} more ended in a harness error, not counted (see each record's end)"
    return f"Games: {ratings.games}, of which {ratings.draws} not fitted (draws or unfinished){errors}"


def _signed(value: float) -> str:
    return "0" if round(value) == 0 else f"{value:+.0f}"


def _interval(low: float, high: float) -> str:
    return f"[{_signed(low)}, {_signed(high)}]"


def _columns(rows: Sequence[Sequence[str]], left_aligned: int, indent: str = "") -> list[str]:
    """Rows as padded text columns: column ``left_aligned`` (a name) is flush left, numbers flush right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))] if rows else []
    return [
        indent
        + "  ".join(
            cell.ljust(width) if i == left_aligned else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def table(ratings: Ratings) -> str:
    """The leaderboard as plain text: players with 90% intervals, then decks, first player, luck and notes."""
    players = [("rank", "player", "Elo", "90% interval", "games", "wins", "draws")] + [
        (
            "-" if rank is None else str(rank),
            player.name,
            _signed(player.elo),
            _interval(player.low, player.high),
            str(player.games),
            str(player.wins),
            str(player.draws),
        )
        for rank, player in zip(ranks(ratings), ratings.players, strict=True)
    ]
    decks = [("deck", "Elo", "90% interval", "games")] + [
        (deck.name, _signed(deck.elo), _interval(deck.low, deck.high), str(deck.games)) for deck in ratings.decks
    ]
    first, luck = ratings.first_advantage, ratings.luck_scale
    out = [
        f"Arena leaderboard: {reference_phrase(ratings)}, with 90% intervals",
        "",
        *_columns(players, left_aligned=1),
        f"Players with fewer than {MIN_RANKED_GAMES} games are shown but not ranked (-).",
        "",
        *_columns(decks, left_aligned=0),
        "",
        f"First-player advantage: {_signed(first.elo)} Elo {_interval(first.low, first.high)}",
        f"Deal luck scale: {luck.elo:.0f} Elo [{luck.low:.0f}, {luck.high:.0f}]",
        games_line(ratings),
    ]
    if ratings.notes:
        out += ["", "Notes:", *(f"  - {note}" for note in ratings.notes)]
    return "\n".join(out) + "\n"


def _finite(value: Any) -> Any:
    """JSON has no NaN: an undefined figure (r-hat of one chain) is written as null."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def to_json(ratings: Ratings) -> dict[str, Any]:
    """A machine-readable leaderboard (no posterior samples); Elo throughout."""
    return {
        "reference": {"player": ratings.reference_player, "deck": ratings.reference_deck},
        "interval": 0.9,
        "players": [
            asdict(player) | {"rank": rank} for rank, player in zip(ranks(ratings), ratings.players, strict=True)
        ],
        "decks": [asdict(deck) for deck in ratings.decks],
        "first_advantage": asdict(ratings.first_advantage),
        "luck_scale": asdict(ratings.luck_scale),
        "games": ratings.games,
        "draws": ratings.draws,
        "errors": ratings.errors,
        "notes": list(ratings.notes),
        "diagnostics": {key: _finite(value) for key, value in ratings.diagnostics.items()},
    }


def _label(player: PlayerRating) -> str:
    return player.name if player.ranked else f"{player.name} (unranked)"


def _axis_range(players: Sequence[PlayerRating]) -> tuple[float, float]:
    low = min([0.0, *(player.low for player in players)])
    high = max([0.0, *(player.high for player in players)])
    pad = max(50.0, 0.05 * (high - low))
    return low - pad, high + pad


def _ticks(low: float, high: float) -> list[float]:
    """Round Elo ticks, about six across the range."""
    raw = (high - low) / 6
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [step * k for k in range(math.ceil(low / step), math.floor(high / step) + 1)]


def _png(ratings: Ratings) -> bytes:
    # The Figure API draws with Agg without touching pyplot's global backend.
    from matplotlib.figure import Figure

    players = ratings.players
    figure = Figure(figsize=(8, 1.2 + 0.4 * max(1, len(players))), layout="constrained")
    axes = figure.add_subplot()
    for row, player in enumerate(players):
        y = len(players) - 1 - row
        colour = _RANKED_COLOUR if player.ranked else _UNRANKED_COLOUR
        axes.plot([player.low, player.high], [y, y], color=colour, linewidth=3, solid_capstyle="butt")
        axes.plot(
            [player.elo], [y], "o", color=colour, markersize=7, markerfacecolor=colour if player.ranked else "white"
        )
    axes.axvline(0, color="#444444", linestyle="--", linewidth=1)
    axes.set_yticks(range(len(players)), [_label(player) for player in reversed(players)])
    axes.set_ylim(-0.7, len(players) - 0.3)
    axes.set_xlim(*_axis_range(players))
    axes.set_xlabel(f"{reference_phrase(ratings)}; bars are 90% intervals")
    axes.set_title("Arena leaderboard")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=120)
    return buffer.getvalue()


def _svg(ratings: Ratings) -> str:
    players = ratings.players
    width, left, right, top, row_height = 760, 220, 30, 20, 28
    height = top + row_height * max(1, len(players)) + 50
    low, high = _axis_range(players)

    def x(elo: float) -> float:
        return left + (elo - low) / (high - low) * (width - left - right)

    plot_bottom = top + row_height * max(1, len(players))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
        ' role="img" aria-label="Arena leaderboard interval chart" font-family="sans-serif" font-size="13">'
    ]
    for tick in _ticks(low, high):
        parts.append(f'<line x1="{x(tick):.1f}" y1="{top}" x2="{x(tick):.1f}" y2="{plot_bottom}" stroke="#eeeeee"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{plot_bottom + 16}" text-anchor="middle">{_signed(tick)}</text>')
    parts.append(
        f'<line x1="{x(0):.1f}" y1="{top}" x2="{x(0):.1f}" y2="{plot_bottom}" stroke="#444444" stroke-dasharray="4 3"/>'
    )
    for row, player in enumerate(players):
        y = top + row_height * (row + 0.5)
        colour = _RANKED_COLOUR if player.ranked else _UNRANKED_COLOUR
        fill = colour if player.ranked else "white"
        parts += [
            f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end" fill="{"#222222" if player.ranked else colour}">'
            f"{html.escape(_label(player))}</text>",
            f'<line x1="{x(player.low):.1f}" y1="{y:.1f}" x2="{x(player.high):.1f}" y2="{y:.1f}" stroke="{colour}"'
            ' stroke-width="4"/>',
            f'<circle cx="{x(player.elo):.1f}" cy="{y:.1f}" r="5" fill="{fill}" stroke="{colour}" stroke-width="2">'
            f"<title>{html.escape(player.name)}: {_signed(player.elo)} Elo "
            f"{_interval(player.low, player.high)}</title></circle>",
        ]
    parts.append(
        f'<text x="{(left + width - right) / 2:.1f}" y="{height - 8}" text-anchor="middle">'
        f"{html.escape(reference_phrase(ratings))}; bars are 90% intervals</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _html(ratings: Ratings) -> str:
    cells = "".join(
        "<tr>"
        f"<td>{'-' if rank is None else rank}</td><td>{html.escape(player.name)}</td>"
        f"<td>{_signed(player.elo)}</td><td>{_interval(player.low, player.high)}</td>"
        f"<td>{player.games}</td><td>{player.wins}</td><td>{player.draws}</td>"
        "</tr>"
        for rank, player in zip(ranks(ratings), ratings.players, strict=True)
    )
    deck_cells = "".join(
        f"<tr><td>{html.escape(deck.name)}</td><td>{_signed(deck.elo)}</td>"
        f"<td>{_interval(deck.low, deck.high)}</td><td>{deck.games}</td></tr>"
        for deck in ratings.decks
    )
    notes = "".join(f"<li>{html.escape(note)}</li>" for note in ratings.notes)
    first, luck = ratings.first_advantage, ratings.luck_scale
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Arena leaderboard</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222222; }}
table {{ border-collapse: collapse; }}
td, th {{ padding: 0.2em 0.8em; border-bottom: 1px solid #dddddd; text-align: right; }}
td:nth-child(2), th:nth-child(2), .decks td:first-child, .decks th:first-child {{ text-align: left; }}
.decks td:nth-child(2), .decks th:nth-child(2) {{ text-align: right; }}
</style>
</head>
<body>
<h1>Arena leaderboard</h1>
<p>{html.escape(reference_phrase(ratings))}. Players with fewer than {MIN_RANKED_GAMES} games are shown
but not ranked.</p>
{_svg(ratings)}
<table>
<tr><th>rank</th><th>player</th><th>Elo</th><th>90% interval</th><th>games</th><th>wins</th><th>draws</th></tr>
{cells}
</table>
<h2>Decks</h2>
<table class="decks">
<tr><th>deck</th><th>Elo</th><th>90% interval</th><th>games</th></tr>
{deck_cells}
</table>
<p>First-player advantage: {_signed(first.elo)} Elo {_interval(first.low, first.high)}.
Deal luck scale: {luck.elo:.0f} Elo [{luck.low:.0f}, {luck.high:.0f}].
{html.escape(games_line(ratings))}.</p>
{f"<ul>{notes}</ul>" if notes else ""}
</body>
</html>
"""


def plot(ratings: Ratings, png_path: str | Path, html_path: str | Path) -> None:
    """Draw the interval chart (a point and a 90% bar per player, unranked players muted) as PNG and HTML."""
    atomic.write_bytes(Path(png_path), _png(ratings))
    atomic.write_text(Path(html_path), _html(ratings))
    for path in (png_path, html_path):  # readable like the .txt and .json beside them (the atomic write's is 0600)
        Path(path).chmod(0o644)
