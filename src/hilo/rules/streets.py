"""A street of a game: the cards it deals, the players' card decisions, its betting round.

Streets are read from a variant's data (see `hilo.rules.variants`) and checked field by
field; a mistake names the street and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args

from hilo.errors import ConfigError
from hilo.hands.ranking import Selection

if TYPE_CHECKING:
    from hilo.rules.variants import Variant

__all__ = ["PassTo", "Street"]

STREET_FIELDS = (
    "name", "down", "up", "board", "draw", "passes", "pass_to", "discard", "arrange", "roll",
    "reveal", "take_or_stand", "bet", "big_bet",
)  # fmt: skip
"""The fields a street may have in a variant's data."""
PassTo = Literal["left", "right"]
PASS_TO: tuple[str, ...] = get_args(PassTo)
"""The neighbours a street may pass cards to."""


@dataclass(frozen=True, slots=True)
class Street:
    """One street: cards dealt (down, up, to the board), a draw, the players' secret card
    decisions (pass, discard, arrange, roll, in that order), a reveal, then a betting round.

    >>> Street("flop", board=3, bet=True)
    Street(name='flop', down=0, up=0, board=3, draw=False, bet=True, big_bet=False)
    >>> Street("pass", passes=3, pass_to="right", bet=True).has_decisions
    True
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    bet: bool = False
    big_bet: bool = False
    passes: int = 0
    """Cards each live player passes to the next live player, all at once."""
    pass_to: PassTo = "left"
    """Which neighbour gets the passed cards."""
    discard: int = 0
    """Cards each live player throws away, secretly, all at once."""
    arrange: bool = False
    """Each live player secretly orders their cards; `reveal` turns them up in that order."""
    roll: int = 0
    """Face-down cards each live player chooses to turn up; all turn up together."""
    reveal: int = 0
    """The next face-down cards of each arranged hand, turned up together (no choice)."""
    take_or_stand: bool = False
    """7/27's drawing: rounds in which each live player takes one face-up card or stands,
    each followed by this street's betting round, repeated until nobody takes a card (see
    `hilo.engine.offers`)."""

    def __repr__(self) -> str:
        shown = [f"name={self.name!r}"]
        shown += [
            f"{key}={getattr(self, key)!r}"
            for key in ("down", "up", "board", "draw", "bet", "big_bet")
        ]
        shown += [
            f"{key}={getattr(self, key)!r}" for key in QUIET if getattr(self, key) != QUIET[key]
        ]
        return f"Street({', '.join(shown)})"

    @property
    def has_decisions(self) -> bool:
        """True when players pass, discard, arrange or roll cards on this street."""
        return bool(self.passes or self.discard or self.arrange or self.roll or self.take_or_stand)


QUIET: dict[str, object] = {
    "passes": 0, "pass_to": "left", "discard": 0, "arrange": False, "roll": 0, "reveal": 0,
    "take_or_stand": False,
}  # fmt: skip
"""The values of the card-decision fields a street without them has (not written out)."""


def whole_number_between(value: Any, where: str, lowest: int, highest: int) -> int:
    """``value`` when it is a whole number from ``lowest`` to ``highest``, else a sentence."""
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= highest:
        raise ConfigError(
            f"{where} must be a whole number from {lowest} to {highest}, not {value!r}"
        )
    return value


def read_street(data: Any, where: str) -> Street:
    """One street read from a variant's data and checked; errors name the street's field."""
    if not isinstance(data, Mapping):
        raise ConfigError(f'{where}: must be a table such as {{ name = "flop", board = 3 }}')
    for key in data:
        if key not in STREET_FIELDS:
            raise ConfigError(f"{where}: unknown field '{key}': use {', '.join(STREET_FIELDS)}")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{where}: every street needs a name")
    flags = {}
    for flag in ("draw", "bet", "big_bet"):
        value = data.get(flag, False)
        if not isinstance(value, bool):
            raise ConfigError(f"{where}.{flag} must be true or false, not {value!r}")
        flags[flag] = value
    for flag in ("arrange", "take_or_stand"):
        value = data.get(flag, False)
        if not isinstance(value, bool):
            raise ConfigError(f"{where}.{flag} must be true or false, not {value!r}")
    pass_to = data.get("pass_to", "left")
    if pass_to not in PASS_TO:
        raise ConfigError(f"{where}.pass_to must be 'left' or 'right', not {pass_to!r}")
    return Street(
        name,
        down=whole_number_between(data.get("down", 0), f"{where}.down", 0, 7),
        up=whole_number_between(data.get("up", 0), f"{where}.up", 0, 7),
        board=whole_number_between(data.get("board", 0), f"{where}.board", 0, 5),
        passes=whole_number_between(data.get("passes", 0), f"{where}.passes", 0, 7),
        pass_to=pass_to,
        discard=whole_number_between(data.get("discard", 0), f"{where}.discard", 0, 7),
        arrange=data.get("arrange", False),
        take_or_stand=data.get("take_or_stand", False),
        roll=whole_number_between(data.get("roll", 0), f"{where}.roll", 0, 7),
        reveal=whole_number_between(data.get("reveal", 0), f"{where}.reveal", 0, 7),
        **flags,
    )


def check_card_decisions(variant: Variant, where: str) -> None:
    """Refuse passes, discards, rolls and reveals of cards the players cannot have."""
    held = down = 0
    arranged = False
    for index, street in enumerate(variant.streets):
        at = f"{where}: streets[{index}]"
        held += street.down + street.up
        down += street.down
        if street.has_decisions and (street.draw or variant.selection is not Selection.ANY_FIVE):
            raise ConfigError(
                f"{at}: passes, discards and rolls are for any-five games with no draw"
            )
        if street.passes > held:
            raise ConfigError(f"{at}: players pass {street.passes} cards but hold {held}")
        held -= street.discard
        down = min(down, held)
        if street.discard and held < 1:
            raise ConfigError(f"{at}: players discard {street.discard} cards but hold fewer")
        arranged = arranged or street.arrange
        for turned, field in ((street.roll, "roll"), (street.reveal, "reveal")):
            if turned > down:
                raise ConfigError(f"{at}: players {field} {turned} cards but have {down} down")
            down -= turned
        if street.reveal and not arranged:
            raise ConfigError(
                f"{at}: reveal turns up arranged cards: arrange on this street or earlier"
            )
