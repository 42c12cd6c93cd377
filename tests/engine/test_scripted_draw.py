"""Scripted draw hands: five-card draw, a deck that runs short, and the declare version.

Every deck is stacked and every expected number is worked out by hand from RULES.md.
"""

from __future__ import annotations

import random

import pytest

from hilo.cards import Card
from hilo.engine.actions import Action
from hilo.engine.events import Reshuffled
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.errors import ConfigError
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import awards, cards, deck, options, play, refused

LIMIT = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)

# Six players get 30 cards; the 22 left are exactly the cards drawn before the deck runs
# out. Seats 1 to 4 throw all five; seat 5 keeps a pair of aces and draws three (the last
# two cards of the deck, then one from the reshuffled discards); seat 0 keeps three kings.
DEALT = (
    "2c 7d 9h Js 4c  2d 7h 9s Jc 4d  2h 7s 9c Jd 4h  2s 7c 9d Jh 4s"  # seats 1 to 4
    "  Ac Ad 3c 5d 8h  Kc Kd Ks Qh 3d"  # seats 5 and 0
)
DRAWN = "Tc Td 8c 8d 3s  5c 5h 6s 6h Qc  Th Ts 3h Qd Qs  5s 6c Ah 8s 6d  Kh As"
OTHERS_DISCARDS = cards(DEALT)[:20]
# The reshuffled discards in the order they come out: 9h to seat 5, 4c 4d to seat 0.
RESHUFFLED = cards("9h 4c 4d 2c 7d Js 2d 7h 9s Jc 2h 7s 9c Jd 4h 2s 7c 9d Jh 4s")


def short_deck_hand(reshuffles: tuple[tuple[Card, ...], ...] = (RESHUFFLED,)) -> Hand:
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw"],
            HouseRules.preset("cards-speak"),
            LIMIT,
            [1000] * 6,
            button=0,
            deck_order=deck(DEALT + "  " + DRAWN),
            reshuffles=reshuffles,
        )
    )
    # Seat 3 is first after the blinds (seats 1 and 2); everybody limps for 10.
    assert hand.to_act == (3,)
    play(hand, [Action.call(3), Action.call(4), Action.call(5), Action.call(0), Action.call(1)])
    hand.apply(Action.check(2))
    assert hand.phase is Phase.DRAWING
    for seat in (1, 2, 3, 4):
        hand.apply(Action.draw(seat, hand.own_cards(seat)))
    return hand


def test_the_deck_runs_short_and_the_other_players_discards_are_reshuffled() -> None:
    hand = short_deck_hand()
    assert len(hand.dealer.deck) == 2
    assert hand.to_act == (5,)
    hand.apply(Action.draw(5, cards("3c 5d 8h")))
    # The last two cards of the deck first, then the reshuffled discards of seats 1 to 4
    # (seat 5's own three discards are not among them).
    assert hand.own_cards(5) == cards("Ac Ad Kh As 9h")
    (reshuffled,) = [event for event in hand.events if isinstance(event, Reshuffled)]
    assert reshuffled.count == 20
    assert set(reshuffled.deck or ()) == set(OTHERS_DISCARDS)
    assert reshuffled.censored_for(1).deck is None
    hand.apply(Action.draw(0, cards("Qh 3d")))
    assert hand.own_cards(0) == cards("Kc Kd Ks 4c 4d")
    assert len(hand.dealer.deck) == 17
    # After the draw: big bets (20), first to act is the first seat left of the button.
    assert hand.to_act == (1,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 20, 20)]
    play(hand, [Action.bet(1, 20), Action.fold(2), Action.call(3), Action.fold(4)])
    play(hand, [Action.call(5), Action.raise_to(0, 40), Action.fold(1)])
    play(hand, [Action.call(3), Action.call(5)])
    # Kings full of fours beat three aces and queens up. Pot: 6 x 10 + 20 + 3 x 40 = 200.
    assert awards(hand) == [(0, 200, "whole pot to high, cards speak")]
    assert hand.stacks == [1150, 970, 990, 950, 990, 950]


def test_a_reshuffle_with_a_random_order_holds_only_the_other_discards() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw"],
            HouseRules.preset("cards-speak"),
            LIMIT,
            [1000] * 6,
            button=0,
            deck_order=deck(DEALT + "  " + DRAWN),
        ),
        rng=random.Random(5),
    )
    play(hand, [Action.call(3), Action.call(4), Action.call(5), Action.call(0), Action.call(1)])
    hand.apply(Action.check(2))
    for seat in (1, 2, 3, 4):
        hand.apply(Action.draw(seat, hand.own_cards(seat)))
    hand.apply(Action.draw(5, cards("Ac Ad 3c 5d 8h")))
    new = hand.own_cards(5)
    assert new[:2] == cards("Kh As")
    assert set(new[2:]) <= set(OTHERS_DISCARDS)
    hand.apply(Action.draw(0, cards("Kc Kd Ks Qh 3d")))
    # Seat 0 draws from the same reshuffled discards; seat 5's discards stay out of play.
    assert set(hand.own_cards(0)) <= set(OTHERS_DISCARDS) - set(new)
    everyone = [card for seat in range(6) for card in hand.own_cards(seat)]
    assert len(set(everyone)) == 30
    assert not set(everyone) & set(cards("Ac Ad 3c 5d 8h"))


def test_a_recorded_reshuffle_must_hold_the_discards() -> None:
    wrong = (cards("3c") + RESHUFFLED[1:],)  # seat 5's own discard instead of 9h
    hand = short_deck_hand(wrong)
    with pytest.raises(ConfigError, match="does not hold the discards"):
        hand.apply(Action.draw(5, cards("3c 5d 8h")))


def test_draw_limits() -> None:
    rules = HouseRules.preset("cards-speak", max_draw=3)
    hand = Hand(
        HandSetup(VARIANTS["five-card-draw"], rules, LIMIT, [1000] * 3, deck_order=deck(DEALT))
    )
    play(hand, [Action.call(0), Action.call(1), Action.check(2)])
    assert hand.to_act == (1,)
    assert options(hand) == [("draw", 0, 3)]
    assert refused(hand, Action.draw(1, cards("2c 7d 9h Js"))) == (
        "You may draw at most 3 cards (the house limit)."
    )
    assert refused(hand, Action.draw(1, cards("Ac"))) == (
        "You do not hold Ac: discard your own cards."
    )
    assert refused(hand, Action.draw(1, cards("2c") * 2)) == (
        "You named the same card twice in your discards."
    )
    assert refused(hand, Action.check(1)) == "You cannot check now: you may draw."
