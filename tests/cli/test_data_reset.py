"""``grimoire data reset`` says what it did: built stores removed, or none there to remove."""

from __future__ import annotations


def test_reset_says_whether_there_was_a_built_store_to_remove(home, capsys):
    """It had said "Removed built stores under HOME" of a folder that never existed."""
    from grimoire.cli import main

    assert not home.exists()
    assert main(["data", "reset"]) == 0
    out = capsys.readouterr().out
    assert f"No built store under {home} to remove; the bundled snapshot is in use." in out
    assert "Removed" not in out
    (home / "stores" / "scryfall-20260101T000000").mkdir(parents=True)
    (home / "current").write_text("scryfall-20260101T000000\n", encoding="utf-8")
    assert main(["data", "reset"]) == 0
    assert f"Removed built stores under {home}" in capsys.readouterr().out
    assert not (home / "stores").exists() and not (home / "current").exists()
