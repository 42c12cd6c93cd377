"""A journal that records a winner nobody called showing or mucking restores the same table.

``fixtures/journal-show-or-muck.json`` was written by hilo when show or muck came in: Ann wins
three hands uncalled; she shows the first, mucks the second, and the third is dealt past
before she chooses (as in every journal written before the choice existed).
"""

from __future__ import annotations

import json
from pathlib import Path

from hilo.engine.events import HandEnded, Mucked, Shown
from hilo.engine.journal import restore
from hilo.engine.table import SPECTATOR, Viewer

JOURNAL = Path(__file__).parent / "fixtures" / "journal-show-or-muck.json"


def test_a_journal_with_a_show_and_a_muck_restores_both() -> None:
    table = restore(json.loads(JOURNAL.read_text(encoding="utf-8"))).table
    assert table.hands_played == 3
    assert table.ledger() == [("Ann", 100, 105, 5), ("Bob", 100, 95, -5)]
    shown, mucked, lapsed = (hand.events[-1] for hand in table.histories)
    assert shown == Shown(0, table.histories[0].own_cards(0))
    assert mucked == Mucked(0)
    assert isinstance(lapsed, HandEnded)
    bob = Viewer(2)
    first, second = table.replay(0, bob)[-1], table.replay(1, SPECTATOR)[-1]
    assert first.seat(0).down_cards == shown.cards
    assert second.seat(0).down_cards == ()
    assert not set(table.histories[1].own_cards(0)) & second.all_cards()
    assert table.showing is None  # the fourth hand is in play


def test_a_choice_never_made_shows_nothing() -> None:
    table = restore(json.loads(JOURNAL.read_text(encoding="utf-8"))).table
    assert table.hand is not None
    assert not table.hand.is_complete
    assert table.histories[2].may_show == 0  # never answered: nothing of it was shown
    assert not set(table.histories[2].own_cards(0)) & table.replay(2, SPECTATOR)[-1].all_cards()
