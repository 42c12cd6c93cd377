"""Fast exact Omaha scores: two hole cards and three board cards, over bit masks.

The referee and the bots score Omaha hands with them. They give exactly what
`hilo.hands.select.score_hand` gives with ``Selection.OMAHA`` (its enumeration of every
group of five stays the reference the tests compare against), in a fraction of the
time: the high side scores each of the sixty groups straight from its rank masks, and
the low side looks only at groups of five different ranks (the best of which is the
smallest rank mask), falling back to every group when no such group exists.

>>> from hilo.cards import parse_cards
>>> from hilo.hands import Ranking, Selection, score_hand
>>> hole, board = parse_cards("As 2s Kd Kh"), parse_cards("3s 4s 5s Kc Qd")
>>> omaha_high(hole, board) == score_hand(hole, board, selection=Selection.OMAHA)
True
>>> omaha_low(Ranking.ACE_TO_FIVE, 8)(hole, board) == score_hand(
...     hole, board, ranking=Ranking.ACE_TO_FIVE, selection=Selection.OMAHA, qualifier=8)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from hilo.cards import Card
from hilo.hands.high import pattern_score
from hilo.hands.low import LOW_BASE
from hilo.hands.ranking import Ranking
from hilo.hands.select import scorer
from hilo.hands.tables import MAJOR_SHIFT, RANK_BITS, STRAIGHT_ACE_HIGH, STRAIGHT_NO_WRAP

__all__ = ["omaha_high", "omaha_low"]

SideScore = Callable[[Sequence[Card], Sequence[Card]], int]

_F = RANK_BITS


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best Omaha high score (0 without two hole and three board cards)."""
    if len(hole) < 2 or len(board) < 3:
        return 0
    threes = [a.bit | b.bit | c.bit for a, b, c in combinations(board, 3)]
    best = 0
    straights = STRAIGHT_ACE_HIGH
    for first, second in combinations(hole, 2):
        two = first.bit | second.bit
        for three in threes:
            mask = two | three
            score = pattern_score(
                mask & _F, (mask >> 16) & _F, (mask >> 32) & _F, mask >> 48, straights
            )
            best = max(best, score)
    return best


@lru_cache(maxsize=64)
def omaha_low(ranking: Ranking, qualifier: int | None) -> SideScore:
    """The best Omaha low score of ``ranking`` with a ``qualifier`` (None: any low).

    An unpaired five-card low (and, where they count, one that is no straight and no
    flush) beats every other low, and among those the smallest rank mask is best.
    """
    ace_low = ranking.is_ace_low
    shapes_count = ranking is not Ranking.ACE_TO_FIVE
    limit = 1 << 13 if qualifier is None else 1 << (qualifier if ace_low else qualifier - 1)
    slow = scorer(ranking, qualifier)

    def rank_bit(card: Card) -> int:
        return (card.low_bit if ace_low else card.bit) >> (16 * card.suit)

    def groups(cards: Sequence[Card], size: int) -> list[tuple[int, int]]:
        """Groups of different ranks under the limit: (rank mask, suit if all one suit)."""
        found = []
        for group in combinations(cards, size):
            ranks = 0
            for card in group:
                ranks |= rank_bit(card)
            suits = {card.suit for card in group}
            if ranks.bit_count() == size and ranks < limit:
                found.append((ranks, group[0].suit if len(suits) == 1 else -1))
        return found

    def best_low(hole: Sequence[Card], board: Sequence[Card]) -> int:
        if len(hole) < 2 or len(board) < 3:
            return 0
        threes = groups(board, 3)
        best = limit
        for two, two_suit in groups(hole, 2):
            for three, three_suit in threes:
                ranks = two | three
                if two & three or ranks >= best:
                    continue
                if shapes_count and (STRAIGHT_NO_WRAP[ranks] or two_suit == three_suit != -1):
                    continue
                best = ranks
        if best < limit:
            return LOW_BASE - (best << MAJOR_SHIFT)
        if qualifier is not None:
            return 0  # a qualifying low has five different ranks, and no straight or flush
        return max(
            slow(pair + three) for pair in combinations(hole, 2) for three in combinations(board, 3)
        )

    return best_low
