"""Scripted declare hands: lock rules, declaring in turn or all at once, pots that ride.

Every deck is stacked and every expected number is worked out by hand from RULES.md.
"""

from __future__ import annotations

import random

import pytest

from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.events import Awarded, Declared, Returned, Revealed, Shown
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import (
    awards,
    deck,
    kinds,
    of_kind,
    options,
    play,
    refused,
)

LIMIT = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)
STUD = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)
HIGH, LOW, BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH


def limp_and_stand_pat(hand: Hand) -> None:
    """Five-card draw: everybody calls the big blind, stands pat and checks to the declare."""
    while hand.street == 0:
        seat = hand.to_act[0]
        hand.apply(Action.check(seat) if "check" in kinds(hand) else Action.call(seat))
    while hand.phase is not Phase.DECLARING:  # each draws in turn, then each checks
        seat = hand.to_act[0]
        hand.apply(Action.draw(seat, ()) if "draw" in kinds(hand) else Action.check(seat))


# -- betting after the declare: the lock rules ----------------------------------------

# Seat 1: 7-5-4-3-2, alone low. Seat 2: kings and nines. Seat 0: three queens.
LOCK_DECK = deck("7c 5d 4h 3s 2c  Kc Kd 9h 9s 4c  Qc Qd Qh 8s 6d")


def lock_hand(lock_rule: str) -> Hand:
    rules = HouseRules.preset("strict", bet_after_declare=True, lock_rule=lock_rule)
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw-hilo-declare"], rules, LIMIT, [200] * 3, deck_order=LOCK_DECK
        )
    )
    limp_and_stand_pat(hand)
    play(hand, [Action.declare(1, LOW), Action.declare(2, HIGH), Action.declare(0, HIGH)])
    assert hand.phase is Phase.BETTING
    assert hand.to_act == (1,)
    return hand


def test_lock_rule_call_only() -> None:
    hand = lock_hand("call-only")
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0)]
    assert refused(hand, Action.bet(1, 20)) == (
        "You cannot bet: you declared low alone and the house rule is call-only."
    )
    play(hand, [Action.check(1), Action.bet(2, 20), Action.raise_to(0, 40)])
    assert options(hand) == [("fold", 0, 0), ("call", 40, 40)]
    assert refused(hand, Action.raise_to(1, 60)) == (
        "You cannot raise: you declared low alone and the house rule is call-only."
    )
    play(hand, [Action.call(1), Action.call(2)])
    # Pot: 3 x 10 + 3 x 40 = 150: low half to seat 1, high half to three queens.
    assert awards(hand) == [(0, 75, "high half"), (1, 75, "low half")]
    assert hand.stacks == [225, 225, 150]


def test_lock_rule_no_raise() -> None:
    hand = lock_hand("no-raise")
    # Nobody has bet: a lock may bet, but never raise.
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 20, 20)]
    play(hand, [Action.bet(1, 20), Action.raise_to(2, 40), Action.call(0)])
    assert options(hand) == [("fold", 0, 0), ("call", 20, 20)]
    assert refused(hand, Action.raise_to(1, 60)) == (
        "You cannot raise: you declared low alone and the house rule is no-raise."
    )
    hand.apply(Action.call(1))
    assert awards(hand) == [(0, 75, "high half"), (1, 75, "low half")]
    assert hand.stacks == [225, 225, 150]


def test_lock_rule_free() -> None:
    hand = lock_hand("free")
    play(hand, [Action.bet(1, 20), Action.raise_to(2, 40), Action.call(0)])
    assert options(hand) == [("fold", 0, 0), ("call", 20, 20), ("raise", 60, 60)]
    play(hand, [Action.raise_to(1, 60), Action.call(2), Action.call(0)])
    # Pot: 3 x 10 + 3 x 60 = 210, halves of 105.
    assert awards(hand) == [(0, 105, "high half"), (1, 105, "low half")]
    assert hand.stacks == [235, 235, 130]


def test_a_fold_after_the_declare_makes_a_new_lock() -> None:
    rules = HouseRules.preset("strict", bet_after_declare=True, lock_rule="call-only")
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw-hilo-declare"],
            rules,
            LIMIT,
            [200] * 4,
            deck_order=deck("7c 5d 4h 3s 2c  8c 6d 5h 4s 3c  Kc Kd 9h 9s 4c  Qc Qd Qh 8s 6h"),
        )
    )
    limp_and_stand_pat(hand)
    assert hand.to_act == (1, 2, 3, 0)  # simultaneous: everybody at once
    play(hand, [Action.declare(seat, way) for seat, way in ((1, LOW), (2, LOW), (3, HIGH))])
    hand.apply(Action.declare(0, HIGH))
    # Two players went each way, so nobody is a lock yet: seat 1 may bet.
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 20, 20)]
    play(hand, [Action.bet(1, 20), Action.fold(2), Action.raise_to(3, 40), Action.fold(0)])
    # Seat 2's fold left seat 1 alone low: now a lock, it may only call or fold.
    assert options(hand) == [("fold", 0, 0), ("call", 20, 20)]
    assert refused(hand, Action.raise_to(1, 60)) == (
        "You cannot raise: you declared low alone and the house rule is call-only."
    )
    hand.apply(Action.call(1))
    # Pot: 4 x 10 + 2 x 40 = 120.
    assert awards(hand) == [(3, 60, "high half"), (1, 60, "low half")]
    assert hand.stacks == [190, 210, 190, 210]


@pytest.mark.parametrize(
    ("default", "expected_awards", "stacks"),
    [
        ("fold", [(0, 30, "whole pot to high")], [220, 190, 190]),
        ("low", [(0, 15, "high half"), (1, 15, "low half")], [205, 205, 190]),
    ],
)
def test_a_declare_timeout_applies_the_house_default(
    default: str, expected_awards: list[tuple[int, int, str]], stacks: list[int]
) -> None:
    rules = HouseRules.preset("strict", declare_timeout=default)
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw-hilo-declare"], rules, LIMIT, [200] * 3, deck_order=LOCK_DECK
        )
    )
    limp_and_stand_pat(hand)
    play(hand, [Action.timeout(1), Action.declare(2, HIGH), Action.declare(0, HIGH)])
    assert awards(hand) == expected_awards
    assert hand.stacks == stacks


# -- declaring in turn ----------------------------------------------------------------


def test_in_turn_from_the_dealer_left_holdem() -> None:
    # Board 3c 4d 8h Kc Qs. Seat 1: 5d 6c (8-6-5-4-3 low). Seat 2: Kd Ks (three kings).
    # Seat 0: Ah 2h (8-4-3-2-A low, ace high): swings, loses high, so is ineligible.
    rules = HouseRules.preset("liberal", declare="in-turn")
    hand = Hand(
        HandSetup(
            VARIANTS["holdem-hilo-declare"],
            rules,
            LIMIT,
            [200] * 3,
            deck_order=deck("5d 6c  Kd Ks  Ah 2h  3c 4d 8h  Kc  Qs"),
        )
    )
    play(hand, [Action.call(0), Action.call(1), Action.check(2)])
    play(hand, [Action.check(seat) for seat in (1, 2, 0)] * 2)
    play(hand, [Action.check(1), Action.bet(2, 20), Action.call(0), Action.call(1)])
    assert hand.phase is Phase.DECLARING
    assert hand.to_act == (1,)
    assert refused(hand, Action.declare(2, HIGH)) == (
        "It is not your turn: the hand is waiting for Seat 1."
    )
    hand.apply(Action.declare(1, LOW))
    # Declared aloud: everybody sees it at once.
    assert hand.view_for(2).seats[1].declaration is LOW
    assert hand.view_for(None).seats[1].declaration is LOW
    assert not of_kind(hand, Declared)[0].is_sealed
    assert hand.to_act == (2,)
    play(hand, [Action.declare(2, HIGH), Action.declare(0, BOTH)])
    # Pot 3 x 30 = 90: the failed swing wins nothing; second-best hands may win (liberal).
    assert awards(hand) == [(2, 45, "high half"), (1, 45, "low half")]
    assert hand.stacks == [170, 215, 215]


# Board 2c 5d 9h Kc 3s. Omaha: exactly two hole cards and three from the board.
# Seat 1: Ac 4h Qc Qd, a wheel for low. Seat 2: Ks Kd Jc Jh, three kings.
# Seat 0: 9c 9d 6h 7h, 7-6-5-3-2 for low.
OMAHA_DECK = deck("Ac 4h Qc Qd  Ks Kd Jc Jh  9c 9d 6h 7h  2c 5d 9h  Kc  3s")


def test_in_turn_from_the_last_aggressor_omaha() -> None:
    rules = HouseRules.preset("strict", declare="in-turn", declare_order="last-aggressor")
    hand = Hand(
        HandSetup(VARIANTS["omaha-hilo-declare"], rules, LIMIT, [200] * 3, deck_order=OMAHA_DECK)
    )
    play(hand, [Action.raise_to(0, 20), Action.call(1), Action.call(2)])
    play(hand, [Action.check(1), Action.bet(2, 10), Action.call(0), Action.call(1)])
    play(hand, [Action.check(seat) for seat in (1, 2, 0)] * 2)
    # Seat 2 made the last bet (on the flop): it declares first, then round to the left.
    assert hand.to_act == (2,)
    hand.apply(Action.declare(2, HIGH))
    assert hand.to_act == (0,)
    hand.apply(Action.declare(0, LOW))
    assert hand.to_act == (1,)
    hand.apply(Action.declare(1, LOW))
    # Pot 3 x 30 = 90. The wheel beats 7-6-5-3-2 for low; seat 2 is alone high.
    assert awards(hand) == [(2, 45, "high half"), (1, 45, "low half")]
    assert hand.stacks == [170, 215, 215]


def test_in_turn_from_the_last_aggressor_without_a_bet_starts_left_of_the_dealer() -> None:
    rules = HouseRules.preset("strict", declare="in-turn", declare_order="last-aggressor")
    hand = Hand(
        HandSetup(VARIANTS["omaha-hilo-declare"], rules, LIMIT, [200] * 3, deck_order=OMAHA_DECK)
    )
    play(hand, [Action.call(0), Action.call(1), Action.check(2)])
    play(hand, [Action.check(seat) for seat in (1, 2, 0)] * 3)
    assert hand.to_act == (1,)


def test_in_turn_from_the_high_hand_showing_five_card_stud() -> None:
    # Seat 1: Ac | 2d 3c 4h 5s, a wheel. Seat 2: Kc | Ks Qd Qh 7c, kings up.
    # Seat 0: 8d | 6c 9h 9s 9d, three nines showing.
    rules = HouseRules.preset("outright", declare="in-turn", declare_order="high-showing")
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-stud-hilo"],
            rules,
            STUD,
            [200] * 3,
            deck_order=deck("Ac 2d  Kc Ks  8d 6c  3c Qd 9h  4h Qh 9s  5s 7c 9d"),
        )
    )
    assert hand.to_act == (1,)  # the 2d brings it in
    play(hand, [Action.bring_in(1), Action.call(2), Action.call(0)])
    assert hand.to_act == (2,)  # king high showing
    play(hand, [Action.check(2), Action.check(0), Action.check(1)])
    assert hand.to_act == (2,)  # a pair of queens beats a pair of nines
    play(hand, [Action.check(2), Action.check(0), Action.check(1)])
    assert hand.to_act == (0,)  # three nines showing
    play(hand, [Action.bet(0, 20), Action.call(1), Action.call(2)])
    assert hand.to_act == (0,)  # the best hand showing declares first
    hand.apply(Action.declare(0, HIGH))
    assert hand.to_act == (1,)
    play(hand, [Action.declare(1, BOTH), Action.declare(2, HIGH)])
    # The wheel is a straight: it beats three nines for high and is alone low.
    # Pot: 3 antes + 3 x 3 + 3 x 20 = 72, both halves to the swing.
    assert awards(hand) == [(1, 36, "high half"), (1, 36, "low half")]
    assert hand.stacks == [176, 248, 176]


# -- declaring all at once --------------------------------------------------------------


# Seat 1: Ac 2c | 3d 4d 9s Ks | 7h, 7-4-3-2-A. Seat 2: Kd Kh | Qc Qd 8s 8h | Jc.
# Seat 0: 5c 6c | 2d 8c Th Js | 3h, 8-6-5-3-2.
SIMULTANEOUS_DECK = deck("Ac 2c 3d  Kd Kh Qc  5c 6c 2d  4d Qd 8c  9s 8s Th  Ks 8h Js  7h Jc 3h")


def test_simultaneous_declarations_stay_sealed_until_all_have_declared() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["seven-card-stud-hilo-declare"],
            HouseRules.preset("strict"),
            STUD,
            [100] * 3,
            deck_order=SIMULTANEOUS_DECK,
        )
    )
    play(hand, [Action.bring_in(0), Action.call(1), Action.call(2)])
    for _ in range(4):
        assert hand.to_act == (2,)  # queens showing, then queens and eights
        play(hand, [Action.check(2), Action.check(0), Action.check(1)])
    assert hand.phase is Phase.DECLARING
    assert hand.to_act == (1, 2, 0)
    hand.apply(Action.declare(2, HIGH))
    assert list(hand.to_act) == [1, 0]
    for viewer in (1, 0, None):
        view = hand.view_for(viewer)
        assert view.seats[2].has_declared
        assert view.seats[2].declaration is None
        declared = [event for event in view.events if isinstance(event, Declared)]
        assert [(event.seat, event.direction) for event in declared] == [(2, None)]
    assert hand.view_for(2).seats[2].declaration is HIGH
    hand.apply(Action.declare(0, LOW))
    assert hand.view_for(1).seats[0].declaration is None
    assert hand.view_for(2).seats[0].declaration is None
    assert hand.view_for(0).seats[2].declaration is None
    hand.apply(Action.declare(1, LOW))
    (revealed,) = of_kind(hand, Revealed)
    assert revealed.declarations == ((1, LOW), (2, HIGH), (0, LOW))
    view = hand.view_for(1)
    assert [seat.declaration for seat in view.seats] == [LOW, LOW, HIGH]
    # Pot: 3 antes + 3 x 3 = 12. 7-4-3-2-A beats 8-6-5-3-2 for low.
    assert awards(hand) == [(2, 6, "high half"), (1, 6, "low half")]
    assert hand.stacks == [96, 102, 102]


def test_stud_betting_after_the_declare_opens_with_the_best_hand_showing() -> None:
    rules = HouseRules.preset("strict", bet_after_declare=True, lock_rule="call-only")
    hand = Hand(
        HandSetup(
            VARIANTS["seven-card-stud-hilo-declare"],
            rules,
            STUD,
            [100] * 3,
            deck_order=SIMULTANEOUS_DECK,
        )
    )
    play(hand, [Action.bring_in(0), Action.call(1), Action.call(2)])
    play(hand, [Action.check(2), Action.check(0), Action.check(1)] * 4)
    play(hand, [Action.declare(2, HIGH), Action.declare(0, LOW), Action.declare(1, LOW)])
    # Queens and eights showing act first, as on every stud street; alone high, seat 2 is
    # a lock and may not bet.
    assert hand.to_act == (2,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0)]
    play(hand, [Action.check(2), Action.bet(0, 20), Action.raise_to(1, 40)])
    assert options(hand) == [("fold", 0, 0), ("call", 40, 40)]
    play(hand, [Action.call(2), Action.call(0)])
    # Pot: 12 + 3 x 40 = 132, halves of 66.
    assert awards(hand) == [(2, 66, "high half"), (1, 66, "low half")]
    assert hand.stacks == [56, 122, 122]


# -- no declare when everybody else folds ---------------------------------------------


def test_everybody_else_folds_no_declare_no_showdown() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["holdem-hilo-declare"],
            HouseRules.preset("strict"),
            LIMIT,
            [200] * 3,
            deck_order=deck(""),
        )
    )
    play(hand, [Action.call(0), Action.call(1), Action.check(2)])
    play(hand, [Action.check(seat) for seat in (1, 2, 0)] * 2)
    play(hand, [Action.bet(1, 20), Action.raise_to(2, 40), Action.fold(0), Action.fold(1)])
    assert hand.is_complete
    assert hand.result is None
    for kind in (Declared, Revealed, Shown):
        assert not of_kind(hand, kind)
    returned = [(event.seat, event.amount) for event in of_kind(hand, Returned)]
    assert returned == [(2, 20)]
    # Pot: 3 x 10 + 20 + 20 (seat 2's raise less the 20 nobody called) = 70.
    assert awards(hand) == [(2, 70, "everyone else folded")]
    assert hand.stacks == [190, 170, 240]


# -- a pot nobody can win rides to the next hand ----------------------------------------

SWING_A = "8c 7d 6h 5s 4c"  # a straight, eight high; 8-7-6-5-4 for low
SWING_B = "7c 5d 4h 3s 2c"  # seven high; 7-5-4-3-2 for low
KINGS = "Kc Kd Qh Js 9c"


def test_a_pot_nobody_can_win_rides_and_the_next_hand_awards_it() -> None:
    rules = HouseRules.preset("strict")  # no_winner="rides"
    draw = VARIANTS["five-card-draw-hilo-declare"]
    first = Hand(
        HandSetup(draw, rules, LIMIT, [200] * 3, deck_order=deck(f"{SWING_A} {SWING_B} {KINGS}"))
    )
    limp_and_stand_pat(first)
    play(first, [Action.declare(1, BOTH), Action.declare(2, BOTH), Action.declare(0, HIGH)])
    # Seat 1's straight is best high but loses low to seat 2; seat 2 loses high: both
    # swings fail. The kings were beaten by a swing, so under strict they win nothing.
    assert first.is_complete
    assert awards(first) == []
    assert first.carried_out == 30
    assert first.result is not None
    assert first.result.pots[0].method == "rides"
    assert first.stacks == [190, 190, 190]

    second = Hand(
        HandSetup(
            draw,
            rules,
            LIMIT,
            first.stacks,
            button=1,
            carried_in=first.carried_out,
            deck_order=deck(f"{SWING_B} {KINGS} {SWING_A}"),  # seats 2, 0, 1
        )
    )
    assert [pot.amount for pot in second.pots()] == [30]
    assert second.view_for(0).carried_in == 30
    limp_and_stand_pat(second)
    play(second, [Action.declare(2, LOW), Action.declare(0, HIGH), Action.declare(1, HIGH)])
    # Pot: 30 that rode + 3 x 10 = 60; the straight wins high, 7-5-4-3-2 is alone low.
    assert awards(second) == [(1, 30, "high half"), (2, 30, "low half")]
    assert second.stacks == [180, 210, 210]
    assert second.carried_out == 0


@pytest.mark.parametrize("raiser", [0, 1, 2])
def test_a_pot_that_rode_goes_to_a_player_who_wins_without_a_showdown(raiser: int) -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw-hilo-declare"],
            HouseRules.preset("strict"),
            LIMIT,
            [190] * 3,
            button=raiser,
            carried_in=30,
            deck_order=deck(""),
        )
    )
    # Three-handed the button acts first: it raises and both blinds fold.
    assert hand.to_act == (raiser,)
    hand.apply(Action.raise_to(raiser, 20))
    small, big = (raiser + 1) % 3, (raiser + 2) % 3
    play(hand, [Action.fold(small), Action.fold(big)])
    # The 10 nobody called comes back; the pot is 30 + 5 + 10 + 10 = 55.
    assert awards(hand) == [(raiser, 55, "everyone else folded")]
    assert hand.stacks[raiser] == 235
    assert (hand.stacks[small], hand.stacks[big]) == (185, 180)


def test_a_side_pot_abandoned_at_the_declare_goes_to_its_last_player() -> None:
    # Seat 0 is all in for 30 (the main pot); seats 1 and 2 build a side pot, then both
    # run out of time at the declare (declare_timeout="fold"): seat 1 first, so the side
    # pot was seat 2's alone when seat 2 folded too. Seat 0 wins only the main pot.
    rules = HouseRules.preset("strict", declare_timeout="fold")
    stakes = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    hand = Hand.deal(VARIANTS["seven-card-stud-hilo-declare"], rules, stakes, [30, 200, 200],
                rng=random.Random(1))  # fmt: skip
    while hand.phase is Phase.BETTING:
        seat = hand.to_act[0]
        available = kinds(hand)
        if seat == 1 and "bet" in available:
            play(hand, [Action.bet(1, 10 if hand.street < 2 else 20)])
        elif seat == 1 and "complete" in available:
            play(hand, [Action.complete(1)])
        elif "bring-in" in available:
            play(hand, [Action.bring_in(seat)])
        else:
            play(hand, [Action.call(seat) if "call" in available else Action.check(seat)])
    assert hand.phase is Phase.DECLARING
    main, side = hand.pots()
    assert (main.amount, main.seats) == (90, (0, 1, 2))
    assert side.seats == (1, 2)
    play(hand, [Action.timeout(1), Action.timeout(2)])
    assert [(e.seat, e.amount, e.reason) for e in of_kind(hand, Awarded)] == [
        (2, side.amount, "last player in the pot"),
        (0, 90, "everyone else folded"),
    ]
    assert sum(hand.stacks) == 430
