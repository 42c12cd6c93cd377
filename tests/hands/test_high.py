"""High hands: categories, kickers, words and the order between them."""

from __future__ import annotations

import random

import pytest

from hilo.cards import FULL_DECK, parse_cards
from hilo.hands import Category, HandValue, Ranking, best_high, best_low, high_score
from hilo.hands.high import high_score_of_bits


def high(text: str) -> HandValue:
    return best_high(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "words", "used", "category"),
    [
        ("Ah Kh Qh Jh Th 2c 3c", "Royal flush", "Ah Kh Qh Jh Th", Category.STRAIGHT_FLUSH),
        (
            "9s 8s 7s 6s 5s 4s Ad",
            "Straight flush, nine high",
            "9s 8s 7s 6s 5s",
            Category.STRAIGHT_FLUSH,
        ),
        ("5d 4d 3d 2d Ad", "Straight flush, five high", "5d 4d 3d 2d Ad", Category.STRAIGHT_FLUSH),
        (
            "9c 9d 9h 9s 2d Kc 3h",
            "Four of a kind, nines",
            "9s 9h 9d 9c Kc",
            Category.FOUR_OF_A_KIND,
        ),
        (
            "Kc Kd Ks 7h 7s 7c 2d",
            "Full house, kings full of sevens",
            "Ks Kd Kc 7s 7h",
            Category.FULL_HOUSE,
        ),
        (
            "Qc Qd Qs 3h 3s 2c 2d",
            "Full house, queens full of threes",
            "Qs Qd Qc 3s 3h",
            Category.FULL_HOUSE,
        ),
        ("2c 3c 8c Tc Kc 4c Ad", "Flush, king high", "Kc Tc 8c 4c 3c", Category.FLUSH),
        ("7c 6d 5h 4s 3c Kd Kh", "Straight, seven high", "7c 6d 5h 4s 3c", Category.STRAIGHT),
        ("As 2d 3c 4h 5s 5d 5c", "Straight, five high", "5s 4h 3c 2d As", Category.STRAIGHT),
        ("Ad Kc Qh Js Tc", "Straight, ace high", "Ad Kc Qh Js Tc", Category.STRAIGHT),
        (
            "7c 7d 7h Ks 2c 3d 9h",
            "Three of a kind, sevens",
            "7h 7d 7c Ks 9h",
            Category.THREE_OF_A_KIND,
        ),
        ("Kc Kd 7h 7s 2c 2d Ah", "Two pair, kings and sevens", "Kd Kc 7s 7h Ah", Category.TWO_PAIR),
        ("Tc Td 2h 5s 8c Jd Ah", "One pair, tens", "Td Tc Ah Jd 8c", Category.ONE_PAIR),
        ("Ac Jd 2h 5s 8c 9d 3h", "High card, ace", "Ac Jd 9d 8c 5s", Category.HIGH_CARD),
    ],
)
def test_categories_words_and_cards_used(
    cards: str, words: str, used: str, category: Category
) -> None:
    value = high(cards)
    assert value.words == words
    assert str(value) == f"{words} ({used})"
    assert value.category is category
    assert value.ranking is Ranking.HIGH


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah Kh Qh Jh Th", "Kh Qh Jh Th 9h"),
        ("6d 5d 4d 3d 2d", "5c 4c 3c 2c Ac"),
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Kd Kc"),
        ("3c 3d 3h 2s 2c", "2c 2d 2h As Ac"),
        ("Ac Kd Qh Js Tc", "6c 5d 4h 3s 2c"),
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),
        ("5c 4d 3h 2s Ac", "Ac Ad Ah Kd Qc"),
        ("Kc Kd 3h 3s 2c", "Qc Qd Jh Js Ac"),
        ("Kc Kd 3h 3s 4c", "Kh Ks 3d 3c 2c"),
        ("Ac Ad Kh Qs 3c", "Ah As Kd Qc 2c"),
        ("Ac Qd Th 8s 7c", "Ac Qd Th 8s 6c"),
        ("8c 8d 8h 8s Ac", "8c 8d 8h 8s Kc"),
        ("Jc Jd Jh 9s 9c", "Jc Jd Jh 8s 8c"),
    ],
)
def test_order(better: str, worse: str) -> None:
    assert high(better) > high(worse)
    assert high(worse) < high(better)
    assert high(better) != high(worse)


def test_ties_are_equal_and_hash_alike() -> None:
    first, second = high("Ac Kd Qh Js 9c"), high("Ad Kc Qs Jh 9d")
    assert first == second
    assert hash(first) == hash(second)
    assert first <= second <= first
    assert len({first, second}) == 1


def test_suits_never_break_ties() -> None:
    assert high("Ah Kh 9h 7h 2h") == high("As Ks 9s 7s 2s")


def test_partial_hands_score_for_stud_boards() -> None:
    assert high("Ah Ad 3c").words == "One pair, aces"
    assert high("Ah 3c").words == "High card, ace"
    assert high("Kh Kd Ks 2c").words == "Three of a kind, kings"
    assert high("Kh Kd Ks Kc").words == "Four of a kind, kings"
    assert high("Ah Ad 3c") > high("Kh Kd Qc")
    assert high_score(()) == 0


def test_values_of_different_rankings_do_not_compare() -> None:
    cards = parse_cards("7c 6d 5h 4s 3c")
    with pytest.raises(TypeError, match="cannot compare a high value with a ace-to-five value"):
        _ = best_high(cards) < best_low(cards)
    with pytest.raises(TypeError, match="cannot compare a hand value with int"):
        _ = best_high(cards) < 3  # type: ignore[operator]
    assert best_high(cards) != 3


def test_high_score_from_the_cards_bits_is_high_score() -> None:
    rng = random.Random(14)
    for _ in range(3_000):
        cards = rng.sample(FULL_DECK, rng.randint(1, 9))
        bits = 0
        for card in cards:
            bits |= card.bit
        assert high_score_of_bits(bits) == high_score(cards)
