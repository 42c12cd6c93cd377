"""Scripted lowball hands: razz (the high card brings it in, the best low showing acts
first) and deuce-to-seven triple draw (three draws, straights count against you).

Every deck is stacked; cards go street by street, seat by seat from the left of the
button, down cards before up cards.
"""

from __future__ import annotations

from hilo.engine.actions import Action
from hilo.engine.events import Drew
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import awards, cards, deck, kinds, of_kind, play, refused

STUD = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)
BLINDS = Stakes(structure="fixed-limit", small_blind=1, big_blind=2, small_bet=2, big_bet=4)

# Razz, three players, button 0: seat 1, seat 2, seat 0 get their cards in that order.
# Seat 1: Kd 8d | Ks Qc Jc Tc | 9d   queen-jack low
# Seat 2: As 2d | 3c 4d 7h 9c | 8h   seven-four low
# Seat 0: 4c 5h | Kh 2h 6d 3h | 7s   six-five low: the best
RAZZ_DECK = "Kd 8d Ks  As 2d 3c  4c 5h Kh  Qc 4d 2h  Jc 7h 6d  Tc 9c 3h  9d 8h 7s"


def razz_hand(rules: HouseRules | None = None) -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["razz"],
            rules or HouseRules.preset("strict"),
            STUD,
            [200, 200, 200],
            button=0,
            deck_order=deck(RAZZ_DECK),
        )
    )


def check_around(hand: Hand) -> None:
    """Every player still in checks once: the betting round ends."""
    street = hand.street
    for _ in hand.live():
        hand.apply(Action.check(hand.to_act[0]))
    assert hand.street != street or hand.is_complete


def test_razz_the_highest_door_card_brings_it_in_spades_breaking_a_tie_of_kings() -> None:
    hand = razz_hand()
    assert hand.up_cards(1) == list(cards("Ks"))
    assert hand.up_cards(0) == list(cards("Kh"))
    assert hand.to_act == (1,)
    assert hand.opener() == 1
    assert kinds(hand) == ["bring-in", "complete"]


def test_razz_the_high_card_opener_of_the_house_is_the_best_low_card() -> None:
    hand = razz_hand(HouseRules.preset("strict", stud_opener="high-card"))
    assert hand.to_act == (2,)  # the three is the best door card for a low


def test_razz_the_best_low_showing_acts_first_and_the_best_low_wins_the_whole_pot() -> None:
    hand = razz_hand()
    play(hand, [Action.bring_in(1), Action.call(2), Action.call(0)])
    assert hand.to_act == (2,)  # 3-4 showing beats K-2 and K-Q
    check_around(hand)
    assert hand.to_act == (2,)  # 7-4-3 showing
    check_around(hand)
    assert hand.up_cards(0) == list(cards("Kh 2h 6d 3h"))
    assert hand.to_act == (2,)  # nine-seven beats king-six: lows compare from the top
    check_around(hand)
    check_around(hand)
    assert hand.is_complete
    assert awards(hand) == [(0, 12, "whole pot to low, cards speak")]
    assert hand.result is not None
    assert hand.result.explanation() == [
        "Rules: cards-speak.",
        "Seat 1 shows Queen-jack low (Qc Jc Tc 9d 8d).",
        "Seat 2 shows Seven-four low (7h 4d 3c 2d As).",
        "Seat 0 shows Six-five low (6d 5h 4c 3h 2h).",
        "Main pot (12) between Seat 0, Seat 1 and Seat 2.",
        "Six-five low wins the pot: Seat 0 (6d 5h 4c 3h 2h).",
        "Seat 0 takes the whole pot: 12.",
    ]


def test_razz_is_never_declared_whatever_the_house_declares() -> None:
    hand = razz_hand(HouseRules.preset("liberal", declare="in-turn"))
    assert not hand.has_declarations


# Deuce-to-seven triple draw, three players, button 0: blinds 1 (seat 1) and 2 (seat 2).
# Seat 1: 2c 3d 4h 8s Kc -> draws Kc (6h), then 8s (7d): seven-six low
# Seat 2: 7c 5d 4c 3h 2s    pat: seven-five, the best deuce-to-seven hand
# Seat 0: Ac 2d 3s 4d 5c -> draws Ac (Kd), Kd (9c), 9c (6c): a six-high straight, no low
TRIPLE_DECK = "2c 3d 4h 8s Kc  7c 5d 4c 3h 2s  Ac 2d 3s 4d 5c  6h Kd  7d 9c  6c"


def triple_draw_hand() -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["deuce-to-seven-triple-draw"],
            HouseRules.preset("cards-speak"),
            BLINDS,
            [100, 100, 100],
            button=0,
            deck_order=deck(TRIPLE_DECK),
        )
    )


def test_triple_draw_three_draws_and_a_straight_counts_against_a_deuce_to_seven_low() -> None:
    hand = triple_draw_hand()
    assert hand.to_act == (0,)
    play(hand, [Action.call(0), Action.call(1), Action.check(2)])
    assert hand.phase is Phase.DRAWING
    assert hand.to_act == (1,)
    assert (
        refused(hand, Action.draw(1, cards("Ah"))) == "You do not hold Ah: discard your own cards."
    )
    play(hand, [Action.draw(1, cards("Kc")), Action.draw(2, ()), Action.draw(0, cards("Ac"))])
    check_around(hand)
    play(hand, [Action.draw(1, cards("8s")), Action.draw(2, ()), Action.draw(0, cards("Kd"))])
    check_around(hand)
    assert hand.phase is Phase.DRAWING
    play(hand, [Action.draw(1, ()), Action.draw(2, ()), Action.draw(0, cards("9c"))])
    check_around(hand)
    assert hand.is_complete
    assert [event.count for event in of_kind(hand, Drew)] == [1, 0, 1, 1, 0, 1, 0, 0, 1]
    assert hand.own_cards(0) == cards("2d 3s 4d 5c 6c")
    assert awards(hand) == [(2, 6, "whole pot to low, cards speak")]
    assert hand.result is not None
    lines = hand.result.explanation()
    assert lines[1:4] == [
        "Seat 1 shows Seven-six low (7d 6h 4h 3d 2c).",
        "Seat 2 shows Seven-five low (7c 5d 4c 3h 2s).",
        "Seat 0 shows Straight, six high (as a low) (6c 5c 4d 3s 2d).",
    ]
    assert lines[5] == "Seven-five low wins the pot: Seat 2 (7c 5d 4c 3h 2s)."
