"""Small tables over 13-bit rank masks, built once at import (a few milliseconds).

A rank mask has one bit a rank. Two layouts are used:

* ace high: rank r at bit r-2, so the ace is bit 12 (high hands, deuce-to-seven);
* ace low: the ace at bit 0 and rank r at bit r-1 (ace-to-five, ace-to-six).

A hand's *score* packs its category and the ranks that decide ties into one int:
``category << 28 | major << 14 | minor``, where ``major`` and ``minor`` are rank
masks. Two masks of the same size compare as ints exactly as poker compares their
ranks from the top down, so a greater score is a stronger high hand.

>>> bin(TOP[2][0b1011001]), bin(BOTTOM[2][0b1011001])
('0b1010000', '0b1001')
>>> STRAIGHT_ACE_HIGH[0b1_0000_0000_1111] == 1 << 3   # the wheel is five-high
True
"""

from __future__ import annotations

from enum import IntEnum

__all__ = [
    "BOTTOM",
    "CATEGORY_SHIFT",
    "MAJOR_SHIFT",
    "RANK_BITS",
    "STRAIGHT_ACE_HIGH",
    "STRAIGHT_NO_WRAP",
    "TOP",
    "Category",
    "pack",
    "unpack",
]

RANK_BITS = 0x1FFF
"""A mask of all 13 ranks."""

CATEGORY_SHIFT = 28
MAJOR_SHIFT = 14
_FIELD = (1 << MAJOR_SHIFT) - 1


class Category(IntEnum):
    """The categories of a five-card poker hand, weakest first.

    >>> Category.FULL_HOUSE > Category.FLUSH
    True
    >>> Category.TWO_PAIR.words
    'Two pair'
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    """Only with wild cards (`hilo.hands.wild`); no hand of ordinary cards scores it."""

    @property
    def words(self) -> str:
        """The category's name as a player says it: ``"Three of a kind"``."""
        return self.name.replace("_", " ").capitalize()


def pack(category: int, major: int, minor: int = 0) -> int:
    """Pack a category and two rank masks into a score.

    >>> unpack(pack(Category.FULL_HOUSE, 1 << 11, 1 << 5))
    (<Category.FULL_HOUSE: 6>, 2048, 32)
    """
    return category << CATEGORY_SHIFT | major << MAJOR_SHIFT | minor


def unpack(score: int) -> tuple[Category, int, int]:
    """Split a score into its category and its major and minor rank masks."""
    return (
        Category(score >> CATEGORY_SHIFT),
        (score >> MAJOR_SHIFT) & _FIELD,
        score & _FIELD,
    )


def _straight_table(*, wheel: bool) -> list[int]:
    """For every mask, the bit of the highest straight's top card, or 0."""
    table = [0] * (RANK_BITS + 1)
    for mask in range(RANK_BITS + 1):
        for top in range(12, 3, -1):
            run = 0x1F << (top - 4)
            if mask & run == run:
                table[mask] = 1 << top
                break
        else:
            if wheel and mask & 0x100F == 0x100F:
                table[mask] = 1 << 3
    return table


def _keep_table(count: int, *, from_top: bool) -> list[int]:
    """For every mask, the mask of its ``count`` highest (or lowest) bits."""
    table = list(range(RANK_BITS + 1))
    for mask in range(RANK_BITS + 1):
        if mask.bit_count() > count:
            if from_top:  # drop the lowest bit; the smaller mask is already done
                table[mask] = table[mask & (mask - 1)]
            else:  # drop the highest bit
                table[mask] = table[mask ^ (1 << (mask.bit_length() - 1))]
    return table


STRAIGHT_ACE_HIGH = _straight_table(wheel=True)
"""Ace-high layout, ace plays high or low: high hands (A-K-Q-J-T and 5-4-3-2-A)."""

STRAIGHT_NO_WRAP = _straight_table(wheel=False)
"""Five adjacent bits only. In the ace-high layout the ace plays high only (deuce-to-seven:
5-4-3-2-A is no straight); in the ace-low layout it plays low only (ace-to-six:
5-4-3-2-A is a straight and A-K-Q-J-T is not)."""

TOP: tuple[list[int], ...] = tuple(_keep_table(count, from_top=True) for count in range(6))
"""``TOP[k][mask]``: the k highest ranks of ``mask``."""

BOTTOM: tuple[list[int], ...] = tuple(_keep_table(count, from_top=False) for count in range(6))
"""``BOTTOM[k][mask]``: the k lowest ranks of ``mask``."""
