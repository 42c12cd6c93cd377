"""Wild cards and a short deck while a hand is dealt (HOME-GAMES.md sections 1.1 and 1.2).

Follow the queen changes what is wild as face-up cards are dealt: `queen_ranks` works
out the wild ranks from the face-up cards so far, and the hand records every change as a
`hilo.engine.events.WildChanged`. In stud, a street the deck cannot give to every live
player is dealt by `short_street`: whole rounds while they last, then one community
card in the middle for everybody, or nothing when no card is left.

>>> from hilo.cards import parse_cards
>>> sorted(queen_ranks(parse_cards("5c Qd 7h"), "none-wild", more_to_come=False))
[<Rank.SEVEN: 7>, <Rank.QUEEN: 12>]
>>> queen_ranks(parse_cards("5c Qd"), "none-wild", more_to_come=False)
frozenset()
>>> sorted(queen_ranks(parse_cards("5c Qd"), "none-wild", more_to_come=True))
[<Rank.QUEEN: 12>]
>>> short_street(per_seat=1, live=7, left=4)
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo.cards import Card, Rank
from hilo.hands.wildspec import QueenLast, WildSpec, follow_the_queen, lowest_hole_rank

__all__ = ["queen_ranks", "seat_wild", "short_street"]


def queen_ranks(
    face_up: Sequence[Card], queen_last: QueenLast, *, more_to_come: bool
) -> frozenset[Rank]:
    """The ranks follow the queen makes wild after ``face_up`` (every face-up card so far,
    in the order dealt).

    While more face-up cards are to come, a queen just dealt leaves queens alone wild
    (whatever followed the queen before is replaced, and the next face-up card names the new
    rank); once none are to come, ``queen_last`` says what a queen dealt last means.
    """
    return follow_the_queen(face_up, "only-queens" if more_to_come else queen_last)


def seat_wild(
    spec: WildSpec,
    ranks: frozenset[Rank] | None,
    down: Sequence[Card],
    *,
    ace_low: bool,
) -> frozenset[Rank]:
    """The ranks wild for one seat only: its lowest face-down card's rank under
    ``low-hole``, when that rank is not already wild for everybody; else nothing."""
    if not spec.low_hole:
        return frozenset()
    lowest = lowest_hole_rank(down, ace_low=ace_low)
    everybody = spec.resolve(queen_ranks=ranks).ranks
    return frozenset() if lowest is None or lowest in everybody else frozenset({lowest})


def short_street(*, per_seat: int, live: int, left: int) -> tuple[int, bool]:
    """How a stud street of ``per_seat`` cards to each of ``live`` players is dealt from a
    deck of ``left`` cards that cannot give them all: the cards each player still gets
    (whole rounds, one card each, while they last), and whether one card then goes face up
    in the middle as a community card (when any card is left).
    """
    rounds = min(per_seat - 1, left // live) if live else 0
    return rounds, left - rounds * live > 0
