"""Notation round-trips: every way of writing a hand reads back as the same cards."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hilo.cards import Card, format_cards, parse_card, parse_cards
from tests.property.strategies import cards, hands


@given(hands())
def test_format_then_parse_is_identity(hand: list[Card]) -> None:
    assert parse_cards(format_cards(hand)) == tuple(hand)


@given(hands(), st.booleans(), st.booleans(), st.booleans())
def test_every_written_form_reads_back(
    hand: list[Card], spaced: bool, lower: bool, tens_as_digits: bool
) -> None:
    tokens = [str(card) for card in hand]
    if tens_as_digits:
        tokens = [token.replace("T", "10") for token in tokens]
    text = (" " if spaced else "").join(tokens)
    if lower:
        text = text.lower()
    assert parse_cards(text) == tuple(hand)


@given(cards)
def test_card_str_and_repr_round_trip(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card
