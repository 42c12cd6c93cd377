"""The quick check of a showdown passes exactly what the full check passes.

`check_showdown` first tries a quick check (one bit a card); only when it finds something
wrong, or the joker, does the full check run and say what is wrong. The full check is the
authority: on random showdowns, many of them broken one way or another, the quick check
must never pass what the full check refuses, and must give the same contesting seats.
"""

from __future__ import annotations

import random

from hilo.cards import FULL_DECK, JOKER, Card
from hilo.engine.declare import Direction
from hilo.engine.showdown import Pot, ShowdownHand
from hilo.engine.showdown_checks import _all_right, check_fully, check_showdown
from hilo.errors import HiloError
from hilo.hands import Selection
from hilo.hands.sides import HandSide, Sides, SpadeSide
from hilo.rules import HouseRules

STRICT, CARDS_SPEAK = HouseRules.preset("strict"), HouseRules.preset("cards-speak")


def _showdown(
    rng: random.Random,
) -> tuple[list[Pot], list[ShowdownHand], HouseRules, tuple[Card, ...], Selection, tuple[int, ...]]:
    """A random showdown, right or broken in one of the ways the checks look for."""
    seats = rng.randint(2, 6)
    rules = rng.choice((STRICT, CARDS_SPEAK))
    selection = rng.choice(list(Selection))
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    board_size = {Selection.ANY_FIVE: 0, Selection.CRISS_CROSS: 5}.get(selection, 5)
    if rng.random() < 0.1:
        board_size = rng.randint(0, 5)
    board = tuple(deck.pop() for _ in range(board_size))
    hands = []
    for seat in range(seats):
        size = rng.choice((7, 7, 5, 4, 2)) if board_size else rng.choice((7, 7, 7, 5, 4))
        cards = [deck.pop() for _ in range(size)]
        if rng.random() < 0.05:  # a card dealt twice, in the hand or from another
            cards[-1] = rng.choice(cards[:-1] + list(board) or cards)
        if rng.random() < 0.03:
            cards[0] = JOKER
        up = tuple(rng.sample(cards, rng.randint(0, min(4, len(cards)))))
        if rng.random() < 0.05:  # shows a card it does not hold
            up = (*up, deck[0])
        declaration = None if rules.is_cards_speak else rng.choice(list(Direction))
        if rng.random() < 0.05:
            declaration = None if declaration is not None else Direction.HIGH
        folded = rng.random() < 0.15
        hands.append(ShowdownHand(seat, tuple(cards), declaration, f"P{seat}", folded, up))
    if rng.random() < 0.04:
        hands.append(hands[0])  # a seat given twice
    order = [hand.seat for hand in hands[:seats]]
    rng.shuffle(order)
    if rng.random() < 0.04:
        order = order[:-1]
    pots = [Pot(rng.randint(0, 300), tuple(range(seats)))]
    if rng.random() < 0.5:
        pots.append(
            Pot(rng.randint(1, 100), tuple(rng.sample(range(seats), rng.randint(1, seats))))
        )
    if rng.random() < 0.05:
        pots.append(Pot(rng.choice((-5, True)), (0, 1)))
    if rng.random() < 0.05:
        pots.append(Pot(10, (0, 0, 1)))
    if rng.random() < 0.05:
        pots.append(Pot(10, (0, seats + 2)))
    if rng.random() < 0.02:
        pots = []
    return pots, hands, rules, board, selection, tuple(order)


def test_the_quick_check_passes_only_what_the_full_check_passes() -> None:
    rng = random.Random(14)
    passed = refused = joker = 0
    for _ in range(3_000):
        pots, hands, rules, board, selection, order = _showdown(rng)
        sides = rng.choice((Sides(), Sides(HandSide("high"), SpadeSide())))
        poker = isinstance(sides.high, HandSide) or isinstance(sides.low, HandSide)
        quick = _all_right(pots, hands, rules, board, selection, order, poker)
        try:
            full = check_fully(pots, hands, rules, board, selection, order, poker)
        except HiloError:
            assert quick is None
            refused += 1
            continue
        if quick is None:  # right, but quick only where no hand holds the joker
            assert any(JOKER in hand.cards + hand.up for hand in hands) or JOKER in board
            joker += 1
            assert check_showdown(pots, hands, rules, board, selection, order, sides) == (
                full,
                None,
            )
            continue
        contested, bits = quick
        assert contested == full
        for hand in hands:
            if hand.seat in contested:
                expected = 0
                for card in hand.cards:
                    expected |= card.bit
                assert bits[hand.seat] == expected
        passed += 1
    assert passed > 300
    assert refused > 300
    assert joker > 3
