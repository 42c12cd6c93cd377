"""Scripted stud hands: bring-in, completion, raise caps, best hand showing, turning up.

Every deck is stacked and every expected number is worked out by hand from RULES.md.
Dealing goes street by street, seat by seat from the left of the button, down cards
before up cards.
"""

from __future__ import annotations

from hilo.engine.actions import Action
from hilo.engine.events import Dealt, Face, Posted, TurnedUp
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import (
    ActionKind,
    acted,
    awards,
    cards,
    deck,
    kinds,
    of_kind,
    options,
    play,
    refused,
)

LIMIT = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)


# -- seven-card stud high-low, eight or better ----------------------------------------

# Seat 0: As 3d | 2c 2h 9s Jd | Td   pair of twos, no low (only A 2 3 are eight or lower)
# Seat 1: Ah 4c | 5h 6d Kh Qc | 8c   ace high; low 8-6-5-4-A
# Seat 2: 7c 7d | 2d 3h Jc 9h | Ts   pair of sevens, no low
# Seat 3: Kd 8d | Kc 4h Ks 4s | 6c   kings full of fours, no low
# Cards go only to the seats still in, so a deck fits one line of play.
THIRD_AND_FOURTH = "Ah 4c 5h  7c 7d 2d  Kd 8d Kc  As 3d 2c  6d 3h 4h 2h"


def stud8_hand(later_streets: str = "") -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["seven-card-stud-hilo"],
            HouseRules.preset("cards-speak"),
            LIMIT,
            [500, 500, 500, 500],
            button=0,
            deck_order=deck(THIRD_AND_FOURTH + " " + later_streets),
        )
    )


def test_stud_deal_follows_the_stacked_deck() -> None:
    hand = stud8_hand()
    assert hand.own_cards(1) == cards("Ah 4c 5h")
    assert hand.up_cards(0) == list(cards("2c"))
    ante = [(event.seat, event.amount) for event in of_kind(hand, Posted)]
    assert ante == [(1, 1), (2, 1), (3, 1), (0, 1)]
    assert hand.stacks == [499, 499, 499, 499]


def test_bring_in_by_lowest_card_suit_breaks_the_tie() -> None:
    hand = stud8_hand()
    # 2c and 2d are the lowest up cards; clubs is the lowest suit.
    assert hand.opener() == 0
    assert hand.to_act == (0,)
    assert options(hand) == [("bring-in", 3, 3), ("complete", 10, 10)]
    assert refused(hand, Action.check(0)) == "You have the lowest card: bring it in or complete."
    assert refused(hand, Action.bring_in(1)) == (
        "It is not your turn: the hand is waiting for Seat 0."
    )


def test_bring_in_completed_raised_and_capped() -> None:
    hand = stud8_hand()
    hand.apply(Action.bring_in(0))
    # After a bring-in the next player calls it or completes; raising comes after that.
    assert options(hand, 1) == [("fold", 0, 0), ("call", 3, 3), ("complete", 10, 10)]
    assert refused(hand, Action.raise_to(1, 20)) == (
        "You cannot raise yet: the bring-in must be completed first."
    )
    hand.apply(Action.complete(1))
    assert options(hand, 2) == [("fold", 0, 0), ("call", 10, 10), ("raise", 20, 20)]
    assert refused(hand, Action.raise_to(2, 30)) == "You can raise only to 20."
    play(hand, [Action.raise_to(2, 20), Action.raise_to(3, 30)])
    # The bring-in seat gets to act again and makes the fourth bet: the cap.
    assert options(hand, 0) == [("fold", 0, 0), ("call", 27, 27), ("raise", 40, 40)]
    hand.apply(Action.raise_to(0, 40))
    assert options(hand, 1) == [("fold", 0, 0), ("call", 30, 30)]
    assert refused(hand, Action.raise_to(1, 50)) == (
        "You cannot raise: the betting is capped at 4 bets."
    )
    play(hand, [Action.call(1), Action.call(2), Action.call(3)])
    assert acted(hand) == [
        (0, "bring-in", 3),
        (1, "complete", 10),
        (2, "raise", 20),
        (3, "raise", 30),
        (0, "raise", 40),
        (1, "call", 40),
        (2, "call", 40),
        (3, "call", 40),
    ]
    assert hand.stacks == [459, 459, 459, 459]
    assert [pot.amount for pot in hand.pots()] == [164]


def test_seven_card_stud_eight_or_better_to_the_showdown() -> None:
    # Seat 2 folds on fourth street and seat 0 on fifth: later cards go to fewer seats.
    hand = stud8_hand("Kh Ks 9s  Qc 4s  8c 6c")
    play(hand, [Action.bring_in(0), Action.complete(1), Action.raise_to(2, 20)])
    play(hand, [Action.raise_to(3, 30), Action.raise_to(0, 40)])
    play(hand, [Action.call(1), Action.call(2), Action.call(3)])
    # Fourth street: seat 0 shows a pair of twos, the best hand showing; small bets still.
    assert hand.street == 1
    assert hand.to_act == (0,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 10, 10)]
    play(hand, [Action.bet(0, 10), Action.call(1), Action.fold(2)])
    play(hand, [Action.raise_to(3, 20), Action.call(0), Action.call(1)])
    # Fifth street: seat 3's pair of kings showing beats the pair of twos; big bets now.
    assert hand.to_act == (3,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 20, 20)]
    play(hand, [Action.bet(3, 20), Action.fold(0), Action.call(1)])
    # Sixth street: seat 3 shows two pair.
    assert hand.to_act == (3,)
    play(hand, [Action.check(3), Action.check(1)])
    # Seventh street, dealt down: no new up card, seat 3 still opens.
    assert hand.up_cards(3) == list(cards("Kc 4h Ks 4s"))
    assert hand.to_act == (3,)
    play(hand, [Action.bet(3, 20), Action.raise_to(1, 40), Action.call(3)])
    assert hand.is_complete
    # Pot: 4 antes + 4 x 40 + 3 x 20 + 2 x 20 + 2 x 40 = 344, split 172 / 172.
    assert awards(hand) == [(3, 172, "high half, cards speak"), (1, 172, "low half, cards speak")]
    assert hand.stacks == [439, 551, 459, 551]


def test_eight_or_better_high_scoops_without_a_qualifying_low() -> None:
    hand = stud8_hand("Jc Ks  9h 4s  Ts 6c")
    play(
        hand,
        [Action.bring_in(0), Action.call(1), Action.call(2), Action.call(3)]
        + [Action.check(0), Action.check(1), Action.check(2), Action.bet(3, 10)]
        + [Action.fold(0), Action.fold(1), Action.call(2)]
        + [Action.check(3), Action.check(2)] * 3,
    )
    # Seat 1 (the only low) folded: kings full beat sevens and take the whole pot.
    # Pot: 4 antes + 4 x 3 + 2 x 10 = 36; seats 2 and 3 each put in 1 + 3 + 10.
    assert awards(hand) == [(3, 36, "whole pot to high, cards speak")]
    assert hand.stacks == [496, 496, 486, 522]


def test_seven_card_stud_has_no_turning_up() -> None:
    # The house option buys a last card face down; seventh street comes down anyway.
    hand = Hand(
        HandSetup(
            VARIANTS["seven-card-stud-hilo"],
            HouseRules.preset("cards-speak", turn_up_hole_card=True),
            LIMIT,
            [500] * 4,
            deck_order=deck(THIRD_AND_FOURTH + " Kh Jc Ks 9s  Qc 9h 4s Jd  8c Ts 6c Td"),
        )
    )
    play(hand, [Action.bring_in(0), Action.call(1), Action.call(2), Action.call(3)])
    phases = set()
    while not hand.is_complete:
        phases.add(hand.phase)
        hand.apply(Action.check(hand.to_act[0]))
    assert phases == {Phase.BETTING}
    assert not of_kind(hand, TurnedUp)
    # Pot: 4 antes + 4 x 3 = 16: kings full high, 8-6-5-4-A low.
    assert awards(hand) == [(3, 8, "high half, cards speak"), (1, 8, "low half, cards speak")]
    assert hand.stacks == [496, 504, 496, 504]


# -- five-card stud: turning the hole card up -------------------------------------------

# Seat 1: 4h | 4d 9d 9s | 2c   turns up: shows two pair, nines and fours
# Seat 2: Ac | Qs Qd 7h | Ks   turns up: shows a pair of queens
# Seat 0: 5h | 4c 8h Th | 5s   keeps the hole card down; pair of fives
TURN_UP_DECK = deck("4h 4d  Ac Qs  5h 4c  9d Qd 8h  9s 7h Th  2c Ks 5s")


def test_five_card_stud_turning_the_hole_card_up() -> None:
    rules = HouseRules.preset("cards-speak", turn_up_hole_card=True)
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-stud"], rules, LIMIT, [500, 500, 500], deck_order=TURN_UP_DECK
        )
    )
    assert hand.to_act == (0,)  # 4c is lower than 4d
    play(hand, [Action.bring_in(0), Action.call(1), Action.call(2)])
    assert hand.to_act == (2,)  # third street: a pair of queens showing
    play(hand, [Action.check(2), Action.check(0), Action.check(1)])
    assert hand.to_act == (2,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 20, 20)]
    play(hand, [Action.bet(2, 20), Action.call(0), Action.call(1)])
    # Before the last card, each player still in chooses, from the left of the button.
    assert hand.phase is Phase.TURNING_UP
    assert hand.to_act == (1,)
    assert kinds(hand) == ["turn-up", "keep-down"]
    assert refused(hand, Action.bet(1, 20)) == "You cannot bet now: you may keep-down or turn-up."
    hand.apply(Action.turn_up(1))
    assert hand.up_cards(1) == list(cards("4h 4d 9d 9s"))
    hand.apply(Action.turn_up(2))
    assert hand.to_act == (0,)
    hand.apply(Action.keep_down(0))
    turned = [(event.seat, event.cards) for event in of_kind(hand, TurnedUp)]
    assert turned == [(1, cards("4h 4d 9d 9s")), (2, cards("Ac Qs Qd 7h"))]
    # The last card: face down to those who turned up, face up to the others.
    last = [(e.seat, e.cards, e.face, e.hidden_from_others) for e in of_kind(hand, Dealt)]
    assert last[-3:] == [
        (1, cards("2c"), Face.DOWN, True),
        (2, cards("Ks"), Face.DOWN, True),
        (0, cards("5s"), Face.UP, False),
    ]
    view = hand.view_for(0)
    assert view.seats[1].up_cards == cards("4h 4d 9d 9s")
    assert view.seats[1].down_cards == ()
    assert view.seats[1].hidden_count == 1
    assert view.seats[0].up_cards == cards("4c 8h Th 5s")
    assert view.seats[0].down_cards == cards("5h")
    assert cards("2c")[0] not in view.all_cards()
    assert cards("5h")[0] not in hand.view_for(1).all_cards()
    # The turned-up hole card counts in the hand showing: two pair opens the last round.
    assert hand.to_act == (1,)
    play(hand, [Action.bet(1, 20), Action.call(2), Action.fold(0)])
    # Pot: 3 antes + 3 x 3 + 3 x 20 + 2 x 20 = 112; two pair beats a pair of queens.
    assert awards(hand) == [(1, 112, "whole pot to high, cards speak")]
    assert hand.stacks == [476, 568, 456]


# -- seven-card stud in pot and no limit ------------------------------------------------

# Seat 1: As Ad | 3c 5h 2c 9h | Jd, a pair of aces. Seat 2: Kh Kd | Qs Qd 4s 6h | 8d,
# kings and queens. Seat 0: 7c 8c | 9d.
NO_LIMIT_STUD_DECK = deck("As Ad 3c  Kh Kd Qs  7c 8c 9d  5h Qd  2c 4s  9h 6h  Jd 8d")


def test_no_limit_stud_completion_is_an_opening_bet_of_any_size() -> None:
    stakes = Stakes(structure="no-limit", ante=1, bring_in=2, small_bet=10)
    hand = Hand(
        HandSetup(
            VARIANTS["seven-card-stud"],
            HouseRules.preset("cards-speak"),
            stakes,
            [500] * 3,
            deck_order=NO_LIMIT_STUD_DECK,
        )
    )
    assert hand.to_act == (1,)  # the 3c
    assert options(hand) == [("bring-in", 2, 2), ("complete", 10, 499)]
    hand.apply(Action.bring_in(1))
    # In no limit the first full bet after the bring-in may be any size from 10 up.
    assert options(hand) == [("fold", 0, 0), ("call", 2, 2), ("complete", 10, 499)]
    assert refused(hand, Action(2, ActionKind.COMPLETE, 5)) == (
        "Complete to at least 10 and at most 499."
    )
    hand.apply(Action(2, ActionKind.COMPLETE, 40))
    # A bet of 40: the next raise is to 80 at least.
    assert options(hand) == [("fold", 0, 0), ("call", 40, 40), ("raise", 80, 499)]
    hand.apply(Action.call(0))
    assert options(hand) == [("fold", 0, 0), ("call", 38, 38), ("raise", 80, 499)]
    play(hand, [Action.raise_to(1, 120), Action.call(2), Action.fold(0)])
    assert hand.to_act == (2,)  # a pair of queens showing
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 10, 379)]
    play(hand, [Action.check(2), Action.bet(1, 379), Action.call(2)])
    # Both all in: the cards are dealt out. Kings up beat a pair of aces.
    # Pot: 3 antes + 40 + 2 x 120 + 2 x 379 = 1041.
    assert hand.is_complete
    assert awards(hand) == [(2, 1041, "whole pot to high, cards speak")]
    assert hand.stacks == [459, 0, 1041]


def test_pot_limit_stud_completion_up_to_the_pot() -> None:
    stakes = Stakes(structure="pot-limit", ante=5, bring_in=5, small_bet=10)
    hand = Hand(
        HandSetup(
            VARIANTS["seven-card-stud"],
            HouseRules.preset("cards-speak"),
            stakes,
            [500] * 3,
            deck_order=NO_LIMIT_STUD_DECK,
        )
    )
    # 15 in antes: the bring-in seat may complete to 10 or bet the pot, 15.
    assert options(hand) == [("bring-in", 5, 5), ("complete", 10, 15)]
    hand.apply(Action.bring_in(1))
    # Pot 15 + 5 + a call of 5 = 25: at most 5 + 25 = 30.
    assert options(hand) == [("fold", 0, 0), ("call", 5, 5), ("complete", 10, 30)]
    hand.apply(Action(2, ActionKind.COMPLETE, 30))
    # Pot 15 + 5 + 30 + a call of 30 = 80: at most 30 + 80 = 110; a full raise is 30.
    assert options(hand) == [("fold", 0, 0), ("call", 30, 30), ("raise", 60, 110)]
    play(hand, [Action.fold(0), Action.fold(1)])
    # 25 of the 30 nobody called go back. Pot: 15 antes + 5 + 5 = 25.
    assert awards(hand) == [(2, 25, "everyone else folded")]
    assert hand.stacks == [495, 490, 515]


# -- five-card stud high-low, cards speak, spread limit ---------------------------------


def test_five_card_stud_high_low_spread_limit_odd_chip_to_high() -> None:
    # Seat 1: Ah | 3d 5c 7s 8d, an 8-7-5-3-A low. Seat 2: Kd | Kc 9d 9s Qh, two pair.
    # Seat 0: 4s | 2c, folds at once: later cards go to seats 1 and 2 only.
    stakes = Stakes(structure="spread-limit", ante=1, bring_in=2, min_bet=5, max_bet=20)
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-stud-hilo"],
            HouseRules.preset("cards-speak"),
            stakes,
            [200] * 3,
            deck_order=deck("Ah 3d  Kd Kc  4s 2c  5c 9d  7s 9s  8d Qh"),
        )
    )
    assert options(hand) == [("bring-in", 2, 2), ("complete", 5, 20)]
    hand.apply(Action.bring_in(0))
    assert options(hand) == [("fold", 0, 0), ("call", 2, 2), ("complete", 5, 20)]
    hand.apply(Action(1, ActionKind.COMPLETE, 15))
    # A raise is at least the last bet (15) and at most the spread's 20.
    assert options(hand) == [("fold", 0, 0), ("call", 15, 15), ("raise", 30, 35)]
    play(hand, [Action.call(2), Action.fold(0)])
    assert hand.to_act == (2,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 5, 20)]
    play(hand, [Action.bet(2, 20), Action.call(1)])
    play(hand, [Action.bet(2, 20)])
    assert options(hand) == [("fold", 0, 0), ("call", 20, 20), ("raise", 40, 40)]
    play(hand, [Action.raise_to(1, 40), Action.call(2), Action.check(2), Action.check(1)])
    # Pot: 3 antes + 2 + 2 x 15 + 2 x 20 + 2 x 40 = 155; the odd chip goes to high.
    assert awards(hand) == [(2, 78, "high half, cards speak"), (1, 77, "low half, cards speak")]
    assert hand.stacks == [197, 201, 202]


def test_an_all_in_for_less_than_the_completion_is_not_a_completion() -> None:
    # Door cards: Kd, 2c (brings it in), Qd, As. Seat 2 has 7 chips: 1 ante, 6 behind.
    stakes = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)
    cards = deck("Kd Kh 2c Qd Qh As Jd Jh 5h")
    hand = Hand(HandSetup(VARIANTS["seven-card-stud-hilo-declare"], HouseRules(), stakes,
                [100, 100, 7, 100], button=0, deck_order=cards))  # fmt: skip
    play(hand, [Action.bring_in(1), Action.complete(2)])
    assert hand.round is not None
    assert hand.round.raises == 0  # the all-in to 6 does not count towards the cap
    # The next player may still complete to the full 10.
    assert options(hand) == [("fold", 0, 0), ("call", 6, 6), ("complete", 10, 10)]
