"""Every one of the 2,598,960 five-card hands, counted by category and by value."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from hilo.cards import FULL_DECK
from hilo.hands import Category, ace_to_five_score, high_score
from hilo.hands.low import LOW_BASE

pytestmark = pytest.mark.slow


def test_high_categories_and_distinct_values() -> None:
    categories: Counter[int] = Counter()
    values: set[int] = set()
    for five in combinations(FULL_DECK, 5):
        score = high_score(five)
        categories[score >> 28] += 1
        values.add(score)
    assert {Category(key).name: count for key, count in categories.items()} == {
        "STRAIGHT_FLUSH": 40,
        "FOUR_OF_A_KIND": 624,
        "FULL_HOUSE": 3_744,
        "FLUSH": 5_108,
        "STRAIGHT": 10_200,
        "THREE_OF_A_KIND": 54_912,
        "TWO_PAIR": 123_552,
        "ONE_PAIR": 1_098_240,
        "HIGH_CARD": 1_302_540,
    }
    assert sum(categories.values()) == 2_598_960
    assert len(values) == 7_462


def test_ace_to_five_distinct_values_and_eight_or_better() -> None:
    values: set[int] = set()
    qualifying: set[int] = set()
    for five in combinations(FULL_DECK, 5):
        values.add(ace_to_five_score(five))
        score = ace_to_five_score(five, 8)
        if score:
            qualifying.add(score)
    # Rank multisets of five from thirteen ranks, less the five-of-a-kind ones.
    assert len(values) == 6_175
    assert len(qualifying) == 56
    # The unpaired lows are exactly the C(13, 5) = 1,287 sets of five ranks.
    assert sum(1 for value in values if (LOW_BASE - value) >> 28 == 0) == 1_287
