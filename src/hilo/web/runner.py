"""A table in play on the server: its clock, its bots, dealing hand after hand, host controls.

Everything that changes a table goes through a `TableRunner`, inside the server's event
loop, one change at a time: the change is checked by the engine, written to the journal,
and then the runner itself tells the watchers (`TableRunner.changed`), once a change is made
and never for a refused one. A background task per table acts for
bots, runs the clock out on players who take too long, and deals the next hand.

Each seat the hand waits for (and, once it is over, its winner nobody called, to show or
muck on the action clock alone) has a `Decision`: a number (the journal's length when it
began, so numbers only grow, across restarts too) and a fresh clock. A seat that acts
gets a new decision for whatever it is asked next, even when that is at once (closing
one street and first on the next). An action meant for an earlier decision is ignored.

Bots decide in a worker thread, on a view captured when their decision began; their
answer is applied back in the event loop, and only while that decision is still open.
A bot that fails or misses its deadline is answered by the clock; the deadline counts from
when the bot is handed its view, so a server slow to save and show the change that asks
the bot (a busy machine, a slow database) does not fold it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

from hilo.engine.actions import Action, ActionKind
from hilo.engine.choice_of_game import GameChoice
from hilo.engine.events import Shown
from hilo.engine.journal import JournaledTable
from hilo.engine.table import Table, Viewer
from hilo.errors import IllegalActionError
from hilo.rules.house_rules import HouseRules
from hilo.web.host_commands import table_command
from hilo.web.journal_batch import NotSavedError
from hilo.web.protocol import HostCommand, HostRequest, SeatCommand, SeatRequest
from hilo.web.settings import ServerSettings
from hilo.web.table_bots import Bot, make_bot

__all__ = ["Decision", "ServerSettings", "TableRunner", "make_bot"]

log = logging.getLogger("hilo.web")

STRADDLE_CLOCK = 10.0
"""Seconds a player has to say whether to straddle (at most the table's action clock)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat is being asked now: its number, and when its clock started."""

    number: int
    since: float


@dataclass(frozen=True, slots=True)
class _Thinking:
    """A bot working on a decision in a worker, since it was handed its view."""

    decision: int
    answer: asyncio.Future[Action]
    since: float


class TableRunner:
    """One table in play: changes, the clock, the bots and the dealing."""

    def __init__(
        self,
        table_id: str,
        journaled: JournaledTable,
        settings: ServerSettings,
        notify: Callable[[str], Awaitable[None]],
        *,
        bots: Executor | None = None,
    ) -> None:
        self.id = table_id
        self.journaled = journaled
        self.settings = settings
        self._clock = settings.clock
        self._notify = notify
        self._executor = bots
        self.connected: Counter[int] = Counter()  # connections of each person, by player number
        self.seating = asyncio.Lock()
        """Held while a person is seated or given a new link, from the checks of the seat
        tokens in the database until the new one is committed (`hilo.web.seats`)."""
        self._bots: dict[int, Bot] = {}
        self._bot_rules: dict[int, HouseRules] = {}
        """The house rules each seat's bot was made for."""
        self._decisions: dict[int, Decision] = {}
        self._thinking: dict[int, _Thinking] = {}
        self._hand_over_at: float | None = None
        self._choosing: Decision | None = None
        """The dealer naming the next game: since when (its number is the seat)."""
        self._chosen_at: float | None = None
        self._straddling: Decision | None = None
        """The player offered the straddle, answering before the deal (its number: the seat)."""
        self._shown_at: float | None = None
        """When the last hand's winner nobody called showed or mucked."""
        self._deal_now = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def table(self) -> Table:
        """The table itself."""
        return self.journaled.table

    def decision(self, seat: int) -> Decision | None:
        """The decision awaiting ``seat``, or None."""
        self._track_waiting()
        return self._decisions.get(seat)

    def decisions(self) -> dict[int, Decision]:
        """The decision awaiting each seat asked now (`decision` for every seat at once)."""
        self._track_waiting()
        return dict(self._decisions)

    # -- the background task ------------------------------------------------------------

    def start(self) -> None:
        """Start acting for bots, running clocks and dealing (in the running event loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self.id)

    def halt(self) -> None:
        """Stop the background task without waiting for it (the table is out of play)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def restored(self, journaled: JournaledTable) -> None:
        """Play on from ``journaled``, the table as its journal last committed it (a later
        change could not be saved): every decision starts afresh, bots' thoughts are dropped."""
        self.journaled = journaled
        for thinking in self._thinking.values():
            thinking.answer.cancel()
        self._thinking.clear()
        self._decisions.clear()
        self._choosing = None
        self._deal_now = False
        self._track_waiting()
        self._wake.set()

    async def stop(self) -> None:
        """Stop the background task."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def changed(self) -> None:
        """Tell every watcher about a change, and let the background task look again.

        The runner calls it after each change it makes; the server, after a change to who
        watches the table.
        """
        self._track_waiting()
        self._wake.set()
        await self._notify(self.id)

    def _track_waiting(self) -> None:
        """Open a decision, on a fresh clock, for every seat the hand now waits for that has
        none; close the others' (and forget what their bots were thinking)."""
        waiting = self._waiting()
        for seat in list(self._decisions):
            if seat not in waiting:
                del self._decisions[seat]
        for seat in waiting:
            if seat not in self._decisions:
                self._decisions[seat] = Decision(self.journaled.length, self._clock.now())
        asking = self._dealing() and not waiting  # the winner nobody called decides first
        chooser = self.table.chooser if asking else None
        if chooser is None:
            self._choosing = None
        elif self._choosing is None or self._choosing.number != chooser:
            self._choosing = Decision(chooser, self._clock.now())
        straddler = self.table.straddler if asking else None
        if straddler is None:
            self._straddling = None
        elif self._straddling is None or self._straddling.number != straddler:
            self._straddling = Decision(straddler, self._clock.now())
        for seat, thinking in list(self._thinking.items()):
            decision = self._decisions.get(seat)
            if decision is None or decision.number != thinking.decision:
                del self._thinking[seat]
                thinking.answer.cancel()  # its answer would come too late to be used

    def _waiting(self) -> tuple[int, ...]:
        """The seats asked now: those the hand in play waits for, or, once it is over, its
        winner nobody called (to show or muck)."""
        table = self.table
        hand = table.hand
        if hand is None:
            return ()
        if not hand.is_complete:
            return table.to_act()
        return () if table.showing is None else (table.showing,)

    def _is_showing(self, seat: int) -> bool:
        """True when ``seat`` is asked to show or muck (on the action clock, no time bank)."""
        hand = self.table.hand
        return hand is not None and hand.is_complete and self.table.showing == seat

    def _apply(self, action: Action) -> None:
        """Carry out an action; the seat's decision is over (whatever it is asked next is
        a new one)."""
        showing = self._is_showing(action.seat)
        hand = self.table.hand
        in_play = hand is not None and not hand.is_complete
        event = self.journaled.apply(action)
        if showing and isinstance(event, Shown):  # everybody gets a look before the deal
            self._shown_at = self._clock.now()
        self._decisions.pop(action.seat, None)
        if in_play and hand is not None and hand.is_complete:
            self._decisions.clear()  # the winner nobody called decides on a fresh clock
        self._track_waiting()

    async def _run(self) -> None:
        clock = self._clock
        while True:
            self._wake.clear()
            when, job = self._next_job()
            if job is not None and when <= clock.now():
                try:
                    changed = job()
                except Exception:  # pragma: no cover - a bug, logged; the table stays alive
                    log.exception("table %s: what the table did by itself failed", self.id)
                    self._deal_now = False
                    # and it does not try again at once
                    await clock.wait_until(clock.now() + 1.0, asyncio.Event())
                    changed = True
                if changed:
                    try:
                        await self.changed()
                    except NotSavedError:  # undone (logged); the table tries again in a while
                        await clock.wait_until(clock.now() + 1.0, asyncio.Event())
                continue
            await clock.wait_until(None if job is None else when, self._wake)

    def _next_job(self) -> tuple[float, Callable[[], bool] | None]:
        """The next thing the table will do by itself, and when (the job says whether it
        changed the table)."""
        table, now = self.table, self._clock.now()
        hand = table.hand
        self._track_waiting()
        if hand is not None and not hand.is_complete:
            self._hand_over_at = None
            self._shown_at = None
            return self._decision_job(now)
        if hand is not None and self._hand_over_at is None:
            self._hand_over_at = now
        if self._decisions:  # the winner nobody called shows or mucks
            if self._deal_now and self._dealing():  # the host deals now: the cards stay unseen
                seat = next(iter(self._decisions))
                return now, partial(self._time_out, seat)
            return self._decision_job(now)
        if not self._dealing():
            return now, None
        if self._choosing is not None:
            return self._choice_job()
        if self._straddling is not None:
            seat = self._straddling.number
            return self._straddling.since + self._straddle_limit(seat), partial(
                self._no_straddle, seat
            )
        shown = 0.0 if self._chosen_at is None else self._chosen_at + self.settings.choice_delay
        if self._deal_now or self._hand_over_at is None:
            return max(now, shown), self._deal
        if self._shown_at is not None:
            shown = max(shown, self._shown_at + self.settings.shown_delay)
        return max(self._hand_over_at + self.settings.next_hand_delay, shown), self._deal

    def _decision_job(self, now: float) -> tuple[float, Callable[[], bool] | None]:
        """The first of the open decisions to be answered: a bot's, or a clock running out."""
        table = self.table
        jobs: list[tuple[float, Callable[[], bool]]] = []
        for seat, decision in self._decisions.items():
            player = table.players[seat]
            since = decision.since
            if player is None or player.is_leaving:
                jobs.append((now, partial(self._take_away, seat)))
            elif player.bot is not None:
                thinking = self._thinking.get(seat)
                if thinking is None:
                    jobs.append((since, partial(self._think, seat)))
                elif thinking.answer.done():
                    jobs.append((since + self.settings.bot_delay, partial(self._bot, seat)))
                else:  # from when it was handed its view: the server's delay is not the bot's
                    deadline = thinking.since + self.settings.bot_delay + self.settings.bot_deadline
                    jobs.append((deadline, partial(self._bot_too_slow, seat)))
            else:
                jobs.append((since + self._limit(seat), partial(self._time_out, seat)))
        return min(jobs, key=lambda job: job[0]) if jobs else (now, None)

    def _limit(self, seat: int) -> float:
        """Seconds ``seat`` has for its decision: the action clock and its time bank (only the
        clock to show or muck)."""
        player = self.table.players[seat]
        clock = self.table.config.action_clock
        if player is None or self._is_showing(seat):
            return clock
        return clock + player.time_bank

    def _dealing(self) -> bool:
        """The table deals hands now (it is playing, with players to deal to)."""
        return self.table.status == "playing" and self._can_deal()

    def _choice_job(self) -> tuple[float, Callable[[], bool]]:
        """When the clock (or a bot's delay) runs out on the dealer naming the game."""
        assert self._choosing is not None
        seat, since = self._choosing.number, self._choosing.since
        player = self.table.players[seat]
        if player is not None and player.bot is not None:
            return since + self.settings.bot_delay, partial(self._choose_default, seat)
        return since + self._choice_limit(), partial(self._choose_default, seat)

    def _choice_limit(self) -> float:
        """Seconds the dealer naming the game has in all: a bot's delay, or a person's
        action clock and time bank (as for any action)."""
        assert self._choosing is not None
        player = self.table.players[self._choosing.number]
        if player is not None and player.bot is not None:
            return self.settings.bot_delay
        bank = 0.0 if player is None else player.time_bank
        return self.table.config.action_clock + bank

    def _choose_default(self, seat: int) -> bool:
        """The dealer's time is up (or a bot deals): the default game is named for them,
        and a person's time bank is spent."""
        player = self.table.players[seat]
        if player is not None and player.bot is None and player.time_bank:
            self.journaled.set_time_bank(seat, 0.0)
        self._choose(seat, self.table.default_choice(), spent=False)
        return True

    def _choose(self, seat: int, choice: GameChoice, *, spent: bool = True) -> None:
        """Name the game for ``seat``; with ``spent``, the time over the action clock that
        the dealer took is taken from their bank."""
        choosing = self._choosing
        self.journaled.choose(seat, choice)
        self._chosen_at = now = self._clock.now()
        player = self.table.players[seat]
        if spent and choosing is not None and choosing.number == seat and player is not None:
            over = now - choosing.since - self.table.config.action_clock
            if over > 0 and player.time_bank > 0:
                self.journaled.set_time_bank(seat, max(0.0, player.time_bank - over))
        self._track_waiting()

    def chooser(self) -> int | None:
        """The seat asked now to name the next game (None: nobody is, or not yet, while the
        last hand's winner nobody called decides whether to show)."""
        self._track_waiting()
        return None if self._choosing is None else self._choosing.number

    def choice_left(self) -> float | None:
        """Seconds the dealer has left to name the game (None: nobody is naming it)."""
        self._track_waiting()
        if self._choosing is None:
            return None
        left = self._choosing.since + self._choice_limit() - self._clock.now()
        return round(max(0.0, left), 1)

    def _straddle_limit(self, seat: int) -> float:
        """Seconds the player in ``seat`` has to say whether to straddle (a bot, its delay)."""
        player = self.table.players[seat]
        if player is not None and player.bot is not None:
            return self.settings.bot_delay
        return min(STRADDLE_CLOCK, self.table.config.action_clock)

    def _no_straddle(self, seat: int) -> bool:
        """Time is up (or a bot answers, and bots do not straddle): no straddle this hand."""
        self.journaled.straddle(seat, False)
        self._track_waiting()
        return True

    def straddle_left(self) -> float | None:
        """Seconds the player offered the straddle has left to answer (None: nobody is)."""
        self._track_waiting()
        if self._straddling is None:
            return None
        since, seat = self._straddling.since, self._straddling.number
        return round(max(0.0, since + self._straddle_limit(seat) - self._clock.now()), 1)

    def _can_deal(self) -> bool:
        """Two players with chips, one of them a person (bots do not play on by themselves)."""
        dealt = [
            player
            for player in self.table.players
            if player is not None and player.stack > 0 and not player.is_sitting_out
        ]
        return len(dealt) >= 2 and any(player.bot is None for player in dealt)

    def _deal(self) -> bool:
        self._deal_now = False
        self._hand_over_at = None
        self._chosen_at = None
        self.journaled.start_hand()
        return True

    def _think(self, seat: int) -> bool:
        """Hand the bot in ``seat`` its view, captured now, to decide in a worker."""
        player = self.table.players[seat]
        assert player is not None
        assert player.bot is not None
        bot = self._bots.get(seat)
        if bot is not None and self._bot_rules.get(seat) != self._hand_rules():
            bot = None  # the hand plays other house rules than the bot was made for
        if bot is None:
            self._bot_rules[seat] = self._hand_rules()
            try:
                bot = self._bots[seat] = make_bot(player.bot, self.table)
            except Exception:  # the clock answers for a bot that cannot be made
                log.exception("table %s: no %s bot for seat %d", self.id, player.bot, seat)
                self._apply(Action.timeout(seat))
                return True
        view = self.table.view_for(self.table.person_in(seat))
        assert view is not None
        loop = asyncio.get_running_loop()
        answer = loop.run_in_executor(self._executor, bot.act, view)
        answer.add_done_callback(lambda _: self._wake.set())
        self._thinking[seat] = _Thinking(self._decisions[seat].number, answer, self._clock.now())
        return False

    def _hand_rules(self) -> HouseRules:
        """The house rules of the hand in play (the table's before the first)."""
        hand = self.table.hand
        return self.table.config.rules if hand is None else hand.rules

    def _bot(self, seat: int) -> bool:
        """Apply the answer of the bot in ``seat`` (its decision is still the open one)."""
        thinking = self._thinking.pop(seat)
        player = self.table.players[seat]
        assert player is not None
        try:
            action = thinking.answer.result()
        except Exception:  # a bot's mistake must not stop the table: the clock acts instead
            log.exception("table %s: the %s bot in seat %d failed", self.id, player.bot, seat)
            self._apply(Action.timeout(seat))
            return True
        try:
            self._apply(Action(seat, action.kind, action.amount, action.cards, action.direction))
        except IllegalActionError as error:
            log.warning("table %s: the %s bot in seat %d: %s", self.id, player.bot, seat, error)
            self._apply(Action.timeout(seat))
        return True

    def _bot_too_slow(self, seat: int) -> bool:
        """The bot in ``seat`` missed its deadline: the clock answers, its answer is dropped."""
        thinking = self._thinking.pop(seat)
        player = self.table.players[seat]
        assert player is not None
        log.warning(
            "table %s: the %s bot in seat %d took more than %g seconds; timed out",
            self.id,
            player.bot,
            seat,
            self.settings.bot_deadline,
        )
        thinking.answer.cancel()  # not started yet: never runs; running: its answer is unused
        self._bots.pop(seat, None)  # a new bot for the next decision, not one still busy
        self._apply(Action.timeout(seat))
        return True

    def _time_out(self, seat: int) -> bool:
        player = self.table.players[seat]
        if player is not None and player.time_bank and not self._is_showing(seat):
            self.journaled.set_time_bank(seat, 0.0)
        self._apply(Action.timeout(seat))
        return True

    def _take_away(self, seat: int) -> bool:
        kinds = {option.kind for option in self.table.legal_actions(seat)}
        fold = ActionKind.FOLD in kinds
        self._apply(Action.fold(seat) if fold else Action.timeout(seat))
        return True

    # -- what players and the host do -----------------------------------------------------

    async def act(self, action: Action, decision: int | None = None) -> bool:
        """A person's action (in table seats), with the time it took taken from the bank.

        ``decision`` is the number of the decision the action answers (None: the open
        one). An action for an earlier decision changes nothing and answers False.
        """
        if self._act(action, decision):
            await self.changed()
            return True
        return False

    def _act(self, action: Action, decision: int | None) -> bool:
        seat = action.seat
        current = self.decision(seat)
        showing = self._is_showing(seat)
        if decision is not None:
            if current is None or decision < current.number:
                return False
            if decision > current.number:
                raise IllegalActionError(f"There is no decision {decision} yet.")
        self._apply(action)
        player = self.table.players[seat]
        if current is None or player is None or showing:
            return True
        over = self._clock.now() - current.since - self.table.config.action_clock
        if over > 0 and player.time_bank > 0:
            self.journaled.set_time_bank(seat, max(0.0, player.time_bank - over))
        return True

    async def host(self, request: HostRequest) -> None:
        """Carry out a host command about the table itself (the server answers those about
        seat requests and links: approve, deny, new-link)."""
        deal_now = table_command(self.table, self.journaled, request, can_deal=self._can_deal)
        if deal_now is not None:
            self._deal_now = deal_now
            when, job = self._next_job()
            if job == self._deal and when <= self._clock.now():
                self._deal()  # in the start's own change: watchers get one frame, the hand dealt
        if request.command is HostCommand.REMOVE and request.seat is not None:
            self._bots.pop(request.seat, None)
        await self.changed()

    async def sit(self, seat: int, name: str, buy_in: int, token: Callable[[Viewer], str]) -> str:
        """Seat a person; ``token`` writes their seat token (with the sit's journal entry)
        before anybody is told of them, and its answer is returned once both are committed."""
        self.journaled.sit(seat, name, buy_in)
        written = token(self.table.person_in(seat))
        await self.changed()
        return written

    async def seat_command(self, seat: int, request: SeatRequest) -> None:
        """Carry out a seated player's command."""
        match request.command:
            case SeatCommand.SIT_OUT | SeatCommand.SIT_IN:
                self.journaled.sit_out(seat, out=request.command is SeatCommand.SIT_OUT)
            case SeatCommand.REBUY:
                if request.chips is None:
                    raise IllegalActionError("Say how many chips to add.")
                self.journaled.rebuy(seat, request.chips)
            case SeatCommand.LEAVE:
                self.journaled.leave(seat)
            case SeatCommand.CHOOSE:
                if request.game is None:
                    raise IllegalActionError("Say which game you deal.")
                self._choose(seat, GameChoice(request.game, request.declare))
            case SeatCommand.STRADDLE | SeatCommand.NO_STRADDLE:
                self.journaled.straddle(seat, request.command is SeatCommand.STRADDLE)
            case SeatCommand.WAIT | SeatCommand.POST:
                self.journaled.wait_for_big_blind(seat, request.command is SeatCommand.WAIT)
        await self.changed()

    # -- what watchers see -----------------------------------------------------------------

    def clock(self) -> dict[str, Any]:
        """The clock: its settings, every time bank, and the seconds left for whoever acts."""
        table, now = self.table, self._clock.now()
        config = table.config
        waiting = {}
        self._track_waiting()
        for seat, decision in self._decisions.items():
            player = table.players[seat]
            if player is not None and player.bot is None and not player.is_leaving:
                left = decision.since + self._limit(seat) - now
                waiting[str(seat)] = round(max(0.0, left), 1)
        choosing, choice_left = self._choosing, self.choice_left()
        if choosing is not None and choice_left is not None:
            player = table.players[choosing.number]
            if player is not None and player.bot is None:
                waiting[str(choosing.number)] = choice_left
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
