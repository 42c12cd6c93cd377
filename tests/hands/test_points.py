"""7/27 totals: half points for pictures, aces 1 or 11, nearness to a target."""

from __future__ import annotations

import pytest

from hilo.cards import parse_cards
from hilo.hands.points import best_total, describe_total, points_score, totals


def test_cards_count_face_value_pictures_half_and_aces_one_or_eleven() -> None:
    assert totals(parse_cards("Kc Qd Jh")) == (3,)  # three half points
    assert totals(parse_cards("Ts 9d")) == (38,)
    assert totals(parse_cards("Ac Ad")) == (4, 24, 44)


@pytest.mark.parametrize(
    ("half_points", "words"), [(0, "0"), (1, "½"), (14, "7"), (53, "26½"), (55, "27½")]
)
def test_totals_read_in_whole_and_half_points(half_points: int, words: str) -> None:
    assert describe_total(half_points) == words


def test_each_target_chooses_its_own_ace_values() -> None:
    gus = parse_cards("Ac Ad 5h")
    assert best_total(gus, 7, bust=False, under_wins=True) == 14
    assert best_total(gus, 27, bust=True, under_wins=True) == 54


def test_a_bust_scores_nothing_only_when_busting_counts() -> None:
    over = parse_cards("9c 9h 9s Qd")
    assert points_score(over, 27, bust=True, under_wins=True) == 0
    assert best_total(over, 27, bust=True, under_wins=True) is None
    assert points_score(over, 27, bust=False, under_wins=True) > 0


def test_equal_distance_under_wins_or_ties() -> None:
    under, over = parse_cards("Tc 9d 7h"), parse_cards("Th 9h 9c")
    assert points_score(under, 27, bust=False, under_wins=True) > points_score(
        over, 27, bust=False, under_wins=True
    )
    assert points_score(under, 27, bust=False, under_wins=False) == points_score(
        over, 27, bust=False, under_wins=False
    )


def test_nearer_is_always_better_in_half_points() -> None:
    scores = [
        points_score(parse_cards(text), 7, bust=False, under_wins=True)
        for text in ("4c 3d", "4c 2d Kh", "4c 2d", "9c", "Tc")
    ]  # 7, 6½, 6, 9, 10
    assert scores == sorted(scores, reverse=True)
