"""The wild-card batch kernels give exactly the pure-Python evaluator's scores."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hilo.cards import FULL_DECK, JOKER, JOKER_DECK, parse_cards
from hilo.errors import HandError
from hilo.hands import Ranking
from hilo.hands.wild import wild_score
from hilo.hands.wildspec import WildSpec
from hilo.sim import to_indices
from hilo.sim.wild import wild_high_scores, wild_indices, wild_low_scores

SPECS = ("2", "3,9", "Jh,Js,Kh", "2,joker=wild", "joker=wild")
LOWS = (
    (Ranking.ACE_TO_FIVE, None),
    (Ranking.ACE_TO_FIVE, 8),
    (Ranking.DEUCE_TO_SEVEN, None),
    (Ranking.DEUCE_TO_SEVEN, 9),
    (Ranking.ACE_TO_SIX, 8),
)


def _hands(spec: WildSpec, width: int, seed: int) -> list[tuple]:  # type: ignore[type-arg]
    rng = random.Random(seed)
    deck = JOKER_DECK if spec.joker else FULL_DECK
    return [tuple(rng.sample(deck, width)) for _ in range(400)]


@pytest.mark.parametrize("text", SPECS)
@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("duplicates", [True, False])
@pytest.mark.parametrize("natural_beats_wild", [False, True])
def test_high_scores_match_the_evaluator_on_random_hands(
    text: str, width: int, duplicates: bool, natural_beats_wild: bool
) -> None:
    spec = WildSpec.parse(text)
    hands = _hands(spec, width, width * 7 + duplicates)
    got = wild_high_scores(
        wild_indices(hands), spec, duplicates=duplicates, natural_beats_wild=natural_beats_wild
    )
    expected = [
        wild_score(hand, wild=spec, duplicates=duplicates, natural_beats_wild=natural_beats_wild)
        for hand in hands
    ]
    assert got.tolist() == expected


@pytest.mark.parametrize("text", SPECS)
@pytest.mark.parametrize("width", [5, 7])
@pytest.mark.parametrize(("ranking", "qualifier"), LOWS)
def test_low_scores_match_the_evaluator_on_random_hands(
    text: str, width: int, ranking: Ranking, qualifier: int | None
) -> None:
    spec = WildSpec.parse(text)
    hands = _hands(spec, width, width * 11 + len(ranking.value))
    got = wild_low_scores(wild_indices(hands), spec, ranking, qualifier)
    expected = [wild_score(hand, wild=spec, ranking=ranking, qualifier=qualifier) for hand in hands]
    assert got.tolist() == expected


def test_natural_beats_wild_in_the_low_batch() -> None:
    spec = WildSpec.parse("2")
    hands = _hands(spec, 7, 99)
    got = wild_low_scores(wild_indices(hands), spec, natural_beats_wild=True)
    expected = [
        wild_score(hand, wild=spec, ranking=Ranking.ACE_TO_FIVE, natural_beats_wild=True)
        for hand in hands
    ]
    assert got.tolist() == expected


def test_bad_batches_are_sentences() -> None:
    deuces = WildSpec.parse("2")
    with pytest.raises(HandError, match="resolve 'follow-the-queen' into ranks first"):
        wild_high_scores(wild_indices(["As Ks Qs Js Ts"]), WildSpec(follow_the_queen=True))
    with pytest.raises(HandError, match="the bug is not in the batch kernels"):
        wild_high_scores(wild_indices(["As Ks Qs Js Ts"]), WildSpec.parse("joker=bug"))
    with pytest.raises(HandError, match="row 0 holds the joker, but nothing makes the joker wild"):
        wild_high_scores(wild_indices(["As Ks Qs Js Jk"]), deuces)
    with pytest.raises(HandError, match="row 1 of the hands holds a card twice"):
        wild_low_scores(np.array([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]]), deuces)
    with pytest.raises(HandError, match="5 to 7 cards"):
        wild_high_scores(np.zeros((1, 4), np.uint8), deuces)
    with pytest.raises(HandError, match="run from 0 to 51, and 52 for the joker"):
        wild_high_scores(np.array([[0, 1, 2, 3, 60]]), deuces)


def test_the_joker_never_reaches_the_ordinary_kernels() -> None:
    with pytest.raises(HandError, match="hand 0 holds the joker"):
        to_indices([(JOKER, *parse_cards("As Ks Qs Js"))])
