"""The pair-triple Omaha kernel gives exactly `hilo.hands.score_hand`'s two-plus-three
scores, high and every low, on random deals of every size, for one player or several."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.cards import FULL_DECK
from hilo.hands import Ranking, Selection, score_hand
from hilo.hands.tables import CATEGORY_SHIFT, Category
from hilo.sim import omaha_high_scores, omaha_low_scores, random_deals
from hilo.sim.batch import low_limit
from hilo.sim.omaha import PAIRS, TRIPLES, omaha_scores, pair_triple_table

RANKINGS = (Ranking.HIGH, Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX)


def expected(
    rows: list[list[int]], holes: int, ranking: Ranking, qualifier: int | None
) -> list[int]:
    return [
        score_hand(
            [FULL_DECK[index] for index in row[:holes]],
            [FULL_DECK[index] for index in row[holes:]],
            ranking=ranking,
            selection=Selection.OMAHA,
            qualifier=qualifier,
        )
        for row in rows
    ]


deal_sizes = st.tuples(st.integers(2, 6), st.integers(3, 5))
suits = st.sets(st.integers(0, 3), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(
    sizes=deal_sizes,
    kept_suits=suits,
    seed=st.integers(0, 2**32 - 1),
    ranking=st.sampled_from(RANKINGS),
    qualifier=st.sampled_from([None, 8, 7]),
)
def test_scores_match_score_hand(
    sizes: tuple[int, int],
    kept_suits: set[int],
    seed: int,
    ranking: Ranking,
    qualifier: int | None,
) -> None:
    holes, board = sizes
    dead = tuple(card for card in FULL_DECK if card.index & 3 not in kept_suits)
    if 52 - len(dead) < holes + board:
        dead = ()
    rows = random_deals(np.random.default_rng(seed), 40, holes + board, dead=dead)
    hole, shared = rows[:, :holes], rows[:, holes:]
    if ranking is Ranking.HIGH:
        got = omaha_high_scores(hole, shared)
        qualifier = None
    else:
        got = omaha_low_scores(hole, shared, ranking, qualifier)
    assert got.tolist() == expected(rows.tolist(), holes, ranking, qualifier)


@pytest.mark.parametrize("ranking", RANKINGS)
def test_every_player_of_a_row_against_one_board(ranking: Ranking) -> None:
    rows = random_deals(np.random.default_rng(5), 3_000, 17)  # three players, a board of 5
    holes = np.ascontiguousarray(rows[:, :12].reshape(-1, 3, 4))
    board = np.ascontiguousarray(rows[:, 12:])
    low = None if ranking is Ranking.HIGH else ranking
    limit = 0 if low is None else low_limit(ranking, 8, 5)
    scores, refused = omaha_scores(holes, board, low, limit)
    assert refused == -1
    for player in range(3):
        alone = (
            omaha_high_scores(holes[:, player], board)
            if low is None
            else omaha_low_scores(holes[:, player], board, ranking, 8)
        )
        assert scores[:, player].tolist() == alone.tolist()


def test_a_refused_row_is_the_first_with_a_card_shared_with_the_board() -> None:
    rows = random_deals(np.random.default_rng(9), 10, 13)
    holes = np.ascontiguousarray(rows[:, :8].reshape(-1, 2, 4))
    board = np.ascontiguousarray(rows[:, 8:])
    holes[6, 1, 2] = board[6, 4]  # the second player of row 6 holds a board card
    holes[8, 0, 0] = 52  # not a card
    assert omaha_scores(holes, board, None, 0)[1] == 6


def test_couples_that_cannot_be_dealt_are_empty_and_places_keep_the_order() -> None:
    high = pair_triple_table(Ranking.HIGH)
    assert high.by_triple_pair.shape == (TRIPLES * PAIRS,)
    aces = PAIRS - 1  # the last pair of ranks: two aces
    assert high.by_triple_pair[(TRIPLES - 1) * PAIRS + aces] == 0  # five aces
    four_aces = high.values[high.by_triple_pair[(TRIPLES - 2) * PAIRS + aces]]  # and a king
    assert four_aces >> CATEGORY_SHIFT == Category.FOUR_OF_A_KIND
    assert high.values[0] == 0
    assert np.all(np.diff(high.values) > 0)
    low = pair_triple_table(Ranking.ACE_TO_FIVE)
    assert low.by_triple_pair[(TRIPLES - 1) * PAIRS + aces] == 0
    assert low.values.max() < 2**32
