"""Journals of blind tables: those written before the straddle and the ways of joining still
restore to the same table, and those written since replay their posts exactly."""

from __future__ import annotations

import json
from pathlib import Path

from hilo.engine.journal import restore

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_hold_em_night_written_before_the_blind_settings_restores_the_same() -> None:
    entries = json.loads((FIXTURES / "journal-before-blind-settings.json").read_text("utf-8"))
    table = restore(entries).table
    assert table.ledger() == [
        ("Ann", 200, 202, 2),
        ("Bob", 200, 202, 2),
        ("Cy", 200, 196, -4),
        ("Dee", 150, 150, 0),
    ]
    assert table.hands_played == 5
    assert table.chips() == 750
    # Dee sat down and Bob sat back in, each dealt in at the next hand as before
    assert table.history_seats == [(0, 1, 3), (0, 3), (0, 3, 4), (0, 1, 3, 4), (0, 1, 3, 4)]
    assert [hand.setup.stacks for hand in table.histories][2:] == [
        (200, 202, 150),
        (198, 198, 200, 154),
        (204, 196, 198, 152),
    ]
    assert all(not hand.setup.blinds and not hand.setup.dead for hand in table.histories)
