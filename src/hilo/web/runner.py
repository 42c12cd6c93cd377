"""A table in play on the server: its clock, its bots, dealing hand after hand, host controls.

Everything that changes a table goes through a `TableRunner`, inside the server's event
loop, one change at a time: the change is checked by the engine, written to the journal,
and then `TableRunner.changed` tells the watchers. A background task per table acts for
bots, runs the clock out on players who take too long, and deals the next hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from hilo.engine.actions import Action, ActionKind
from hilo.engine.journal import JournaledTable
from hilo.engine.table import Table
from hilo.engine.views import TableView
from hilo.errors import IllegalActionError

__all__ = ["HOST_COMMANDS", "SEAT_COMMANDS", "ServerSettings", "TableRunner"]

log = logging.getLogger("hilo.web")

HOST_COMMANDS = (
    "start",
    "pause",
    "resume",
    "end",
    "add-bot",
    "remove",
    "approve",
    "deny",
    "new-link",
)
"""What the host of a table may do."""

SEAT_COMMANDS = ("sit-out", "sit-in", "rebuy", "leave")
"""What a seated player may do besides playing."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How the server paces its tables (tests make bots instant and stop the dealing)."""

    bot_delay: float = 0.8
    """Seconds a bot waits before acting, so people can follow."""
    next_hand_delay: float = 6.0
    """Seconds between the end of a hand and the next deal, to look at the showdown."""


class Bot(Protocol):
    """A player that sees only its view."""

    def act(self, view: TableView) -> Action:
        """An action for ``view.viewer``."""
        ...


def make_bot(kind: str, table: Table) -> Bot:
    """A bot of ``kind`` for a seat at ``table``."""
    from hilo.bots import make_bot as make  # noqa: PLC0415 - bots load only when a table has one

    bot: Bot = make(kind, random.Random(), rules=table.config.rules)
    return bot


class TableRunner:
    """One table in play: changes, the clock, the bots and the dealing."""

    def __init__(
        self,
        table_id: str,
        journaled: JournaledTable,
        settings: ServerSettings,
        notify: Callable[[str], Awaitable[None]],
    ) -> None:
        self.id = table_id
        self.journaled = journaled
        self.settings = settings
        self._notify = notify
        self.connected: Counter[int] = Counter()
        self._bots: dict[int, Bot] = {}
        self._waiting_since: dict[int, float] = {}
        self._hand_over_at: float | None = None
        self._deal_now = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def table(self) -> Table:
        """The table itself."""
        return self.journaled.table

    # -- the background task ------------------------------------------------------------

    def start(self) -> None:
        """Start acting for bots, running clocks and dealing (in the running event loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self.id)

    async def stop(self) -> None:
        """Stop the background task."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def changed(self) -> None:
        """Tell every watcher about a change, and let the background task look again."""
        self._track_waiting()
        self._wake.set()
        await self._notify(self.id)

    def _track_waiting(self) -> None:
        """Start the clock of every seat the hand now waits for; stop the others'."""
        hand, now = self.table.hand, time.monotonic()
        waiting = self.table.to_act() if hand is not None and not hand.is_complete else ()
        for seat in list(self._waiting_since):
            if seat not in waiting:
                del self._waiting_since[seat]
        for seat in waiting:
            self._waiting_since.setdefault(seat, now)

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            when, job = self._next_job()
            if job is not None and when <= time.monotonic():
                try:
                    job()
                except Exception:  # pragma: no cover - a bug, logged; the table stays alive
                    log.exception("table %s: what the table did by itself failed", self.id)
                    self._deal_now = False
                    await asyncio.sleep(1.0)  # and does not try again at once
                await self.changed()
                continue
            timeout = None if job is None else max(0.0, when - time.monotonic())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    def _next_job(self) -> tuple[float, Callable[[], None] | None]:
        """The next thing the table will do by itself, and when."""
        table, now = self.table, time.monotonic()
        hand = table.hand
        self._track_waiting()
        if hand is not None and not hand.is_complete:
            self._hand_over_at = None
            jobs: list[tuple[float, Callable[[], None]]] = []
            for seat, since in self._waiting_since.items():
                player = table.players[seat]
                if player is None or player.is_leaving:
                    jobs.append((now, partial(self._take_away, seat)))
                elif player.bot is not None:
                    jobs.append((since + self.settings.bot_delay, partial(self._bot, seat)))
                else:
                    limit = self.table.config.action_clock + player.time_bank
                    jobs.append((since + limit, partial(self._time_out, seat)))
            return min(jobs, key=lambda job: job[0]) if jobs else (now, None)
        if hand is not None and self._hand_over_at is None:
            self._hand_over_at = now
        if table.status != "playing" or not self._can_deal():
            return now, None
        if self._deal_now or self._hand_over_at is None:
            return now, self._deal
        return self._hand_over_at + self.settings.next_hand_delay, self._deal

    def _can_deal(self) -> bool:
        """Two players with chips, one of them a person (bots do not play on by themselves)."""
        dealt = [
            player
            for player in self.table.players
            if player is not None and player.stack > 0 and not player.is_sitting_out
        ]
        return len(dealt) >= 2 and any(player.bot is None for player in dealt)

    def _deal(self) -> None:
        self._deal_now = False
        self._hand_over_at = None
        self.journaled.start_hand()

    def _bot(self, seat: int) -> None:
        player = self.table.players[seat]
        assert player is not None
        assert player.bot is not None
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(player.bot, self.table)
        view = self.table.view_for(seat)
        assert view is not None
        try:
            action = bot.act(view)
        except Exception:  # a bot's mistake must not stop the table: the clock acts instead
            log.exception("table %s: the %s bot in seat %d failed", self.id, player.bot, seat)
            self.journaled.apply(Action.timeout(seat))
            return
        try:
            self.journaled.apply(
                Action(seat, action.kind, action.amount, action.cards, action.direction)
            )
        except IllegalActionError as error:
            log.warning("table %s: the %s bot in seat %d: %s", self.id, player.bot, seat, error)
            self.journaled.apply(Action.timeout(seat))

    def _time_out(self, seat: int) -> None:
        player = self.table.players[seat]
        if player is not None and player.time_bank:
            self.journaled.set_time_bank(seat, 0.0)
        self.journaled.apply(Action.timeout(seat))

    def _take_away(self, seat: int) -> None:
        kinds = {option.kind for option in self.table.legal_actions(seat)}
        fold = ActionKind.FOLD in kinds
        self.journaled.apply(Action.fold(seat) if fold else Action.timeout(seat))

    # -- what players and the host do -----------------------------------------------------

    def act(self, action: Action) -> None:
        """A person's action (in table seats), with the time it took taken from the bank."""
        seat = action.seat
        since = self._waiting_since.get(seat)
        self.journaled.apply(action)
        player = self.table.players[seat]
        if since is None or player is None:
            return
        over = time.monotonic() - since - self.table.config.action_clock
        if over > 0 and player.time_bank > 0:
            self.journaled.set_time_bank(seat, player.time_bank - over)

    def host(self, command: str, data: dict[str, Any]) -> None:
        """Carry out a host command (see `HOST_COMMANDS`)."""
        table = self.table
        if command in ("start", "resume"):
            if table.status == "ended":
                raise IllegalActionError("This session has ended.")
            hand = table.hand
            between_hands = hand is None or hand.is_complete
            if command == "start" and between_hands and not self._can_deal():
                raise IllegalActionError(
                    "Two players with chips, one of them a person, are needed to deal."
                )
            if table.status != "playing":
                self.journaled.set_status("playing")
            self._deal_now = command == "start" and between_hands
        elif command == "pause":
            if table.status != "playing":
                raise IllegalActionError("Only a table that is dealing can be paused.")
            self.journaled.set_status("paused")
        elif command == "end":
            if table.status != "ended":
                self.journaled.set_status("ended")
        elif command == "add-bot":
            self._add_bot(data)
        elif command == "remove":
            seat = _whole(data.get("seat"), "seat")
            self.journaled.remove(seat)
            self._bots.pop(seat, None)
        else:
            raise IllegalActionError(f"The host's commands are {', '.join(HOST_COMMANDS)}.")

    def _add_bot(self, data: dict[str, Any]) -> None:
        from hilo.bots import BOT_KINDS  # noqa: PLC0415

        kind = str(data.get("bot") or "solid")
        if kind not in BOT_KINDS:
            raise IllegalActionError(f"The bots are {', '.join(BOT_KINDS)}, not {kind!r}.")
        seat = _whole(data.get("seat"), "seat")
        config = self.table.config
        chips = _whole(data.get("buy_in") or config.default_buy_in, "buy_in")
        names = {player.name for player in self.table.players if player is not None}
        number = 1
        while f"{kind.title()} bot {number}" in names:
            number += 1
        self.journaled.sit(seat, f"{kind.title()} bot {number}", chips, bot=kind)

    def seat_command(self, seat: int, command: str, data: dict[str, Any]) -> None:
        """Carry out a seated player's command (see `SEAT_COMMANDS`)."""
        if command in ("sit-out", "sit-in"):
            self.journaled.sit_out(seat, out=command == "sit-out")
        elif command == "rebuy":
            self.journaled.rebuy(seat, _whole(data.get("chips"), "chips"))
        elif command == "leave":
            self.journaled.leave(seat)
        else:
            raise IllegalActionError(f"A player's commands are {', '.join(SEAT_COMMANDS)}.")

    # -- what watchers see -----------------------------------------------------------------

    def clock(self) -> dict[str, Any]:
        """The clock: its settings, every time bank, and the seconds left for whoever acts."""
        table, now = self.table, time.monotonic()
        config = table.config
        waiting = {}
        for seat, since in self._waiting_since.items():
            player = table.players[seat]
            if player is not None and player.bot is None and not player.is_leaving:
                left = since + config.action_clock + player.time_bank - now
                waiting[str(seat)] = round(max(0.0, left), 1)
        return {
            "action": config.action_clock,
            "bank": config.time_bank,
            "banks": {
                str(seat): round(player.time_bank, 1)
                for seat, player in enumerate(table.players)
                if player is not None
            },
            "waiting": waiting,
        }


def _whole(value: Any, name: str) -> int:
    """A whole number from a request, or a clear error naming the field."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise IllegalActionError(f"{name} must be a whole number")
    try:
        return int(value)
    except ValueError:
        raise IllegalActionError(f"{name} must be a whole number, not {value!r}") from None
