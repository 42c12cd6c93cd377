"""The straddle on the server, on a fake clock: asked before the deal with a short clock whose
default is no straddle, answered by the player, by a bot (never), and shown to everybody."""

from __future__ import annotations

from typing import Any

import pytest

from hilo.engine.actions import Action
from hilo.engine.events import Post, Posted
from hilo.engine.journal import JournaledTable, restore
from hilo.engine.table import TableConfig
from hilo.errors import IllegalActionError
from hilo.rules import HouseRules, Stakes
from hilo.web.clock import FakeClock
from hilo.web.hub import straddle_state, table_state
from hilo.web.protocol import SeatCommand, SeatRequest
from hilo.web.runner import STRADDLE_CLOCK, ServerSettings, TableRunner
from tests.web.loop import run as run_alone

CONFIG = TableConfig(
    games=("holdem",),
    rules=HouseRules.preset("cards-speak"),
    stakes=Stakes(structure="no-limit", small_blind=1, big_blind=2),
    seats=6,
    action_clock=30.0,
    straddle=True,
    joining="wait",
)


class Night:
    """A straddling hold'em runner on a fake clock: Ann, Bob, Cy and Dee (or a bot) in 0-3."""

    def __init__(self, clock: FakeClock, *, bot: bool = False) -> None:
        self.clock = clock
        self.entries: list[dict[str, Any]] = []
        self.journaled = JournaledTable(CONFIG, self.entries.append)
        for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
            self.journaled.sit(seat, name, 200, bot="calling" if bot and seat == 3 else None)
        self.journaled.set_status("playing")
        settings = ServerSettings(bot_delay=1.0, next_hand_delay=3600.0, clock=clock)
        self.runner = TableRunner("t", self.journaled, settings, self.notified)

    async def notified(self, table_id: str) -> None:
        """Nobody watches in these tests."""

    async def start(self) -> None:
        self.runner.start()
        await self.runner.changed()
        await self.clock.settle()

    async def command(self, seat: int, command: SeatCommand) -> None:
        await self.runner.seat_command(seat, SeatRequest(token="t", command=command))
        await self.clock.settle()

    def posts(self) -> list[tuple[int, int, Post]]:
        hand = self.runner.table.hand
        assert hand is not None
        return [
            (event.seat, event.amount, event.post)
            for event in hand.events
            if isinstance(event, Posted)
        ]


def run(scenario: Any, *, bot: bool = False) -> None:
    async def main() -> None:
        night = Night(FakeClock(1000.0), bot=bot)
        await night.start()
        try:
            await scenario(night)
        finally:
            await night.runner.stop()

    run_alone(main)


def test_the_player_left_of_the_big_blind_straddles_and_the_hand_is_dealt() -> None:
    async def scenario(night: Night) -> None:
        assert night.runner.table.hand is None
        ann = night.runner.table.players[0]
        assert ann is not None
        assert ann.owed.is_owing  # new at a waiting table, but the first hand deals all in
        assert table_state(night.runner)["seats"][0]["owes"] is None
        state = straddle_state(night.runner)
        assert state == {"seat": 3, "name": "Dee", "amount": 4, "left": STRADDLE_CLOCK}
        with pytest.raises(IllegalActionError, match="not yours to post: it is Dee's"):
            await night.command(0, SeatCommand.STRADDLE)
        await night.command(3, SeatCommand.STRADDLE)
        assert night.posts() == [
            (1, 1, Post.SMALL_BLIND),
            (2, 2, Post.BIG_BLIND),
            (3, 4, Post.STRADDLE),
        ]
        assert night.runner.table.to_act() == (0,)
        assert straddle_state(night.runner) is None
        again, hand = restore(night.entries).table, night.runner.table.hand
        assert again.hand is not None
        assert hand is not None
        assert again.hand.events == hand.events

    run(scenario)


def test_the_clock_says_no_straddle_for_a_player_who_does_not_answer() -> None:
    async def scenario(night: Night) -> None:
        await night.clock.advance(STRADDLE_CLOCK - 1)
        assert night.runner.table.hand is None
        ann = night.runner.table.players[0]
        assert ann is not None
        assert ann.owed.is_owing  # new at a waiting table, but the first hand deals all in
        assert table_state(night.runner)["seats"][0]["owes"] is None
        state = straddle_state(night.runner)
        assert state is not None
        assert state["left"] == 1.0
        await night.clock.advance(1.0)
        assert night.runner.table.hand is not None
        assert [post for _, _, post in night.posts()] == [Post.SMALL_BLIND, Post.BIG_BLIND]
        assert {"op": "straddle", "seat": 3, "straddle": False} in night.entries

    run(scenario)


def test_the_straddle_is_offered_once_the_winner_nobody_called_has_shown_or_mucked() -> None:
    async def scenario(night: Night) -> None:
        await night.command(3, SeatCommand.NO_STRADDLE)
        table = night.runner.table
        while table.hand is not None and not table.hand.is_complete:
            assert await night.runner.act(Action.fold(table.to_act()[0]))
        await night.clock.settle()
        winner = table.showing
        assert winner is not None
        assert table.straddler is not None  # the next hand's, once the winner has decided
        assert straddle_state(night.runner) is None
        await night.clock.advance(STRADDLE_CLOCK + 5)
        assert not [entry for entry in night.entries if entry["op"] == "straddle"][1:]
        assert await night.runner.act(Action.muck(winner))
        await night.clock.settle()
        state = straddle_state(night.runner)
        assert state is not None
        assert (state["seat"], state["left"]) == (table.straddler, STRADDLE_CLOCK)

    run(scenario)


def test_a_bot_offered_the_straddle_declines_after_its_delay() -> None:
    async def scenario(night: Night) -> None:
        state = straddle_state(night.runner)
        assert state is not None
        assert state["left"] == 1.0
        await night.clock.advance(1.0)
        assert night.runner.table.hand is not None
        assert Post.STRADDLE not in [post for _, _, post in night.posts()]

    run(scenario, bot=True)


def test_every_watcher_is_told_who_owes_blinds_and_how_the_table_takes_newcomers() -> None:
    async def scenario(night: Night) -> None:
        await night.command(3, SeatCommand.NO_STRADDLE)
        night.journaled.sit(5, "Eve", 200)
        state = table_state(night.runner)
        assert (state["straddle"], state["joining"]) == (True, "wait")
        assert state["straddler"] is None  # a hand is in play
        assert state["seats"][5]["owes"] == {"waits": True, "live": 2, "dead": 0}
        assert state["seats"][0]["owes"] is None
        with pytest.raises(IllegalActionError, match="no posting to play now"):
            await night.command(5, SeatCommand.POST)

    run(scenario)
