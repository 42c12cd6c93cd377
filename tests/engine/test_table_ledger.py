"""The table's ledger: buy-ins, rebuys, the host's add-ons and stack adjustments, journaled."""

from __future__ import annotations

import random

import pytest

from hilo.engine.journal import JournaledTable, restore
from hilo.engine.table import Table, TableConfig
from hilo.errors import HiloError, IllegalActionError
from hilo.ledger import Entry, EntryKind
from hilo.rules import Stakes
from tests.engine.test_journal import snapshot
from tests.engine.test_table import fold_around

BLINDS = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
CONFIG = TableConfig(games=("holdem",), stakes=BLINDS, seats=4, max_buy_in=200)


def seated() -> Table:
    table = Table(CONFIG)
    table.sit(0, "Ann", 100)
    table.sit(1, "Bob", 100)
    table.sit(2, "Cy", 100)
    return table


def test_add_ons_and_adjustments_are_entries_of_their_own() -> None:
    table = seated()
    table.rebuy(0, 50)
    table.add_on(1, 150)  # past the largest buy-in: an add-on is the host's to give
    table.adjust(2, -30, "  paid Ann's side bet ")
    table.adjust(0, 30, "paid Ann's side bet")
    assert table.entries[3:] == [
        Entry(EntryKind.REBUY, "Ann", 50),
        Entry(EntryKind.ADD_ON, "Bob", 150),
        Entry(EntryKind.ADJUSTMENT, "Cy", -30, "paid Ann's side bet"),
        Entry(EntryKind.ADJUSTMENT, "Ann", 30, "paid Ann's side bet"),
    ]
    stacks = [player.stack for player in table.players if player is not None]
    assert stacks == [180, 250, 70]
    bought = [player.bought_in for player in table.players if player is not None]
    assert bought == [150, 250, 100]  # an adjustment is not money paid in
    ledger = table.night_ledger()
    assert ledger.nets() == {"Ann": 30, "Bob": 0, "Cy": -30}
    assert ledger.settle_up_lines() == ["Cy pays Ann 30"]


def test_a_player_who_left_is_in_the_ledger_with_what_they_left_with() -> None:
    table = seated()
    table.adjust(0, -40, "chips knocked over")
    table.adjust(1, 40, "chips knocked over")
    table.leave(0)
    table.sit(0, "Di", 100)
    rows = {row.player: row for row in table.night_ledger().rows}
    assert list(rows) == ["Ann", "Bob", "Cy", "Di"]
    assert (rows["Ann"].cash_out, rows["Ann"].net, rows["Ann"].adjustments) == (60, -40, -40)


def test_nobody_in_the_hand_in_play_is_adjusted_or_given_an_add_on() -> None:
    table = seated()
    table.start_hand(rng=random.Random(2))
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="Ann is in the hand in play: adjust the stack"):
        table.adjust(0, 10, "late")
    with pytest.raises(IllegalActionError, match="Bob is in the hand in play: give the add-on"):
        table.add_on(1, 10)
    assert snapshot(table) == before
    fold_around(table)
    table.add_on(1, 10)
    table.adjust(0, 10, "late")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda table: table.adjust(0, 0, "nothing"), "at least one chip, up or down"),
        (lambda table: table.adjust(0, -101, "too much"), "Ann has 100 chips: a stack cannot"),
        (lambda table: table.adjust(0, 10**9, "too much"), "at most 1,000,000,000"),
        (lambda table: table.adjust(0, 5, "   "), "Say why the stack is adjusted"),
        (lambda table: table.adjust(3, 5, "empty seat"), "Nobody sits in seat 4"),
        (lambda table: table.add_on(0, 0), "An add-on is at least one chip"),
        (lambda table: table.add_on(0, True), "An add-on is at least one chip"),
    ],
)
def test_refused_changes_say_why_and_change_nothing(change: object, problem: str) -> None:
    table = seated()
    before = (snapshot(table), list(table.entries))
    with pytest.raises(HiloError, match=problem):
        change(table)  # type: ignore[operator]
    assert (snapshot(table), list(table.entries)) == before


def test_add_ons_and_adjustments_are_journaled_and_restored() -> None:
    entries: list[dict[str, object]] = []
    table = JournaledTable(CONFIG, entries.append)
    table.sit(0, "Ann", 100)
    table.sit(1, "Bob", 100)
    table.add_on(0, 25)
    table.adjust(1, -5, " dropped a chip ")
    assert entries[-2:] == [
        {"op": "add-on", "seat": 0, "chips": 25},
        {"op": "adjust", "seat": 1, "chips": -5, "reason": "dropped a chip"},
    ]
    with pytest.raises(IllegalActionError):
        table.adjust(1, -500, "too much")
    assert len(entries) == 5  # a refused change is not journaled
    again = restore(entries)
    assert snapshot(again.table) == snapshot(table.table)
    assert again.table.entries == table.table.entries
    assert again.table.night_ledger() == table.table.night_ledger()
