"""Declarations: high, low or both ways."""

from __future__ import annotations

from enum import StrEnum

from hilo.errors import NotationError

__all__ = ["Direction", "Outcome"]

_ALIASES = {
    "high": "high",
    "hi": "high",
    "h": "high",
    "low": "low",
    "lo": "low",
    "l": "low",
    "both": "both",
    "b": "both",
    "swing": "both",
    "hog": "both",
    "scoop": "both",
    "pig": "both",
}


class Direction(StrEnum):
    """The way a player declares: high, low, or both ways (swing).

    >>> Direction.parse("swing"), Direction.BOTH.goes_low
    (<Direction.BOTH: 'both'>, True)
    """

    HIGH = "high"
    LOW = "low"
    BOTH = "both"

    @property
    def goes_high(self) -> bool:
        """True for high and both."""
        return self is not Direction.LOW

    @property
    def goes_low(self) -> bool:
        """True for low and both."""
        return self is not Direction.HIGH

    @property
    def words(self) -> str:
        """How a player says it: ``"high"``, ``"low"``, ``"both ways"``."""
        return "both ways" if self is Direction.BOTH else self.value

    @classmethod
    def parse(cls, text: str) -> Direction:
        """Read ``high``, ``low`` or ``both`` (also ``swing``, ``hog``, ``scoop``), any case."""
        key = _ALIASES.get(text.strip().lower())
        if key is None:
            raise NotationError(f"'{text}' is not a declaration: use high, low or both")
        return cls(key)


class Outcome(StrEnum):
    """How a swing did on one side against every other contender of that side."""

    WIN = "win"
    TIE = "tie"
    LOSE = "lose"
