"""The precon benchmark's data contract: each config's columns, the leakage allow-list, the tag deny-list, the gains.

Every module that writes or reads a config (the builder, the loader, the scorer, the harness) takes its names from here.
"""

from __future__ import annotations

import fnmatch

import pyarrow as pa

CONFIGS = ("decks", "labels", "precons", "commanders", "splits", "deck_fit")
REQUIRED_CONFIGS = ("decks", "labels", "precons", "commanders", "splits")

_text = pa.string()
_texts = pa.list_(pa.string())

DECK_CARD = pa.struct([
    ("oracle_id", _text), ("name", _text), ("qty", pa.int32()),
    ("is_land", pa.bool_()), ("is_basic", pa.bool_()), ("is_commander", pa.bool_()),
])

# decks is the task input: only card identifiers and names, never product names, dates, prices, popularity or tags.
DECKS_SCHEMA = pa.schema([
    ("precon_id", _text), ("commander_oracle_ids", _texts), ("commander_names", _texts),
    ("color_identity", _texts), ("cards", pa.list_(DECK_CARD)), ("n_cards", pa.int32()),
])
DECK_COLUMNS = tuple(DECKS_SCHEMA.names)

LABEL_KINDS = ("cut", "cut_land", "add", "add_land")
HEADLINE_KINDS = ("cut", "add")
LABELS_SCHEMA = pa.schema([
    ("precon_id", _text), ("oracle_id", _text), ("name", _text), ("kind", _text), ("list_rank", pa.int32()),
    ("rate", pa.float64()), ("num_decks", pa.int64()), ("potential_decks", pa.int64()),
    ("synergy", pa.float64()), ("lift", pa.float64()), ("gain", pa.int8()), ("gain_syn", pa.int8()),
    ("is_land", pa.bool_()), ("headline", pa.bool_()), ("in_precon", pa.bool_()),
    ("is_new_in_product", pa.bool_()), ("in_color_identity", pa.bool_()), ("commander_legal", pa.bool_()),
])

PRECONS_SCHEMA = pa.schema([
    ("precon_id", _text), ("deck_name", _text), ("product", _text), ("set_code", _text),
    ("parent_set_code", _text), ("release_date", _text), ("mtgjson_file", _text), ("mtgjson_type", _text),
    ("source", _text), ("edhrec_slug", _text), ("edhrec_url", _text), ("edhrec_group", _text),
    ("match_method", _text), ("edhrec_deck_jaccard", pa.float64()), ("potential_decks", pa.int64()),
    ("n_colors", pa.int8()), ("is_universes_beyond", pa.bool_()), ("is_secret_lair", pa.bool_()),
    ("commander_names", _texts),
])

COMMANDERS_SCHEMA = pa.schema([
    ("precon_id", _text), ("oracle_id", _text), ("name", _text), ("num_decks", pa.int64()),
    ("is_precon_commander", pa.bool_()),
])

SPLITS = ("train", "dev", "gap", "test")
SPLITS_SCHEMA = pa.schema([
    ("precon_id", _text), ("release_date", _text), ("split", _text), ("scored", pa.bool_()),
    ("exclude_reason", _text), ("cutoff", _text),
])

DECK_FIT_KINDS = ("pool", "random", "top_label", "in_deck")
DECK_FIT_SCHEMA = pa.schema([
    ("precon_id", _text), ("split", _text), ("oracle_id", _text), ("name", _text), ("kind", _text),
    ("proposed_by", _texts), ("grade", pa.int8()), ("pass", pa.int8()), ("rubric", _text),
    ("grader_model", _text), ("grading_run", _text),
])

SCHEMAS: dict[str, pa.Schema] = {
    "decks": DECKS_SCHEMA, "labels": LABELS_SCHEMA, "precons": PRECONS_SCHEMA,
    "commanders": COMMANDERS_SCHEMA, "splits": SPLITS_SCHEMA, "deck_fit": DECK_FIT_SCHEMA,
}

# Build parameters (plan §6 defaults). A scorer that recomputes grades from ``rate`` imports these.
GAIN_THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "cut": (0.50, 0.30, 0.15),  # unpopularity u for gain 3, 2, 1
    "add": (0.30, 0.15, 0.05),  # r = num_decks / potential_decks for gain 3, 2, 1
}
DEFAULT_CUTOFF = "2025-11-01"
DEV_MONTHS = 12  # dev is the year before the cutoff
GAP_MONTHS = 2  # releases within two months after the cutoff are neither dev nor test
MIN_POTENTIAL_DECKS = 300
MIN_WEEKS_BEFORE_SNAPSHOT = 8
MTGO_THEME_DECK_SET = "TD0"
MIN_DECK_JACCARD = 0.7
# Real pages carry no set code: a deck with the page's commanders must still share half its cards with the page's
# list, so a commander reprinted in another product does not take that product's labels.
MIN_COMMANDER_JACCARD = 0.5


class LeakageError(ValueError):
    """A task-input table holds a column outside the allow-list (it could leak the answer to the agent)."""


def assert_deck_columns(table: pa.Table) -> None:
    """Raise :class:`LeakageError` unless ``table`` has exactly the allow-listed deck columns."""
    extra = [name for name in table.column_names if name not in DECK_COLUMNS]
    missing = [name for name in DECK_COLUMNS if name not in table.column_names]
    if extra or missing:
        raise LeakageError(f"decks must hold exactly the columns {', '.join(DECK_COLUMNS)}; "
                           f"not allowed: {extra or 'none'}; missing: {missing or 'none'}")


def gain(kind: str, rate: float | None, thresholds: dict[str, tuple[float, ...]] = GAIN_THRESHOLDS) -> int:
    """Graded gain 0-3 of a label: cuts by unpopularity, adds by add rate; land kinds use their side's thresholds."""
    if rate is None:
        return 0
    side = "cut" if kind.startswith("cut") else "add"
    for value, threshold in zip((3, 2, 1), thresholds[side], strict=True):
        if rate >= threshold:
            return value
    return 0


def gain_syn(kind: str, gain_value: int, synergy: float | None) -> int:
    """Gain with the generic-staple discount: an add with no positive synergy gains 0; cuts keep their gain."""
    if kind.startswith("cut"):
        return gain_value
    return gain_value if synergy is not None and synergy > 0 else 0


# Evaluative or precon-identifying oracle tags the harness must not render in eval mode (tag_denylist.json).
TAG_DENYLIST: dict[str, list[str]] = {
    "tags": ["meme", "weaker-in-singleton-formats", "stronger-in-singleton-formats",
             "staple-with-set-s-mechanic", "planeswalker-deck-staples"],
    "patterns": ["cycle-*-face-commander", "*precon*", "*staple*"],
}


def is_denied_tag(tag: str) -> bool:
    """Whether an oracle tag is on the eval-mode deny-list (exact tag or glob pattern, case-insensitive)."""
    tag = tag.strip().lower()
    return tag in TAG_DENYLIST["tags"] or any(fnmatch.fnmatchcase(tag, p) for p in TAG_DENYLIST["patterns"])
