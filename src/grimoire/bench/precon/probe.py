"""The memorisation probe: shown an anonymised precon, does a model name the product? (The seed's "shown an
anonymised deck, the grader named 12 of 15 dev decks".)

The model sees the deck exactly as the deck-fit grader does (the commander's text with its name replaced, the other
99 names) and is asked for the deck's name; a reply is right when it holds the precon's ``deck_name`` from the
``precons`` config (case, accents and punctuation ignored). High rates on a split mean its labels may be memorised.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from grimoire.bench.precon.dataset import PreconDataset
from grimoire.bench.precon.judge import deck_for_grader
from grimoire.cards.names import fold
from grimoire.cards.store import CardDB

QUESTION = ("This is the full decklist of an official, preconstructed Commander deck sold by Wizards of the Coast, "
            "with the commander's name hidden. Which preconstructed deck is it? Reply with the deck's name and the "
            "product it came in, on one line, or \"unknown\".")


@dataclass(frozen=True)
class ProbeAnswer:
    precon_id: str
    split: str
    deck_name: str
    reply: str
    named: bool


def probe_prompt(deck, db: CardDB) -> str:
    return f"{QUESTION}\n\nThe deck:\n{deck_for_grader(deck, db)}"


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", fold(text)).split())


def names_the_deck(reply: str, deck_name: str) -> bool:
    """Whether a reply holds the deck's name (whole words, case, accents and punctuation ignored)."""
    wanted = _words(deck_name)
    return bool(wanted) and f" {wanted} " in f" {_words(reply)} "


def run_probe(dataset: PreconDataset, db: CardDB, complete: Callable[[str], str], *,
              precon_ids: Iterable[str] | None = None) -> list[ProbeAnswer]:
    """Ask ``complete`` (a ``prompt -> reply`` model) to name every precon (or ``precon_ids``), in split order."""
    wanted = None if precon_ids is None else set(precon_ids)
    answers = []
    for row in dataset.split_rows():
        if wanted is not None and row.precon_id not in wanted:
            continue
        deck_name = dataset.precon(row.precon_id)["deck_name"]
        reply = complete(probe_prompt(dataset.deck(row.precon_id), db))
        answers.append(ProbeAnswer(row.precon_id, row.split, deck_name, reply, names_the_deck(reply, deck_name)))
    return answers


def rates_by_split(answers: Iterable[ProbeAnswer]) -> dict[str, tuple[int, int]]:
    """split -> (decks named, decks asked)."""
    out: dict[str, tuple[int, int]] = {}
    for answer in answers:
        named, asked = out.get(answer.split, (0, 0))
        out[answer.split] = (named + answer.named, asked + 1)
    return out


def format_rates(rates: dict[str, tuple[int, int]]) -> str:
    order = ("train", "dev", "gap", "test")
    lines = ["| split | named | asked | rate |", "|---|---|---|---|"]
    for split in sorted(rates, key=lambda s: order.index(s) if s in order else len(order)):
        named, asked = rates[split]
        lines.append(f"| {split} | {named} | {asked} | {named / asked:.0%} |")
    return "\n".join(lines) + "\n"
