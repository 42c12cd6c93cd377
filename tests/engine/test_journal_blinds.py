"""Journals of blind tables: those written before the straddle and the ways of joining still
restore to the same table, and those written since replay their posts exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from hilo.engine.journal import JournaledTable, JournalError, restore
from hilo.engine.phh import hand_to_phh
from hilo.engine.phh_read import hand_from_phh
from hilo.engine.table import TableConfig
from hilo.rules import HouseRules, Stakes

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
    assert table.config.straddle is False
    assert table.config.joining == "deal-in"


def test_a_night_of_straddles_waits_and_posts_restores_with_the_same_posts() -> None:
    entries = json.loads((FIXTURES / "journal-straddles-and-posts.json").read_text("utf-8"))
    table = restore(entries).table
    assert (table.config.straddle, table.config.joining) == (True, "post")
    assert [hand.setup.blinds for hand in table.histories] == [
        (0, 1, 2, 4),  # Dee straddles
        (2, 4, 1),  # three-handed, Bob straddles on the button
        (),  # Ann does not
        (0, 1, 2, 2),  # Dee back after missing both blinds: a big blind live...
        (0, 0, 1, 2, 2),  # Eve, who chose to wait, posts a big blind after all
    ]
    assert [hand.setup.dead for hand in table.histories] == [(), (), (), (0, 0, 0, 1), ()]
    assert table.history_seats[-1] == (0, 1, 2, 3, 5)
    assert table.chips() == 950
    assert table.ledger()[0] == ("Ann", 200, 223, 23)


def straddling_table(entries: list[dict[str, Any]]) -> JournaledTable:
    """A journaled hold'em table of four where the straddle is allowed and players post."""
    config = TableConfig(
        games=("holdem",),
        rules=HouseRules.preset("cards-speak"),
        stakes=Stakes(structure="no-limit", small_blind=1, big_blind=2),
        seats=6,
        straddle=True,
        joining="post",
    )
    table = JournaledTable(config, entries.append)
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        table.sit(seat, name, 100)
    return table


def test_the_straddle_asked_and_the_choice_to_wait_replay_between_hands() -> None:
    entries: list[dict[str, Any]] = []
    table = straddling_table(entries)
    table.straddle(3, True)
    table.sit(5, "Eve", 100)
    table.wait_for_big_blind(5, True)
    again = restore(entries).table
    assert again.straddle_answer == table.table.straddle_answer
    assert again.players == table.table.players
    assert again.plan() == table.table.plan()
    table.start_hand(rng=random.Random(4))
    deal = entries[-1]
    assert deal["op"] == "deal"
    assert deal["blinds"] == [0, 1, 2, 4, 0]  # nobody was in the game yet: Eve is dealt in
    assert "dead" not in deal
    hand = restore(entries).table.hand
    assert hand is not None
    assert table.table.hand is not None
    assert hand.events == table.table.hand.events


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"straddle": "yes"}, "straddle is true or false, not 'yes'"),
        ({"blinds": [0, 1, True, 4]}, "a deal's blinds are a list of whole numbers of chips"),
        ({"blinds": [0, 1, 2]}, "the blinds list one amount for each of the 4 seats, not 3"),
    ],
)
def test_a_damaged_straddle_or_deal_entry_is_refused_naming_it(
    change: dict[str, Any], reason: str
) -> None:
    entries: list[dict[str, Any]] = []
    table = straddling_table(entries)
    table.straddle(3, True)
    table.start_hand(rng=random.Random(4))
    position = next(
        index
        for index, entry in enumerate(entries)
        if set(change) & {*entry, "straddle"}
        and entry["op"] == ("straddle" if "straddle" in change else "deal")
    )
    entries[position] = {**entries[position], **change}
    with pytest.raises(JournalError, match=reason):
        restore(entries)


def test_a_create_entry_with_an_unknown_way_of_joining_is_refused() -> None:
    entries: list[dict[str, Any]] = []
    straddling_table(entries)
    entries[0] = {**entries[0], "config": {**entries[0]["config"], "joining": "whenever"}}
    with pytest.raises(JournalError, match="joining is one of deal-in, wait, post, not 'whenever'"):
        restore(entries)


def test_the_phh_of_a_hand_with_a_straddle_and_a_dead_blind_replays_to_the_same_end() -> None:
    entries = json.loads((FIXTURES / "journal-straddles-and-posts.json").read_text("utf-8"))
    table = restore(entries).table
    for hand in (table.histories[0], table.histories[3]):
        again = hand_from_phh(hand_to_phh(hand), rules=hand.rules)
        assert again.setup.blinds == hand.setup.blinds
        assert again.setup.dead == hand.setup.dead
        assert again.stacks == hand.stacks
        assert again.events[1:] == hand.events[1:]  # the deal's deck holds the unseen cards
        assert hand_to_phh(again) == hand_to_phh(hand)
