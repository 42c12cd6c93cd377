"""`Stakes`: the betting structure and the sizes of forced bets and bets.

>>> Stakes(structure="no-limit", small_blind=1, big_blind=2).minimum_bet
2
>>> Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3).raise_cap
4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

from hilo.errors import ConfigError

__all__ = ["MAX_CHIPS", "MAX_RAISE_CAP", "STRUCTURES", "Stakes", "Structure"]

MAX_CHIPS = 10**9
"""The most chips any amount may be: a bet, a stake, a buy-in or a stack."""

MAX_RAISE_CAP = 100
"""The most bets and raises a raise cap may allow in one round."""

Structure = Literal["fixed-limit", "spread-limit", "pot-limit", "no-limit"]
STRUCTURES: tuple[str, ...] = get_args(Structure)


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """How much is bet: the structure, the forced bets, and bet sizes (chips)."""

    structure: Structure = "fixed-limit"
    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    bring_in: int = 0
    small_bet: int = 0
    """Fixed limit: the bet on early streets. Stud: what the bring-in completes to."""
    big_bet: int = 0
    """Fixed limit: the bet on later streets."""
    min_bet: int = 0
    """Spread limit: the smallest bet or raise. Pot and no limit: the smallest bet."""
    max_bet: int = 0
    """Spread limit: the largest bet or raise."""
    raise_cap: int | None = 4
    """Limit games: bets and raises allowed in a round (None: no cap)."""
    lift_cap_heads_up: bool = False
    """House option: no cap once only two players are left in the hand."""

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            listed = ", ".join(STRUCTURES)
            raise ConfigError(f"structure must be one of {listed}, not {self.structure!r}")
        for item in fields(self):
            if item.name in ("structure", "raise_cap", "lift_cap_heads_up"):
                continue
            value = getattr(self, item.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"{item.name} must be a whole number of chips, not {value!r}")
            if value > MAX_CHIPS:
                raise ConfigError(f"{item.name} may be at most {MAX_CHIPS:,} chips")
        if self.raise_cap is not None and (
            isinstance(self.raise_cap, bool)
            or not isinstance(self.raise_cap, int)
            or not 1 <= self.raise_cap <= MAX_RAISE_CAP
        ):
            raise ConfigError(
                f"raise_cap must be 1 to {MAX_RAISE_CAP}, or none, not {self.raise_cap!r}"
            )
        if not isinstance(self.lift_cap_heads_up, bool):
            raise ConfigError(
                f"lift_cap_heads_up must be true or false, not {self.lift_cap_heads_up!r}"
            )
        if self.small_blind > self.big_blind:
            raise ConfigError("the small blind cannot be bigger than the big blind")
        if self.structure == "fixed-limit":
            if self.small_bet <= 0 or self.big_bet < self.small_bet:
                raise ConfigError(
                    "fixed-limit needs small_bet above 0 and big_bet at least small_bet"
                )
        elif self.structure == "spread-limit":
            if self.min_bet <= 0 or self.max_bet < self.min_bet:
                raise ConfigError("spread-limit needs min_bet above 0 and max_bet at least min_bet")
        elif self.minimum_bet <= 0:
            raise ConfigError(f"{self.structure} needs a big blind, a small bet or a min_bet")

    @property
    def is_limit(self) -> bool:
        """True for fixed and spread limit, where a raise cap applies."""
        return self.structure in ("fixed-limit", "spread-limit")

    @property
    def minimum_bet(self) -> int:
        """The smallest opening bet in pot and no limit (and spread limit's minimum)."""
        return self.min_bet or self.big_blind or self.small_bet

    def completion(self) -> int:
        """What a stud bring-in completes to."""
        return self.small_bet or self.minimum_bet

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Stakes:
        """Read stakes from plain data; unknown keys are an error."""
        if not isinstance(data, Mapping):
            raise ConfigError("stakes must be an object")
        known = {item.name for item in fields(cls)}
        for key in data:
            if key not in known:
                raise ConfigError(f"unknown stakes field '{key}': use {', '.join(sorted(known))}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data."""
        return {item.name: getattr(self, item.name) for item in fields(self)}
