"""Batch scores of hands with wild cards: arrays of deals in, `hilo.hands.wild` scores out.

A batch is a 2-D array of card indices, one hand a row of five to seven cards (any five
of them make the hand); 52 is the joker (`wild_indices` writes it). The wild cards are
one `WildSpec` for the whole batch, with fixed ranks and cards and the joker fully wild
(resolve follow the queen and a player's low hole card into ranks first, with
`WildSpec.resolve`; the bug is not in the batch kernels). Every function returns an
``int64`` array holding, row by row, exactly what `hilo.hands.wild.wild_score` gives.

>>> from hilo.cards import parse_cards
>>> from hilo.hands.wild import wild_score
>>> from hilo.hands.wildspec import WildSpec
>>> deuces = WildSpec.parse("2")
>>> texts = ["9s 9d 2c 9h 2d Kc 4h", "As Ks 2c 7s 4s 8d 8h"]
>>> rows = wild_indices(texts)
>>> wild_high_scores(rows, deuces).tolist() == [
...     wild_score(parse_cards(text), wild=deuces) for text in texts]
True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hilo.cards import JOKER_DECK, Card, parse_cards
from hilo.errors import HandError
from hilo.hands.ranking import Ranking
from hilo.hands.wildspec import WildSpec
from hilo.sim.batch import low_scores
from hilo.sim.tables import combination_table
from hilo.sim.wild_kernels import wild_high_rows, wild_low_made_rows

__all__ = ["wild_high_scores", "wild_indices", "wild_low_scores"]

_MOST_CARDS = 7


def wild_indices(hands: Iterable[Iterable[Card] | str]) -> NDArray[np.uint8]:
    """A ``uint8`` array of card indices, the joker as 52; hands may be written as text."""
    rows = [parse_cards(hand) if isinstance(hand, str) else tuple(hand) for hand in hands]
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise HandError("a batch needs the same number of cards in every hand")
    width = widths.pop() if widths else 0
    return np.array([[card.index for card in row] for row in rows], np.uint8).reshape(
        len(rows), width
    )


def _flags(wild: WildSpec) -> NDArray[np.uint8]:
    """One flag a card index: 1 where the card is wild."""
    if wild.follow_the_queen or wild.low_hole:
        raise HandError(
            f"the batch kernels take fixed wild cards: resolve '{wild}' into ranks first "
            "(WildSpec.resolve)"
        )
    if wild.joker == "bug":
        raise HandError("the bug is not in the batch kernels: value it with hilo.hands.wild")
    return np.array([1 if wild.is_wild(card) else 0 for card in JOKER_DECK], np.uint8)


def _rows(cards: ArrayLike) -> NDArray[np.uint8]:
    array = np.asarray(cards)
    if array.ndim != 2 or array.dtype.kind not in "iu":
        raise HandError("the hands must be a 2-D array of card indices shaped (hands, cards)")
    if not 5 <= array.shape[1] <= _MOST_CARDS:
        raise HandError(f"each hand must hold 5 to 7 cards, not {array.shape[1]}")
    if array.size and (array.min() < 0 or array.max() > len(JOKER_DECK) - 1):
        raise HandError("card indices run from 0 to 51, and 52 for the joker")
    return np.ascontiguousarray(array.astype(np.uint8))


def _refuse(row: int, rows: NDArray[np.uint8], wild: WildSpec) -> None:
    if row < 0:
        return
    cards = rows[row].tolist()
    if 52 in cards and wild.joker is None:
        raise HandError(f"row {row} holds the joker, but nothing makes the joker wild")
    raise HandError(f"row {row} of the hands holds a card twice; a hand holds each card once")


def wild_high_scores(
    cards: ArrayLike,
    wild: WildSpec,
    *,
    duplicates: bool = True,
    natural_beats_wild: bool = False,
) -> NDArray[np.int64]:
    """The best high score of each row with wild cards (`hilo.hands.wild.wild_score`)."""
    rows = _rows(cards)
    flags = _flags(wild)
    out = np.empty(rows.shape[0], np.int64)
    groups = combination_table(rows.shape[1], 5)
    refused = wild_high_rows(rows, groups, flags, duplicates, natural_beats_wild, out)
    _refuse(refused, rows, wild)
    return out


def wild_low_scores(
    cards: ArrayLike,
    wild: WildSpec,
    ranking: Ranking = Ranking.ACE_TO_FIVE,
    qualifier: int | None = None,
    *,
    natural_beats_wild: bool = False,
) -> NDArray[np.int64]:
    """The best low of each row with wild cards (0: no qualifying low)."""
    if not ranking.is_low:
        raise ValueError("low scores need one of the low rankings, not high")
    rows = _rows(cards)
    flags = _flags(wild)
    groups = combination_table(rows.shape[1], 5)
    made = np.empty((rows.shape[0] * groups.shape[0], 5), np.uint8)
    counts = np.empty(rows.shape[0] * groups.shape[0], np.int64)
    refused = wild_low_made_rows(
        rows,
        groups,
        flags,
        ranking.is_ace_low,
        ranking is not Ranking.ACE_TO_FIVE,
        made,
        counts,
    )
    _refuse(refused, rows, wild)
    scores = low_scores(made, ranking, qualifier) if len(made) else np.zeros(0, np.int64)
    if natural_beats_wild:
        scores = np.where(scores > 0, scores << 3 | (7 - counts), 0)
    return np.asarray(scores.reshape(rows.shape[0], groups.shape[0]).max(axis=1), np.int64)
