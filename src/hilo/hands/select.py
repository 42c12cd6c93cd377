"""Which five cards a player may use (RULES.md section 3), and the best value they make.

>>> from hilo.cards import parse_cards
>>> hole, board = parse_cards("As 2s Kd Kh"), parse_cards("3s 4s 5s Kc Qd")
>>> str(best_high(hole, board, selection=Selection.OMAHA))
'Straight flush, five high (5s 4s 3s 2s As)'
>>> str(best_high(hole, board, selection=Selection.HOLDEM))
'Straight flush, five high (5s 4s 3s 2s As)'
>>> str(best_low(hole, board, selection=Selection.OMAHA, qualifier=8))
'Five-four low (5s 4s 3s 2s As)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import combinations

from hilo.cards import Card
from hilo.errors import HandError
from hilo.hands.high import high_score
from hilo.hands.low import ace_to_five_score, low_score
from hilo.hands.ranking import Ranking, Selection, criss_cross_lines
from hilo.hands.tables import Category, unpack
from hilo.hands.value import HandValue

__all__ = ["best_high", "best_low", "evaluate", "score_hand", "scorer"]

Scorer = Callable[[Sequence[Card]], int]


def scorer(ranking: Ranking, qualifier: int | None = None) -> Scorer:
    """The function that scores the best hand of ``ranking`` among some cards."""
    if ranking is Ranking.HIGH:
        if qualifier is not None:
            raise ValueError("a qualifier applies to lows only")
        return high_score
    if ranking is Ranking.ACE_TO_FIVE:
        return partial(ace_to_five_score, qualifier=qualifier)
    return partial(low_score, ranking=ranking, qualifier=qualifier)


def _check(hole: Sequence[Card], board: Sequence[Card], selection: Selection) -> None:
    if selection is Selection.OMAHA:
        if len(hole) < 2:
            raise HandError(f"an Omaha hand needs at least two hole cards, not {len(hole)}")
        if len(board) < 3:
            raise HandError(
                f"an Omaha hand needs at least three board cards; the board has {len(board)}"
            )
    if len(set(hole).union(board)) != len(hole) + len(board):
        raise HandError("the same card is both in the hand and on the board")


def _groups(
    hole: Sequence[Card], board: Sequence[Card], selection: Selection
) -> Iterator[tuple[Card, ...]]:
    """Every group of cards the player may use for one five-card hand."""
    if selection is Selection.OMAHA:
        threes = list(combinations(board, 3))
        for two in combinations(hole, 2):
            for three in threes:
                yield two + three
    elif selection is Selection.CRISS_CROSS:
        for line in criss_cross_lines(board):
            cards = tuple(hole) + line
            yield from combinations(cards, min(5, len(cards)))
    else:
        cards = tuple(hole) + tuple(board)
        yield from combinations(cards, min(5, len(cards)))


def score_hand(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    ranking: Ranking = Ranking.HIGH,
    selection: Selection = Selection.ANY_FIVE,
    qualifier: int | None = None,
) -> int:
    """The best score the player can make: the fast path, an int and no cards."""
    _check(hole, board, selection)
    score = scorer(ranking, qualifier)
    if selection is Selection.OMAHA:
        return max(score(group) for group in _groups(hole, board, selection))
    if selection is Selection.CRISS_CROSS:  # any five of the hand and one line of the cross
        return max(score(tuple(hole) + line) for line in criss_cross_lines(board))
    return score(tuple(hole) + tuple(board))


def _display_order(five: tuple[Card, ...], ranking: Ranking, score: int) -> tuple[Card, ...]:
    """Sort the cards used: bigger groups first, then higher ranks (low aces last)."""
    wheel = (
        ranking is Ranking.HIGH
        and unpack(score)[0] in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
        and unpack(score)[1] == 1 << 3
    )
    ace_low = ranking.is_ace_low or wheel
    counts: dict[int, int] = {}
    for card in five:
        counts[card.rank] = counts.get(card.rank, 0) + 1

    def key(card: Card) -> tuple[int, int, int]:
        value = 1 if ace_low and card.rank == 14 else int(card.rank)
        return (counts[card.rank], value, int(card.suit))

    return tuple(sorted(five, key=key, reverse=True))


def evaluate(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    ranking: Ranking = Ranking.HIGH,
    selection: Selection = Selection.ANY_FIVE,
    qualifier: int | None = None,
) -> HandValue:
    """The player's best `HandValue` under ``ranking``, with the five cards that make it."""
    best = score_hand(hole, board, ranking=ranking, selection=selection, qualifier=qualifier)
    if best == 0:
        return HandValue(ranking, 0, ())
    score = scorer(ranking, qualifier)
    for group in _groups(hole, board, selection):
        if score(group) == best:
            return HandValue(ranking, best, _display_order(group, ranking, best))
    raise AssertionError("the best score must come from one of the groups")  # pragma: no cover


def best_high(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    selection: Selection = Selection.ANY_FIVE,
) -> HandValue:
    """The best high hand from the player's cards (and the board, if any)."""
    return evaluate(hole, board, ranking=Ranking.HIGH, selection=selection)


def best_low(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    ranking: Ranking = Ranking.ACE_TO_FIVE,
    qualifier: int | None = None,
    selection: Selection = Selection.ANY_FIVE,
) -> HandValue:
    """The best low of ``ranking`` (ace-to-five by default), or no low if none qualifies."""
    if not ranking.is_low:
        raise ValueError("best_low needs one of the low rankings")
    return evaluate(hole, board, ranking=ranking, selection=selection, qualifier=qualifier)
