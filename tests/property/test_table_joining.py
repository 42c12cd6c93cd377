"""Joining a blind game and straddling, over random nights: chips are never made or lost,
nobody owing blinds comes in on the button or the small blind (at a waiting table, only as
the big blind), nobody in the game is left out, a straddle is posted only when chosen, and
the journal replays the night to the same seats, stacks, debts and hands."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.engine.events import Post, Posted
from hilo.engine.joining import Joining
from hilo.engine.journal import JournaledTable, restore
from hilo.engine.table import TableConfig
from hilo.errors import IllegalActionError
from hilo.rules import HouseRules, Stakes
from tests.engine.test_journal import random_action

STAKES = Stakes(structure="no-limit", small_blind=1, big_blind=2)
SEATS = 6

MOVE = st.one_of(
    st.tuples(st.just("sit"), st.integers(0, SEATS - 1), st.integers(3, 60)),
    st.tuples(st.just("out"), st.integers(0, SEATS - 1), st.booleans()),
    st.tuples(st.just("wait"), st.integers(0, SEATS - 1), st.booleans()),
    st.tuples(st.just("leave"), st.integers(0, SEATS - 1), st.booleans()),
    *[st.tuples(st.just("hand"), st.integers(0, 2**16), st.booleans())] * 4,
)


def from_button(seats: tuple[int, ...], button: int) -> list[int]:
    """The dealt seats in order from the button."""
    start = seats.index(button)
    return [*seats[start:], *seats[:start]]


def deal(journaled: JournaledTable, seed: int, straddles: bool) -> None:
    """Answer any straddle, deal, check what the deal did, and play the hand out at random."""
    table = journaled.table
    straddler = table.straddler
    if straddler is not None:
        journaled.straddle(straddler, straddles)
    before = list(table.players)
    plan = table.plan()
    if plan is None:
        return
    settled = [
        seat
        for seat, player in enumerate(before)
        if player is not None
        and player.stack > 0
        and not player.is_sitting_out
        and not player.owed.is_owing
    ]
    journaled.start_hand(rng=random.Random(seed))
    hand = table.hand
    assert hand is not None
    seats = table.hand_seats
    order = from_button(seats, plan.button)
    assert table.button == plan.button
    if len(settled) >= 2:
        assert set(settled) <= set(seats)  # nobody in the game is left out
        assert plan.button in settled
        for seat in seats:
            player = before[seat]
            assert player is not None
            if player.owed.is_owing:
                position = order.index(seat)
                assert position >= 2  # never on the button or in the small blind
                if table.config.joining == "wait" or player.owed.waits:
                    assert position == 2
    posted = [event for event in hand.events if isinstance(event, Posted)]
    straddled = [seats[event.seat] for event in posted if event.post is Post.STRADDLE]
    if straddled:
        assert straddles
        assert straddled == [straddler]
        assert order.index(straddled[0]) == 3 % len(order)
    assert all(event.amount <= 2 * STAKES.big_blind for event in posted)
    rng = random.Random(seed)
    while not hand.is_complete:
        seat = table.to_act()[0]
        journaled.apply(random_action(table, seat, rng))


@settings(max_examples=60, deadline=None)
@given(
    joining=st.sampled_from(["deal-in", "wait", "post"]),
    straddle=st.booleans(),
    moves=st.lists(MOVE, min_size=5, max_size=40),
)
def test_random_nights_of_joining_and_straddling(
    joining: Joining, straddle: bool, moves: list[tuple[str, int, object]]
) -> None:
    config = TableConfig(
        games=("holdem",),
        rules=HouseRules.preset("cards-speak"),
        stakes=STAKES,
        seats=SEATS,
        straddle=straddle,
        joining=joining,
    )
    entries: list[dict[str, object]] = []
    journaled = JournaledTable(config, entries.append)
    table = journaled.table
    journaled.set_status("playing")
    names = iter(f"Player {number}" for number in range(100))
    for seat in (0, 2, 4):
        journaled.sit(seat, next(names), 40)
    for move, number, extra in moves:
        try:
            if move == "sit":
                assert isinstance(extra, int)
                journaled.sit(number, next(names), extra)
            elif move == "out":
                journaled.sit_out(number, out=bool(extra))
            elif move == "wait":
                journaled.wait_for_big_blind(number, bool(extra))
            elif move == "leave":
                journaled.leave(number)
            else:
                deal(journaled, number, bool(extra))
        except IllegalActionError:
            pass
        bought = sum(player.bought_in for player in [*table.players, *table.departed] if player)
        left = sum(player.stack for player in table.departed)
        assert table.chips() + left == bought
    again = restore(entries).table
    assert again.players == table.players
    assert again.straddle_answer == table.straddle_answer
    assert [hand.events for hand in again.histories] == [hand.events for hand in table.histories]
