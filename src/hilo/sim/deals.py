"""Batches of deals: cards to index arrays and back, and seeded random deals.

>>> rows = to_indices(["As Kd 7c", [Card("2c"), Card("3d"), Card("4h")]])
>>> rows.tolist(), rows.dtype.name
([[51, 45, 20], [0, 5, 10]], 'uint8')
>>> to_cards(rows)[0]
(Card('As'), Card('Kd'), Card('7c'))
>>> deals = random_deals(np.random.default_rng(7), 1000, 7, dead=[Card("As")])
>>> deals.shape, bool((deals == Card("As").index).any())
((1000, 7), False)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.errors import HandError
from hilo.sim.kernels import deal_rows

__all__ = ["random_deals", "to_cards", "to_indices"]

_ROWS_AT_ONCE = 1 << 16
"""Rows dealt from one block of random draws, to keep the draws' memory small."""


def to_indices(hands: Iterable[Iterable[Card] | str]) -> NDArray[np.uint8]:
    """A ``uint8`` array of card indices, one row a hand; hands may be written as text.

    Every hand must hold the same number of cards.
    """
    rows = [parse_cards(hand) if isinstance(hand, str) else tuple(hand) for hand in hands]
    if not rows:
        return np.zeros((0, 0), np.uint8)
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            raise HandError(
                f"hand {number} has {len(row)} cards but hand 0 has {width}; "
                "a batch needs the same number of cards in every hand"
            )
        for card in row:
            if not isinstance(card, Card):
                raise HandError(f"hand {number} holds {card!r}, which is not a Card")
            if card.is_joker:
                raise HandError(
                    f"hand {number} holds the joker, which has no index among the 52 cards; "
                    "score hands with wild cards with hilo.sim.wild"
                )
    return np.array([[card.index for card in row] for row in rows], np.uint8).reshape(
        len(rows), width
    )


def to_cards(indices: ArrayLike) -> list[tuple[Card, ...]]:
    """The hands of an array of card indices, as tuples of `Card`."""
    array = np.asarray(indices)
    if array.ndim != 2 or (array.size and array.dtype.kind not in "iu"):
        raise HandError(
            f"card indices must be a 2-D integer array shaped (hands, cards), not {array.dtype} "
            f"of shape {array.shape}"
        )
    if array.size and (int(array.min()) < 0 or int(array.max()) >= len(FULL_DECK)):
        raise HandError("card indices run from 0 to 51")
    return [tuple(FULL_DECK[index] for index in row) for row in array.tolist()]


def random_deals(
    rng: np.random.Generator,
    hands: int,
    cards: int,
    dead: Iterable[Card | int] = (),
) -> NDArray[np.uint8]:
    """``hands`` rows of ``cards`` different cards each, uniformly dealt from the deck
    less ``dead``, as a ``uint8`` array. The same generator state deals the same rows.
    """
    if not isinstance(rng, np.random.Generator):
        raise TypeError("random_deals takes a numpy.random.Generator, such as default_rng(seed)")
    removed = {card.index if isinstance(card, Card) else int(card) for card in dead}
    if any(not 0 <= index < len(FULL_DECK) for index in removed):
        raise HandError("dead cards must be cards, or card indices from 0 to 51")
    deck = np.array([index for index in range(len(FULL_DECK)) if index not in removed], np.uint8)
    if hands < 0:
        raise HandError(f"cannot deal {hands} hands")
    if not 0 <= cards <= deck.shape[0]:
        raise HandError(
            f"cannot deal {cards} cards a hand from a deck of {deck.shape[0]} live cards"
        )
    bounds = np.arange(deck.shape[0], deck.shape[0] - cards, -1)
    out = np.empty((hands, cards), np.uint8)
    for first in range(0, hands, _ROWS_AT_ONCE):
        block = out[first : first + _ROWS_AT_ONCE]
        draws = rng.integers(0, bounds, block.shape, dtype=np.int64)
        deal_rows(deck, draws, block)
    return out
