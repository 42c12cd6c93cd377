"""Low hands in the three systems of RULES.md section 2, with qualifiers."""

from __future__ import annotations

import random

import pytest

from hilo.cards import FULL_DECK, parse_cards
from hilo.errors import ConfigError
from hilo.hands import Category, HandValue, Ranking, best_low, low_score
from hilo.hands.low import ace_to_five_of_bits, ace_to_five_score, low_bits, qualifier_limit

A5, D27, A6 = Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX


def low(text: str, ranking: Ranking = A5, qualifier: int | None = None) -> HandValue:
    return best_low(parse_cards(text), ranking=ranking, qualifier=qualifier)


def test_ace_to_five_order_from_rules() -> None:
    # RULES.md: 6-4-3-2-A beats 6-5-3-2-A beats 7-4-3-2-A; A-2-3-4-5 is the best.
    wheel, six_four = low("5c 4d 3h 2s Ac"), low("6c 4d 3h 2s Ac")
    six_five, seven = low("6c 5d 3h 2s Ac"), low("7c 4d 3h 2s Ac")
    assert wheel > six_four > six_five > seven
    assert wheel.words == "Five-four low"
    assert str(seven) == "Seven-four low (7c 4d 3h 2s Ac)"


def test_ace_to_five_ignores_straights_and_flushes() -> None:
    assert low("5h 4h 3h 2h Ah").words == "Five-four low"
    assert low("7c 6d 5h 4s 3c") > low("8c 6d 5h 4s 3c")
    assert low("7c 6d 5h 4s 3c").category is Category.HIGH_CARD


def test_ace_to_five_pairs_are_worse_than_any_unpaired_low() -> None:
    pair_of_aces = low("Ac Ad 2h 3s 4c")
    assert low("Kc Qd Jh 9s 8c") > pair_of_aces > low("2c 2d 3h 4s 5c")
    assert pair_of_aces.words == "One pair, aces (as a low)"
    assert low("Ac Ad 2h 2s 3c") < low("Kc Kd Qh Js Tc")
    assert low("Ac Ad 2h 2s 3c").words == "Two pair, twos and aces (as a low)"
    assert low("Ac Ad Ah 2s 3c") < low("Kc Kd Qh Qs Jc")
    assert low("Ac Ad Ah 2s 2c") > low("Ac Ad Ah As 2c")


@pytest.mark.parametrize(
    ("cards", "words", "used"),
    [
        ("7c 6d 5h 4s 3c 7d Kh", "Seven-six low", "7c 6d 5h 4s 3c"),
        ("Ac Ad 2c 2d 3h 3s 4h", "One pair, aces (as a low)", "Ad Ac 4h 3h 2c"),
        ("Ac Ad Ah 2d 2h 2s 3c", "Two pair, twos and aces (as a low)", "2h 2d Ad Ac 3c"),
        ("Ac Ad Ah As 2d 2h 2s", "Full house, aces full of twos (as a low)", "Ah Ad Ac 2h 2d"),
        ("Kc Kd Kh Ks Qd Qh", "Full house, kings full of queens (as a low)", "Kh Kd Kc Qh Qd"),
    ],
)
def test_ace_to_five_best_of_more_than_five(cards: str, words: str, used: str) -> None:
    value = low(cards)
    assert value.words == words
    assert str(value) == f"{words} ({used})"


def test_eight_or_better() -> None:
    assert low("8c 7d 6h 5s 4c", qualifier=8).is_qualified
    assert not low("9c 4d 3h 2s Ac", qualifier=8).is_qualified
    assert not low("8c 8d 3h 2s Ac", qualifier=8).is_qualified
    assert str(low("9c 9d Kh Qs Jc", qualifier=8)) == "No qualifying low"
    assert low("9c 4d 3h 2s Ac 8h", qualifier=8).words == "Eight-four low"
    # Any qualifying low beats no low, and no low ties no low.
    assert low("8c 7d 6h 5s 4c", qualifier=8) > low("9c 4d 3h 2s Ac", qualifier=8)
    assert low("9c 4d 3h 2s Ac", qualifier=8) == low("Kc Kd Kh 2s Ac", qualifier=8)
    assert low("7c 5d 4h 3s 2c", qualifier=7).is_qualified
    assert not low("8c 5d 4h 3s 2c", qualifier=7).is_qualified


def test_qualifier_needs_five_cards() -> None:
    assert not low("3c 2d Ah", qualifier=8).is_qualified
    assert not low("3c 2d Ah", D27, qualifier=8).is_qualified


def test_deuce_to_seven() -> None:
    # 7-5-4-3-2 of two or more suits is the best; A-2-3-4-5 is only ace-high.
    best = low("7c 5d 4h 3s 2c", D27)
    assert best.words == "Seven-five low"
    assert best > low("7c 6d 4h 3s 2c", D27) > low("8c 5d 4h 3s 2c", D27)
    wheel = low("5c 4d 3h 2s Ac", D27)
    assert wheel.words == "Ace-five low"
    assert wheel < low("Kc Qd Jh 9s 8c", D27)
    assert low("6c 5d 4h 3s 2c", D27).words == "Straight, six high (as a low)"
    assert low("6c 5d 4h 3s 2c", D27) < low("Kc Qd Jh 9s 8c", D27)
    assert low("7c 5c 4c 3c 2c", D27).words == "Flush, seven high (as a low)"
    assert low("7c 5c 4c 3c 2c", D27) < low("Kc Qd Jh 9s 8c", D27)
    assert low("2c 2d 3h 4s 5c", D27) < low("Ac Kd Qh Js 9c", D27)
    assert low("7c 5d 4h 3s 2c 2d Kh", D27).words == "Seven-five low"


def test_ace_to_six() -> None:
    # RULES.md: A-2-3-4-5 is a straight, 6-4-3-2-A is the best, flushes count against.
    best = low("6c 4d 3h 2s Ac", A6)
    assert best.words == "Six-four low"
    wheel = low("5c 4d 3h 2s Ac", A6)
    assert wheel.words == "Straight, five high (as a low)"
    assert best > wheel
    assert low("Kc Qd Jh 9s 8c", A6) > wheel
    assert low("6c 5d 3h 2s Ac", A6) > low("7c 4d 3h 2s Ac", A6)
    assert low("7c 4c 3c 2c Ac", A6).words == "Flush, seven high (as a low)"
    assert low("7c 4c 3c 2c Ac", A6) < low("Kc Qd Jh 9s 8c", A6)
    # The ace is always low: A-K-Q-J-T is no straight but a king-high low.
    assert low("Ac Kd Qh Js Tc", A6).words == "King-queen low"
    assert low("6c 4d 3h 2s Ac 5c Kh", A6).words == "Six-four low"
    assert low("6c 4d 3h 2s Ac", A6, qualifier=6).is_qualified
    assert not low("7c 4d 3h 2s Ac", A6, qualifier=6).is_qualified


def test_low_score_rejects_high_ranking_and_bad_qualifiers() -> None:
    cards = parse_cards("7c 5d 4h 3s 2c")
    with pytest.raises(ValueError, match="low rankings"):
        low_score(cards, Ranking.HIGH)
    with pytest.raises(ValueError, match="low rankings"):
        best_low(cards, ranking=Ranking.HIGH)
    with pytest.raises(ValueError, match="is not a low qualifier"):
        qualifier_limit(4, A5)


def test_ranking_parse() -> None:
    assert Ranking.parse("Deuce_To_Seven") is D27
    with pytest.raises(ConfigError, match="'razz' is not a hand ranking"):
        Ranking.parse("razz")


def test_ace_to_five_from_the_cards_bits_is_ace_to_five_score() -> None:
    for card in FULL_DECK:
        assert low_bits(card.bit) == card.low_bit
    rng = random.Random(14)
    for _ in range(3_000):
        cards = rng.sample(FULL_DECK, rng.randint(1, 9))
        bits = 0
        for card in cards:
            bits |= card.bit
        qualifier = rng.choice((None, 5, 8, 10, 14))
        expected = ace_to_five_score(cards, qualifier)
        assert ace_to_five_of_bits(low_bits(bits), len(cards), qualifier) == expected
    with pytest.raises(ValueError, match="not a low qualifier"):
        ace_to_five_of_bits(low_bits(bits), 5, 4)
