"""How much of one turn of the server's event loop a kind of work may take.

Work that comes in bursts (a commit answering for dozens of tables at once, each of whose
changes is then shown to its watchers) would keep every connection waiting if it were all
done in one turn of the loop. A `TurnBudget` lets such work go on in a turn only until its
time is spent; the rest waits for the next turns, and the loop serves its connections in
between.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

__all__ = ["SHOWING_PER_TURN", "TurnBudget"]

SHOWING_PER_TURN = 0.010
"""Seconds one turn of the event loop may spend showing tables' changes to their watchers
before the tables still waiting to be shown let it serve its connections first."""


class TurnBudget:
    """The time one turn of the running event loop may spend on one kind of work."""

    __slots__ = ("_began", "_timer", "seconds")

    def __init__(self, seconds: float, timer: Callable[[], float] = time.perf_counter) -> None:
        self.seconds = seconds
        """How long the work may go on in one turn, counted from its first piece."""
        self._timer = timer
        """The clock the work's time is read from (in seconds; any fixed start)."""
        self._began: float | None = None

    def spent(self) -> bool:
        """Whether this turn's time for the work is spent (the first piece of the work in a
        turn starts its count, and is never refused: the work always moves on)."""
        now = self._timer()
        if self._began is None:
            self._began = now
            asyncio.get_running_loop().call_soon(self._next_turn)
            return False
        return now - self._began > self.seconds

    def _next_turn(self) -> None:
        """A new turn of the event loop: its work starts a count of its own."""
        self._began = None
