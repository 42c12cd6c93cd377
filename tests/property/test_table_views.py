"""Views never show anybody a hidden card that is not theirs, whoever sits where and when."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.cards import Card
from hilo.engine.events import Mucked, Shown
from hilo.engine.state import Hand
from hilo.engine.table import SPECTATOR, Table, TableConfig, Viewer
from hilo.rules import HouseRules, Stakes
from tests.engine.sight import in_sight
from tests.engine.test_journal import random_action

CONFIG = TableConfig(
    games=("holdem", "seven-card-stud", "five-card-draw"),
    rules=HouseRules.preset("cards-speak"),
    stakes=Stakes(ante=1, small_blind=1, big_blind=2, bring_in=1, small_bet=2, big_bet=4),
    seats=4,
)
PASSING = replace(CONFIG, games=("pass-the-trash-hilo", "pass-the-trash-hilo"))
"""A game where cards change hands: each seat may see what it passed and what it got."""
MOVES = ("act", "act", "act", "act", "deal", "sit", "leave")


def allowed(hand: Hand, players: Sequence[int], person: int | None, events: int) -> set[Card]:
    """The cards ``person`` may see after the hand's first ``events`` events: those dealt to
    them, if they were dealt into the hand, and those face up for everybody."""
    cards: set[Card] = set()
    for event in hand.events[:events]:
        seat, shown, hidden = in_sight(event)
        dealt_to = None if seat is None else players[seat]
        if not hidden or (person is not None and dealt_to == person):
            cards.update(shown)
    return cards


def act(table: Table, rng: random.Random) -> None:
    """A random legal action of the first seat the hand waits for."""
    table.apply(random_action(table, table.to_act()[0], rng))


def move(table: Table, kind: str, rng: random.Random) -> None:
    """One change: an action (a winner nobody called showing or mucking, between hands), a
    deal, somebody sitting down or leaving (if it can be done)."""
    hand = table.hand
    in_play = hand is not None and not hand.is_complete
    empty = [seat for seat, player in enumerate(table.players) if player is None]
    seated = [
        seat
        for seat, player in enumerate(table.players)
        if player is not None and not player.is_leaving
    ]
    dealable = [player for player in table.players if player is not None and player.stack > 0]
    if kind == "act" and not in_play and table.showing is not None:
        table.apply(random_action(table, table.showing, rng))  # the winner shows or mucks
    elif kind == "sit" and empty:
        table.sit(rng.choice(empty), f"P{table.sittings + 1}", rng.randint(5, 60))
    elif kind == "leave" and seated:
        table.remove(rng.choice(seated))  # at once between hands, else when the hand ends
    elif in_play:
        act(table, rng)
    elif len(dealable) >= 2:
        table.start_hand()


def check(table: Table) -> None:
    """Every viewer's view of the hand in play and of every finished hand."""
    viewers = [SPECTATOR, *(Viewer(number) for number in range(1, table.sittings + 1))]
    hand = table.hand
    for viewer in viewers:
        view = table.view_for(viewer)
        if hand is not None:
            assert view is not None
            seated = table.seat_of(viewer) is not None
            person = viewer.player if seated else None
            assert view.all_cards() <= allowed(hand, table.hand_players, person, len(hand.events))
            if not seated:  # anybody not at the table sees what a spectator sees
                assert view == table.view_for(SPECTATOR)
        for index, (old, players) in enumerate(
            zip(table.histories, table.history_players, strict=True)
        ):
            inside = table.seen_seat(viewer, index)
            if viewer.player in players:
                assert inside is not None
                assert players[inside] == viewer.player
            else:
                assert inside is None
            seen = old.view_for(inside).all_cards()
            assert seen <= allowed(old, players, viewer.player, len(old.events))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(MOVES), min_size=5, max_size=80),
    st.integers(min_value=0, max_value=2**32 - 1),
)
def test_no_view_shows_a_hidden_card_to_anybody_but_its_owner(moves: list[str], seed: int) -> None:
    play_and_check(CONFIG, moves, seed)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(MOVES), min_size=5, max_size=80),
    st.integers(min_value=0, max_value=2**32 - 1),
)
def test_no_view_shows_a_passed_card_to_anybody_but_its_two_seats(
    moves: list[str], seed: int
) -> None:
    play_and_check(PASSING, moves, seed)


def test_winners_who_show_and_winners_who_muck_are_checked_too() -> None:
    tables = [play_and_check(CONFIG, ["act"] * 60, seed) for seed in range(8)]
    hands = [hand for table in tables for hand in [*table.histories, table.hand] if hand]
    after_the_hand = [type(hand.events[-1]) for hand in hands if hand.is_complete]
    assert Shown in after_the_hand
    assert Mucked in after_the_hand


def play_and_check(config: TableConfig, moves: list[str], seed: int) -> Table:
    """Sit two players down, make the ``moves`` and check every view after each."""
    rng = random.Random(seed)
    table = Table(config, rng=random.Random(rng.randrange(2**32)))
    table.sit(0, "P1", 40)
    table.sit(2, "P2", 40)
    for kind in moves:
        move(table, kind, rng)
        check(table)
    return table
