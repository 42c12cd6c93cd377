"""Dealer's choice: which game each hand is, named by the dealer or rotating with the button.

A table plays in one of two modes (`MODES`). In ``rotate`` the games follow one another with
the button. In ``dealer-names`` the player on the button names the game of the hand from the
table's list (and how to declare, when the host lets the dealer choose) before the deal: a
`GameChoice`. With ``orbit`` on, the named game holds until the button comes round to a seat
that has already dealt it. Each game may have house rules of its own; the rest play the
table's.

>>> choice = GameChoice("seven-card-stud-hilo-declare", declare="in-turn")
>>> str(choice), GameChoice.from_dict(choice.to_dict()) == choice
('seven-card-stud-hilo-declare declare=in-turn', True)
>>> print(announcement("Ann", "Razz", GameChoice("razz")))
Ann chose Razz
>>> print(announcement("Ann", "Five-card stud high-low", GameChoice("x", declare="cards-speak")))
Ann chose Five-card stud high-low — cards speak
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from hilo.errors import ConfigError, IllegalActionError, NotationError
from hilo.rules.catalogue import SWITCH_APPLIES
from hilo.rules.house_rules import DeclareMethod, HouseRules
from hilo.rules.variants import Variant

__all__ = [
    "DECLARE_METHODS",
    "MODES",
    "GameChoice",
    "TableMode",
    "announcement",
    "check_choice",
    "check_mode",
    "choice_rules",
    "declare_methods",
]

TableMode = Literal["rotate", "dealer-names"]
MODES: tuple[str, ...] = get_args(TableMode)
"""How a table picks each hand's game: rotating with the button, or named by the dealer."""

DECLARE_METHODS: tuple[DeclareMethod, ...] = get_args(DeclareMethod)
"""How a dealer may say the hand is declared: all at once, in turn, or cards speak."""

_METHOD_WORDS = {
    "simultaneous": "declared all at once",
    "in-turn": "declared in turn",
    "cards-speak": "cards speak",
}

_DECLARE_IN_TITLE = re.compile(r"\bdeclare", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class GameChoice:
    """A dealer's call: the game, and how to declare (None: as the house rules for it say).

    >>> GameChoice.from_dict({"game": "razz", "declare": "sideways"})
    Traceback (most recent call last):
    ...
    hilo.errors.NotationError: a declare method is one of simultaneous, in-turn, cards-speak, not 'sideways'
    """  # noqa: E501

    game: str
    declare: DeclareMethod | None = None

    def __str__(self) -> str:
        return self.game if self.declare is None else f"{self.game} declare={self.declare}"

    def to_dict(self) -> dict[str, Any]:
        """The choice as plain data (``declare`` only when the dealer named it)."""
        data: dict[str, Any] = {"game": self.game}
        if self.declare is not None:
            data["declare"] = self.declare
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameChoice:
        """Read a choice written by `to_dict`, strictly."""
        game, declare = data.get("game"), data.get("declare")
        if not isinstance(game, str) or not game:
            raise NotationError("a choice names its game")
        if declare is not None and declare not in DECLARE_METHODS:
            methods = ", ".join(DECLARE_METHODS)
            raise NotationError(f"a declare method is one of {methods}, not {declare!r}")
        return cls(game, declare)


def check_mode(
    mode: str,
    games: tuple[str, ...],
    game_rules: tuple[tuple[str, HouseRules], ...],
    *,
    dealer_declares: bool,
    orbit: bool,
) -> None:
    """`ConfigError` for a table's way of picking games that cannot work."""
    if mode not in MODES:
        raise ConfigError(f"a table's mode is one of {', '.join(MODES)}, not {mode!r}")
    if mode == "rotate" and (dealer_declares or orbit):
        raise ConfigError("the dealer's declare method and orbits need mode 'dealer-names'")
    named = [name for name, _ in game_rules]
    for name in named:
        if name not in games or named.count(name) > 1:
            raise ConfigError(f"house rules for '{name}' need it once among the table's games")


def choice_rules(rules: HouseRules, choice: GameChoice) -> HouseRules:
    """The house rules of a game's hand, with the dealer's declare method if they named one."""
    if choice.declare is None or choice.declare == rules.declare:
        return rules
    changes: dict[str, Any] = {"declare": choice.declare}
    if choice.declare == "cards-speak":  # nothing to bet on after a declare that never comes
        changes.update(bet_after_declare=False, lock_rule="free")
    if choice.declare != "in-turn":
        changes["declare_order"] = "dealer-left"
    return rules.replace(**changes)


def check_choice(
    choice: GameChoice,
    games: tuple[str, ...],
    variants: Mapping[str, Variant],
    rules: Mapping[str, HouseRules],
    *,
    dealer_declares: bool,
) -> HouseRules:
    """The rules ``choice`` plays by, or `IllegalActionError` saying why it cannot be played."""
    if choice.game not in games:
        titles = ", ".join(variants[name].title for name in games)
        raise IllegalActionError(
            f"{choice.game!r} is not one of this table's games: choose from {titles}."
        )
    if choice.declare is not None and not dealer_declares:
        raise IllegalActionError(
            "The house rules say how to declare: the dealer names the game only."
        )
    if choice.declare is not None and choice.declare not in DECLARE_METHODS:
        raise IllegalActionError(f"Declare {', '.join(DECLARE_METHODS)}; not {choice.declare!r}.")
    variant = variants[choice.game]
    if choice.declare is not None and not SWITCH_APPLIES["declare"](variant):
        raise IllegalActionError(f"Nobody declares in {variant.title}: name the game alone.")
    try:
        played = choice_rules(rules[choice.game], choice)
        variant.check_rules(played)
    except ConfigError as error:
        raise IllegalActionError(f"{variant.title} cannot be played that way: {error}.") from None
    return played


def declare_methods(variant: Variant, rules: HouseRules) -> tuple[DeclareMethod, ...]:
    """The declare methods a dealer may name for ``variant`` (none in a game nobody declares)."""
    if not SWITCH_APPLIES["declare"](variant):
        return ()
    return tuple(
        method
        for method in DECLARE_METHODS
        if variant.rules_conflict(played := choice_rules(rules, GameChoice(variant.name, method)))
        is None
        and _declares(variant, played)
    )


def _declares(variant: Variant, rules: HouseRules) -> bool:
    try:
        variant.declares_under(rules)
    except ConfigError:
        return False
    return True


def announcement(name: str, title: str, choice: GameChoice) -> str:
    """What everybody is told of a dealer's choice ("Ann chose Razz"), the declare method
    in words that do not repeat the game's title ("..., declare — in turn").

    >>> print(announcement("Ann", "Omaha high-low, declare", GameChoice("x", "simultaneous")))
    Ann chose Omaha high-low, declare — all at once
    """
    if choice.declare is None:
        return f"{name} chose {title}"
    words = _METHOD_WORDS[choice.declare]
    if _DECLARE_IN_TITLE.search(title):
        words = words.removeprefix("declared ")
    return f"{name} chose {title} — {words}"
