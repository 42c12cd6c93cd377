"""Known cards at a browser table: the server deals its next hands from stacked decks.

The test server runs in the test's own process, so a test may stand in for the shuffle the
way the scripted engine tests do: each hand dealt takes the next deck given, with the named
cards on top in dealing order and the rest of the 52 after them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hilo.cards import Card
from hilo.engine.state import Hand
from hilo.engine.table import Table
from tests.engine.scripted import deck


def stack_decks(monkeypatch: pytest.MonkeyPatch, *tops: str) -> None:
    """Deal the next hands from decks with ``tops`` on top, one deck a hand, in order."""
    decks = iter([deck(top) for top in tops])
    shuffled = Table.start_hand

    def start_hand(
        table: Table,
        *,
        rng: random.Random | None = None,
        deck_order: Sequence[Card] | None = None,
        reshuffles: Sequence[Sequence[Card]] = (),
        salt: str | None = None,
    ) -> Hand:
        if deck_order is None:  # a new deal, not a journal replayed
            deck_order = next(decks, None)
        return shuffled(table, rng=rng, deck_order=deck_order, reshuffles=reshuffles, salt=salt)

    monkeypatch.setattr(Table, "start_hand", start_hand)
