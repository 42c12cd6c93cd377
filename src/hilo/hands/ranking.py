"""The names of the hand rankings and of the ways five cards are chosen."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

from hilo.errors import ConfigError

__all__ = ["Ranking", "Selection", "criss_cross_lines"]

T = TypeVar("T")


class Ranking(StrEnum):
    """Which ranking a hand value uses: the high ranking or one of the three lows.

    >>> Ranking.parse("Ace-to-Five"), Ranking.DEUCE_TO_SEVEN.is_low
    (<Ranking.ACE_TO_FIVE: 'ace-to-five'>, True)
    """

    HIGH = "high"
    ACE_TO_FIVE = "ace-to-five"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    ACE_TO_SIX = "ace-to-six"

    @property
    def is_low(self) -> bool:
        """True for the three low rankings."""
        return self is not Ranking.HIGH

    @property
    def is_ace_low(self) -> bool:
        """True where the ace always counts as one (ace-to-five and ace-to-six)."""
        return self in (Ranking.ACE_TO_FIVE, Ranking.ACE_TO_SIX)

    @classmethod
    def parse(cls, text: str) -> Ranking:
        """Read a ranking name such as ``"ace-to-five"`` (any case, ``_`` for ``-``)."""
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(member.value for member in cls)
        raise ConfigError(f"'{text}' is not a hand ranking: use one of {names}")


class Selection(StrEnum):
    """How a player's five cards are chosen (RULES.md section 3).

    >>> Selection.parse("omaha").value
    'omaha'
    """

    ANY_FIVE = "any-five"
    """Draw and stud: any five of the player's own cards (plus any board)."""
    HOLDEM = "holdem"
    """Hold'em family: any five of the player's cards and the board."""
    OMAHA = "omaha"
    """Omaha family: exactly two of the player's cards and exactly three board cards."""
    CRISS_CROSS = "criss-cross"
    """Criss-cross: any five of the player's cards and either the row or the column of a
    board laid as a cross (`criss_cross_lines`)."""

    @classmethod
    def parse(cls, text: str) -> Selection:
        """Read a selection name: ``any-five``, ``holdem``, ``omaha`` or ``criss-cross``."""
        key = text.strip().lower().replace("_", "-").replace("'", "")
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(member.value for member in cls)
        raise ConfigError(f"'{text}' is not a way to choose five cards: use one of {names}")


def criss_cross_lines(board: Sequence[T]) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """The row and the column of a criss-cross board, in the order it is dealt: the row's
    two arms, the column's two arms, then the centre, which is in both.

    Before the centre is dealt, each line holds the cards of it dealt so far.

    >>> from hilo.cards import parse_cards
    >>> row, column = criss_cross_lines(parse_cards("2c 3d 4h 5s 6c"))
    >>> " ".join(map(str, row)), " ".join(map(str, column))
    ('2c 3d 6c', '4h 5s 6c')
    """
    centre = tuple(board[4:5])
    return tuple(board[0:2]) + centre, tuple(board[2:4]) + centre
