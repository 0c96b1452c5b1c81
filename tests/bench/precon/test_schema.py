"""The precon data contract: the decks allow-list, the tag deny-list and the gain thresholds."""

from __future__ import annotations

import pyarrow as pa
import pytest

from grimoire.bench.precon.dataset import write_decks
from grimoire.bench.precon.schema import (
    DECK_COLUMNS,
    DECKS_SCHEMA,
    LeakageError,
    assert_deck_columns,
    gain,
    gain_syn,
    is_denied_tag,
)


def test_deck_columns_are_the_seed_allow_list():
    assert DECK_COLUMNS == ("precon_id", "commander_oracle_ids", "commander_names", "color_identity", "cards",
                            "n_cards")


def test_a_decks_table_with_a_product_name_is_refused(tmp_path):
    table = DECKS_SCHEMA.empty_table()
    assert_deck_columns(table)
    leaky = table.append_column("deck_name", pa.array([], pa.string()))
    with pytest.raises(LeakageError, match="deck_name"):
        assert_deck_columns(leaky)
    with pytest.raises(LeakageError):
        write_decks(tmp_path, leaky)
    assert not (tmp_path / "decks.parquet").exists()


@pytest.mark.parametrize(("tag", "denied"), [
    ("meme", True), ("weaker-in-singleton-formats", True), ("planeswalker-deck-staples", True),
    ("cycle-c19-face-commander", True), ("commander-precon-reprint", True), ("edh-staple", True),
    ("Staple", True), ("ramp", False), ("card-advantage", False), ("cycle-face", False),
])
def test_tag_denylist(tag, denied):
    assert is_denied_tag(tag) is denied


@pytest.mark.parametrize(("kind", "rate", "expected"), [
    ("cut", 0.50, 3), ("cut", 0.4999, 2), ("cut", 0.30, 2), ("cut", 0.15, 1), ("cut", 0.1499, 0),
    ("cut_land", 0.6, 3), ("add", 0.30, 3), ("add", 0.2999, 2), ("add", 0.15, 2), ("add", 0.05, 1),
    ("add", 0.0499, 0), ("add_land", 0.16, 2), ("add", None, 0),
])
def test_gain_thresholds(kind, rate, expected):
    assert gain(kind, rate) == expected


def test_gain_syn_discounts_adds_without_synergy_only():
    assert gain_syn("add", 3, 0.01) == 3
    assert gain_syn("add", 3, 0.0) == 0
    assert gain_syn("add", 2, None) == 0
    assert gain_syn("cut", 2, -0.3) == 2
