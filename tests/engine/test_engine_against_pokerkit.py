"""The whole hand against PokerKit: random seeded hands end with the same stacks.

hilo deals and plays cards-speak seven-card stud and Omaha, eight or better, and razz
(the highest card brings it in, the best low showing acts first), with random
legal actions: bets and raises anywhere between the legal least and most, calls, checks
and folds, from two players to a full table, with short stacks so that players go all in.
Each hand is exported as PHH, and PokerKit replays the same cards and actions one by one
(`tests.engine.pokerkit_replay.replay` refuses any action PokerKit would not take). The
final stacks must agree chip for chip: the forced bets, betting, side pots, the split,
the qualifier and the odd chips.

The driver leaves out the two spots where hilo's betting rules differ from PokerKit's (see
`tests.engine.pokerkit_replay.limited`). Every amount is a multiple of 120 chips, so
that each half of every pot divides evenly among up to six tied players: the two
programs share out odd chips differently (test_phh shows where, and checks where they
agree). Where PokerKit splits a pot in which nobody has a low (a PokerKit bug, see
`tests.engine.pokerkit_replay.pokerkit_splits_without_a_low`), the hand is replayed but
its stacks are not compared.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from hilo.engine.showdown import Side
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.pokerkit_replay import check_replays, limited, pokerkit_splits_without_a_low

pytestmark = pytest.mark.slow

HANDS = 300
UNIT = 120
GAMES = {
    "seven-card-stud-hilo": Stakes(
        ante=UNIT, bring_in=2 * UNIT, small_bet=6 * UNIT, big_bet=12 * UNIT
    ),
    "razz": Stakes(ante=UNIT, bring_in=2 * UNIT, small_bet=6 * UNIT, big_bet=12 * UNIT),
    "omaha-hilo": Stakes(
        small_blind=UNIT, big_blind=2 * UNIT, small_bet=2 * UNIT, big_bet=4 * UNIT
    ),
}


@dataclass
class Seen:
    """What the random hands covered, so that the comparison is known not to be trivial."""

    showdowns: int = 0
    split: int = 0
    """Hands where one pot went to two or more players."""
    low_won: int = 0
    side_pots: int = 0
    uncontested: int = 0
    not_compared: int = 0
    """Hands where PokerKit splits a pot that has no low (its bug): only replayed."""


def play_one(name: str, rng: random.Random, seen: Seen) -> None:
    variant = VARIANTS[name]
    players = rng.randint(2, min(variant.max_players, 8))
    stacks = [UNIT * rng.choice([8, 15, 40, 100, 250]) for _ in range(players)]
    hand = Hand.deal(
        variant,
        HouseRules.preset("cards-speak"),
        GAMES[name],
        stacks,
        button=rng.randrange(players),
        rng=random.Random(rng.randrange(2**32)),
    )
    while not hand.is_complete:
        hand.apply(limited(hand, rng))
    differs = pokerkit_splits_without_a_low(hand)
    check_replays(hand, same_stacks=not differs)
    seen.not_compared += differs
    if hand.result is None:
        seen.uncontested += 1
        return
    seen.showdowns += 1
    seen.side_pots += len(hand.result.pots) > 1
    seen.low_won += any(award.side is Side.LOW for award in hand.result.awards)
    seen.split += any(len({award.seat for award in pot.awards}) > 1 for pot in hand.result.pots)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_hands_end_with_pokerkits_stacks(name: str) -> None:
    rng = random.Random(f"hilo against PokerKit: {name}")
    seen = Seen()
    for _ in range(HANDS):
        play_one(name, rng, seen)
    assert seen.showdowns > HANDS // 3, seen
    if not VARIANTS[name].is_lowball:  # two equal razz lows are rare
        assert seen.split > HANDS // 10, seen
    assert seen.low_won > HANDS // 10, seen
    assert seen.side_pots > HANDS // 20, seen
    assert seen.uncontested > HANDS // 20, seen
    assert seen.not_compared < HANDS // 10, seen
