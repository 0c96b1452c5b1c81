"""The CPU baseline: phase's own AI, run in a worker process with a hard timeout per decision.

phase's search can hang for minutes, so it never runs in the game's process. The worker keeps a mirror of the
game (same cards, deal and actions; the engine is deterministic), answers each request with the AI's action, and
is killed and restarted (replaying the actions) when a decision takes longer than ``timeout``. A timed-out
decision is counted and played by the heuristic bot, recorded as a fallback; so is a combat decision after the
rules refused the AI's own attack or block combination once (asked again, it would declare the same).
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
from typing import Any

from grimoire.bench.arena.cards import CardData
from grimoire.bench.arena.game import Decision, Game
from grimoire.bench.arena.players import Census, Choice, HeuristicBot, Usage

DEFAULT_TIMEOUT = 20.0
DEFAULT_DIFFICULTY = "Medium"
UNLISTED = 0  # the choice number of an attack or block combination the AI built itself, beyond the listed options


def _serve() -> None:
    """The worker: read the game's set-up, then for each request apply the new actions and answer with the AI's
    action for the acting seat. One JSON document a line on stdin and stdout."""
    import phase

    setup = json.loads(sys.stdin.readline())
    engine = phase.Engine.from_json(setup["cards"])
    game = engine.new_game(setup["decks"][0], setup["decks"][1], seed=setup["seed"], format="Legacy",
                           first_player=setup["first"])
    for line in sys.stdin:
        actions, seat = json.loads(line)
        try:
            for actor, action in actions:
                game.apply(int(actor), phase.GameAction.from_dict(action))
            chosen = game.choose_action(int(seat), difficulty=setup["difficulty"])
            reply = ["ok", None if chosen is None else chosen.to_dict()]
        except Exception as error:  # reported to the game process, which records it and falls back
            reply = ["error", f"{type(error).__name__}: {error}"]
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


class CPUPlayer:
    """phase's AI behind a process boundary. ``name`` defaults to "cpu", the rating's fixed reference."""

    kind = "cpu"

    def __init__(self, name: str = "cpu", *, timeout: float = DEFAULT_TIMEOUT, difficulty: str = DEFAULT_DIFFICULTY):
        self.name = name
        self.timeout = timeout
        self.difficulty = difficulty
        self.usage = Usage()
        self.timeouts = 0
        self._process: subprocess.Popen | None = None
        self._sent = 0
        self._game: Game | None = None
        self._census: Census | None = None
        self._seat = 0
        self._backup = HeuristicBot(f"{name}-fallback")

    def start(self, game: Game, seat: int, deck: Any, opponent_deck: Any, census: Census) -> None:
        self.close()
        self._game, self._seat, self._census = game, seat, census
        self._backup.start(game, seat, deck, opponent_deck, census)

    def _spawn(self, card_data: CardData, game: Game) -> None:
        self._process = subprocess.Popen([sys.executable, "-m", "grimoire.bench.arena.cpu"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        setup = {"cards": card_data.to_json(), "decks": game.deal.decks, "seed": game.deal.seed,
                 "first": game.deal.first, "difficulty": self.difficulty}
        self._send(setup)
        self._sent = 0

    def _send(self, message: Any) -> None:
        self._process.stdin.write(json.dumps(message) + "\n")
        self._process.stdin.flush()

    def _reply(self, timeout: float) -> list | None:
        """The worker's next line, or None when it does not come within ``timeout`` seconds."""
        ready, _, _ = select.select([self._process.stdout], [], [], timeout)
        if not ready:
            return None
        line = self._process.stdout.readline()
        return json.loads(line) if line else ["error", f"the AI process ended (exit code {self._process.poll()})"]

    def decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        if UNLISTED in rejected:  # the AI is deterministic: asked again, it would declare the same refused combat
            why = f"the rules refused phase AI's combat ({rejected[UNLISTED]})"
            return self._fallback(game, decision, rejected, why)
        if self._process is None or self._process.poll() is not None:
            self._spawn(game.card_data, game)
        try:
            self._send([[[seat, action] for seat, action in game.history[self._sent:]], decision.seat])
        except (BrokenPipeError, OSError) as error:
            self.close()
            return self._fallback(game, decision, rejected, f"the AI process is gone ({error})")
        self._sent = len(game.history)
        reply = self._reply(self.timeout)
        if reply is None:
            self.timeouts += 1
            self._census.record("timeout", decision.seat, f"phase AI took over {self.timeout:.0f}s on a "
                                f"{decision.kind} decision (turn {game.turn})", category=decision.category)
            self.close()
            return self._fallback(game, decision, rejected, "phase AI timed out")
        status, payload = reply
        if status != "ok" or payload is None:
            self.close()
            return self._fallback(game, decision, rejected, f"phase AI gave no action ({payload})")
        for option in decision.options:
            if option.action == payload and option.number not in rejected:
                return Choice(option.number)
        same = _same_cards_option(game, decision, rejected, payload)
        if same is not None:
            return Choice(same)
        if payload.get("type") in ("DeclareAttackers", "DeclareBlockers"):
            return Choice(UNLISTED, action=payload)  # a combination beyond the listed ones; the game validates it
        return self._fallback(game, decision, rejected, f"phase AI chose an action not on offer: {payload}")

    def _fallback(self, game: Game, decision: Decision, rejected: dict[int, str], why: str) -> Choice:
        choice = self._backup.decide(game, decision, rejected)
        return Choice(choice.number, fallback_reason=f"{why}; the heuristic bot decided")

    def end_turn(self, game: Game, turn: int) -> None:
        return None

    def close(self) -> None:
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait()
            for stream in (self._process.stdin, self._process.stdout):
                stream.close()
        self._process, self._sent = None, 0


def _same_cards_option(game: Game, decision: Decision, rejected: dict[int, str], payload: dict[str, Any]) -> int | None:
    """The listed option that reads like the AI's action: the list holds one option per wording, so the AI may
    pick another copy of a card (the other Mountain) or the same cards in another order."""
    if payload.get("type") in ("DeclareAttackers", "DeclareBlockers"):
        return None
    wanted = game.label(payload, decision.seat)
    if payload.get("type") == "SelectCards":
        names = sorted(game.name_of(c) for c in (payload.get("data") or {}).get("cards") or [])
        same = [o for o in decision.options if sorted(game.name_of(c) for c in
                                                      (o.action.get("data") or {}).get("cards") or []) == names]
    else:
        same = [o for o in decision.options if o.label == wanted]
    return next((o.number for o in same if o.number not in rejected), None)


if __name__ == "__main__":
    _serve()
