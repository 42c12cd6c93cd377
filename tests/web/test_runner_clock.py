"""The table runner's clocks on a fake clock: exact seconds, exact time banks, no sleeping.

Heads-up hold'em hi-lo declare, 30 seconds a decision and a 60-second bank: the big blind
closes the first betting round by checking and is first to act on the flop; the button
closes the river by checking and must then declare (with the other player, sealed).
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.journal import JournaledTable, restore
from hilo.engine.table import SPECTATOR, TableConfig
from hilo.engine.views import TableView
from hilo.errors import IllegalActionError
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.web import runner as runner_module
from hilo.web.clock import FakeClock
from hilo.web.protocol import HostCommand, HostRequest, SeatCommand, SeatRequest
from hilo.web.runner import ServerSettings, TableRunner
from tests.web.loop import run as run_alone

CONFIG = TableConfig(
    games=("holdem-hilo-declare",),
    rules=HouseRules.preset("strict"),
    stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
    seats=2,
    action_clock=30.0,
    time_bank=60.0,
)


class Table:
    """A runner on a fake clock, with its journal, dealing one seeded hand to Ann and Bob."""

    def __init__(self, clock: FakeClock, *, bot: bool = False, deadline: float = 10.0) -> None:
        self.clock = clock
        self.entries: list[dict[str, Any]] = []
        self.journaled = JournaledTable(CONFIG, self.entries.append)
        self.journaled.sit(0, "Ann", 100)
        self.journaled.sit(1, "Bob", 100, bot="calling" if bot else None)
        settings = ServerSettings(
            bot_delay=0.0, next_hand_delay=3600.0, bot_deadline=deadline, clock=clock
        )
        self.runner = TableRunner("t", self.journaled, settings, self.notified)
        self.notices = 0
        self.telling = 0.0
        """Seconds the server takes to save and show the next change (on the fake clock)."""

    async def notified(self, table_id: str) -> None:
        self.notices += 1
        telling, self.telling = self.telling, 0.0
        if telling:
            await self.clock.advance(telling)

    async def deal(self) -> None:
        self.journaled.start_hand(rng=random.Random(5))
        self.runner.start()
        await self.runner.changed()
        await self.clock.settle()

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.runner.table.to_act()

    @property
    def street(self) -> str:
        view = self.runner.table.view_for(SPECTATOR)
        assert view is not None
        return view.street_name

    @property
    def phase(self) -> str:
        view = self.runner.table.view_for(SPECTATOR)
        assert view is not None
        return view.phase

    def left(self, seat: int) -> float:
        """Seconds left on the seat's clock, bank included."""
        waiting: dict[str, float] = self.runner.clock()["waiting"]
        return waiting[str(seat)]

    def bank(self, seat: int) -> float:
        banks: dict[str, float] = self.runner.clock()["banks"]
        return banks[str(seat)]

    def number(self, seat: int) -> int:
        decision = self.runner.decision(seat)
        assert decision is not None, f"seat {seat} is not being asked anything"
        return decision.number

    async def act(self, action: Action, *, after: float = 0.0) -> None:
        """``action``, ``after`` seconds into its decision."""
        await self.clock.advance(after)
        assert await self.runner.act(action)
        await self.clock.settle()

    async def through_the_river(self) -> None:
        """Everybody checks or calls, at once, to the river's last check."""
        while self.street != "river" or self.to_act != (0,):
            seat = self.to_act[0]
            kinds = {option.kind for option in self.runner.table.legal_actions(seat)}
            kind = ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL
            await self.act(Action(seat, kind))
        assert self.to_act == (0,)  # the button, last on the river

    async def stop(self) -> None:
        await self.runner.stop()


def run(scenario: Callable[[FakeClock], Awaitable[None]]) -> None:
    async def main() -> None:
        await scenario(FakeClock(1000.0))

    run_alone(main)


def test_the_same_seat_closing_a_street_and_first_on_the_next_gets_a_fresh_clock() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.deal()
        assert table.to_act == (0,)  # the button, small blind, first before the flop
        await table.act(Action.call(0), after=5.0)
        assert table.to_act == (1,)
        first = table.number(1)
        assert table.left(1) == 90.0
        await table.act(Action.check(1), after=20.0)  # closes the first round
        assert table.street == "flop"
        assert table.to_act == (1,)
        assert table.left(1) == 90.0  # a fresh 30 seconds and the whole bank
        assert table.number(1) > first
        await clock.advance(89.0)
        assert table.to_act == (1,)
        assert table.left(1) == 1.0
        await clock.advance(1.0)  # now the clock answers: a check
        assert table.to_act == (0,)
        assert table.bank(1) == 0.0
        await table.stop()

    run(scenario)


def test_acting_late_takes_the_exact_overtime_from_the_bank() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.deal()
        await table.act(Action.call(0), after=42.5)  # 12.5 seconds into the bank
        assert table.bank(0) == 47.5
        assert table.left(1) == 90.0
        await table.act(Action.check(1), after=30.0)  # on the clock: the bank is untouched
        assert table.bank(1) == 60.0
        await table.act(Action.check(1), after=31.0)  # first on the flop: one second over
        assert table.bank(1) == 59.0
        assert table.left(0) == 77.5  # the button's fresh clock and what is left of its bank
        assert table.entries[-1] == {"op": "bank", "seat": 1, "seconds": 59.0}
        await table.stop()

    run(scenario)


def test_a_player_who_timed_out_on_the_last_bet_gets_a_full_clock_at_the_declare() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.deal()
        await table.through_the_river()
        await clock.advance(90.0)  # the button lets the clock check for it
        assert table.bank(0) == 0.0
        assert table.phase == "declaring"
        assert set(table.to_act) == {0, 1}
        assert table.left(0) == 30.0  # a full clock, no bank left
        assert table.left(1) == 90.0
        await clock.advance(29.0)
        assert 0 in table.to_act  # not folded at once
        await clock.advance(1.0)
        # The declare's own clock ran out: folded, and Bob takes the pot.
        assert table.entries[-1] == {"op": "act", "action": {"seat": 0, "kind": "timeout"}}
        assert table.phase == "complete"
        await table.stop()

    run(scenario)


def test_one_player_declaring_does_not_restart_the_others_clock() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.deal()
        await table.through_the_river()
        await table.act(Action.check(0), after=10.0)
        assert set(table.to_act) == {0, 1}
        bob = table.number(1)
        await table.act(Action.declare(0, Direction.LOW), after=12.0)
        assert table.to_act == (1,)
        assert table.number(1) == bob  # the same decision, on the same clock
        assert table.left(1) == 78.0
        await clock.advance(20.0)
        assert table.left(1) == 58.0
        await table.stop()

    run(scenario)


def test_an_action_for_an_earlier_decision_changes_nothing() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.deal()
        await table.act(Action.call(0))
        closing = table.number(1)
        notices = table.notices
        assert await table.runner.act(Action.check(1), closing)  # closes the first round
        assert table.notices == notices + 1  # the runner told the watchers, once
        assert table.street == "flop"
        assert table.to_act == (1,)
        length = len(table.entries)
        assert not await table.runner.act(Action.check(1), closing)  # the same click again
        assert len(table.entries) == length
        assert table.notices == notices + 1  # nothing changed: nobody is told
        assert table.to_act == (1,)
        assert await table.runner.act(Action.check(1), table.number(1))
        assert table.to_act == (0,)
        await table.stop()

    run(scenario)


def test_decision_numbers_keep_growing_across_a_restart() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.deal()
        await table.act(Action.call(0))
        before = table.number(1)
        await table.stop()
        again = restore(table.entries)
        settings = ServerSettings(clock=clock)
        runner = TableRunner("t", again, settings, table.notified)
        decision = runner.decision(1)
        assert decision is not None
        assert decision.number >= before  # the same decision, or a later one: never earlier
        assert await runner.act(Action.check(1), decision.number)
        after = runner.decision(1)
        assert after is not None
        assert after.number > decision.number

    run(scenario)


class StuckBot:
    """A bot that thinks until told to stop."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.answered = threading.Event()
        self.views: list[TableView] = []

    def act(self, view: TableView) -> Action:
        self.views.append(view)
        self.release.wait(timeout=10)
        self.answered.set()
        return Action.call(view.viewer if view.viewer is not None else 0)


def test_a_bot_that_misses_its_deadline_is_answered_by_the_clock(monkeypatch: Any) -> None:
    stuck = StuckBot()
    monkeypatch.setattr(runner_module, "make_bot", lambda kind, table: stuck)

    async def scenario(clock: FakeClock) -> None:
        table = Table(clock, bot=True, deadline=5.0)
        await table.deal()
        await table.act(Action.call(0))
        for _ in range(200):  # the bot starts thinking in a worker thread
            if stuck.views:
                break
            await asyncio.sleep(0.01)
        assert stuck.views[0].viewer == 1
        assert table.to_act == (1,)  # the table did not wait for the bot
        await clock.advance(4.9)
        assert table.to_act == (1,)
        await clock.advance(0.1)
        assert table.to_act == (1,)  # timed out: a check, and the bot is first on the flop
        assert table.street == "flop"
        assert table.entries[-1] == {"op": "act", "action": {"seat": 1, "kind": "timeout"}}
        stuck.release.set()  # its late answer is dropped
        await table.stop()

    run(scenario)


def test_a_bots_deadline_counts_from_when_it_is_handed_its_view() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock, bot=True, deadline=5.0)
        await table.deal()
        # The server takes longer than the bot's deadline to save and show Ann's call (a busy
        # machine): the calling bot is asked only then, and checks; the clock does not.
        table.telling = 6.0
        await table.act(Action.call(0))
        for _ in range(200):  # the bot thinks in a worker thread
            if table.street == "flop":
                break
            await asyncio.sleep(0.01)
        acts = [entry["action"] for entry in table.entries if entry["op"] == "act"]
        assert acts[-1] == {"seat": 1, "kind": "check"}
        assert table.street == "flop"
        await table.stop()

    run(scenario)


def test_a_bots_answer_to_a_decision_that_is_over_is_dropped(monkeypatch: Any) -> None:
    stuck = StuckBot()
    monkeypatch.setattr(runner_module, "make_bot", lambda kind, table: stuck)

    async def scenario(clock: FakeClock) -> None:
        table = Table(clock, bot=True, deadline=5.0)
        await table.deal()
        await table.act(Action.call(0))
        for _ in range(200):
            if stuck.views:
                break
            await asyncio.sleep(0.01)
        assert stuck.views
        # the host takes the bot away mid-thought
        await table.runner.host(HostRequest(host="h", command=HostCommand.REMOVE, seat=1))
        await clock.settle()
        assert table.phase == "complete"  # folded for it at once
        length = len(table.entries)
        stuck.release.set()
        assert await asyncio.to_thread(stuck.answered.wait, 10)
        await asyncio.sleep(0.05)  # the answer comes back to the event loop, and is not used
        await clock.advance(10.0)
        assert len(table.entries) == length
        assert [entry["action"] for entry in table.entries if entry["op"] == "act"][-1] == {
            "seat": 1,
            "kind": "fold",
        }
        await table.stop()

    run(scenario)


def test_host_and_seat_commands_arrive_typed_and_each_change_is_told_once() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        runner = table.runner
        refused = [
            (runner.host(HostRequest(host="h", command=HostCommand.PAUSE)), "can be paused"),
            (runner.host(HostRequest(host="h", command=HostCommand.ADD_BOT)), "which seat"),
            (runner.seat_command(0, SeatRequest(token="s", command=SeatCommand.REBUY)), "chips"),
            (
                runner.host(HostRequest(host="h", command=HostCommand.ADD_BOT, seat=1)),
                "Seat 2 is taken",
            ),
        ]
        for refusal, words in refused:
            with pytest.raises(IllegalActionError, match=words):
                await refusal
        assert (table.notices, table.entries[3:]) == (0, [])  # nothing changed, nobody told
        await runner.seat_command(0, SeatRequest(token="s", command=SeatCommand.REBUY, chips=20))
        await runner.host(HostRequest(host="h", command=HostCommand.END))
        assert table.notices == 2
        assert [entry["op"] for entry in table.entries[3:]] == ["rebuy", "status"]
        assert table.runner.table.status == "ended"

    run(scenario)
