"""The referee's facts: how each pot was settled, as values the explanation is written from.

A ruling says what happened in fields and enums, never in strings another module must
parse: `Method` says how a pot was settled, `FallbackRuling` which house rule settled a
pot that nobody could win under the declarations.

>>> ruling = FallbackRuling(Fallback.SECOND_BEST, then_rides=True)
>>> str(ruling)
'no_winner=second-best, then rides'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from hilo.engine.declare import Direction, Outcome
from hilo.frozen import quick_init

__all__ = [
    "Fallback",
    "FallbackRuling",
    "Method",
    "PotAward",
    "PotRuling",
    "Side",
    "SwingCheck",
]


class Side(StrEnum):
    """Why chips went to a seat: a half of the pot, a no-winner split, or an uncontested pot."""

    HIGH = "high"
    LOW = "low"
    SPLIT = "split"
    UNCONTESTED = "uncontested"


@quick_init
@dataclass(frozen=True, slots=True)
class PotAward:
    """Chips from one pot to one seat, with the side and the reason in words.

    >>> PotAward(pot=0, seat=2, amount=60, side=Side.LOW, reason="best low")
    PotAward(pot=0, seat=2, amount=60, side=<Side.LOW: 'low'>, reason='best low')
    """

    pot: int
    seat: int
    amount: int
    side: Side
    reason: str


@quick_init
@dataclass(frozen=True, slots=True)
class SwingCheck:
    """A swing's result on each side and the sides it may still win (empty: ineligible)."""

    seat: int
    high: Outcome
    low: Outcome
    high_rival: int | None
    low_rival: int | None
    sides: frozenset[Direction]

    @property
    def is_eligible(self) -> bool:
        """True when the swing may win at least one side."""
        return bool(self.sides)


class Method(StrEnum):
    """How a pot was settled in the end."""

    UNCONTESTED = "uncontested"
    DECLARED = "declared"
    CARDS_SPEAK = "cards-speak"
    SPLIT = "split"
    RIDES = "rides"


class Fallback(StrEnum):
    """The house rule that settled a pot nobody could win under the declarations.

    The value cites the switch and its setting, as the explanation and JSON show it.
    """

    ALL_SWING_CARDS_SPEAK = "all_swing_fallback=cards-speak"
    CARDS_SPEAK = "no_winner=cards-speak"
    SPLIT = "no_winner=split"
    SECOND_BEST = "no_winner=second-best"
    KEEP_WON_SIDE = "no_winner=keep-won-side"
    RIDES = "no_winner=rides"


@quick_init
@dataclass(frozen=True, slots=True)
class FallbackRuling:
    """Which fallback settled a pot; ``then_rides``: the fallback's second settlement found
    no winner either (second-best hands that already could win count), so the pot rides.

    >>> str(FallbackRuling(Fallback.SPLIT))
    'no_winner=split'
    """

    rule: Fallback
    then_rides: bool = False

    def __str__(self) -> str:
        return self.rule.value + (", then rides" if self.then_rides else "")


@quick_init
@dataclass(frozen=True, slots=True)
class PotRuling:
    """How one pot was settled: the facts the explanation is written from, and the awards."""

    index: int
    amount: int
    seats: tuple[int, ...]
    method: Method
    awards: tuple[PotAward, ...]
    carried: int = 0
    fallback: FallbackRuling | None = None
    swings: tuple[SwingCheck, ...] = ()
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    high_blocker: int | None = None
    low_blocker: int | None = None
    second_best_used: bool = False
    low_rides: bool = False
    """The low half rode to the next hand: nobody contesting it had anything on that side
    (Chicago with no spade in the hole, under no_spade=rides)."""

    @property
    def name(self) -> str:
        """``Main pot`` or ``Side pot N``."""
        return "Main pot" if self.index == 0 else f"Side pot {self.index}"
