"""The authority for wild-card values in the tests: try every card for every wild card.

Independent of `hilo.hands.wild`: a high hand is keyed by its category and its ranks in
the order poker compares them; a low is scored by the plain low evaluators on five
different cards (a wild card that duplicates a card only pairs the low, never helping it).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from hilo.cards import FULL_DECK, Card, Rank
from hilo.hands import Ranking, scorer

Pair = tuple[int, int]
HighKey = tuple[int, tuple[int, ...]]

FIVE_OF_A_KIND, STRAIGHT_FLUSH, QUADS, BOAT, FLUSH, STRAIGHT = 9, 8, 7, 6, 5, 4
TRIPS, TWO_PAIR, PAIR, HIGH_CARD = 3, 2, 1, 0

PAIRS: tuple[Pair, ...] = tuple((int(card.rank), int(card.suit)) for card in FULL_DECK)


def _straight_top(ranks: set[int]) -> int:
    if len(ranks) != 5:
        return 0
    if ranks == {14, 2, 3, 4, 5}:
        return 5
    return max(ranks) if max(ranks) - min(ranks) == 4 else 0


def high_key(made: Sequence[Pair]) -> HighKey:
    """Category and tie-break ranks of five cards, repeats allowed."""
    counts: dict[int, int] = {}
    for rank, _ in made:
        counts[rank] = counts.get(rank, 0) + 1
    order = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    flush = len({suit for _, suit in made}) == 1
    top = _straight_top(set(counts))
    if shape[0] == 5:
        return (FIVE_OF_A_KIND, order)
    if flush and top:
        return (STRAIGHT_FLUSH, (top,))
    if shape[0] == 4:
        return (QUADS, order)
    if shape[:2] == [3, 2]:
        return (BOAT, order)
    if flush:
        return (FLUSH, tuple(sorted((rank for rank, _ in made), reverse=True)))
    if top:
        return (STRAIGHT, (top,))
    if shape[0] == 3:
        return (TRIPS, order)
    if shape[:2] == [2, 2]:
        return (TWO_PAIR, order)
    if shape[0] == 2:
        return (PAIR, order)
    return (HIGH_CARD, order)


def best_high(
    naturals: Sequence[Pair], wilds: int, *, duplicates: bool = True, bug: bool = False
) -> HighKey:
    """The best high key over every value of every wild card (the bug restricted)."""
    held = set(naturals)
    best: HighKey = (-1, ())
    pool = [pair for pair in PAIRS if duplicates or pair not in held]
    picks = combinations_with_replacement(pool, wilds) if duplicates else combinations(pool, wilds)
    for values in picks:
        made = [*naturals, *values]
        key = high_key(made)
        best = max(best, key)
    if not bug:
        return best
    for bug_value in pool:
        if not duplicates and bug_value in held:
            continue
        rest = (
            combinations_with_replacement(pool, wilds)
            if duplicates
            else combinations([p for p in pool if p != bug_value], wilds)
        )
        for values in rest:
            made = [*naturals, bug_value, *values]
            key = high_key(made)
            allowed = bug_value[0] == 14 or key[0] in (STRAIGHT_FLUSH, FLUSH, STRAIGHT)
            if allowed and key > best:
                best = key
    return best


def _low_order(ranking: Ranking) -> list[int]:
    return [14, *range(2, 14)] if ranking.is_ace_low else list(range(2, 15))


def best_low(
    naturals: Sequence[Pair],
    wilds: int,
    ranking: Ranking,
    qualifier: int | None = None,
    *,
    bug: bool = False,
) -> int:
    """The best low score over every value of the wild cards (five different cards)."""
    score = scorer(ranking, qualifier)
    held = set(naturals)
    fixed: list[list[Pair]] = [[]]
    if bug:
        ranks = {rank for rank, _ in naturals}
        lowest = next(rank for rank in _low_order(ranking) if rank not in ranks)
        fixed = [[(lowest, suit)] for suit in range(4)]
    best = 0
    for start in fixed:
        pool = [pair for pair in PAIRS if pair not in held and pair not in start]
        for values in combinations(pool, wilds):
            made = [*naturals, *start, *values]
            cards = tuple(FULL_DECK[(rank - 2) * 4 + suit] for rank, suit in made)
            best = max(best, score(cards))
    return best


def pairs_of(cards: Sequence[Card]) -> list[Pair]:
    """Cards as (rank, suit) pairs."""
    return [(int(card.rank), int(card.suit)) for card in cards]


def rank_of(value: int) -> Rank:
    """A rank from its number."""
    return Rank(value)
