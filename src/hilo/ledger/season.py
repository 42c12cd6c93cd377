"""A home game's season: the nights played, and each player's results added up across them.

>>> from datetime import date
>>> nights = [Night(date(2026, 11, 24), (("Ann", -40), ("Bob", 40))),
...           Night(date(2026, 12, 1), (("Bob", -15), ("Cy", 15)))]
>>> [str(row) for row in season_totals(nights, players=("Ann", "Bob", "Cy", "Di"))]
['Bob +25 in 2 nights', 'Cy +15 in 1 night', 'Di 0 in 0 nights', 'Ann -40 in 1 night']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from hilo.ledger.book import plain_text

__all__ = ["MAX_HOME_NAME_LENGTH", "Night", "SeasonRow", "home_game_name", "season_totals"]

MAX_HOME_NAME_LENGTH = 80
"""The most characters a home game's name may have."""


@dataclass(frozen=True, slots=True)
class Night:
    """One night of a home game: its date and each player's net result.

    >>> Night(date(2026, 12, 1), (("Ann", -40), ("Bob", 40))).nets[1]
    ('Bob', 40)
    """

    played_on: date
    nets: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A player's season: nights played and the net result over them.

    >>> str(SeasonRow("Ann", 3, -40))
    'Ann -40 in 3 nights'
    """

    player: str
    nights: int
    net: int

    def __str__(self) -> str:
        nights = "1 night" if self.nights == 1 else f"{self.nights} nights"
        net = f"{self.net:+,}" if self.net else "0"
        return f"{self.player} {net} in {nights}"

    def to_dict(self) -> dict[str, str | int]:
        """``{"player", "nights", "net"}``."""
        return {"player": self.player, "nights": self.nights, "net": self.net}


def season_totals(nights: Iterable[Night], players: Iterable[str] = ()) -> tuple[SeasonRow, ...]:
    """Each player's nights and net over ``nights`` (the home game's ``players`` too, with
    nothing yet), biggest winner first, ties by name."""
    played: dict[str, int] = dict.fromkeys(players, 0)
    totals: dict[str, int] = dict.fromkeys(players, 0)
    for night in nights:
        for name, net in night.nets:
            played[name] = played.get(name, 0) + 1
            totals[name] = totals.get(name, 0) + net
    rows = (SeasonRow(name, played[name], totals[name]) for name in totals)
    return tuple(sorted(rows, key=lambda row: (-row.net, row.player)))


def home_game_name(text: str) -> str:
    """A home game's name: trimmed, 1 to 80 printable characters.

    >>> home_game_name("  Friday night hi-lo ")
    'Friday night hi-lo'
    """
    return plain_text(
        text, limit=MAX_HOME_NAME_LENGTH, what="A home game's name", empty="Name the home game."
    )
