"""How the server paces its tables: bots' delays, the pause after a hand, and the clocks it
reads (tests make bots instant, stop the dealing and pass their own clocks)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from hilo.web.clock import Clock, MonotonicClock

__all__ = ["ServerSettings"]


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How the server paces its tables (tests make bots instant and stop the dealing)."""

    bot_delay: float = 0.8
    """Seconds a bot waits before acting, so people can follow."""
    next_hand_delay: float = 6.0
    """Seconds between the end of a hand and the next deal, to look at the showdown."""
    choice_delay: float = 3.0
    """Seconds everybody sees the dealer's choice of game before the deal."""
    shown_delay: float = 3.0
    """Seconds everybody sees the cards a winner nobody called showed before the deal, when
    they showed late."""
    bot_deadline: float = 10.0
    """Seconds a bot may think (after its delay) before the clock answers for it."""
    clock: Clock = field(default_factory=MonotonicClock)
    """What every table asks the time (tests pass a `hilo.web.clock.FakeClock`)."""
    today: Callable[[], date] = date.today
    """Today's date, for the nights of a home game (tests pass their own)."""
    wall: Callable[[], float] = time.time
    """The time of day, in seconds since 1970, that chat lines show (tests pass their own)."""
