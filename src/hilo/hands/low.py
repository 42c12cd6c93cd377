"""Low hands: ace-to-five, deuce-to-seven and ace-to-six, with N-or-better qualifiers.

A low's score is greater when the low is better, so lows and highs compare the same
way. A hand with no qualifying low scores 0, below every low.

>>> from hilo.cards import parse_cards
>>> wheel, six = parse_cards("5c 4d 3h 2s Ac"), parse_cards("6c 4d 3h 2s Ac")
>>> low_score(wheel) > low_score(six)
True
>>> low_score(wheel, Ranking.ACE_TO_SIX) < low_score(six, Ranking.ACE_TO_SIX)
True
>>> describe_low(low_score(parse_cards("7c 6d 5h 4s 3c 7d Kh"), qualifier=8), Ranking.ACE_TO_FIVE)
'Seven-six low'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from hilo.cards import Card
from hilo.hands.high import describe_score, pattern_score, rank_of_bit
from hilo.hands.ranking import Ranking
from hilo.hands.tables import (
    BOTTOM,
    MAJOR_SHIFT,
    RANK_BITS,
    STRAIGHT_NO_WRAP,
    Category,
    pack,
    unpack,
)

__all__ = [
    "LOW_BASE",
    "ace_to_five_of_bits",
    "ace_to_five_score",
    "describe_low",
    "low_bits",
    "low_score",
    "qualifier_limit",
]

LOW_BASE = 1 << 32
"""Every low score is ``LOW_BASE`` minus the hand's badness (its high-style score)."""

_F = RANK_BITS
_NO_STRAIGHTS = [0] * (RANK_BITS + 1)
_BOTTOM = BOTTOM
_ACES = 1 << 12 | 1 << 28 | 1 << 44 | 1 << 60
"""The aces of every suit in the ace-high layout of `Card.bit`."""


def qualifier_limit(qualifier: int | None, ranking: Ranking) -> int:
    """The badness a low must stay under to qualify as ``qualifier``-or-better."""
    if qualifier is None:
        return LOW_BASE
    if not 5 <= qualifier <= 14:
        raise ValueError(f"{qualifier} is not a low qualifier: use 5 to 14 (eight-or-better is 8)")
    # An unpaired low whose top card is the qualifier's rank or lower has badness
    # (mask << MAJOR_SHIFT) with every bit at or under the qualifier's position.
    top_position = qualifier - 2 if ranking is Ranking.DEUCE_TO_SEVEN else qualifier - 1
    return 1 << (top_position + 1 + MAJOR_SHIFT)


_ACE_TO_FIVE_LIMITS = {
    qualifier: qualifier_limit(qualifier, Ranking.ACE_TO_FIVE) for qualifier in range(5, 15)
}
"""`qualifier_limit` of every ace-to-five qualifier, worked out once."""


def _paired_ace_to_five(c: int, d: int, h: int, s: int, size: int) -> int:
    """Badness of the best ace-to-five low when pairing cannot be avoided."""
    any_rank = c | d | h | s
    cd, hs = c & d, h & s
    pairs = cd | hs | ((c | d) & (h | s))
    threes = (cd & (h | s)) | (hs & (c | d))
    fours = cd & hs
    extra = size - any_rank.bit_count()  # cards that must repeat a rank already used
    if extra == 1:
        pair = _BOTTOM[1][pairs]
        return pack(Category.ONE_PAIR, pair, any_rank ^ pair)
    if extra == 2:
        if pairs.bit_count() >= 2:
            two = _BOTTOM[2][pairs]
            return pack(Category.TWO_PAIR, two, any_rank ^ two)
        trips = _BOTTOM[1][threes]
        return pack(Category.THREE_OF_A_KIND, trips, any_rank ^ trips)
    # extra == 3: two ranks for five cards (or one rank for four).
    for trips in (_BOTTOM[1][threes], threes ^ _BOTTOM[1][threes]):
        pair = pairs & ~trips
        if trips and pair:
            return pack(Category.FULL_HOUSE, trips, pair)
    return pack(Category.FOUR_OF_A_KIND, fours, any_rank ^ fours)


def ace_to_five_score(cards: Sequence[Card], qualifier: int | None = None) -> int:
    """Score the best ace-to-five low among ``cards``; 0 when none qualifies.

    >>> from hilo.cards import parse_cards
    >>> ace_to_five_score(parse_cards("9c 9d Kh Qs Jc"), qualifier=8)
    0
    """
    masks = 0
    for card in cards:
        masks |= card.low_bit
    return ace_to_five_of_bits(masks, len(cards), qualifier)


def ace_to_five_of_bits(masks: int, count: int, qualifier: int | None = None) -> int:
    """Score the best ace-to-five low of ``count`` different cards whose `Card.low_bit`
    masks are or-ed together in ``masks``; 0 when none qualifies."""
    c, d, h, s = masks & _F, (masks >> 16) & _F, (masks >> 32) & _F, masks >> 48
    any_rank = c | d | h | s
    size = count if count < 5 else 5
    if any_rank.bit_count() >= size:
        badness = _BOTTOM[size][any_rank] << MAJOR_SHIFT
    else:
        badness = _paired_ace_to_five(c, d, h, s, size)
    if qualifier is not None:
        if size < 5:
            return 0
        limit = _ACE_TO_FIVE_LIMITS.get(qualifier)
        if limit is None:  # not a qualifier: let qualifier_limit say so
            limit = qualifier_limit(qualifier, Ranking.ACE_TO_FIVE)
        if badness >= limit:
            return 0
    return LOW_BASE - badness


def low_bits(bits: int) -> int:
    """The `Card.low_bit` masks of cards, or-ed together, from their `Card.bit` masks."""
    return ((bits & ~_ACES) << 1) | ((bits & _ACES) >> 12)


def _five_card_badness(cards: Sequence[Card], ranking: Ranking) -> int:
    """High-style score of exactly the given cards where straights and flushes count."""
    masks = 0
    if ranking is Ranking.ACE_TO_SIX:
        for card in cards:
            masks |= card.low_bit
    else:
        for card in cards:
            masks |= card.bit
    straights = STRAIGHT_NO_WRAP if len(cards) >= 5 else _NO_STRAIGHTS
    return pattern_score(masks & _F, (masks >> 16) & _F, (masks >> 32) & _F, masks >> 48, straights)


def low_score(
    cards: Sequence[Card],
    ranking: Ranking = Ranking.ACE_TO_FIVE,
    qualifier: int | None = None,
) -> int:
    """Score the best low of the given ranking among ``cards``; 0 when none qualifies."""
    if ranking is Ranking.ACE_TO_FIVE:
        return ace_to_five_score(cards, qualifier)
    if ranking is Ranking.HIGH:
        raise ValueError("low_score needs one of the low rankings, not high")
    if len(cards) <= 5:
        badness = _five_card_badness(cards, ranking)
    else:
        badness = min(_five_card_badness(five, ranking) for five in combinations(cards, 5))
    if qualifier is not None:
        unpaired = badness >> 28 == Category.HIGH_CARD
        if len(cards) < 5 or not unpaired or badness >= qualifier_limit(qualifier, ranking):
            return 0
    return LOW_BASE - badness


def describe_low(score: int, ranking: Ranking) -> str:
    """Words for a low's score: ``"Seven-six low"``, ``"No qualifying low"``."""
    if score <= 0:
        return "No qualifying low"
    badness = LOW_BASE - score
    category, major, _ = unpack(badness)
    ace_low = ranking.is_ace_low
    if category is Category.HIGH_CARD:
        ranks = rank_of_bit(major, ace_low=ace_low)
        if len(ranks) == 1:
            return f"{ranks[0].word.capitalize()} low"
        return f"{ranks[0].word.capitalize()}-{ranks[1].word} low"
    return describe_score(badness, ace_low=ace_low) + " (as a low)"
