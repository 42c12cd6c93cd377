"""The deals behind equity and advice: random and walked rows, ranges, and the fast
Omaha low."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from hilo.cards import Card
from hilo.errors import HandError
from hilo.hands import Ranking
from hilo.sim import Scenario, omaha_low_scores, random_deals
from hilo.sim.completion import Layout
from hilo.sim.scoring import qualified_omaha_lows


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_the_fast_omaha_low_equals_the_batch_evaluator(hole: int) -> None:
    rng = np.random.default_rng(hole)
    deals = random_deals(rng, 40_000, hole * 2 + 5)
    holes = deals[:, : hole * 2].reshape(-1, 2, hole)
    boards = deals[:, hole * 2 :]
    for qualifier in range(5, 14):
        fast = qualified_omaha_lows(holes, boards, qualifier)
        for player in range(2):
            slow = omaha_low_scores(holes[:, player], boards, Ranking.ACE_TO_FIVE, qualifier)
            assert np.array_equal(fast[:, player], slow), (qualifier, player)
        assert (fast > 0).any()


def _check_rows(scenario: Scenario, rows: np.ndarray) -> None:
    in_sight = {card.index for card in scenario.cards + scenario.board + scenario.dead}
    for shown in scenario.up:
        in_sight.update(card.index for card in shown)
    for row in rows.tolist():
        assert len(set(row)) == len(row)
        assert in_sight.isdisjoint(row)


def test_random_rows_deal_different_unseen_cards() -> None:
    scenario = Scenario.from_text(
        "seven-card-stud-hilo", "As 2d 3c", up=["Kh", "7s 8s"], dead="Qd", opponents=3
    )
    layout = Layout.of(scenario)
    rows = layout.random_rows(np.random.default_rng(3), 5000)
    assert rows.shape == (5000, 4 + 6 + 5 + 7)
    _check_rows(scenario, rows)
    hands = layout.hands(rows)
    assert [hand.shape[1] for hand in hands] == [7, 7, 7, 7]
    assert (hands[1][:, 0] == Card("Kh").index).all()  # its up card is in every hand
    # Every unseen card turns up about as often in the player's first card to come.
    counts = np.bincount(rows[:, 0], minlength=52)[layout.deck]
    assert counts.min() > 0.6 * counts.mean()


def test_walked_rows_are_every_deal_once() -> None:
    scenario = Scenario.from_text(
        "holdem-hilo", "Ah 2h", board="3c 4d Kh 9s", dead=" ".join(["5c 6c 7c 8c 9c Tc Jc Qc"])
    )
    layout = Layout.of(scenario)
    total = layout.exact_count()
    rows = np.concatenate([block for block, _ in layout.exact_rows()])
    assert rows.shape[0] == total == 38 * 666  # the river: one of 38; opponent: 2 of 37
    _check_rows(scenario, rows)
    deals = {(frozenset(row[:1]), frozenset(row[1:])) for row in rows.tolist()}
    assert len(deals) == total


def test_ranged_hands_follow_their_weights_given_they_fit() -> None:
    scenario = Scenario.from_text(
        "holdem", "2c 2d", board="7h 8h 9s", ranges=["Ah Ad:3, Kh Kd:1", "Ah Ad:1, Qs Qd:1"]
    )
    layout = Layout.of(scenario)
    rows = layout.random_rows(np.random.default_rng(9), 40_000)
    _check_rows(scenario, rows)
    pairs = Counter((row[0], row[2]) for row in rows.tolist())
    # AA-AA cannot happen; the other pairs have weights 3 (AA-QQ), 1 (KK-AA), 1 (KK-QQ).
    aces, kings, queens = Card("Ah").index, Card("Kh").index, Card("Qs").index  # first cards
    assert set(pairs) == {(aces, queens), (kings, aces), (kings, queens)}
    assert pairs[(aces, queens)] / 40_000 == pytest.approx(3 / 5, abs=0.015)
    walked = dict.fromkeys(pairs, 0.0)
    for block, weights in layout.exact_rows():
        for row, weight in zip(block.tolist(), weights.tolist(), strict=True):
            walked[(row[0], row[2])] += weight
    total = sum(walked.values())
    assert walked[(aces, queens)] / total == pytest.approx(3 / 5)


def test_ranges_that_never_fit_are_refused() -> None:
    scenario = Scenario.from_text("holdem", "2c 2d", ranges=["Ah Ad", "Ah Ad"])
    with pytest.raises(HandError, match="never fit"):
        Layout.of(scenario).random_rows(np.random.default_rng(1), 10)
    assert Layout.of(scenario).exact_count() == 0
