"""The tables behind the batch evaluators: every multiset its own slot."""

from __future__ import annotations

import numpy as np
import pytest

from hilo.cards import FULL_DECK
from hilo.hands import Ranking, high_score
from hilo.hands.low import LOW_BASE, low_score
from hilo.sim.tables import (
    SLOT_BITS,
    combination_table,
    high_tables,
    low_tables,
    rank_hash,
    rank_multisets,
)


def test_multisets_of_one_to_seven_ranks() -> None:
    multisets = rank_multisets()
    sizes = multisets.sum(axis=1)
    assert multisets.shape == (76_154, 13)
    assert sizes.min() == 1
    assert sizes.max() == 7
    assert multisets.max() == 4
    # Rank multisets of seven cards: the count other seven-card evaluators tabulate.
    assert int((sizes == 7).sum()) == 49_205
    assert np.unique(multisets, axis=0).shape[0] == multisets.shape[0]


def test_every_multiset_has_its_own_slot() -> None:
    hashing = rank_hash()
    assert np.unique(hashing.slots).shape[0] == hashing.slots.shape[0]
    assert hashing.slots.min() >= 0
    assert hashing.slots.max() < 1 << SLOT_BITS
    sums = hashing.multisets.astype(np.int64) @ (hashing.card_keys[::4] & 0xFFFF_FFFF)
    assert np.array_equal(hashing.slots_for(sums), hashing.slots)
    assert not hashing.card_keys.flags.writeable


def test_flush_tables_hold_the_pure_scores() -> None:
    royal, wheel = 0b1_1111_0000_0000, 0b1_0000_0000_1111
    clubs = {
        mask: tuple(FULL_DECK[rank * 4] for rank in range(13) if mask >> rank & 1)
        for mask in (royal, wheel)
    }
    assert high_tables().by_flush[royal] == high_score(clubs[royal])
    for ranking in (Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX):
        assert low_tables(ranking).by_flush[wheel] == LOW_BASE - low_score(clubs[wheel], ranking)


def test_low_tables_need_a_low_ranking() -> None:
    with pytest.raises(ValueError, match="low rankings"):
        low_tables(Ranking.HIGH)


def test_combination_tables() -> None:
    assert combination_table(7, 5).shape == (21, 5)
    assert combination_table(5, 3).tolist()[0] == [0, 1, 2]
    assert combination_table(5, 5).tolist() == [[0, 1, 2, 3, 4]]
