"""High hands: the standard ranking, evaluated from rank masks in one pass.

`high_score` is the hot path: one call per hand of one to seven cards, pure Python.
Scores are ints, greater is stronger (layout in `hilo.hands.tables`).

>>> from hilo.cards import parse_cards
>>> describe_high(high_score(parse_cards("Kc Kd 7h 7s Ks 2c 3d")))
'Full house, kings full of sevens'
>>> high_score(parse_cards("Ah Kh Qh Jh Th")) > high_score(parse_cards("9s 9c 9d 9h 2c"))
True
"""

from __future__ import annotations

from collections.abc import Iterable

from hilo.cards import Card, Rank
from hilo.hands.tables import (
    RANK_BITS,
    STRAIGHT_ACE_HIGH,
    TOP,
    Category,
    unpack,
)

__all__ = [
    "describe_high",
    "describe_score",
    "high_score",
    "high_score_of_bits",
    "pattern_score",
    "rank_of_bit",
]

_TOP1, _TOP2, _TOP3, _TOP5 = TOP[1], TOP[2], TOP[3], TOP[5]
_F = RANK_BITS

_SF = Category.STRAIGHT_FLUSH << 28
_QUADS = Category.FOUR_OF_A_KIND << 28
_BOAT = Category.FULL_HOUSE << 28
_FLUSH = Category.FLUSH << 28
_STRAIGHT = Category.STRAIGHT << 28
_TRIPS = Category.THREE_OF_A_KIND << 28
_TWO_PAIR = Category.TWO_PAIR << 28
_PAIR = Category.ONE_PAIR << 28
_FIVE = [mask if mask.bit_count() >= 5 else 0 for mask in range(RANK_BITS + 1)]
"""A suit's rank mask when it holds five cards or more (a flush), else 0."""


def pattern_score(clubs: int, diamonds: int, hearts: int, spades: int, straights: list[int]) -> int:
    """Score the best high hand that can be made from four per-suit rank masks.

    ``straights`` says which rank runs are straights in this layout (a table of
    `hilo.hands.tables`). With more than five cards the best five are used; with
    fewer, the partial hand (a pair and kickers, say) is scored.
    """
    c, d, h, s = clubs, diamonds, hearts, spades
    any_rank = c | d | h | s
    flush = _FIVE[c] or _FIVE[d] or _FIVE[h] or _FIVE[s]  # the first suit with five
    if flush:
        top = straights[flush]
        if top:
            return _SF | top << 14
    cd = c & d
    hs = h & s
    four = _TOP1[cd & hs]  # two ranks of four only when there are eight cards or more
    if four:
        return _QUADS | four << 14 | _TOP1[any_rank ^ four]
    pairs = cd | hs | ((c | d) & (h | s))  # ranks held at least twice
    threes = (cd & (h | s)) | (hs & (c | d))  # ranks held at least three times
    if threes:
        trips = _TOP1[threes]
        rest = pairs ^ trips
        if rest:
            return _BOAT | trips << 14 | _TOP1[rest]
    if flush:
        return _FLUSH | _TOP5[flush] << 14
    top = straights[any_rank]
    if top:
        return _STRAIGHT | top << 14
    if threes:
        return _TRIPS | trips << 14 | _TOP2[any_rank ^ trips]
    if pairs:
        two = _TOP2[pairs]
        if two != _TOP1[two]:
            return _TWO_PAIR | two << 14 | _TOP1[any_rank ^ two]
        return _PAIR | pairs << 14 | _TOP3[any_rank ^ pairs]
    return _TOP5[any_rank] << 14


def high_score(cards: Iterable[Card]) -> int:
    """Score the best high hand among ``cards`` (any five of them; fewer score as partial).

    >>> from hilo.cards import parse_cards
    >>> describe_high(high_score(parse_cards("As 2d 3c 4h 5s")))
    'Straight, five high'
    """
    masks = 0
    for card in cards:
        masks |= card.bit
    return pattern_score(
        masks & _F,
        (masks >> 16) & _F,
        (masks >> 32) & _F,
        masks >> 48,
        STRAIGHT_ACE_HIGH,
    )


def high_score_of_bits(masks: int) -> int:
    """`high_score` of different cards whose `Card.bit` masks are or-ed together in ``masks``."""
    return pattern_score(
        masks & _F,
        (masks >> 16) & _F,
        (masks >> 32) & _F,
        masks >> 48,
        STRAIGHT_ACE_HIGH,
    )


def rank_of_bit(mask: int, *, ace_low: bool = False) -> list[Rank]:
    """The ranks in a rank mask, highest bit first, in either layout."""
    ranks = []
    for position in range(12, -1, -1):
        if mask >> position & 1:
            ranks.append(
                Rank.ACE if ace_low and position == 0 else Rank(position + (1 if ace_low else 2))
            )
    return ranks


def describe_score(score: int, *, ace_low: bool = False) -> str:
    """Words for a high-style score, in the ace-high or ace-low rank layout."""
    category, major, minor = unpack(score)
    ranks = rank_of_bit(major, ace_low=ace_low)
    lead = ranks[0] if ranks else None
    if lead is None:
        return "No cards"
    if category is Category.FIVE_OF_A_KIND:
        return f"Five of a kind, {lead.plural}"
    if category is Category.STRAIGHT_FLUSH:
        return (
            "Royal flush"
            if lead is Rank.ACE and not ace_low
            else f"Straight flush, {lead.word} high"
        )
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {lead.plural}"
    if category is Category.FULL_HOUSE:
        return f"Full house, {lead.plural} full of {rank_of_bit(minor, ace_low=ace_low)[0].plural}"
    if category in (Category.FLUSH, Category.STRAIGHT):
        return f"{category.words}, {lead.word} high"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {lead.plural}"
    if category is Category.TWO_PAIR:
        return f"Two pair, {lead.plural} and {ranks[1].plural}"
    if category is Category.ONE_PAIR:
        return f"One pair, {lead.plural}"
    return f"High card, {lead.word}"


def describe_high(score: int) -> str:
    """Words for a high hand's score: ``"Straight, seven high"``."""
    return describe_score(score)
