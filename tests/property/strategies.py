"""Hypothesis strategies for cards and hands."""

from __future__ import annotations

from hypothesis import strategies as st

from hilo.cards import FULL_DECK, Card

cards = st.sampled_from(FULL_DECK)


def hands(min_size: int = 0, max_size: int = 9) -> st.SearchStrategy[list[Card]]:
    """Lists of distinct cards."""
    return st.lists(cards, min_size=min_size, max_size=max_size, unique=True)
