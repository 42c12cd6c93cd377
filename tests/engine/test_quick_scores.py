"""The referee's quick path gives exactly what its full path gives.

`quick_scoreboard` checks and scores the common showdown in one pass; the full path
(`check_showdown`, then `Scoreboard.from_cards`) is the authority. On random showdowns,
many of them broken one way or another, the quick path must refuse (leave to the full
path) whatever the full check refuses, and otherwise give the same scores, declarations
and folds, so that `settle` rules every pot, award and reason and tells it in the same
words as when the full path scores the hands.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.cards import JOKER, parse_cards
from hilo.engine.pot_settling import settle_pot
from hilo.engine.quick_scores import low_table, quick_scoreboard
from hilo.engine.scoreboard import Scoreboard
from hilo.engine.showdown import Pot, ShowdownHand, ShowdownResult, _full_scoreboard, settle
from hilo.engine.showdown_checks import check_showdown
from hilo.errors import HiloError
from hilo.hands import Ranking, Selection
from hilo.hands.low import ace_to_five_score
from hilo.hands.sides import HandSide, Sides
from hilo.rules import HouseRules
from tests.engine.test_showdown_checks import _showdown
from tests.property.test_referee import showdowns

ANY_FIVE = Selection.ANY_FIVE


def _sides(rules: HouseRules) -> Sides:
    return Sides(HandSide("high"), HandSide("low", Ranking.ACE_TO_FIVE, rules.low_qualifier))


def _has_joker(hands: list[ShowdownHand], board: tuple[object, ...]) -> bool:
    return JOKER in board or any(JOKER in hand.cards + hand.up for hand in hands)


@settings(max_examples=400)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_quick_scoreboard_is_the_full_one_or_leaves_the_showdown_to_it(seed: int) -> None:
    pots, hands, rules, board, _, order = _showdown(random.Random(seed))
    sides = _sides(rules)
    made = quick_scoreboard(pots, hands, rules, board, order, sides, rules.low_qualifier, True)
    try:
        contested, bits = check_showdown(pots, hands, rules, board, ANY_FIVE, order, sides)
    except HiloError:
        assert made is None
        return
    if made is None:  # right, but quick only where no card is the joker
        assert _has_joker(hands, board)
        return
    quick, quick_order = made
    assert quick_order == order
    full = Scoreboard.from_cards(hands, rules, board, ANY_FIVE, order, contested, sides, None, bits)
    assert (quick.high, quick.low) == (full.high, full.low)
    assert (quick.declared, quick.folded) == (full.declared, full.folded)


@settings(max_examples=300)
@given(showdowns(), st.booleans(), st.randoms(use_true_random=False))
def test_settling_on_the_quick_path_rules_and_tells_what_the_full_path_does(
    case: tuple[list[Pot], list[ShowdownHand], HouseRules], validate: bool, rng: random.Random
) -> None:
    pots, hands, rules = case
    order = tuple(rng.sample([hand.seat for hand in hands], len(hands)))
    sides = _sides(rules)
    result = settle(pots, hands, rules=rules, seat_order=order, sides=sides, validate=validate)
    table, _ = _full_scoreboard(
        pots, hands, rules, rules, (), ANY_FIVE, order, sides, validate, None, None
    )
    made = quick_scoreboard(pots, hands, rules, (), order, sides, rules.low_qualifier, validate)
    assert made is not None  # right input: the quick path takes it
    quick, _ = made
    assert (quick.high, quick.low) == (table.high, table.low)
    rulings = tuple(
        settle_pot(index, pot.amount, pot.seats, table) for index, pot in enumerate(pots)
    )
    expected = ShowdownResult(rulings, tuple(hands), rules, (), ANY_FIVE, order, False, None, sides)
    assert result == expected
    assert str(result) == str(expected)


def test_the_low_table_holds_the_low_of_every_five_ranks_or_more() -> None:
    for qualifier in (None, 8):
        table = low_table(qualifier)
        assert table is low_table(qualifier)  # made once
        for text in ("Ac 2d 3h 4s 5c 9d Kh", "8c 7d 6h 5s 4c Qd Qh", "Kc Qd Jh Ts 9c 8d 7h"):
            cards = parse_cards(text)
            ranks = 0
            for card in cards:
                ranks |= card.bit
            ranks = (ranks | ranks >> 16 | ranks >> 32 | ranks >> 48) & 0x1FFF
            assert table[ranks] == ace_to_five_score(cards, qualifier)
        assert table[0b111] < 0  # three ranks: not in the table
