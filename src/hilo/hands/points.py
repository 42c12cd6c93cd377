"""Seven-twenty-seven: what a card counts, the totals a hand makes, and how near a target.

Totals are counted in half points, so that they stay whole numbers: a card counts its
face value, J Q K half a point, an ace 1 or 11 at the holder's choice, chosen afresh for
each target (HOME-GAMES.md section 1.4). A hand's score for a target is greater the
nearer its best total comes; 0 is no score at all (a bust, with ``bust`` on).

>>> from hilo.cards import parse_cards
>>> hand = parse_cards("Kc 9d 7h Ts")
>>> describe_total(totals(hand)[0])
'26½'
>>> points_score(hand, 27, bust=True, under_wins=True) > points_score(
...     parse_cards("9c 9h 9s Qd"), 27, bust=True, under_wins=True)   # 27½ is a bust
True
>>> describe_total(best_total(parse_cards("Ac 6d"), 7, bust=False, under_wins=True) or 0)
'7'
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo.cards import Card, Rank

__all__ = [
    "SCORE_BASE",
    "best_total",
    "describe_total",
    "describe_totals",
    "points_score",
    "totals",
]

SCORE_BASE = 1 << 12
"""Every points score is ``SCORE_BASE`` less twice the distance in half points (plus one
for a total over the target when the total under it wins a tie of distance)."""


def _half_points(card: Card) -> int:
    """A card's count in half points, an ace counted as one point."""
    if card.rank == Rank.ACE:
        return 2
    if card.rank >= Rank.JACK:
        return 1
    return 2 * int(card.rank)


def totals(cards: Sequence[Card]) -> tuple[int, ...]:
    """Every total the cards make in half points, smallest first (each ace 1 or 11)."""
    base = sum(_half_points(card) for card in cards)
    aces = sum(1 for card in cards if card.rank == Rank.ACE)
    return tuple(base + 20 * eleven for eleven in range(aces + 1))


def _key(total: int, target: int, under_wins: bool) -> int:
    """How far a total (half points) is from a target (whole points): smaller is nearer."""
    distance = total - 2 * target
    over = 1 if distance > 0 and under_wins else 0
    return 2 * abs(distance) + over


def best_total(cards: Sequence[Card], target: int, *, bust: bool, under_wins: bool) -> int | None:
    """The total (half points) the holder counts for ``target``; None when every total busts."""
    allowed = [total for total in totals(cards) if not (bust and total > 2 * target)]
    if not allowed:
        return None
    return min(allowed, key=lambda total: _key(total, target, under_wins))


def points_score(cards: Sequence[Card], target: int, *, bust: bool, under_wins: bool) -> int:
    """The cards' score for ``target``: greater is nearer; 0 when they bust.

    ``bust``: a total over the target cannot win it. ``under_wins``: of two totals as far
    from the target, the one under it is better (else they tie).
    """
    total = best_total(cards, target, bust=bust, under_wins=under_wins)
    if total is None:
        return 0
    return SCORE_BASE - _key(total, target, under_wins)


def describe_totals(cards: Sequence[Card]) -> str:
    """Every total the cards make, in words: ``"9 or 19"`` with an ace, ``"0"`` for none.

    >>> from hilo.cards import parse_cards
    >>> describe_totals(parse_cards("Ac 8d Kh"))
    '9½ or 19½'
    """
    return " or ".join(describe_total(total) for total in totals(cards))


def describe_total(half_points: int) -> str:
    """A total in half points as a player says it: ``"26½"``, ``"7"``, ``"½"``."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole or ''}½"
