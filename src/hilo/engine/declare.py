"""Declarations: high, low or both ways."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Literal

from hilo.errors import NotationError

__all__ = ["Direction", "Outcome", "lock_limit"]

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


def lock_limit(
    seat: int, declarations: Mapping[int, Direction], live: Sequence[int], lock_rule: str
) -> tuple[Literal["call-only", "no-raise"], str] | None:
    """What the lock rule lets ``seat`` do in the round after the declare, if it is a lock.

    A lock is the only player still in who declared one way (high or low); a player who
    declared both ways is never a lock, as the swing can still lose everything.

    >>> lock_limit(1, {0: Direction.HIGH, 1: Direction.LOW}, [0, 1], "call-only")
    ('call-only', 'you declared low alone and the house rule is call-only')
    >>> lock_limit(1, {0: Direction.BOTH, 1: Direction.LOW}, [0, 1], "call-only") is None
    True
    """
    if lock_rule not in ("call-only", "no-raise"):
        return None
    mine = declarations.get(seat)
    if mine is None or mine is Direction.BOTH:
        return None
    same_way = [other for other in live if declarations.get(other) in (mine, Direction.BOTH)]
    if same_way != [seat]:
        return None
    rule: Literal["call-only", "no-raise"] = "call-only" if lock_rule == "call-only" else "no-raise"
    return rule, f"you declared {mine.value} alone and the house rule is {rule}"
