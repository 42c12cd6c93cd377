"""The names of the hand rankings and of the ways five cards are chosen."""

from __future__ import annotations

from enum import StrEnum

from hilo.errors import ConfigError

__all__ = ["Ranking", "Selection"]


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

    @classmethod
    def parse(cls, text: str) -> Selection:
        """Read a selection name: ``any-five``, ``holdem`` or ``omaha``."""
        key = text.strip().lower().replace("_", "-").replace("'", "")
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(member.value for member in cls)
        raise ConfigError(f"'{text}' is not a way to choose five cards: use one of {names}")
