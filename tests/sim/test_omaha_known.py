"""Omaha hands known in full score exactly as the pair-triple kernel and the qualified-low
kernel score them, on random boards rich in flushes, and inside an equity run's scoring."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from hilo.cards import FULL_DECK
from hilo.hands import Ranking
from hilo.sim import Scenario, random_deals
from hilo.sim.batch import low_limit
from hilo.sim.completion import Layout
from hilo.sim.omaha import omaha_scores
from hilo.sim.omaha_known import (
    known_high_scores,
    known_low_scores,
    low_by_triple,
)
from hilo.sim.scoring import qualified_omaha_lows, score_rows


def _deal(
    seed: int, players: int, hole: int, board: int, suits: int
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Known hands for ``players`` and 300 boards, all from ``suits`` suits."""
    dead = tuple(card for card in FULL_DECK if card.index & 3 >= suits)
    rng = np.random.default_rng(seed)
    hands = random_deals(rng, 1, players * hole, dead=dead).reshape(players, hole)
    boards = random_deals(rng, 300, board, dead=dead + tuple(FULL_DECK[i] for i in hands.ravel()))
    return hands, boards


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(1, 3),
    hole=st.integers(4, 5),
    board=st.integers(3, 5),
    suits=st.integers(2, 4),
)
def test_known_highs_match_the_pair_triple_kernel(
    seed: int, players: int, hole: int, board: int, suits: int
) -> None:
    hands, boards = _deal(seed, players, hole, board, suits)
    holes = np.ascontiguousarray(np.broadcast_to(hands, (boards.shape[0], *hands.shape)))
    expected, refused = omaha_scores(holes, boards, None, 0)
    assert refused == -1
    assert known_high_scores(hands, boards).tolist() == expected.tolist()


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(1, 3),
    suits=st.integers(1, 4),
    qualifier=st.sampled_from([8, 7, 9, 13]),
)
def test_known_lows_match_the_qualified_low_kernel(
    seed: int, players: int, suits: int, qualifier: int
) -> None:
    hands, boards = _deal(seed, players, 4, 5, max(suits, 2))
    holes = np.ascontiguousarray(np.broadcast_to(hands, (boards.shape[0], *hands.shape)))
    expected = qualified_omaha_lows(holes, boards, qualifier)
    got = known_low_scores(hands, boards, qualifier)
    assert got.tolist() == expected.tolist()
    assert got.any() == expected.any()


def test_a_hand_without_two_low_ranks_has_no_low_with_any_board() -> None:
    hand = (48, 49, 40, 44)  # two aces, a queen and a king
    assert not low_by_triple(hand, 8).any()


def test_known_players_are_those_dealt_alike_in_every_row() -> None:
    both = Layout.of(Scenario.from_text("omaha-hilo", "Ah 2h 5d Kc", ranges=["Qs Qd 4c 7h"]))
    assert both.known_players().tolist() == [True, True]
    wide = Layout.of(
        Scenario.from_text("omaha-hilo", "Ah 2h 5d Kc", opponents=2, ranges=["QsQd4c7h, JsJd4d7c"])
    )
    assert wide.known_players().tolist() == [True, False, False]


def test_take_reads_the_rows_extended_by_the_cards_in_sight() -> None:
    layout = Layout.of(Scenario.from_text("omaha-hilo", "Ah 2h 5d Kc", board="3h 4h"))
    rows = layout.random_rows(np.random.default_rng(3), 50)
    extended = layout.extend(rows)
    for positions in (layout.board_index, layout.hand_index):
        assert layout.take(rows, positions).tolist() == extended[:, positions].tolist()


@pytest.mark.parametrize(
    ("game", "low", "qualifier"),
    [
        ("omaha-hilo", Ranking.ACE_TO_FIVE, 8),
        ("omaha", None, None),
        ("omaha-hilo", Ranking.DEUCE_TO_SEVEN, None),
    ],
)
def test_scoring_mixes_known_and_dealt_hands_as_the_kernels_score_them(
    game: str, low: Ranking | None, qualifier: int | None
) -> None:
    scenario = Scenario.from_text(
        game, "Ah 2h 5d Kc", board="3h", opponents=2, ranges=["Qs Qd 4c 7h"]
    )
    layout = Layout.of(scenario)
    rows = layout.random_rows(np.random.default_rng(5), 2000)
    extended = layout.extend(rows)
    holes = np.ascontiguousarray(extended[:, layout.hand_index])
    boards = np.ascontiguousarray(extended[:, layout.board_index])
    assert layout.known_players().tolist() == [True, True, False]
    highs, lows = score_rows(layout, rows, low, qualifier)
    assert highs.tolist() == omaha_scores(holes, boards, None, 0)[0].tolist()
    if low is None:
        assert not lows.any()
    elif qualifier is not None:
        assert lows.tolist() == qualified_omaha_lows(holes, boards, qualifier).tolist()
    else:
        limit = low_limit(low, qualifier, 5)
        assert lows.tolist() == omaha_scores(holes, boards, low, limit)[0].tolist()
