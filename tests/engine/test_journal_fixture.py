"""Journals written by earlier versions of hilo still restore, to the same table."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from hilo.engine.journal import restore

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_journal_of_three_hands_written_before_names_were_normalised_restores() -> None:
    entries = json.loads((FIXTURES / "journal-2026-12.json").read_text(encoding="utf-8"))
    table = restore(entries).table
    zoe = unicodedata.normalize("NFC", "Zoe\u0308 D\u00e9j\u00e0")  # the journal kept it decomposed
    assert [name for name, *_ in table.ledger()] == ["Ann", zoe, "Solid bot 1"]
    assert table.ledger()[0][1:] == (210, 206, -4)
    assert table.ledger()[2][1:] == (500, 501, 1)
    assert table.hands_played == 3
    assert table.chips() == 1010
    assert table.players[1] is not None
    assert table.players[1].is_sitting_out
