"""Cards, notation and the deck."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from hilo.cards import (
    FULL_DECK,
    JOKER,
    JOKER_DECK,
    Card,
    Deck,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from hilo.errors import HandError, HiloError, NotationError


def test_full_deck_has_52_distinct_cards_indexed_by_position() -> None:
    assert len(set(FULL_DECK)) == 52
    assert all(FULL_DECK[card.index] == card for card in FULL_DECK)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd 7c", "As Kd 7c"),
        ("AsKd7c", "As Kd 7c"),
        ("as kD 7C", "As Kd 7c"),
        ("10h Td", "Th Td"),
        ("10h10d", "Th Td"),
        ("  Ac,2d , 3h  ", "Ac 2d 3h"),
        ("", ""),
    ],
)
def test_parse_accepts_every_written_form(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


def test_str_is_notation_and_repr_rebuilds() -> None:
    card = Card(Rank.TEN, Suit.DIAMONDS)
    assert str(card) == "Td"
    assert repr(card) == "Card('Td')"
    assert eval(repr(card), {"Card": Card}) == card
    assert Card("td") == card


def test_cards_pickle_and_copy() -> None:
    card = Card("Qh")
    assert pickle.loads(pickle.dumps(card)) == card
    assert copy.deepcopy(card) == card
    assert pickle.loads(pickle.dumps(card)).bit == card.bit


def test_cards_order_by_rank_then_suit() -> None:
    assert sorted(parse_cards("As 2c Ad 2s")) == list(parse_cards("2c 2s Ad As"))
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES


def test_card_is_frozen_and_hashable() -> None:
    card = parse_card("7c")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert {card, parse_card("7C")} == {card}


def test_card_rejects_non_enum_arguments() -> None:
    with pytest.raises(TypeError, match="Card takes a Rank and a Suit"):
        Card(14, 3)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="'Zz' is not a card"):
        Card("Zz")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "1x",
            "'1x' is not a card: rank must be one of 2-9, T/10, J, Q, K, A "
            "(the joker is written Jk)",
        ),
        (
            "As 1x",
            "'1x' is not a card: rank must be one of 2-9, T/10, J, Q, K, A "
            "(the joker is written Jk)",
        ),
        ("Ax", "'Ax' is not a card: suit must be one of c, d, h, s (the joker is written Jk)"),
        ("10x", "'10x' is not a card: suit must be one of c, d, h, s (the joker is written Jk)"),
        ("AsK", "'K' is not a card: it has a rank but no suit (suit must be one of c, d, h, s)"),
        (
            "11c",
            "'11' is not a card: rank must be one of 2-9, T/10, J, Q, K, A "
            "(the joker is written Jk)",
        ),
        ("As Kd as", "'As' appears twice in 'As Kd as'; a hand holds each card once"),
        ("10hTh", "'Th' appears twice in '10hTh'; a hand holds each card once"),
    ],
)
def test_bad_notation_names_the_token(text: str, message: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_cards(text)
    assert str(raised.value) == message


def test_parse_card_rejects_empty_and_long_tokens() -> None:
    with pytest.raises(NotationError, match="empty"):
        parse_card("  ")
    with pytest.raises(NotationError, match="'Asd' is not a card"):
        parse_card("Asd")


def test_duplicates_can_be_allowed_explicitly() -> None:
    assert len(parse_cards("As as", allow_duplicates=True)) == 2


def test_rank_and_suit_parsing_errors() -> None:
    assert Rank.from_symbol("10") is Rank.TEN
    with pytest.raises(NotationError, match="'Z' is not a rank"):
        Rank.from_symbol("Z")
    with pytest.raises(NotationError, match="'x' is not a suit"):
        Suit.from_symbol("x")
    assert [rank.plural for rank in (Rank.SIX, Rank.ACE)] == ["sixes", "aces"]


def test_seeded_deck_replays_and_deals_every_card_once() -> None:
    first, second = Deck(random.Random(42)), Deck(random.Random(42))
    dealt = first.deal(52)
    assert dealt == second.deal(52)
    assert sorted(dealt) == sorted(FULL_DECK)
    assert len(first) == 0
    assert Deck(random.Random(1)).deal(52) != dealt


def test_seeded_deck_shuffles_as_random_does() -> None:
    """A seeded deck's order is exactly ``random.Random.shuffle``'s, for plain sources and
    for subclasses (which shuffle with their own ``shuffle``), with or without the joker."""

    class Reversing(random.Random):
        def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
            x.reverse()

    for seed in range(60):
        for cards in (FULL_DECK, JOKER_DECK, FULL_DECK[:1], FULL_DECK[:2], FULL_DECK[: seed % 52]):
            expected = list(cards)
            theirs, ours = random.Random(seed), random.Random(seed)
            theirs.shuffle(expected)
            assert Deck(ours, cards=cards).cards == tuple(expected)
            assert ours.getstate() == theirs.getstate()  # no draw more or less
    assert Deck(Reversing(1)).cards == tuple(reversed(FULL_DECK))


def test_deck_without_rng_uses_system_randomness() -> None:
    assert len(Deck().deal(5)) == 5


def test_deck_errors_and_reshuffle() -> None:
    deck = Deck(random.Random(3))
    with pytest.raises(HiloError, match="cannot deal 53 cards: the deck has only 52 left"):
        deck.deal(53)
    with pytest.raises(ValueError, match="negative"):
        deck.deal(-1)
    hand = deck.deal(5)
    with pytest.raises(HiloError, match="not in the deck"):
        deck.remove(hand[:1])
    with pytest.raises(HiloError, match="twice"):
        deck.add([deck.cards[0]])
    deck.add(hand)
    assert len(deck) == 52
    deck.remove(hand)
    assert len(deck) == 47
    assert not set(hand) & set(deck.cards)
    with pytest.raises(TypeError):
        hash(deck)
    with pytest.raises(HiloError, match="twice"):
        Deck(cards=[FULL_DECK[0], FULL_DECK[0]])


@pytest.mark.parametrize("text", ["Jk", "JK", "jk", " jK "])
def test_the_joker_is_written_jk_in_any_case(text: str) -> None:
    assert parse_card(text) is JOKER
    assert Card(text) is JOKER
    assert str(JOKER) == "Jk"
    assert repr(JOKER) == "Card('Jk')"
    assert eval(repr(JOKER), {"Card": Card}) is JOKER


def test_the_joker_round_trips_in_a_hand_and_through_pickle() -> None:
    hand = parse_cards("As jk Kd")
    assert format_cards(hand) == "As Jk Kd"
    assert parse_cards(format_cards(hand)) == hand
    assert parse_cards("AsJkKd") == hand
    assert pickle.loads(pickle.dumps(JOKER)) is JOKER
    assert copy.deepcopy(JOKER) is JOKER
    with pytest.raises(NotationError, match="'Jk' appears twice"):
        parse_cards("Jk As jk")


def test_the_joker_is_no_ordinary_card() -> None:
    assert JOKER not in FULL_DECK
    assert len(FULL_DECK) == 52
    assert (*FULL_DECK, JOKER) == JOKER_DECK
    assert len(set(JOKER_DECK)) == 53
    assert JOKER.index == 52
    assert JOKER.is_joker
    assert not any(card.is_joker for card in FULL_DECK)
    assert all(card != JOKER and card != JOKER for card in FULL_DECK)
    assert sorted([JOKER, Card("As"), Card("2c")]) == [Card("2c"), Card("As"), JOKER]
    assert len(Deck(random.Random(1))) == 52
    deck = Deck(random.Random(1), cards=JOKER_DECK)
    assert len(deck) == 53
    assert JOKER in deck.cards


@pytest.mark.parametrize("name", ["rank", "suit", "bit", "low_bit"])
def test_the_joker_has_no_value_of_its_own(name: str) -> None:
    with pytest.raises(HandError, match=r"the joker has no .* of its own"):
        getattr(JOKER, name)
