"""Cards speak agrees with PokerKit's hi-lo split on random deals.

PokerKit deals and plays seeded hands of seven-card stud eight-or-better and Omaha
eight-or-better, every player calling to the showdown. hilo settles the same cards and
the same pot; each player's result must match PokerKit's final stacks. Bets are chosen
so that the pot divides evenly among any tie, leaving odd-chip conventions out of it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hilo.cards import Card, parse_cards
from hilo.engine import Pot, ShowdownHand, settle
from hilo.hands import Selection
from hilo.rules import HouseRules

pokerkit = pytest.importorskip("pokerkit")
pytestmark = pytest.mark.slow

DEALS = 300
STACK = 10_000
AUTOMATIONS = tuple(
    automation
    for automation in pokerkit.Automation
    if automation is not pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING
)


def cards_of(peer_cards: Any) -> tuple[Card, ...]:
    return parse_cards(" ".join(f"{card.rank.value}{card.suit.value}" for card in peer_cards))


def play_to_showdown(state: Any) -> list[tuple[Card, ...]]:
    """Everybody calls; every hand is shown. Returns the hole cards at the showdown."""
    shown: list[tuple[Card, ...]] | None = None
    while state.status:
        if state.can_show_or_muck_hole_cards():
            if shown is None:
                shown = [cards_of(hand) for hand in state.hole_cards]
            state.show_or_muck_hole_cards(True)
        elif state.can_post_bring_in():
            state.post_bring_in()
        elif state.can_check_or_call():
            state.check_or_call()
        else:  # pragma: no cover - a stuck state is a failure of this test's driver
            raise AssertionError("PokerKit state is waiting for an action the test cannot give")
    assert shown is not None
    return shown


def compare(
    state: Any, holes: list[tuple[Card, ...]], board: tuple[Card, ...], selection: Selection
) -> int:
    """Check one deal; return how many players won chips."""
    players = len(holes)
    peer_net = [stack - STACK for stack in state.stacks]
    paid = 12  # every player's contribution, by construction of the bets below
    hands = [ShowdownHand(seat, holes[seat]) for seat in range(players)]
    result = settle(
        [Pot(paid * players, tuple(range(players)))],
        hands,
        rules=HouseRules.preset("cards-speak"),
        board=board,
        selection=selection,
    )
    won = result.amounts()
    assert [won.get(seat, 0) - paid for seat in range(players)] == peer_net, (
        f"hilo {won} against PokerKit stacks {list(state.stacks)} for "
        f"{[' '.join(map(str, hole)) for hole in holes]} board {' '.join(map(str, board))}"
    )
    return len(won)


@pytest.mark.parametrize("players", [2, 3])
def test_seven_card_stud_eight_or_better(players: int) -> None:
    random.seed(2026 + players)  # PokerKit shuffles with the random module
    split = 0
    for _ in range(DEALS):
        state = pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
            AUTOMATIONS, True, 6, 6, 12, 24, STACK, players, mode=pokerkit.Mode.CASH_GAME
        )
        holes = play_to_showdown(state)
        split += compare(state, holes, (), Selection.ANY_FIVE) > 1
    assert split > DEALS // 10  # many pots were split, so halves and ties were compared


@pytest.mark.parametrize("players", [2, 3])
def test_omaha_eight_or_better(players: int) -> None:
    random.seed(4052 + players)
    split = 0
    for _ in range(DEALS):
        state = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            AUTOMATIONS, True, 0, (6, 12), 12, 24, STACK, players, mode=pokerkit.Mode.CASH_GAME
        )
        holes = play_to_showdown(state)
        board = cards_of(state.get_board_cards(0))
        split += compare(state, holes, board, Selection.OMAHA) > 1
    assert split > DEALS // 10
