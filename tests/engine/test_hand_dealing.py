"""A street dealt to a hand: each seat's cards down then up, in turn from the button's left,
and the wild ranks of follow the queen as the face-up cards change them."""

from __future__ import annotations

import random

from hilo.cards import FULL_DECK, Card, Rank, parse_cards
from hilo.engine.events import Dealt, Face, Street, WildChanged
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes

STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)


def test_third_street_deals_two_down_and_one_up_to_each_seat_from_the_buttons_left() -> None:
    hand = Hand.deal(
        VARIANTS["seven-card-stud-hilo-declare"],
        HouseRules.preset("strict"),
        STUD_STAKES,
        [100, 100, 100],
        button=1,
        rng=random.Random(3),
    )
    deck = hand.deck_order
    dealt = [event for event in hand.events if isinstance(event, Dealt)]
    street = next(event for event in hand.events if isinstance(event, Street))
    assert street.index == 0
    assert [(event.seat, event.face, event.cards) for event in dealt] == [
        (2, Face.DOWN, deck[0:2]),
        (2, Face.UP, deck[2:3]),
        (0, Face.DOWN, deck[3:5]),
        (0, Face.UP, deck[5:6]),
        (1, Face.DOWN, deck[6:8]),
        (1, Face.UP, deck[8:9]),
    ]
    assert hand.face_up == [deck[2], deck[5], deck[8]]
    assert [hand.up_cards(seat) for seat in range(3)] == [[deck[5]], [deck[8]], [deck[2]]]


def test_follow_the_queen_makes_the_card_after_a_face_up_queen_wild() -> None:
    top = parse_cards("2c 3c Qh 4d 5d 7s")
    rest = [card for card in FULL_DECK if card not in top]
    setup = HandSetup(
        VARIANTS["follow-the-queen-hilo-declare"],
        HouseRules.preset("strict"),
        STUD_STAKES,
        (100, 100),
        deck_order=(*top, *rest),
    )
    hand = Hand(setup)
    changes = [event for event in hand.events if isinstance(event, WildChanged)]
    assert [change.ranks for change in changes] == [(Rank.SEVEN, Rank.QUEEN)]
    assert hand.wild_ranks == frozenset({Rank.QUEEN, Rank.SEVEN})
    assert hand.face_up == [Card("Qh"), Card("7s")]
