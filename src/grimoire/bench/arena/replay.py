"""Stored arena games step by step: each decision as the deciding seat saw it, the options, the choice, and the
model's tool calls, reply, tokens and cost.

A game record holds the deal and every action applied, one per decision, so step ``n`` is rebuilt by replaying the
first ``n`` actions on the engine and asking it for the pending decision; the board text is the same
``decision_prompt`` a model in that seat was sent, built from that seat's view only (never the other seat's hand
or any library order). What only the play itself knew (tool calls, replies, tokens) comes from the record's trace.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from grimoire.bench.arena.cards import CardData
from grimoire.bench.arena.decks import DECK_DIR, DeckCheckError, available_decks, card_data_for, load_deck
from grimoire.bench.arena.game import ActionRejected, Deal, Game, IllegalCombat
from grimoire.bench.arena.league import load_games
from grimoire.bench.arena.play import GameRecord, is_auto_pass
from grimoire.bench.arena.prompt import decision_prompt, turn_log
from grimoire.bench.arena.version import harness_version
from grimoire.cards.store import CardDB

# A game id as the league writes it: seed, decks, player specs (model names have "/", second instances "#").
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/#+@=-]{0,299}")
_NOTE = re.compile(r"turn (\d+): (.*)", re.DOTALL)
STEP_CACHE = 512  # step views kept per open game, so stepping back is instant
OPEN_GAMES = 4  # replays kept live by :class:`ReplayLibrary`
GAMES_PER_PAGE = 100
MAX_GAMES_PER_PAGE = 1000


class GameNotFound(LookupError):
    """No stored game has this id (or the id is not one the arena writes); the message names no server path."""


class StepNotFound(GameNotFound):
    """A step number outside the game."""


class ReplayError(RuntimeError):
    """A game cannot be replayed here: the engine departs from the record (another harness version), its decks no
    longer load, or the game log is damaged."""


@dataclass(frozen=True)
class Step:
    """One decision of a stored game, as the deciding seat saw it."""

    index: int
    turn: int
    seat: int
    player: str
    category: str
    prompt: str
    options: list[str]
    chosen: int | None  # the option number chosen, None for an action outside the list (a hand-built attack)
    chosen_label: str
    auto_pass: bool  # the only option was passing priority: applied without asking
    model: list[dict[str, Any]] = field(default_factory=list)  # the model's trace entries for this step

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def summary(record: GameRecord) -> dict[str, Any]:
    """A game as the game list shows it (no actions, no log)."""
    return {"game_id": record.game_id, "players": record.players, "kinds": record.kinds, "decks": record.decks,
            "first": record.first, "winner": record.winner, "end": record.end, "turns": record.turns,
            "steps": len(record.actions), "kind": record.kind, "cost_usd": record.cost_usd,
            "seconds": record.seconds, "harness_version": record.harness_version}


def games_file(arena_dir: Path) -> Path:
    """The league's game log: ``arena_dir/games.jsonl``, or ``arena_dir`` itself when it is the file."""
    return arena_dir if arena_dir.suffix == ".jsonl" else arena_dir / "games.jsonl"


def valid_game_id(game_id: str) -> bool:
    """Whether ``game_id`` has the shape of an id the arena writes (no ``..``, no leading separator)."""
    return GAME_ID.fullmatch(game_id) is not None and ".." not in game_id


def model_trace(record: GameRecord, seat: int, step: int) -> list[dict[str, Any]]:
    """The model's trace entries of ``seat`` at ``step``: each ask of the decision (a retry after a refusal is a
    second entry), then any strategy note written right after it."""
    traces = record.trace[seat] if seat < len(record.trace) else []
    return [entry for entry in traces if entry.get("step") == step]


def note_costs(record: GameRecord) -> list[dict[int, dict[str, Any]]]:
    """Per seat, what writing each turn's strategy note took: turn -> model calls, tokens and cost."""
    keys = ("model_calls", "input_tokens", "cache_read_tokens", "output_tokens", "cost_usd")
    return [{int(entry["turn"]): {key: entry.get(key) for key in keys} for entry in traces if entry.get("note")}
            for traces in record.trace]


def notes_before(record: GameRecord, seat: int, turn: int) -> dict[int, str]:
    """The strategy notes ``seat`` had written before ``turn`` (the ones its prompts then showed)."""
    notes = {}
    for text in record.notes[seat] if seat < len(record.notes) else []:
        found = _NOTE.match(text)
        if found and int(found[1]) < turn:
            notes[int(found[1])] = found[2]
    return notes


def scratchpad_before(record: GameRecord, seat: int, step: int) -> int:
    """How many notes ``seat``'s scratchpad held when step ``step`` was asked (saveNote calls made before it)."""
    traces = record.trace[seat] if seat < len(record.trace) else []
    return sum(1 for entry in traces if entry.get("step", step) < step
               for call in entry.get("calls") or [] if call.get("function") == "saveNote")


class Replay:
    """A stored game on a live engine, moved to any step. Stepping forward applies the next actions; stepping
    back starts again from the deal (views already built are cached)."""

    def __init__(self, record: GameRecord, card_data: CardData, deck_names: tuple[list[str], list[str]]):
        self.record = record
        self._card_data = card_data
        self._deck_names = deck_names
        self._lock = threading.Lock()
        self._views: OrderedDict[int, Step] = OrderedDict()
        self._game = self._new_game()
        self.turns_of_steps: list[int] = []
        self.turn_holders: dict[int, int] = {}  # turn -> the seat whose turn it is
        self.problem: str | None = None  # why the replay stops before the record's end, if it does
        self._index()

    def _new_game(self) -> Game:
        return Game(self._card_data, Deal(self._deck_names, seed=self.record.seed, first=self.record.first))

    def _index(self) -> None:
        """Replay every action once, noting the turn of each step, and stopping where the engine departs."""
        game = self._new_game()
        for number, (seat, action) in enumerate(self.record.actions):
            self.turns_of_steps.append(game.turn)
            try:
                game.apply(int(seat), action)
            except (ActionRejected, IllegalCombat, TypeError, ValueError, AttributeError) as error:
                self.turns_of_steps.pop()
                self.problem = self._departure(number, str(error))
                break
        self.turn_holders = dict(game.turn_holders)

    def _departure(self, number: int, why: str) -> str:
        version = self.record.harness_version
        other = "" if version == harness_version() else \
            f"; it was recorded by harness version {version}, this is {harness_version()}"
        return f"the engine departs from the record at step {number} ({why}){other}"

    @property
    def steps(self) -> int:
        """How many steps can be shown (every action, unless the replay departs from the record)."""
        return len(self.turns_of_steps)

    def outline(self) -> dict[str, Any]:
        """The game for the viewer: its summary, notes, usage, where each turn starts and whose it is, and each
        step's turn, seat, action type and whether the player was asked (``None`` in records from before
        ``auto_passes``), from the index pass and the record, so no step is rebuilt."""
        record = self.record
        turns: dict[int, int] = {}
        for number, turn in enumerate(self.turns_of_steps):
            turns.setdefault(turn, number)
        holders = self.turn_holders
        unasked = None if record.auto_passes is None else set(record.auto_passes)
        return {**summary(record), "notes": record.notes, "usage": record.usage, "note_costs": note_costs(record),
                "same_version": record.harness_version == harness_version(), "problem": self.problem,
                "turn_starts": [{"turn": turn, "step": step, "seat": holders.get(turn)}
                                for turn, step in sorted(turns.items())],
                "step_list": [{"turn": turn, "seat": int(record.actions[n][0]),
                               "action": str(record.actions[n][1].get("type")),
                               "asked": None if unasked is None else n not in unasked}
                              for n, turn in enumerate(self.turns_of_steps)]}

    def step(self, number: int) -> Step:
        """Step ``number`` (0-based): the decision before the record's action ``number`` was applied."""
        if not 0 <= number < self.steps:
            where = f"; {self.problem}" if self.problem else ""
            held = f"it has steps 0 to {self.steps - 1}" if self.steps else "no step of it replays"
            raise StepNotFound(f"step {number} is not in this game: {held}{where}")
        with self._lock:
            if number in self._views:
                self._views.move_to_end(number)
                return self._views[number]
            view = self._build(number)
            self._views[number] = view
            if len(self._views) > STEP_CACHE:
                self._views.popitem(last=False)
            return view

    def _build(self, number: int) -> Step:
        game = self.game_at(number)
        seat, action = int(self.record.actions[number][0]), self.record.actions[number][1]
        decision = game.decision()
        if decision is None or decision.seat != seat:
            raise ReplayError(self._departure(number, "the engine waits on another seat"))
        chosen = next((o for o in decision.options if o.action == action), None)
        model = model_trace(self.record, seat, number)
        # The first ask's prompt: with the options already withheld then (a loop guard), as the model read them.
        first_ask = next((entry for entry in model if not entry.get("note")), {})
        refused = {int(n): str(why) for n, why in first_ask.get("refused") or []}
        prompt = decision_prompt(game.view(seat), turn_log(game, seat), notes_before(self.record, seat, game.turn),
                                 decision, refused, scratchpad_before(self.record, seat, number))
        return Step(index=number, turn=game.turn, seat=seat, player=self.record.players[seat],
                    category=decision.category, prompt=prompt, options=[o.label for o in decision.options],
                    chosen=chosen.number if chosen else None,
                    chosen_label=chosen.label if chosen else game.label(action, seat),
                    auto_pass=is_auto_pass(decision), model=model)

    def game_at(self, number: int) -> Game:
        """The live game moved to just before action ``number`` (omniscient: never shown as it is)."""
        if len(self._game.history) > number:
            self._game = self._new_game()
        for seat, action in self.record.actions[len(self._game.history):number]:
            try:
                self._game.apply(int(seat), action)
            except (ActionRejected, IllegalCombat) as error:  # the index pass took it: the engine is not repeatable
                raise ReplayError(self._departure(len(self._game.history), str(error))) from None
        return self._game


@dataclass
class ReplayLibrary:
    """The stored games of one league folder (``games.jsonl``), with the last few opened replays kept live."""

    arena_dir: Path
    db: CardDB
    _replays: OrderedDict[str, Replay] = field(default_factory=OrderedDict)
    _card_data: dict[tuple[str, str], CardData] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _read: tuple[tuple[int, int], list[GameRecord]] | None = None  # (the file's mtime and size, its games)

    def records(self) -> list[GameRecord]:
        """Every stored game, of any harness version, in the order played (read again when the file changes)."""
        path = games_file(self.arena_dir)
        if not path.is_file():
            raise GameNotFound("no arena games yet: play a league (grimoire arena league --out DIR) and serve its "
                               "folder (grimoire serve web --arena DIR)")
        stat = path.stat()
        key = (stat.st_mtime_ns, stat.st_size)
        if self._read is None or self._read[0] != key:
            try:
                self._read = (key, load_games(path)[0])
            except ValueError as error:  # a damaged line: say which, without the server's path
                raise ReplayError(str(error).replace(str(path), path.name)) from None
        return self._read[1]

    def games(self, player: str | None = None) -> list[dict[str, Any]]:
        """The summaries of the stored games, those ``player`` played in when given."""
        return [summary(r) for r in self.records() if player is None or player in r.players]

    def game_page(self, player: str | None = None, page: int = 1, limit: int = GAMES_PER_PAGE) -> dict[str, Any]:
        """One page of :meth:`games` (``page`` from 1, ``limit`` 1 to ``MAX_GAMES_PER_PAGE``), with the total,
        whether a next page exists, and every player's name (for the filter)."""
        if not 1 <= limit <= MAX_GAMES_PER_PAGE:
            raise ValueError(f"limit must be from 1 to {MAX_GAMES_PER_PAGE}, not {limit}")
        if page < 1:
            raise ValueError(f"page must be 1 or more, not {page}")
        games = self.games(player)
        start = (page - 1) * limit
        return {"games": games[start:start + limit], "total": len(games), "page": page, "limit": limit,
                "has_more": start + limit < len(games), "player": player,
                "players": sorted({name for record in self.records() for name in record.players})}

    def record(self, game_id: str) -> GameRecord:
        if not valid_game_id(game_id):
            raise GameNotFound(f"{game_id[:80]!r} is not an arena game id (letters, digits and . _ - : / # + @ =, "
                               "no '..'; the games and their ids are listed at /api/arena/games)")
        found = next((r for r in self.records() if r.game_id == game_id), None)
        if found is None:
            raise GameNotFound(f"no stored game has the id {game_id!r}: pick one from the list of games")
        return found

    def replay(self, game_id: str) -> Replay:
        """The replay of a stored game, kept live for the next requests."""
        with self._lock:
            if game_id in self._replays:
                self._replays.move_to_end(game_id)
                return self._replays[game_id]
        replay = self.open(self.record(game_id))
        with self._lock:
            self._replays[game_id] = replay
            while len(self._replays) > OPEN_GAMES:
                self._replays.popitem(last=False)
        return replay

    def open(self, record: GameRecord) -> Replay:
        """A new replay of ``record`` on this card store (not kept)."""
        try:
            return Replay(record, self._cards_for(record), self._deck_names(record))
        except DeckCheckError as error:
            raise ReplayError(f"this game's decks do not load from the card store in use: {error}") from None
        except (TypeError, ValueError, OverflowError) as error:  # a hand-edited record: a seed that is no number
            raise ReplayError(f"this game record cannot be replayed ({type(error).__name__}: {error})") from None

    def _deck_names(self, record: GameRecord) -> tuple[list[str], list[str]]:
        decks = [load_deck(DECK_DIR / f"{name}.txt", self.db) for name in self._shipped(record)]
        return list(decks[0].names), list(decks[1].names)

    def _cards_for(self, record: GameRecord) -> CardData:
        key = tuple(sorted(self._shipped(record)))
        if key not in self._card_data:
            self._card_data[key] = card_data_for([load_deck(DECK_DIR / f"{name}.txt", self.db) for name in key])
        return self._card_data[key]

    @staticmethod
    def _shipped(record: GameRecord) -> list[str]:
        """The game's decks, which must be the shipped ones (a record names a deck, never its file)."""
        shipped = available_decks()
        for name in record.decks:
            if name not in shipped:
                raise ReplayError(f"deck {name!r} is not one of the arena's decks ({', '.join(shipped)}), so this "
                                  "game cannot be replayed here")
        return list(record.decks)
