"""Who is at a table: a seated `Player`, and a `Viewer` (a person, or nobody) looking at it."""

from __future__ import annotations

from dataclasses import dataclass

from hilo.engine.joining import NOTHING_OWED, Owed

__all__ = ["SPECTATOR", "Player", "Viewer"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who looks at a table: a person, by their player number there, or nobody (None).

    Nobody, a spectator or the host, sees only what is face up; a person also sees their own
    hidden cards in the hands they were dealt.

    >>> Viewer(4), SPECTATOR
    (Viewer(player=4), Viewer(player=None))
    """

    player: int | None = None
    """The `Player.number` of the person, or None for nobody in particular."""


SPECTATOR = Viewer()
"""Nobody in particular: a spectator or the host."""


@dataclass(frozen=True, slots=True)
class Player:
    """A seated player: name, chips behind, chips bought in, and whether sitting out."""

    name: str
    stack: int
    bought_in: int
    is_sitting_out: bool = False
    bot: str | None = None
    """The kind of bot playing this seat, or None for a person."""
    is_leaving: bool = False
    """Taken away by the host: leaves with their chips when the hand in play ends."""
    time_bank: float = 0.0
    """Seconds of time bank left."""
    number: int = 0
    """Who this is at the table: the count of sittings there so far, this one included (1 for
    the first person to sit down). Somebody who leaves and sits down again is a new number."""
    owed: Owed = NOTHING_OWED
    """Blinds owed before playing on at a blind table (`hilo.engine.joining`)."""

    @property
    def net(self) -> int:
        """Chips won (or lost, when negative) since sitting down."""
        return self.stack - self.bought_in
