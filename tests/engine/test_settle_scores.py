"""`settle_scores` is the referee: it settles a pot from scores exactly as `settle` does
from cards, and the referee's Omaha scores are the reference enumeration's."""

from __future__ import annotations

import random

import pytest

from hilo.cards import FULL_DECK
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.engine.rulings import Fallback, Method
from hilo.engine.showdown import settle_scores
from hilo.hands import Ranking, Selection, score_hand
from hilo.rules import PRESETS, HouseRules

SWITCHES: list[dict[str, object]] = [
    {},
    {"no_winner": "split"},
    {"no_winner": "cards-speak"},
    {"no_winner": "second-best"},
    {"no_winner": "keep-won-side", "all_swing_fallback": "no-winner"},
    {"no_winner": "rides", "all_swing_fallback": "no-winner"},
    {"all_swing_fallback": "no-winner", "no_winner": "split"},
    {"second_best": True, "swing_ties": "share"},
    {"swing_ties": "keep-won-side", "low": "deuce-to-seven", "low_qualifier": 9},
    {"low": "ace-to-six", "low_qualifier": 8},
]
"""The switches a pot nobody wins under the declarations depends on, and every low system."""

RULES = [
    HouseRules.preset(name, **switches)
    for name in PRESETS
    for switches in SWITCHES
    if name != "cards-speak" or not ({"no_winner", "all_swing_fallback"} & set(switches))
]


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.name)
@pytest.mark.parametrize("selection", [Selection.ANY_FIVE, Selection.OMAHA])
def test_scores_settle_as_the_cards_do(rules: HouseRules, selection: Selection) -> None:
    rng = random.Random(f"{rules.name}/{selection.value}")
    fallbacks: set[Fallback] = set()
    for _ in range(60):
        players = rng.randint(2, 6)
        hole = 4 if selection is Selection.OMAHA else 7
        dealt = rng.sample(FULL_DECK, players * hole + 5)
        board = tuple(dealt[players * hole :]) if selection is Selection.OMAHA else ()
        hands = [
            ShowdownHand(
                seat,
                tuple(dealt[seat * hole : seat * hole + hole]),
                None if rules.is_cards_speak else rng.choice(list(Direction)),
            )
            for seat in range(players)
        ]
        amount = rng.randint(0, 1_001)
        by_cards = settle(
            [Pot(amount, tuple(range(players)))], hands, rules=rules, board=board,
            selection=selection,
        )  # fmt: skip
        highs = [score_hand(hand.cards, board, selection=selection) for hand in hands]
        lows = [
            score_hand(
                hand.cards,
                board,
                ranking=rules.low,
                selection=selection,
                qualifier=rules.low_qualifier,
            )
            for hand in hands
        ]
        declarations = [hand.declaration for hand in hands]
        by_scores = settle_scores(amount, highs, lows, declarations, rules=rules)
        if rules.odd_chip_order == "button":  # odd chips by suit need the cards
            assert by_scores == by_cards.pots[0]
        else:
            assert by_scores.carried == by_cards.pots[0].carried
            assert by_scores.method is by_cards.pots[0].method
            assert by_scores.fallback == by_cards.pots[0].fallback
        if by_scores.fallback is not None:
            fallbacks.add(by_scores.fallback.rule)
    if not rules.is_cards_speak and rules.no_winner == "split":
        assert fallbacks  # the fallbacks themselves are settled from scores too


def test_high_only_scores_ignore_the_lows() -> None:
    ruling = settle_scores(
        90, [7, 7, 3], [9, 0, 5], [Direction.LOW, Direction.LOW, Direction.LOW],
        rules=HouseRules.preset("strict"), high_only=True,
    )  # fmt: skip
    assert ruling.method is Method.CARDS_SPEAK
    assert [(award.seat, award.amount) for award in ruling.awards] == [(0, 45), (1, 45)]


@pytest.mark.parametrize(
    ("ranking", "qualifier"),
    [
        (Ranking.ACE_TO_FIVE, 8),
        (Ranking.ACE_TO_FIVE, None),
        (Ranking.ACE_TO_SIX, 8),
        (Ranking.DEUCE_TO_SEVEN, 9),
        (Ranking.DEUCE_TO_SEVEN, None),
    ],
)
def test_omaha_showdowns_score_as_the_reference(ranking: Ranking, qualifier: int | None) -> None:
    rules = HouseRules.preset("cards-speak", low=ranking, low_qualifier=qualifier)
    rng = random.Random(f"{ranking.value}/{qualifier}")
    for _ in range(150):
        dealt = rng.sample(FULL_DECK, 3 * 4 + 5)
        board = tuple(dealt[12:])
        hands = [ShowdownHand(seat, tuple(dealt[seat * 4 : seat * 4 + 4])) for seat in range(3)]
        result = settle(
            [Pot(600, (0, 1, 2))], hands, rules=rules, board=board, selection=Selection.OMAHA
        )
        highs = [score_hand(hand.cards, board, selection=Selection.OMAHA) for hand in hands]
        lows = [
            score_hand(
                hand.cards, board, ranking=ranking, selection=Selection.OMAHA, qualifier=qualifier
            )
            for hand in hands
        ]
        expected = settle_scores(600, highs, lows, [None, None, None], rules=rules)
        assert result.pots[0] == expected
