from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

import grimoire
from grimoire.cards import corpus
from grimoire.cards import home as store_home
from grimoire.cards.home import bundled_store_dir, install, reset
from grimoire.cards.store import CardDB, StoreError, write_store


@pytest.fixture
def sample(fixtures):
    return corpus.load(fixtures / "oracle_corpus_sample.json")


def test_round_trip_keeps_every_field(tmp_path, sample):
    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    db = CardDB(tmp_path / "s")
    assert len(db) == len(sample.cards)
    assert list(db) == sample.cards
    card = sample.cards[3]
    assert db.get(card.oracle_id) == card
    assert db.named("ICE").name == "Fire // Ice"


def test_columns_are_row_aligned_arrays(tmp_path, sample):
    # a card whose colours its source does not say (a plane's, in the corpus) is stored as unknown
    cards = [replace(card, colors=None) if card.name == "Ancestral Vision" else card for card in sample.cards]
    write_store(tmp_path / "s", cards, {"source": "test"})
    db = CardDB(tmp_path / "s")
    columns = db.columns
    row = db.names.find("Fire // Ice")
    assert columns.name[row] == "Fire // Ice"
    assert np.isnan(columns.mana_value[row])  # unknown, not zero
    assert columns.color_identity[row] == 0b01010  # U and R
    assert columns.legality("commander")[db.names.find("Mana Crypt")] == 3
    assert columns.legality("modern")[row] == -1  # unknown
    assert columns.is_funny[db.names.find("Little Girl")] == 1
    assert not columns.colors_known[db.names.find("Ancestral Vision")]
    assert columns.colors_known[db.names.find("Pact of Negation")]


def test_store_with_wrong_card_count_is_refused(tmp_path, sample):
    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    manifest = json.loads((tmp_path / "s" / "manifest.json").read_text())
    (tmp_path / "s" / "manifest.json").write_text(json.dumps({**manifest, "card_count": 1}))
    with pytest.raises(StoreError, match="manifest says 1"):
        CardDB(tmp_path / "s")


def test_default_is_the_bundled_snapshot(home):
    db = grimoire.open()
    assert db.directory == bundled_store_dir()
    assert len(db) > 33_000
    assert db.manifest["source"] == "oracle-corpus"


def test_install_switches_atomically_and_reset_goes_back(home, sample):
    first = install(sample, home=home, min_cards=1)
    assert grimoire.open().directory == first.directory
    assert len(grimoire.open()) == len(sample.cards)
    second = install(sample, home=home, min_cards=1)
    assert grimoire.open().directory == second.directory
    third = install(sample, home=home, min_cards=1)
    kept = sorted(p.name for p in (home / "stores").iterdir())
    assert kept == sorted([second.directory.name, third.directory.name])  # the previous store stays, older go
    reset()
    assert grimoire.open().directory == bundled_store_dir()


def test_failed_install_leaves_current_store_untouched(home, sample, monkeypatch):
    good = install(sample, home=home, min_cards=1)

    def broken_write(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(store_home, "write_store", broken_write)
    with pytest.raises(OSError, match="disk full"):
        install(sample, home=home, min_cards=1)
    assert grimoire.open().directory == good.directory
    assert [p.name for p in (home / "stores").iterdir()] == [good.directory.name]


def test_too_small_a_store_is_refused(home, sample):
    with pytest.raises(StoreError, match="only"):
        install(sample, home=home, min_cards=1000)
    assert grimoire.open().directory == bundled_store_dir()


def test_reading_a_store_loads_neither_pandas_nor_the_dataset_layer(tmp_path, sample):
    """What a serving process does with the store (open it, read columns, fetch result cards) must not import
    pandas or pyarrow's dataset layer: each adds tens of MB to every process (``grimoire bench speed``)."""
    import subprocess
    import sys

    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    code = ("import sys, grimoire; db = grimoire.open(sys.argv[1]); columns = db.columns; "
            "columns.mana_value, columns.oracle_text, columns.edhrec_rank; db.cards_at([0, 3, 1]); "
            "print(sorted(m for m in ('pandas', 'pyarrow.dataset') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s")], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_cards_at_keeps_the_order_asked(tmp_path, sample):
    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    db = CardDB(tmp_path / "s")
    rows = [5, 0, 3, 5]
    assert db.cards_at(rows) == [sample.cards[row] for row in rows]
    assert db.cards_at([]) == []


def test_result_cards_from_codes_equal_the_stored_rows(home):
    """Result cards are assembled from per-card codes into each field's distinct values: every card of the
    bundled snapshot must equal the one read whole from its Arrow row."""
    db = grimoire.open()
    rows = list(range(len(db)))
    fetched = [card for start in range(0, len(rows), 2048) for card in db.cards_at(rows[start: start + 2048])]
    assert fetched == list(db)  # iteration reads whole Arrow rows
    first, second = db.cards_at([0, 1])
    assert first.legalities == second.legalities  # the bundled snapshot's cards share a legality pattern ...
    first.legalities["commander"] = "banned"
    assert db.card_at(1).legalities == second.legalities and db.card_at(0).legalities != first.legalities


def test_result_cards_of_a_store_written_before_images_and_ranks(tmp_path, sample):
    import pyarrow.parquet as pq

    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    path = tmp_path / "s" / "cards.parquet"
    pq.write_table(pq.read_table(path).drop_columns(["image_url", "edhrec_rank"]), path)
    db = CardDB(tmp_path / "s")
    assert db.cards_at([3, 0]) == [replace(sample.cards[row], image_url=None, edhrec_rank=None) for row in (3, 0)]


def test_a_list_holding_the_code_separator_is_read_whole(tmp_path, sample):
    odd = replace(sample.cards[0], keywords=("Flying\x1fReach", "Haste"))
    write_store(tmp_path / "s", [odd, *sample.cards[1:]], {"source": "test"})
    db = CardDB(tmp_path / "s")
    assert db.cards_at([0, 1]) == [odd, sample.cards[1]]


def test_face_values_hold_one_value_per_face_and_legality_knows_each_format(tmp_path, sample):
    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    db = CardDB(tmp_path / "s")
    columns = db.columns
    for field in ("name", "type_line", "oracle_text", "mana_cost", "power"):
        expected = [tuple(getattr(face, field) for face in card.faces) for card in sample.cards]
        assert columns.face_values(field) == expected
    assert columns.face_values("name")[db.names.find("Fire // Ice")] == ("Fire", "Ice")
    rows = [db.names.find("Fire // Ice"), 0]
    assert columns.face_values("name", rows) == [("Fire", "Ice"), columns.face_values("name")[0]]  # those, in order
    assert columns.face_values("name", []) == []
    commander = columns.legality("Commander")
    commander[:] = 0  # a copy: the next caller still sees the store's codes
    assert columns.legality("commander")[db.names.find("Mana Crypt")] == 3
    assert (columns.legality("no-such-format") == -1).all()


def test_legality_of_every_format_of_a_scryfall_store(tmp_path, fixtures):
    """Cards share legality patterns, each parsed once: every format of every card still comes through."""
    from grimoire.cards import scryfall

    cards = scryfall.load(fixtures / "scryfall" / "oracle_cards.json", fixtures / "scryfall" / "rulings.json").cards
    write_store(tmp_path / "s", cards, {"source": "scryfall"})
    columns = CardDB(tmp_path / "s").columns
    codes = {"legal": 1, "not_legal": 0, "restricted": 2, "banned": 3}
    formats = {name for card in cards for name in card.legalities}
    patterns = {tuple(sorted(card.legalities.items())) for card in cards}
    assert len(formats) == 21 and len(patterns) > 1
    for format_name in formats:
        assert columns.legality(format_name).tolist() == [codes.get(card.legalities.get(format_name), -1)
                                                          for card in cards], format_name


def test_result_cards_keep_their_own_oracle_id_when_two_rows_share_one(tmp_path, sample):
    twin = replace(sample.cards[1], oracle_id=sample.cards[0].oracle_id)
    write_store(tmp_path / "s", [sample.cards[0], twin, *sample.cards[2:]], {"source": "test"})
    db = CardDB(tmp_path / "s")
    assert db.cards_at([2, 1, 0]) == [sample.cards[2], twin, sample.cards[0]]


def test_string_buffers_read_a_sliced_column_with_nulls_and_any_utf8():
    import pyarrow as pa

    from grimoire.cards.store import _Strings

    values = ["Æther Vial", None, "", "Lim-Dûl's Vault", None, "火", "Sol Ring"]
    for kind in (pa.string(), pa.large_string()):
        array = pa.array(values, type=kind)
        for sliced in (array, array.slice(1), array.slice(3, 3)):
            reader = _Strings(sliced)
            assert [reader[row] for row in range(len(sliced))] == sliced.to_pylist()


def test_faces_in_another_field_order_are_read_with_arrow_and_give_the_same_cards(tmp_path, sample):
    """The faces are read from their Arrow buffers when their struct's fields are Face's in its order; a store
    written otherwise still gives the same cards, read with Arrow."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    write_store(tmp_path / "s", sample.cards, {"source": "test"})
    rows = [4, 0, 2, 4]
    assert [name for name, _ in CardDB(tmp_path / "s")._rows._buffered] == ["faces", "image_url"]
    path = tmp_path / "s" / "cards.parquet"
    table = pq.read_table(path)
    faces = table.column("faces").combine_chunks()
    names = [field.name for field in faces.type.value_type][::-1]
    reordered = pa.StructArray.from_arrays([faces.values.field(name) for name in names], names=names)
    table = table.set_column(table.column_names.index("faces"), "faces", pa.ListArray.from_arrays(faces.offsets,
                                                                                                 reordered))
    pq.write_table(table, path)
    db = CardDB(tmp_path / "s")
    assert [name for name, _ in db._rows._buffered] == ["image_url"]
    assert db.cards_at(rows) == [sample.cards[row] for row in rows]
