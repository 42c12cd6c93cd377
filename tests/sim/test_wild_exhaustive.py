"""Every five-card hand with deuces wild: category counts for high and each low.

The 2,598,960 hands are grouped by their deuces: the 1,712,304 hands without one are
ordinary hands (scored in a batch), and the others are valued once for each way of
holding their other cards up to a renaming of suits (a hand's value never depends on
which suit is which), counted as often as that shape occurs. One shape in four of the
13,157 shapes with exactly one deuce is checked against trying every card for the deuce
(all of them take about 30 seconds on one core); hands with two or more deuces are
checked against brute force on a seeded sample in tests/hands/test_wild.py.

The high counts are the well-known deuces-wild table (four deuces and five of a kind
together: 672; natural and wild royal flushes with the straight flushes: 2,552).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest

from hilo.cards import FULL_DECK, Card, Rank
from hilo.hands import Ranking
from hilo.hands.low import LOW_BASE
from hilo.hands.wild import wild_evaluate, wild_score
from hilo.hands.wildspec import WildSpec
from hilo.sim.batch import high_scores, low_scores
from tests.hands.wild_authority import best_high, best_low, high_key, pairs_of

DEUCES = WildSpec.parse("2")
NATURALS = tuple(card for card in FULL_DECK if card.rank is not Rank.TWO)
TWOS = tuple(card for card in FULL_DECK if card.rank is Rank.TWO)
RANKINGS = (Ranking.HIGH, Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX)

Shape = tuple[tuple[int, int], ...]


def _shape(cards: tuple[Card, ...]) -> Shape:
    """The cards with suits renamed in order of first use."""
    renamed: dict[int, int] = {}
    pairs = sorted(pairs_of(cards))
    for _, suit in pairs:
        renamed.setdefault(suit, len(renamed))
    return tuple(sorted((rank, renamed[suit]) for rank, suit in pairs))


@cache
def _shapes(naturals: int) -> dict[Shape, tuple[int, tuple[Card, ...]]]:
    """Each shape of ``naturals`` non-deuces: how many hands have it, and one of them."""
    found: dict[Shape, tuple[int, tuple[Card, ...]]] = {}
    for cards in combinations(NATURALS, naturals):
        shape = _shape(cards)
        count, example = found.get(shape, (0, cards))
        found[shape] = (count + 1, example)
    return found


def _category(score: int, ranking: Ranking) -> int:
    """High: the category. Low: none (-1), a paired category, or 100 + the top card's bit."""
    if ranking is Ranking.HIGH:
        return score >> 28
    if score <= 0:
        return -1
    badness = LOW_BASE - score
    if badness >> 28:
        return badness >> 28
    return 100 + ((badness >> 14) & 0x3FFF).bit_length()


@cache
def _counts() -> dict[Ranking, Counter[int]]:
    counts: dict[Ranking, Counter[int]] = {ranking: Counter() for ranking in RANKINGS}
    rows = np.array(list(combinations(range(48), 5)), np.uint8) + 4  # no deuce: indices 4-51
    for ranking in RANKINGS:
        scores = high_scores(rows) if ranking is Ranking.HIGH else low_scores(rows, ranking)
        values, times = np.unique(scores, return_counts=True)
        for score, count in zip(values.tolist(), times.tolist(), strict=True):
            counts[ranking][_category(score, ranking)] += count
    for deuces in range(1, 5):
        for count, example in _shapes(5 - deuces).values():
            cards = (*example, *TWOS[:deuces])
            for ranking in RANKINGS:
                score = wild_score(cards, wild=DEUCES, ranking=ranking)
                counts[ranking][_category(score, ranking)] += count * comb(4, deuces)
    return counts


EXPECTED = {
    Ranking.HIGH: {
        0: 799_680, 1: 1_225_008, 2: 95_040, 3: 355_080, 4: 62_232, 5: 14_472, 6: 12_672,
        7: 31_552, 8: 2_552, 9: 672,
    },
    Ranking.ACE_TO_FIVE: {
        1: 1_033_056, 2: 104_544, 3: 50_976, 6: 3_168, 7: 576, 105: 2_960, 106: 7_684,
        107: 19_524, 108: 41_988, 109: 80_196, 110: 140_292, 111: 229_444, 112: 355_844,
        113: 528_708,
    },
    Ranking.DEUCE_TO_SEVEN: {
        1: 1_033_056, 2: 104_544, 3: 50_976, 4: 8_160, 5: 3_136, 6: 3_168, 7: 576, 8: 32,
        106: 8_596, 107: 19_508, 108: 40_908, 109: 79_036, 110: 138_992, 111: 227_920,
        112: 353_984, 113: 526_368,
    },
    Ranking.ACE_TO_SIX: {
        1: 1_033_056, 2: 104_544, 3: 50_976, 4: 7_140, 5: 3_140, 6: 3_168, 7: 576, 8: 28,
        106: 10_640, 107: 18_484, 108: 40_908, 109: 79_036, 110: 138_992, 111: 227_920,
        112: 353_984, 113: 526_368,
    },
}  # fmt: skip


@pytest.mark.parametrize("ranking", RANKINGS)
def test_category_counts_over_every_five_card_hand(ranking: Ranking) -> None:
    counts = _counts()[ranking]
    assert sum(counts.values()) == comb(52, 5)
    assert dict(counts) == EXPECTED[ranking]


def test_hands_with_one_deuce_against_brute_force() -> None:
    for _, example in list(_shapes(4).values())[::4]:
        naturals = pairs_of(example)
        cards = (*example, TWOS[0])
        made = wild_evaluate(cards, wild=DEUCES)
        values = pairs_of([value for _, value in made.stands_for])
        assert high_key([*naturals, *values]) == best_high(naturals, 1), cards
        for ranking in RANKINGS[1:]:
            assert wild_score(cards, wild=DEUCES, ranking=ranking) == best_low(
                naturals, 1, ranking
            ), (cards, ranking)
