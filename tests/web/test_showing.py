"""A winner nobody called shows or mucks at the server: on the clock, told to everybody.

Heads-up hold'em hi-lo declare on a fake clock, 30 seconds a decision and a 60-second bank:
Ann (the button) raises before the flop and Bob folds.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

from hilo.engine.actions import Action
from hilo.engine.journal import JournaledTable
from hilo.engine.table import SPECTATOR, Viewer
from hilo.errors import IllegalActionError
from hilo.web.clock import FakeClock
from hilo.web.hub import table_state
from hilo.web.protocol import HostCommand, HostRequest, view_data
from hilo.web.runner import ServerSettings, TableRunner
from hilo.web.showing import showing_state
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client
from tests.web.server import running
from tests.web.test_runner_clock import CONFIG, run


class Table:
    """A runner on a fake clock dealing seeded hands to Ann and Bob, who is a bot or not."""

    def __init__(self, clock: FakeClock, *, bot: bool = False) -> None:
        self.clock = clock
        self.entries: list[dict[str, Any]] = []
        self.journaled = JournaledTable(CONFIG, self.entries.append)
        self.journaled.sit(0, "Ann", 100, bot="calling" if bot else None)
        self.journaled.sit(1, "Bob", 100)
        settings = ServerSettings(bot_delay=1.0, next_hand_delay=6.0, shown_delay=3.0, clock=clock)
        self.runner = TableRunner("t", self.journaled, settings, self.notified)

    async def notified(self, table_id: str) -> None:
        """Nobody watches."""

    async def fold_to_ann(self) -> None:
        """Deal, Ann raises and Bob folds: the table deals by itself from then on."""
        self.journaled.set_status("playing")
        self.journaled.start_hand(rng=random.Random(5))
        if not self.bot:
            await self.runner.act(Action.raise_to(0, 4))
        self.runner.start()
        await self.runner.changed()
        await self.clock.settle()
        await self.runner.act(Action.fold(1))
        await self.clock.settle()

    @property
    def bot(self) -> bool:
        player = self.runner.table.players[0]
        return player is not None and player.bot is not None

    @property
    def showing(self) -> dict[str, Any] | None:
        return showing_state(self.runner)

    @property
    def state(self) -> str | None:
        """Where the winner nobody called stands, if there is one."""
        showing = self.showing
        return None if showing is None else str(showing["state"])

    @property
    def hands(self) -> int:
        """Hands dealt so far."""
        return sum(1 for entry in self.entries if entry["op"] == "deal")


def test_the_winner_is_asked_on_the_action_clock_and_the_clock_mucks() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.fold_to_ann()
        runner = table.runner
        assert runner.table.hand is not None
        assert runner.table.hand.is_complete
        assert runner.table.players[0] is not None
        assert runner.table.players[0].stack == 102
        state = table.showing
        assert state == {
            "seat": 0,
            "name": "Ann",
            "amount": 4,
            "state": "deciding",
            "cards": "",
            "left": 30.0,  # the action clock alone: no time bank for this
            "text": "Ann wins 4 — deciding to show or muck…",
        }
        assert runner.decision(0) is not None
        assert runner.decision(1) is None
        await clock.advance(29.0)
        assert table.state == "deciding"
        assert table.hands == 1
        await clock.advance(1.0)
        assert table.entries[-2] == {"op": "act", "action": {"seat": 0, "kind": "timeout"}}
        assert runner.clock()["banks"]["0"] == 60.0  # the bank is untouched
        assert table.hands == 2  # six seconds after the hand were long past: dealt at once
        await runner.stop()

    run(scenario)


def test_a_winner_who_shows_is_seen_by_everybody_and_the_deal_waits_a_little() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.fold_to_ann()
        runner = table.runner
        await clock.advance(5.0)
        decision = runner.decision(0)
        assert decision is not None
        assert await runner.act(Action.show(0), decision.number)
        hand = runner.table.hand
        assert hand is not None
        cards = hand.own_cards(0)
        state = table.showing
        assert state is not None
        assert state["state"] == "shown"
        assert state["text"] == f"Ann shows {state['cards']}"
        assert runner.table.view_for(SPECTATOR).seat(0).down_cards == cards  # type: ignore[union-attr]
        assert runner.table.view_for(Viewer(2)).seat(0).down_cards == cards  # type: ignore[union-attr]
        await clock.advance(2.9)  # six seconds after the hand, but the cards were just shown
        assert table.hands == 1
        await clock.advance(0.1)
        assert table.hands == 2
        assert table.showing is None  # a new hand is in play
        await runner.stop()

    run(scenario)


def test_nobody_else_may_show_or_muck_and_a_late_answer_changes_nothing() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.fold_to_ann()
        runner = table.runner
        before = len(table.entries)
        for action in (Action.show(1), Action.muck(1)):
            with pytest.raises(IllegalActionError) as refused:
                await runner.act(action)
            assert str(refused.value) == (
                "The hand is over: only Ann, who won it uncalled, may show or muck."
            )
        with pytest.raises(IllegalActionError, match="show your cards or muck them"):
            await runner.act(Action.fold(0))
        assert len(table.entries) == before
        decision = runner.decision(0)
        assert decision is not None
        assert await runner.act(Action.muck(0), decision.number)
        assert not await runner.act(Action.show(0), decision.number)  # that decision is over
        assert table.showing is not None
        assert table.showing["state"] == "mucked"
        assert table.showing["text"] == "Ann mucks"
        assert table.showing["left"] is None
        await runner.stop()

    run(scenario)


def test_the_host_dealing_now_leaves_the_cards_unseen() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.fold_to_ann()
        await table.runner.host(HostRequest(host="h", command=HostCommand.START))
        await clock.settle()
        assert table.hands == 2
        muck = {"op": "act", "action": {"seat": 0, "kind": "timeout"}}
        assert muck in table.entries
        await table.runner.stop()

    run(scenario)


def test_a_bot_that_wins_uncalled_mucks_after_its_delay() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock, bot=True)
        table.journaled.set_status("playing")
        table.journaled.start_hand(rng=random.Random(5))
        table.runner.start()
        await table.runner.changed()
        await until(clock, lambda: table.runner.table.to_act() == (1,))  # the bot called
        await table.runner.act(Action.fold(1))
        showing = table.showing
        assert showing is not None
        assert showing["state"] == "deciding"
        assert showing["left"] is None  # a bot's delay, not a person's clock
        await until(clock, lambda: table.state == "mucked")
        assert {"op": "act", "action": {"seat": 0, "kind": "muck"}} in table.entries
        await table.runner.stop()

    run(scenario)


async def until(clock: FakeClock, condition: Callable[[], bool]) -> None:
    """Let a bot think in its worker, and the bot's delay pass, until ``condition`` holds."""
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
        await clock.advance(0.1)
    raise AssertionError("the bot never got there")


def test_the_winners_view_offers_show_and_muck_and_the_table_state_tells_everybody() -> None:
    async def scenario(clock: FakeClock) -> None:
        table = Table(clock)
        await table.fold_to_ann()
        table_view = table.runner.table.view_for(Viewer(1))
        assert table_view is not None
        assert view_data(table_view)["legal"] == [
            {"kind": "show", "min": 0, "max": 0},
            {"kind": "muck", "min": 0, "max": 0},
        ]
        bob = table.runner.table.view_for(Viewer(2))
        assert bob is not None
        assert view_data(bob)["legal"] == []
        assert table_state(table.runner)["showing"]["state"] == "deciding"
        assert table_state(table.runner)["clock"]["waiting"] == {"0": 30.0}
        await table.runner.stop()

    run(scenario)


def test_over_websockets_bob_is_refused_and_everybody_sees_ann_show(store: Store) -> None:
    table = {
        "games": ["holdem"],
        "rules": {"preset": "cards-speak"},
        "stakes": {"small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4},
        "seats": 2,
    }
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=table).json()
        tokens = {}
        for seat, name in enumerate(("Ann", "Bob")):
            joined = loopback.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
            ).json()
            tokens[name] = joined["token"]
        ann, bob = Client(base, tokens["Ann"], "Ann"), Client(base, tokens["Bob"], "Bob")
        spectator = Client(base, created["spectator"], "spectator")
        loopback.post(f"{base}/api/deal", json={"host": created["host"]})
        first = ann.wait(lambda frame: bool(frame["view"] and frame["view"]["legal"]))
        ann.send({"type": "act", "action": {"kind": "raise", "amount": 4}})
        bob.wait(lambda frame: bool(frame["view"] and frame["view"]["legal"]))
        bob.send({"type": "act", "action": {"kind": "fold"}})
        deciding = spectator.wait(lambda frame: bool(frame["table"]["showing"]))
        assert deciding["table"]["showing"]["text"] == "Ann wins 4 — deciding to show or muck…"
        bob.send({"type": "act", "action": {"kind": "show"}})
        assert bob.reply()["message"] == (
            "The hand is over: only Ann, who won it uncalled, may show or muck."
        )
        asked = ann.wait(lambda frame: frame["view"]["phase"] == "complete")
        assert [option["kind"] for option in asked["view"]["legal"]] == ["show", "muck"]
        ann.send({"type": "act", "action": {"kind": "show"}, "decision": asked["decision"]})
        shown = spectator.wait(lambda frame: frame["table"]["showing"]["state"] == "shown")
        mine = next(seat for seat in first["view"]["seats"] if seat["seat"] == 0)["down"]
        seat = next(seat for seat in shown["view"]["seats"] if seat["seat"] == 0)
        assert seat["down"] == mine
        assert shown["view"]["events"][-1] == {
            "kind": "shown",
            "seat": 0,
            "cards": " ".join(mine),
        }
        for client in (ann, bob, spectator):
            client.close()
