"""The precon cut/add task as an inspect ``Task``: one sample per precon in the decks config, an agent with Grimoire's
search (fixed to the deck's colour identity and commander legality) and a ``submit(cuts, adds)`` tool.

Every run leaves an inspect log and an EPISODES JSONL beside it, one row per episode:
``{precon_id, epoch, model, cuts, adds, cut_ids, add_ids, input_tokens, output_tokens, cost, ...}`` where ``cuts`` and
``adds`` are the submitted card names in rank order and ``cut_ids``/``add_ids`` their oracle ids (``None`` where a
name does not resolve). The prompt shows only the deck's cards as rules text: no product or deck name, release
date, price, popularity or tag (the card store holds no oracle tags, so the tag deny-list has nothing to remove).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.log import EvalLog, read_eval_log
from inspect_ai.model import ChatMessageSystem
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import Tool, tool

from grimoire.bench.agent.tools import Episode, search
from grimoire.bench.common import run_budget, run_inspect, write_episodes
from grimoire.cards.model import Card
from grimoire.cards.store import CardDB
from grimoire.llm.cost import Budget, Price
from grimoire.llm.loop import run_tool_loop
from grimoire.render.cards import card_text
from grimoire.search.engine import Filters, SearchEngine

MAX_CALLS = 10  # search calls per episode, as in the agent benchmark's cap
PICKS = 20  # cuts and adds asked for
NUDGE = "Call submit now with your ranked cuts and adds."
EPISODE_KEY = "precon_episode"
COMMANDER_FORMAT = "commander"


# -- the decks config, read leniently ----------------------------------------------------------------------------

def _get(item: Any, name: str, default: Any = None) -> Any:
    if isinstance(item, Mapping):
        return item.get(name, default)
    return getattr(item, name, default)


def precon_decks(dataset: Any) -> list[Any]:
    """The decks config's rows in order: a ``PreconDataset``'s decks, or any sequence of deck rows or records."""
    if hasattr(dataset, "deck") and hasattr(dataset, "precon_ids"):
        return [dataset.deck(precon_id) for precon_id in dataset.precon_ids]
    return list(dataset)


def deck_identity(deck: Any) -> str:
    """The deck's colour identity in Scryfall's spelling (``bg``; ``c`` for colourless)."""
    identity = _get(deck, "color_identity") or ""
    letters = "".join(identity) if not isinstance(identity, str) else identity
    return "".join(c for c in "WUBRG" if c in letters.upper()).lower() or "c"


def deck_cards(deck: Any) -> list[Any]:
    return list(_get(deck, "cards") or [])


def _card_of(item: Any, db: CardDB) -> Card | None:
    oracle_id = _get(item, "oracle_id")
    card = db.get(oracle_id) if oracle_id else None
    return card if card is not None else db.find(str(_get(item, "name") or ""))


# -- the prompt ---------------------------------------------------------------------------------------------------

def deck_card_text(card: Card) -> str:
    """A card as the agent sees it in the deck: ``card_text`` up to its mana value line, then whether it is a Game
    Changer; no legality list, rarity, release date, source or id (they hint at the product or its age)."""
    lines = []
    for line in card_text(card).splitlines():
        lines.append(line)
        if line.startswith("  Mana value "):
            break
    if card.game_changer:
        lines.append("  Game Changer")
    return "\n".join(lines)


def system_prompt(picks: int = PICKS, max_calls: int = MAX_CALLS) -> str:
    return (
        "You are upgrading a Magic: The Gathering Commander deck. You are shown its 100 cards. Choose the "
        f"{picks} cards to cut and the {picks} cards to add, each list ranked best first. Adds must be legal in "
        "Commander, within the commander's colour identity and not already in the deck; at most 3 Game Changers "
        f"(bracket 3). You have a search tool over the card database (the colour identity and Commander legality "
        f"are always applied) and may make at most {max_calls} search calls. Then call submit with your cuts "
        "(card names from the deck) and your adds (card names exactly as shown in search results).")


def deck_prompt(deck: Any, db: CardDB, picks: int = PICKS) -> str:
    """The user prompt: the commander(s), then the other cards as rules text with their counts."""
    commanders, others = [], []
    for item in deck_cards(deck):
        card = _card_of(item, db)
        text = deck_card_text(card) if card is not None else f"{_get(item, 'name')}\n  (text not in the store)"
        qty = int(_get(item, "qty", 1) or 1)
        if _get(item, "is_commander"):
            commanders.append(f"COMMANDER: {text}")
        else:
            others.append(f"{qty}x {text}" if qty > 1 else text)
    identity = deck_identity(deck).upper()
    return (f"The deck (colour identity {identity}).\n\n" + "\n\n".join(commanders)
            + "\n\nThe other cards:\n\n" + "\n\n".join(others)
            + f"\n\nChoose {picks} cuts and {picks} adds, then call submit.")


def precon_dataset(dataset: Any, db: CardDB, *, precon_ids: Iterable[str] | None = None,
                   picks: int = PICKS) -> MemoryDataset:
    """One sample per precon (in the decks config's order); the colour identity travels in the metadata."""
    wanted = None if precon_ids is None else set(precon_ids)
    samples = []
    for deck in precon_decks(dataset):
        precon_id = str(_get(deck, "precon_id"))
        if wanted is not None and precon_id not in wanted:
            continue
        samples.append(Sample(id=precon_id, input=deck_prompt(deck, db, picks), metadata={
            "precon_id": precon_id, "color_identity": deck_identity(deck), "picks": picks,
            "deck_oracle_ids": [_get(item, "oracle_id") for item in deck_cards(deck)]}))
    return MemoryDataset(samples, name="grimoire-precon")


# -- the agent ----------------------------------------------------------------------------------------------------

@dataclass
class PreconEpisode(Episode):
    """An agent's attempt at one precon: the search calls (``Episode``) and the submitted cuts and adds."""

    max_calls: int = MAX_CALLS
    cuts: list[str] | None = None
    adds: list[str] | None = None
    submissions: int = field(default=0)


@tool
def submit(episode: PreconEpisode, picks: int = PICKS) -> Tool:
    async def execute(cuts: list[str], adds: list[str]) -> str:
        """Submit your ranked cuts and adds. This ends the task.

        Args:
            cuts: Card names from the deck to cut, best cut first.
            adds: Card names to add, best add first, each exactly as it appeared in your search results.
        """
        episode.cuts = [str(name) for name in cuts]
        episode.adds = [str(name) for name in adds]
        episode.submissions += 1
        episode.submitted = episode.adds
        extra = [f"{len(names) - picks} {kind} past the {picks}th do not count"
                 for kind, names in (("cuts", cuts), ("adds", adds)) if len(names) > picks]
        return f"Submitted {len(cuts)} cuts and {len(adds)} adds." + (f" ({'; '.join(extra)}.)" if extra else "")

    return execute


def resolve_ids(names: Sequence[str], db: CardDB) -> list[str | None]:
    """Each name's oracle id (exact, folded or face name), ``None`` where it names no card."""
    out = []
    for name in names:
        card = db.find(name) or db.find(re.split(r"\s*/{1,3}\s*", name)[0])
        out.append(None if card is None else card.oracle_id)
    return out


@solver
def precon_agent(db: CardDB, budget: Budget, *, picks: int = PICKS, max_calls: int = MAX_CALLS,
                 search_mode: str = "hybrid") -> Solver:
    """A model with search and submit: at most ``max_calls`` searches, then submit; no submit means empty lists."""
    engine = SearchEngine(db)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        episode = PreconEpisode(max_calls=max_calls)
        filters = Filters(color_identity=state.metadata["color_identity"], format=COMMANDER_FORMAT)
        tools = [search(engine, filters, episode, search_mode), submit(episode, picks)]
        state.messages.insert(0, ChatMessageSystem(content=system_prompt(picks, max_calls)))
        # the searches, a submit, refused calls and a nudge
        name, usage = await run_tool_loop(state, tools, budget=budget, max_turns=max_calls + 4, nudge=NUDGE,
                                          done=lambda: bool(episode.submissions))
        cuts, adds = (episode.cuts or [])[:picks], (episode.adds or [])[:picks]
        state.store.set(EPISODE_KEY, {
            "precon_id": str(state.sample_id), "epoch": state.epoch, "model": name, "cuts": cuts, "adds": adds,
            "cut_ids": resolve_ids(cuts, db), "add_ids": resolve_ids(adds, db),
            "never_submitted": not episode.submissions, "calls_used": episode.calls_used,
            "refused_calls": episode.refused_calls, **usage})
        return state

    return solve


@scorer(metrics=[mean()])
def picks_filled():
    """The share of the cut and add slots filled with names that resolve to a card (the real scoring is
    ``scorer.py`` over the EPISODES file; this keeps the log readable)."""

    async def score(state: TaskState, target: Target) -> Score:
        episode = state.store.get(EPISODE_KEY) or {}
        ids = (episode.get("cut_ids") or []) + (episode.get("add_ids") or [])
        slots = 2 * int(state.metadata.get("picks", PICKS))
        return Score(value=sum(i is not None for i in ids) / slots, answer=" | ".join(episode.get("adds") or []),
                     metadata={k: episode.get(k) for k in ("cuts", "adds", "calls_used", "input_tokens",
                                                          "output_tokens", "cost")})

    return score


def precon_task(dataset: Any, db: CardDB, *, budget: Budget | None = None, picks: int = PICKS,
                max_calls: int = MAX_CALLS, search_mode: str = "hybrid",
                precon_ids: Iterable[str] | None = None) -> Task:
    """The inspect task: the precons as samples, the search-and-submit agent, a slot-filling scorer."""
    return Task(dataset=precon_dataset(dataset, db, precon_ids=precon_ids, picks=picks),
                solver=precon_agent(db, budget or Budget(), picks=picks, max_calls=max_calls,
                                    search_mode=search_mode),
                scorer=picks_filled(), name="grimoire-precon", metadata={"picks": picks, "max_calls": max_calls})


# -- the runner ---------------------------------------------------------------------------------------------------

@dataclass
class PreconRun:
    """One run: its inspect log, its EPISODES file and rows, and what the budget did."""

    model: str
    log_path: Path
    episodes_path: Path
    episodes: list[dict]
    budget: Budget


def episodes_from_log(log: EvalLog | str | Path) -> list[dict]:
    """The EPISODES rows of a run, read back from its inspect log."""
    if not isinstance(log, EvalLog):
        log = read_eval_log(str(log))
    return [dict(sample.store.get(EPISODE_KEY) or {"precon_id": str(sample.id), "epoch": sample.epoch,
                                                   "cuts": [], "adds": [], "skipped": True})
            for sample in log.samples or []]


def run_precon_bench(dataset: Any, db: CardDB, model: str, *, limit: int | None = None, epochs: int = 1,
                     max_cost: float | None = None, log_dir: str | Path = "logs/precon", picks: int = PICKS,
                     max_calls: int = MAX_CALLS, search_mode: str = "hybrid",
                     precon_ids: Iterable[str] | None = None, max_samples: int | None = None,
                     price: Price | None = None) -> PreconRun:
    """Run one model (any inspect model, or ``scripted/<path>`` / ``replay/<path>`` offline) on the precons."""
    budget = run_budget(model, max_cost, price)
    task = precon_task(dataset, db, budget=budget, picks=picks, max_calls=max_calls, search_mode=search_mode,
                       precon_ids=precon_ids)
    log = run_inspect(task, model=model, epochs=epochs, limit=limit, log_dir=str(log_dir), max_samples=max_samples)
    log_path = Path(log.location)
    episodes = episodes_from_log(log)
    episodes_path = log_path.with_name(log_path.stem + ".episodes.jsonl")
    write_episodes(episodes, episodes_path)
    return PreconRun(model=model, log_path=log_path, episodes_path=episodes_path, episodes=episodes, budget=budget)
