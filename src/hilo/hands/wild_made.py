"""The hand a wild card makes: for a group of natural cards and some wild cards, the best
high hand one category at a time from the top (five of a kind, a double-ace flush, the
bug's ace or straight), or the best low in a ranking's own order — built, never searched.

>>> high_values(((14, 3), (14, 2)), 2, True)
[(14, 1), (14, 0)]
>>> describe_wild_high(made_high_score(((9, 3), (9, 2), (9, 1), (9, 0), (9, 3))))
'Five of a kind, nines'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from hilo.cards import Rank
from hilo.hands.high import describe_high
from hilo.hands.ranking import Ranking
from hilo.hands.tables import (
    CATEGORY_SHIFT,
    MAJOR_SHIFT,
    STRAIGHT_ACE_HIGH,
    STRAIGHT_NO_WRAP,
    Category,
)

__all__ = [
    "SUITS_PREFERRED",
    "Made",
    "bug_high_values",
    "describe_wild_high",
    "high_values",
    "low_values",
    "made_high_score",
]

Made = tuple[tuple[int, int], ...]
"""Cards as (rank, suit) pairs, which may repeat where a wild card duplicates a card."""

_ACE, _KING = int(Rank.ACE), int(Rank.KING)
SUITS_PREFERRED = (3, 2, 1, 0)  # spades first when any suit will do
_DOUBLE_FLUSH = Category.FLUSH << CATEGORY_SHIFT | 1 << 27
"""A flush holding a rank twice (aces, where wild cards duplicate): above every other flush."""


def _bit(rank: int) -> int:
    return 1 << (rank - 2)


def made_high_score(made: Made) -> int:
    """The high score of five cards as made, repeats allowed (five of a kind, double aces).

    On five different cards it is exactly `hilo.hands.high_score`.
    """
    counts: dict[int, int] = {}
    suits = set()
    for rank, suit in made:
        counts[rank] = counts.get(rank, 0) + 1
        suits.add(suit)
    mask = 0
    for rank in counts:
        mask |= _bit(rank)
    by_count = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    top = by_count[0]
    shape = sorted(counts.values(), reverse=True)
    flush = len(suits) == 1 and len(made) == 5
    straight = STRAIGHT_ACE_HIGH[mask] if len(counts) == 5 else 0
    if shape[0] == 5:
        return Category.FIVE_OF_A_KIND << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT
    if flush and straight:
        return Category.STRAIGHT_FLUSH << CATEGORY_SHIFT | straight << MAJOR_SHIFT
    if shape[0] == 4:
        return (
            Category.FOUR_OF_A_KIND << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | mask ^ _bit(top)
        )
    if shape[:2] == [3, 2]:
        pair = by_count[1]
        return Category.FULL_HOUSE << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | _bit(pair)
    if flush:
        if len(counts) == 5:
            return Category.FLUSH << CATEGORY_SHIFT | mask << MAJOR_SHIFT
        code = 0
        for rank, _ in sorted(made, reverse=True):
            code = code << 4 | rank
        return _DOUBLE_FLUSH | code
    if straight:
        return Category.STRAIGHT << CATEGORY_SHIFT | straight << MAJOR_SHIFT
    if shape[0] == 3:
        return (
            Category.THREE_OF_A_KIND << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | mask ^ _bit(top)
        )
    if shape[:2] == [2, 2]:
        pairs = _bit(by_count[0]) | _bit(by_count[1])
        return Category.TWO_PAIR << CATEGORY_SHIFT | pairs << MAJOR_SHIFT | mask ^ pairs
    if shape[0] == 2:
        return Category.ONE_PAIR << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | mask ^ _bit(top)
    return mask << MAJOR_SHIFT


def describe_wild_high(score: int) -> str:
    """Words for a high score with wild cards: five of a kind and double-ace flushes too."""
    if score >> 27 == _DOUBLE_FLUSH >> 27:
        aces = 0
        code = score & ((1 << 20) - 1)
        while code and code >> 16 == _ACE:
            aces += 1
            code = (code << 4) & ((1 << 20) - 1)
        return f"Flush, {('two', 'three', 'four', 'five')[aces - 2]} aces"
    return describe_high(score)


def _window(mask: int) -> int:
    """The top rank of the highest straight whose five ranks include every rank of ``mask``."""
    for top in range(_ACE, 5, -1):
        run = 0x1F << (top - 6)
        if mask & ~run == 0:
            return top
    return 5 if mask & ~0x100F == 0 else 0


def _window_ranks(top: int) -> list[int]:
    return [_ACE, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))


def _spare_suits(rank: int, made: Sequence[tuple[int, int]], count: int) -> list[int]:
    """``count`` suits for more cards of ``rank``: suits not yet used for it first."""
    used = {suit for card_rank, suit in made if card_rank == rank}
    free = [suit for suit in SUITS_PREFERRED if suit not in used]
    return (free + [SUITS_PREFERRED[0]] * count)[:count]


def _of_rank(rank: int, made: Sequence[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    return [(rank, suit) for suit in _spare_suits(rank, made, count)]


def _straight_kinds(naturals: Made, wilds: int, duplicates: bool) -> list[tuple[int, int]] | None:
    """The wild cards' values for the best straight flush, flush or straight, if any."""
    ranks = [rank for rank, _ in naturals]
    mask = _mask(ranks)
    suits = {suit for _, suit in naturals}
    suit = next(iter(suits)) if len(suits) == 1 else SUITS_PREFERRED[0]
    top = _window(mask) if len(set(ranks)) == len(ranks) else 0
    if len(suits) <= 1:  # one suit: a straight flush, else a flush
        if top:
            return [(rank, suit) for rank in _window_ranks(top) if rank not in ranks]
        if duplicates:
            return [(_ACE, suit)] * wilds
        free = [rank for rank in range(_ACE, 1, -1) if rank not in ranks]
        return [(rank, suit) for rank in free[:wilds]]
    if top:
        return [(rank, SUITS_PREFERRED[0]) for rank in _window_ranks(top) if rank not in ranks]
    return None


def high_values(naturals: Made, wilds: int, duplicates: bool) -> list[tuple[int, int]]:
    """What ``wilds`` fully wild cards stand for in the best high hand with ``naturals``."""
    ranks = [rank for rank, _ in naturals]
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    if duplicates and len(counts) <= 1:  # five of a kind
        rank = ranks[0] if ranks else _ACE
        return _of_rank(rank, naturals, wilds)
    suits = {suit for _, suit in naturals}
    if len(suits) <= 1 and len(counts) == len(ranks) and _window(_mask(ranks)):
        made = _straight_kinds(naturals, wilds, duplicates)
        assert made is not None
        return made
    for quad in range(_ACE, 1, -1):
        have = counts.get(quad, 0)
        if have + wilds >= 4 and len(ranks) - have <= 1:
            values = _of_rank(quad, naturals, 4 - have)
            if wilds > 4 - have:  # without duplicates: the last wild card is the kicker
                values.append((_KING if quad == _ACE else _ACE, SUITS_PREFERRED[0]))
            return values
    if len(counts) == 2:  # full house (one wild card and two pair)
        high, low = sorted(counts, reverse=True)
        for trips, pair in ((high, low), (low, high)):
            if counts[trips] <= 3 and counts[pair] <= 2:
                values = _of_rank(trips, naturals, 3 - counts[trips])
                return values + _of_rank(pair, naturals, 2 - counts[pair])
    made = _straight_kinds(naturals, wilds, duplicates)
    if made is not None:
        return made
    best = max(counts, key=lambda rank: (counts[rank], rank))
    return _of_rank(best, naturals, wilds)


def _mask(ranks: Sequence[int]) -> int:
    mask = 0
    for rank in ranks:
        mask |= _bit(rank)
    return mask


def bug_high_values(
    naturals: Made, wilds: int, duplicates: bool
) -> tuple[int, list[tuple[int, int]]]:
    """The best high hand with the bug (and ``wilds`` other wild cards): score and values.

    The bug's value comes first in the list.
    """
    best: tuple[int, list[tuple[int, int]]] = (-1, [])
    for suit in SUITS_PREFERRED:
        ace = (_ACE, suit)
        if ace in naturals and not duplicates:
            continue
        with_ace = (*naturals, ace)
        rest = high_values(with_ace, wilds, duplicates) if wilds else []
        score = made_high_score(with_ace + tuple(rest))
        if score > best[0]:
            best = (score, [ace, *rest])
    completed = _straight_kinds(naturals, wilds + 1, duplicates)
    if completed is not None:
        score = made_high_score(naturals + tuple(completed))
        if score > best[0]:
            best = (score, completed)
    return best


def _low_order(ranking: Ranking) -> list[int]:
    """Ranks from best to worst for a low: the ace first where it plays low."""
    return [_ACE, *range(2, _ACE)] if ranking.is_ace_low else list(range(2, _ACE + 1))


def low_values(naturals: Made, wilds: int, bugs: int, ranking: Ranking) -> list[tuple[int, int]]:
    """What the wild cards stand for in the best low (the bug first, then the others)."""
    ranks = {rank for rank, _ in naturals}
    absent = [rank for rank in _low_order(ranking) if rank not in ranks]
    shapes_count = ranking is not Ranking.ACE_TO_FIVE
    chosen = absent[:bugs]
    absent = absent[bugs:]
    paired = len(ranks) < len(naturals)
    if wilds and shapes_count and not paired:
        taken = [*ranks, *chosen]

        def badness(extra: tuple[int, ...]) -> tuple[bool, int]:
            all_ranks = [*taken, *extra]
            layout = [1 if ranking.is_ace_low and rank == _ACE else rank for rank in all_ranks]
            mask = 0
            for rank in layout:
                mask |= 1 << (rank - 1) if ranking.is_ace_low else _bit(rank)
            straight = len(all_ranks) == 5 and bool(STRAIGHT_NO_WRAP[mask])
            return (straight, mask)

        extra = min(combinations(absent[: wilds + 2], wilds), key=badness)
        chosen += list(extra)
    else:
        chosen += absent[:wilds]
    suits = {suit for _, suit in naturals}
    spare = [suit for suit in SUITS_PREFERRED if suit not in suits] or [SUITS_PREFERRED[0]]
    values = []
    for position, rank in enumerate(chosen):
        # One card off the naturals' suit (or mixed suits among wild cards alone): no flush.
        suit = spare[0] if position == 0 else SUITS_PREFERRED[position % 4]
        values.append((rank, suit))
    return values
