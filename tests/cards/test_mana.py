from __future__ import annotations

import pytest

from grimoire.cards.mana import colors_of_cost, mana_value


@pytest.mark.parametrize(("cost", "value"), [
    ("{R}", 1), ("{2}{W}{W}", 4), ("{X}{R}", 1), ("{2/W}{2/W}{2/W}", 6), ("{W/P}", 1), ("{G/U}{G/U}", 2),
    ("{HW}", 0.5), (None, 0), ("", 0), ("{15}", 15), ("{C}{C}", 2), ("{S}", 1),
])
def test_mana_value(cost, value):
    assert mana_value(cost) == value


def test_colors_of_cost_in_wubrg_order():
    assert colors_of_cost("{G}{W/U}{B/P}") == ["W", "U", "B", "G"]
    assert colors_of_cost("{3}{C}") == []
