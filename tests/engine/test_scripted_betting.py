"""Scripted hands for each betting structure: fixed, spread, pot and no limit; side pots.

Every deck is stacked and every expected number is worked out by hand from RULES.md.
Blinds: three-handed the button acts first before the flop; heads up the button posts
the small blind.
"""

from __future__ import annotations

import random

from hilo.engine.actions import Action
from hilo.engine.events import Post, Posted, Returned
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import (
    acted,
    awards,
    deck,
    of_kind,
    options,
    play,
    refused,
)

CARDS_SPEAK = HouseRules.preset("cards-speak")
NO_LIMIT = Stakes(structure="no-limit", small_blind=5, big_blind=10)
NO_LIMIT_2 = Stakes(structure="no-limit", small_blind=1, big_blind=2)
POT_LIMIT = Stakes(structure="pot-limit", small_blind=5, big_blind=10)
FIXED = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)
SPREAD = Stakes(structure="spread-limit", small_blind=2, big_blind=5, min_bet=5, max_bet=50)


def holdem(stakes: Stakes, stacks: list[int], cards: str = "", button: int = 0) -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["holdem"], CARDS_SPEAK, stakes, stacks, button=button, deck_order=deck(cards)
        )
    )


# -- no limit ---------------------------------------------------------------------------


def test_no_limit_minimum_bets_and_raises() -> None:
    hand = holdem(NO_LIMIT, [1000] * 3)
    assert hand.to_act == (0,)
    assert options(hand) == [("fold", 0, 0), ("call", 10, 10), ("raise", 20, 1000)]
    assert refused(hand, Action.raise_to(0, 15)) == "Raise to at least 20 and at most 1000."
    hand.apply(Action.raise_to(0, 35))  # a raise of 25: the next must be 25 more
    assert options(hand) == [("fold", 0, 0), ("call", 30, 30), ("raise", 60, 1000)]
    assert refused(hand, Action.raise_to(1, 55)) == "Raise to at least 60 and at most 1000."
    play(hand, [Action.call(1), Action.call(2)])
    # Flop: the least bet is the big blind.
    assert hand.to_act == (1,)
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 10, 965)]
    assert refused(hand, Action.bet(1, 5)) == "Bet to at least 10 and at most 965."
    play(hand, [Action.check(1), Action.bet(2, 40), Action.raise_to(0, 100)])
    assert options(hand, 1) == [("fold", 0, 0), ("call", 100, 100), ("raise", 160, 965)]
    play(hand, [Action.fold(1), Action.call(2)])
    play(hand, [Action.check(2), Action.check(0)])
    play(hand, [Action.bet(2, 300), Action.fold(0)])
    assert [(event.seat, event.amount) for event in of_kind(hand, Returned)] == [(2, 300)]
    # Pot: 3 x 35 + 2 x 100 = 305.
    assert awards(hand) == [(2, 305, "everyone else folded")]
    assert hand.stacks == [865, 965, 1170]


# Board 2c 7d 9h | Js | 3c. Seat 0 (the button) holds the aces here.
SHORT_ALL_IN_CARDS = "Kc Kd  Qc Qd  8s 8h  Ac Ad  2c 7d 9h  Js  3c"


def short_all_in() -> Hand:
    """Seat 3 raises to 100; the button goes all in for 130, 30 more: not a full raise."""
    hand = holdem(NO_LIMIT, [130, 1000, 1000, 1000], SHORT_ALL_IN_CARDS)
    assert hand.to_act == (3,)
    hand.apply(Action.raise_to(3, 100))
    assert options(hand) == [("fold", 0, 0), ("call", 100, 100), ("raise", 130, 130)]
    hand.apply(Action.raise_to(0, 130))
    # The blinds have not acted yet: they may still raise, by a full 90 at least.
    assert options(hand) == [("fold", 0, 0), ("call", 125, 125), ("raise", 220, 1000)]
    return hand


def test_no_limit_short_all_in_does_not_reopen_the_betting() -> None:
    hand = short_all_in()
    hand.apply(Action.call(1))
    assert options(hand) == [("fold", 0, 0), ("call", 120, 120), ("raise", 220, 1000)]
    hand.apply(Action.call(2))
    # Seat 3 already acted and faces only the short raise: call or fold.
    assert options(hand) == [("fold", 0, 0), ("call", 30, 30)]
    assert refused(hand, Action.raise_to(3, 220)) == (
        "You cannot raise: the all-in raise was less than a full raise, "
        "so you may only call or fold."
    )
    hand.apply(Action.call(3))
    for _ in range(3):
        play(hand, [Action.check(1), Action.check(2), Action.check(3)])
    # Aces win the 4 x 130 = 520 main pot; nothing went in beyond it.
    assert awards(hand) == [(0, 520, "whole pot to high, cards speak")]
    assert hand.stacks == [520, 870, 870, 870]


def test_no_limit_a_full_raise_after_a_short_all_in_reopens_the_betting() -> None:
    hand = short_all_in()
    play(hand, [Action.raise_to(1, 220), Action.call(2)])
    assert options(hand) == [("fold", 0, 0), ("call", 120, 120), ("raise", 310, 1000)]
    play(hand, [Action.fold(3)])
    for _ in range(3):
        play(hand, [Action.check(1), Action.check(2)])
    # Main pot 3 x 130 + seat 3's 100 = 490 to the aces; side pot 2 x 90 to the kings.
    assert awards(hand) == [
        (0, 490, "whole pot to high, cards speak"),
        (1, 180, "whole pot to high, cards speak"),
    ]
    assert hand.stacks == [490, 960, 780, 900]


def test_no_limit_all_in_bet_for_less_than_the_big_blind() -> None:
    # Seat 1 kings, seat 2 aces (15 chips), seat 0 queens; board 2c 7d 9h Js 3c.
    hand = holdem(NO_LIMIT, [1000, 1000, 15], "Kc Kd  Ac Ad  Qc Qd  2c 7d 9h  Js  3c")
    play(hand, [Action.call(0), Action.call(1), Action.check(2)])
    play(hand, [Action.check(1), Action.bet(2, 5)])
    # Not a full bet, so not completed as in fixed limit: raised by a full bet (10) or more.
    assert options(hand) == [("fold", 0, 0), ("call", 5, 5), ("raise", 15, 990)]
    hand.apply(Action.call(0))
    # Seat 1 checked before the short all-in: it faces less than a full bet, so it may
    # only call or fold.
    assert options(hand) == [("fold", 0, 0), ("call", 5, 5)]
    play(hand, [Action.call(1), Action.bet(1, 100), Action.fold(0)])
    # Seat 1's 100 comes back; the aces win the main pot of 3 x 15 = 45.
    assert awards(hand) == [(2, 45, "whole pot to high, cards speak")]
    assert hand.stacks == [985, 985, 45]


def test_three_way_all_in_two_side_pots_and_a_winner_for_each() -> None:
    # Seat 1 aces (50 chips), seat 2 kings (150), seat 3 queens (300), seat 0 eights (500).
    hand = holdem(NO_LIMIT, [500, 50, 150, 300], "Ac Ad  Kc Kd  Qc Qd  8s 8h  2c 7d 9h  Js  3c")
    hand.apply(Action.raise_to(3, 300))
    assert options(hand) == [("fold", 0, 0), ("call", 300, 300), ("raise", 500, 500)]
    hand.apply(Action.raise_to(0, 500))
    assert options(hand) == [("fold", 0, 0), ("call", 45, 45)]  # all in for less
    play(hand, [Action.call(1), Action.call(2)])
    assert hand.is_complete  # nobody left to bet against: the board is dealt out
    assert [(event.seat, event.amount) for event in of_kind(hand, Returned)] == [(0, 200)]
    assert hand.result is not None
    pots = [(ruling.amount, ruling.seats) for ruling in hand.result.pots]
    assert pots == [(200, (0, 1, 2, 3)), (300, (0, 2, 3)), (300, (0, 3))]
    assert [(award.pot, award.seat, award.amount) for award in hand.result.awards] == [
        (0, 1, 200),
        (1, 2, 300),
        (2, 3, 300),
    ]
    assert hand.stacks == [200, 200, 300, 300]


# -- pot limit --------------------------------------------------------------------------

# Board Ah Kh 7c | 7d | 2s. Seat 1: 7h 7s 9c 9d, four sevens. Seat 2: Ac Ad Qs Js, aces full.
POT_LIMIT_OMAHA = deck("7h 7s 9c 9d  Ac Ad Qs Js  2c 3d 4h 5s  Ah Kh 7c  7d  2s")


def test_pot_limit_omaha_maximum_bets_and_raises() -> None:
    hand = Hand(
        HandSetup(VARIANTS["omaha"], CARDS_SPEAK, POT_LIMIT, [1000] * 3, deck_order=POT_LIMIT_OMAHA)
    )
    # The button may raise the pot: call 10, making 25 in the middle, then raise 25 more.
    assert options(hand) == [("fold", 0, 0), ("call", 10, 10), ("raise", 20, 35)]
    assert refused(hand, Action.raise_to(0, 40)) == "Raise to at least 20 and at most 35."
    hand.apply(Action.raise_to(0, 35))
    # Small blind: pot 50 plus its call of 30 is 80, so at most 35 + 80 = 115.
    assert options(hand) == [("fold", 0, 0), ("call", 30, 30), ("raise", 60, 115)]
    hand.apply(Action.call(1))
    # Big blind: pot 80 plus its call of 25 is 105, so at most 35 + 105 = 140.
    assert options(hand) == [("fold", 0, 0), ("call", 25, 25), ("raise", 60, 140)]
    hand.apply(Action.call(2))
    # Flop: a bet of at most the pot, 105.
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 10, 105)]
    assert refused(hand, Action.bet(1, 106)) == "Bet to at least 10 and at most 105."
    hand.apply(Action.bet(1, 50))
    # Pot 105 + 50 + a call of 50 = 205: raise to at most 50 + 205 = 255.
    assert options(hand) == [("fold", 0, 0), ("call", 50, 50), ("raise", 100, 255)]
    play(hand, [Action.raise_to(2, 255), Action.fold(0)])
    # Pot 105 + 305 + a call of 205 = 615: at most 255 + 615 = 870; a full raise is 205.
    assert options(hand) == [("fold", 0, 0), ("call", 205, 205), ("raise", 460, 870)]
    hand.apply(Action.call(1))
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 10, 615)]
    play(hand, [Action.check(1), Action.check(2), Action.check(1), Action.check(2)])
    # Four sevens (two from the hand, three from the board) beat aces full.
    assert awards(hand) == [(1, 615, "whole pot to high, cards speak")]
    assert hand.stacks == [965, 1325, 710]


# -- fixed limit ------------------------------------------------------------------------

# Board 2c 5d 9h Kc 3s. Seat 1: Ks Kd Jc Jh, three kings, no low. Seat 2: 9c 9d 6h 7h,
# three nines and 7-6-5-3-2. Seat 0: Ah 2h Qc Qd: no low, with two cards from the hand
# and three from the board it has A-2-2-3-5 at best.
OMAHA_HILO = deck("Ks Kd Jc Jh  9c 9d 6h 7h  Ah 2h Qc Qd  2c 5d 9h  Kc  3s")


def test_fixed_limit_raise_cap_each_round_omaha_eight_or_better() -> None:
    hand = Hand(
        HandSetup(VARIANTS["omaha-hilo"], CARDS_SPEAK, FIXED, [1000] * 3, deck_order=OMAHA_HILO)
    )
    assert options(hand) == [("fold", 0, 0), ("call", 10, 10), ("raise", 20, 20)]
    play(hand, [Action.raise_to(0, 20), Action.raise_to(1, 30), Action.raise_to(2, 40)])
    # The big blind counts as the first bet: 10, 20, 30, 40 is the cap of four.
    assert options(hand) == [("fold", 0, 0), ("call", 20, 20)]
    assert refused(hand, Action.raise_to(0, 50)) == (
        "You cannot raise: the betting is capped at 4 bets."
    )
    play(hand, [Action.call(0), Action.call(1)])
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 10, 10)]
    play(hand, [Action.bet(1, 10), Action.raise_to(2, 20), Action.raise_to(0, 30)])
    hand.apply(Action.raise_to(1, 40))
    assert options(hand) == [("fold", 0, 0), ("call", 20, 20)]
    play(hand, [Action.call(2), Action.call(0)])
    # Turn: big bets.
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 20, 20)]
    play(hand, [Action.check(seat) for seat in (1, 2, 0)] * 2)
    # Pot 3 x 80 = 240: three kings win high, 7-6-5-3-2 low.
    assert awards(hand) == [(1, 120, "high half, cards speak"), (2, 120, "low half, cards speak")]
    assert hand.stacks == [920, 1040, 1040]


def test_fixed_limit_cap_lifted_when_two_players_are_left() -> None:
    lifted = Stakes(
        structure="fixed-limit",
        small_blind=5,
        big_blind=10,
        small_bet=10,
        big_bet=20,
        lift_cap_heads_up=True,
    )
    hand = holdem(lifted, [1000] * 3)
    play(hand, [Action.raise_to(0, 20), Action.fold(1), Action.raise_to(2, 30)])
    hand.apply(Action.raise_to(0, 40))
    # Four bets, but only two players are left: the cap is lifted.
    assert options(hand) == [("fold", 0, 0), ("call", 10, 10), ("raise", 50, 50)]
    play(hand, [Action.raise_to(2, 50), Action.raise_to(0, 60), Action.call(2)])
    play(hand, [Action.bet(2, 10), Action.fold(0)])
    # Pot: 5 + 60 + 60 = 125 (the flop bet of 10 is returned).
    assert awards(hand) == [(2, 125, "everyone else folded")]
    assert hand.stacks == [940, 995, 1065]
    capped = holdem(FIXED, [1000] * 3)
    play(capped, [Action.raise_to(0, 20), Action.fold(1), Action.raise_to(2, 30)])
    capped.apply(Action.raise_to(0, 40))
    assert options(capped) == [("fold", 0, 0), ("call", 10, 10)]


def test_fixed_limit_heads_up_blinds() -> None:
    # Heads up the button (seat 1) posts the small blind, acts first before the flop and
    # last after it.
    hand = holdem(FIXED, [200, 200], button=1)
    posted = [(event.seat, event.amount, event.post) for event in of_kind(hand, Posted)]
    assert posted == [(1, 5, Post.SMALL_BLIND), (0, 10, Post.BIG_BLIND)]
    assert hand.to_act == (1,)
    hand.apply(Action.call(1))
    # The big blind has the option.
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("raise", 20, 20)]
    hand.apply(Action.check(0))
    assert hand.to_act == (0,)
    play(hand, [Action.check(0), Action.bet(1, 10), Action.call(0)])
    assert hand.to_act == (0,)
    play(hand, [Action.check(0), Action.check(1)])
    play(hand, [Action.bet(0, 20), Action.fold(1)])
    assert acted(hand)[-2:] == [(0, "bet", 20), (1, "fold", 0)]
    assert awards(hand) == [(0, 40, "everyone else folded")]
    assert hand.stacks == [220, 180]


def test_a_big_blind_all_in_for_less_still_makes_the_full_blind_to_call() -> None:
    # Seat 1 kings, seat 2 (the big blind, 7 chips) aces, seat 0 queens.
    hand = holdem(FIXED, [1000, 1000, 7], "Kc Kd  Ac Ad  Qc Qd  2c 7d 9h  Js  3c")
    posted = [(event.seat, event.amount) for event in of_kind(hand, Posted)]
    assert posted == [(1, 5), (2, 7)]
    assert options(hand) == [("fold", 0, 0), ("call", 10, 10), ("raise", 20, 20)]
    play(hand, [Action.call(0), Action.call(1)])
    for _ in range(3):
        play(hand, [Action.check(1), Action.check(0)])
    # Main pot 3 x 7 = 21 to the aces; the side pot of 2 x 3 to the kings.
    assert awards(hand) == [
        (2, 21, "whole pot to high, cards speak"),
        (1, 6, "whole pot to high, cards speak"),
    ]
    assert hand.stacks == [990, 996, 21]


# -- spread limit -----------------------------------------------------------------------

# Board 4c 7d 9s Kh 2h. Seat 1: Kc Kd, three kings, no low. Seat 2: Ac 3d, 7-4-3-2-A.
SPREAD_CARDS = "Kc Kd  Ac 3d  Qs Js  4c 7d 9s  Kh  2h"


def test_spread_limit_minimum_and_maximum_holdem_eight_or_better() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["holdem-hilo"], CARDS_SPEAK, SPREAD, [500] * 3, deck_order=deck(SPREAD_CARDS)
        )
    )
    # Raise by 5 to 50 on top of the big blind.
    assert options(hand) == [("fold", 0, 0), ("call", 5, 5), ("raise", 10, 55)]
    assert refused(hand, Action.raise_to(0, 60)) == "Raise to at least 10 and at most 55."
    hand.apply(Action.raise_to(0, 30))
    # A raise must be at least the last raise (25), at most the spread's 50.
    assert options(hand) == [("fold", 0, 0), ("call", 28, 28), ("raise", 55, 80)]
    play(hand, [Action.call(1), Action.call(2)])
    assert options(hand) == [("fold", 0, 0), ("check", 0, 0), ("bet", 5, 50)]
    assert refused(hand, Action.bet(1, 51)) == "Bet to at least 5 and at most 50."
    hand.apply(Action.bet(1, 50))
    assert options(hand) == [("fold", 0, 0), ("call", 50, 50), ("raise", 100, 100)]
    play(hand, [Action.call(2), Action.fold(0)])
    play(hand, [Action.check(1), Action.bet(2, 5)])
    assert options(hand) == [("fold", 0, 0), ("call", 5, 5), ("raise", 10, 55)]
    play(hand, [Action.raise_to(1, 10), Action.call(2)])
    play(hand, [Action.check(1), Action.check(2)])
    # Pot 3 x 30 + 2 x 50 + 2 x 10 = 210: kings high, 7-4-3-2-A low.
    assert awards(hand) == [(1, 105, "high half, cards speak"), (2, 105, "low half, cards speak")]
    assert hand.stacks == [470, 515, 515]


def test_fixed_limit_completing_a_short_all_in_on_a_big_bet_street() -> None:
    # Seat 1 has 25: 10 preflop, 10 on the flop, then all in for 5 on the turn (big bet 20).
    hand = Hand.deal(
        VARIANTS["holdem"],
        HouseRules.preset("cards-speak"),
        Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20),
        [200, 25, 200],
        button=2,
        rng=random.Random(1),
    )
    for action in (
        Action.call(2), Action.call(0), Action.check(1),
        Action.check(0), Action.bet(1, 10), Action.call(2), Action.call(0),
        Action.check(0), Action.bet(1, 5),
    ):  # fmt: skip
        hand.apply(action)
    # Completing goes to the turn's full bet, 20, not the small bet.
    assert options(hand) == [("fold", 0, 0), ("call", 5, 5), ("complete", 20, 20)]


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    def seat_three_after(short_stacks: tuple[int, int]) -> list[tuple[str, int, int]]:
        hand = Hand(HandSetup(
            VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT_2, [1000, 1000, 1000, 1000, *short_stacks],
            deck_order=deck(""),
        ))  # fmt: skip
        # Seat 3 raises to 100 (+98); seats 4 and 5 go all in short; seat 0 calls.
        play(hand, [Action.raise_to(3, 100), Action.raise_to(4, short_stacks[0])])
        play(hand, [Action.raise_to(5, short_stacks[1]), Action.call(0)])
        play(hand, [Action.fold(1), Action.fold(2)])
        return options(hand)

    # +50 then +60: 110 over seat 3's raise, more than a full raise (98): seat 3 may raise.
    assert seat_three_after((150, 210)) == [
        ("fold", 0, 0),
        ("call", 110, 110),
        ("raise", 308, 1000),
    ]
    # +50 then +10: only 60 more; seat 3 may only call or fold.
    assert seat_three_after((150, 160)) == [("fold", 0, 0), ("call", 60, 60)]


def test_no_raising_when_everybody_else_is_all_in() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT_2, [100, 2], button=0, deck_order=deck("")
        )
    )
    # The big blind is all in with its blind: the button may call or fold, not raise.
    assert options(hand) == [("fold", 0, 0), ("call", 1, 1)]


def test_the_refusal_says_everybody_else_is_all_in() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT_2, [100, 2], button=0, deck_order=deck("")
        )
    )
    assert refused(hand, Action.raise_to(0, 10)) == "You cannot raise: everybody else is all in."
