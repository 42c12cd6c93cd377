"""Chicago's spade half: the highest (or lowest) spade a player holds in the hole.

Only face-down cards count. The score is greater for the better spade and 0 without a
spade in the hole; two players never hold the same spade, so the side never ties.

>>> from hilo.cards import parse_cards
>>> spade_score(parse_cards("Qs 4s 9h"), lowest=False, ace_low=False)
12
>>> best_spade(parse_cards("Qs 4s 9h"), lowest=True, ace_low=False)
Card('4s')
>>> spade_score(parse_cards("As 4s"), lowest=True, ace_low=True) > spade_score(
...     parse_cards("2s"), lowest=True, ace_low=True)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo.cards import Card, Rank, Suit

__all__ = ["best_spade", "describe_spade", "spade_score"]


def _value(card: Card, ace_low: bool) -> int:
    """The spade's rank for ordering: 2 to 14, or 1 for an ace counted low."""
    return 1 if ace_low and card.rank == Rank.ACE else int(card.rank)


def best_spade(hole: Sequence[Card], *, lowest: bool, ace_low: bool) -> Card | None:
    """The spade that plays for the half: the highest, or with ``lowest`` the lowest."""
    spades = [card for card in hole if card.suit == Suit.SPADES]
    if not spades:
        return None
    if lowest:
        return min(spades, key=lambda card: _value(card, ace_low))
    return max(spades, key=lambda card: _value(card, ace_low))


def spade_score(hole: Sequence[Card], *, lowest: bool, ace_low: bool) -> int:
    """The score of the hole cards' best spade; 0 with no spade in the hole."""
    card = best_spade(hole, lowest=lowest, ace_low=ace_low)
    if card is None:
        return 0
    return 15 - _value(card, ace_low) if lowest else _value(card, ace_low)


def describe_spade(card: Card | None) -> str:
    """``"Ace of spades in the hole"``, or ``"No spade in the hole"``."""
    if card is None:
        return "No spade in the hole"
    return f"{card.rank.word.capitalize()} of spades in the hole"
