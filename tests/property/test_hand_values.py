"""Invariants of hand values over random hands."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from hilo.cards import Card
from hilo.hands import Ranking, Selection, best_high, best_low, scorer
from tests.property.strategies import cards, hands

LOWS = [ranking for ranking in Ranking if ranking.is_low]
qualifiers = st.sampled_from([None, 8])


@given(hands(min_size=5, max_size=7), cards)
def test_adding_a_card_never_makes_the_best_high_worse(hand: list[Card], extra: Card) -> None:
    if extra in hand:
        return
    assert best_high([*hand, extra]) >= best_high(hand)


@given(hands(min_size=5, max_size=7), cards, st.sampled_from(LOWS), qualifiers)
def test_adding_a_card_never_makes_the_best_low_worse(
    hand: list[Card], extra: Card, ranking: Ranking, qualifier: int | None
) -> None:
    if extra in hand:
        return
    before = best_low(hand, ranking=ranking, qualifier=qualifier)
    after = best_low([*hand, extra], ranking=ranking, qualifier=qualifier)
    assert after >= before


@given(hands(min_size=5, max_size=7), st.sampled_from(list(Ranking)), qualifiers)
def test_best_of_many_cards_is_the_best_five(
    hand: list[Card], ranking: Ranking, qualifier: int | None
) -> None:
    if not ranking.is_low:
        qualifier = None
    score = scorer(ranking, qualifier)
    assert score(hand) == max(score(five) for five in combinations(hand, 5))


@given(hands(min_size=5, max_size=7), st.sampled_from(list(Ranking)))
def test_the_cards_shown_make_the_value(hand: list[Card], ranking: Ranking) -> None:
    value = best_low(hand, ranking=ranking) if ranking.is_low else best_high(hand)
    assert len(value.cards) == 5
    assert set(value.cards) <= set(hand)
    assert scorer(ranking)(value.cards) == value.score


@given(hands(min_size=9, max_size=9), st.sampled_from(list(Ranking)))
def test_omaha_never_beats_holdem_with_the_same_cards(hand: list[Card], ranking: Ranking) -> None:
    hole, board = hand[:4], hand[4:]

    def value(selection: Selection) -> object:
        if ranking.is_low:
            return best_low(hole, board, ranking=ranking, selection=selection)
        return best_high(hole, board, selection=selection)

    assert value(Selection.OMAHA) <= value(Selection.HOLDEM)  # type: ignore[operator]
