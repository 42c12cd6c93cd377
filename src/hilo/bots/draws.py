"""Sensible discards for draw games: the few draws worth comparing from one hand.

`discard_options` lists them (stand pat, keep pairs, flush and straight draws, keep the
low cards); a bot compares them by simulation and keeps the best.

>>> from hilo.cards import format_cards, parse_cards
>>> from hilo.hands.ranking import Ranking
>>> options = discard_options(parse_cards("Ac 3d 5h Kd Ks"), Ranking.ACE_TO_FIVE, 5)
>>> [format_cards(option) for option in options]
['', '3d 5h Ac', 'Kd Ks', '3d 5h Ks', '3d 5h Ks Kd']
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo.bots.game import low_rank
from hilo.bots.simple import pair_keeping_discards
from hilo.cards import Card
from hilo.hands.ranking import Ranking

__all__ = ["discard_options"]

_LOW_CARD = 8
"""The highest rank kept when drawing to a low."""


def _flush_draw(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    for suit in {card.suit for card in cards}:
        suited = [card for card in cards if card.suit == suit]
        if len(suited) == len(cards) - 1:
            return tuple(card for card in cards if card.suit != suit)
    return None


def _straight_draw(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """Discards that leave four cards of one five-rank window (aces count both ways)."""
    for top in range(14, 4, -1):
        window = set(range(top - 4, top + 1))
        kept: dict[int, Card] = {}
        for card in cards:
            rank = int(card.rank)
            if rank in window:
                kept.setdefault(rank, card)
            elif rank == 14 and 1 in window:
                kept.setdefault(1, card)
        if len(kept) == len(cards) - 1:
            chosen = set(kept.values())
            return tuple(card for card in cards if card not in chosen)
    return None


def _low_draws(cards: Sequence[Card], ranking: Ranking) -> list[tuple[Card, ...]]:
    """Keep the lowest different ranks (up to eight), three, four or five of them."""
    by_rank: dict[int, Card] = {}
    for card in sorted(cards, key=lambda card: low_rank(card, ranking)):
        by_rank.setdefault(low_rank(card, ranking), card)
    lows = [card for rank, card in sorted(by_rank.items()) if rank <= _LOW_CARD]
    draws = []
    for size in (5, 4, 3):
        if len(lows) >= size:
            kept = set(lows[:size])
            out = [card for card in cards if card not in kept]
            out.sort(key=lambda card: low_rank(card, ranking), reverse=True)
            draws.append(tuple(out))
    return draws


def discard_options(
    cards: Sequence[Card], low: Ranking | None, most: int
) -> list[tuple[Card, ...]]:
    """Draws worth comparing (discards, worst card first), at most ``most`` cards each.

    ``low`` is the game's low ranking, or None when no low is played for.
    """
    found: list[tuple[Card, ...]] = [()]
    found.append(pair_keeping_discards(cards, len(cards)))
    for draw in (_flush_draw(cards), _straight_draw(cards)):
        if draw is not None:
            found.append(draw)
    if low is not None:
        found.extend(_low_draws(cards, low))
    by_rank = sorted(cards, key=lambda card: card.rank, reverse=True)
    found.append(tuple(reversed(by_rank[2:])))  # keep the two highest cards
    found.append(tuple(reversed(by_rank[1:])))  # keep the highest card
    options: list[tuple[Card, ...]] = []
    seen: set[frozenset[Card]] = set()
    for draw in found:
        trimmed = draw[:most]
        key = frozenset(trimmed)
        if key not in seen:
            seen.add(key)
            options.append(trimmed)
    return options
