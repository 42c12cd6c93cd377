"""Dealer's choice on the server, on a fake clock: the dealer's clock, its default, bots
dealing, and what everybody is shown of the choice before the deal."""

from __future__ import annotations

from typing import Any

import pytest

from hilo.engine.actions import Action, ActionKind
from hilo.engine.choice_of_game import GameChoice
from hilo.engine.journal import JournaledTable, restore
from hilo.engine.table import TableConfig
from hilo.errors import IllegalActionError
from hilo.rules import HouseRules
from hilo.rules.defaults import default_stakes
from hilo.web.clock import FakeClock
from hilo.web.hub import choice_state
from hilo.web.protocol import SeatCommand, SeatRequest
from hilo.web.runner import ServerSettings, TableRunner, make_bot
from tests.web.loop import run as run_alone

GAMES = ("five-card-stud-hilo", "razz")
CONFIG = TableConfig(
    games=GAMES,
    stakes=default_stakes(*GAMES),
    seats=3,
    action_clock=30.0,
    mode="dealer-names",
    dealer_declares=True,
)


class Night:
    """A dealer's-choice runner on a fake clock: Ann (or a bot) deals first, then Bob."""

    def __init__(self, clock: FakeClock, *, bot: bool = False) -> None:
        self.clock = clock
        self.entries: list[dict[str, Any]] = []
        self.journaled = JournaledTable(CONFIG, self.entries.append)
        self.journaled.sit(0, "Ann", 200, bot="calling" if bot else None)
        self.journaled.sit(1, "Bob", 200)
        self.journaled.set_status("playing")
        settings = ServerSettings(
            bot_delay=1.0, next_hand_delay=3600.0, choice_delay=2.0, clock=clock
        )
        self.runner = TableRunner("t", self.journaled, settings, self.notified)

    async def notified(self, table_id: str) -> None:
        """Nobody watches in these tests."""

    async def start(self) -> None:
        self.runner.start()
        await self.runner.changed()
        await self.clock.settle()

    async def choose(self, seat: int, game: str, declare: Any = None) -> None:
        request = SeatRequest(token="t", command=SeatCommand.CHOOSE, game=game, declare=declare)
        await self.runner.seat_command(seat, request)
        await self.clock.settle()


def run(scenario: Any) -> None:
    async def main() -> None:
        night = Night(FakeClock(1000.0))
        await night.start()
        try:
            await scenario(night)
        finally:
            await night.runner.stop()

    run_alone(main)


def test_the_clock_names_the_default_for_a_dealer_who_does_not_choose() -> None:
    async def scenario(night: Night) -> None:
        state = choice_state(night.runner)
        assert state is not None
        # the action clock's 30 seconds, then Ann's 60-second time bank
        assert (state["chooser"], state["chooser_name"], state["left"]) == (0, "Ann", 90.0)
        assert night.runner.clock()["waiting"] == {"0": 90.0}
        assert [option["default"] for option in state["options"]] == [True, False]
        await night.clock.advance(89.0)
        assert night.runner.table.choice is None
        assert night.runner.clock()["waiting"] == {"0": 1.0}
        await night.clock.advance(1.0)
        assert night.entries[-2:] == [
            {"op": "bank", "seat": 0, "seconds": 0.0},
            {"op": "choose", "seat": 0, "game": GAMES[0]},
        ]
        assert night.runner.clock()["banks"]["0"] == 0.0
        assert night.runner.table.hand is None  # everybody sees the choice first
        chosen = choice_state(night.runner)
        assert chosen is not None
        assert chosen["chosen"]["announcement"] == "Ann chose Five-card stud high-low"
        await night.clock.advance(2.0)
        hand = night.runner.table.hand
        assert hand is not None
        assert hand.variant.name == GAMES[0]

    run(scenario)


def test_a_dealer_who_names_the_game_late_spends_time_bank_like_an_action() -> None:
    async def scenario(night: Night) -> None:
        await night.clock.advance(70.0)
        state = choice_state(night.runner)
        assert state is not None
        assert state["left"] == 20.0
        assert night.runner.clock()["waiting"] == {"0": 20.0}
        await night.choose(0, "razz")  # 40 seconds over the action clock
        assert night.entries[-2:] == [
            {"op": "choose", "seat": 0, "game": "razz"},
            {"op": "bank", "seat": 0, "seconds": 20.0},
        ]
        assert night.runner.clock()["banks"] == {"0": 20.0, "1": 60.0}
        assert night.runner.clock()["waiting"] == {}
        assert restore(night.entries).table.players[0].time_bank == 20.0  # type: ignore[union-attr]

    run(scenario)


def test_only_the_dealer_names_the_game_and_only_one_of_the_list() -> None:
    async def scenario(night: Night) -> None:
        with pytest.raises(IllegalActionError, match="Ann deals next and names the game"):
            await night.choose(1, "razz")
        with pytest.raises(IllegalActionError, match="'holdem' is not one of this table's"):
            await night.choose(0, "holdem")
        with pytest.raises(IllegalActionError, match="Say which game you deal"):
            await night.runner.seat_command(0, SeatRequest(token="t", command=SeatCommand.CHOOSE))
        assert [entry["op"] for entry in night.entries].count("choose") == 0
        await night.choose(0, "five-card-stud-hilo", "cards-speak")
        assert "bank" not in [entry["op"] for entry in night.entries]  # chosen in time
        state = choice_state(night.runner)
        assert state is not None
        chosen = state["chosen"]
        assert chosen["announcement"] == "Ann chose Five-card stud high-low — cards speak"
        assert chosen["summary"].endswith("high-low, cards speak.")
        await night.clock.advance(2.0)
        hand = night.runner.table.hand
        assert hand is not None
        assert hand.rules.declare == "cards-speak"
        assert restore(night.entries).table.hand_choice == GameChoice(
            "five-card-stud-hilo", "cards-speak"
        )

    run(scenario)


def test_the_next_dealer_is_asked_once_the_winner_nobody_called_has_shown_or_mucked() -> None:
    async def scenario(night: Night) -> None:
        await night.choose(0, "razz")
        await night.clock.advance(2.0)
        table = night.runner.table
        bring_in = table.to_act()[0]
        assert await night.runner.act(Action(bring_in, ActionKind.BRING_IN))
        assert await night.runner.act(Action.fold(1 - bring_in))
        await night.clock.settle()
        # The winner decides first, on the action clock; nobody is asked to name the game.
        assert table.showing == bring_in
        assert table.chooser == 1  # Bob deals next
        state = choice_state(night.runner)
        assert state is not None
        assert (state["chooser"], state["left"]) == (None, None)
        assert night.runner.clock()["waiting"] == {str(bring_in): 30.0}
        await night.clock.advance(25.0)
        assert night.runner.chooser() is None
        assert await night.runner.act(Action.show(bring_in))
        await night.clock.settle()
        # Then Bob names the game, on a full clock of his own: 30 seconds and his bank.
        state = choice_state(night.runner)
        assert state is not None
        assert (state["chooser"], state["chooser_name"], state["left"]) == (1, "Bob", 90.0)
        assert night.runner.clock()["waiting"] == {"1": 90.0}
        await night.clock.advance(89.0)
        assert table.choice == GameChoice("razz")  # still Ann's: Bob has not chosen yet
        assert table.chooser == 1

    run(scenario)


def test_a_bot_on_the_button_names_the_default() -> None:
    async def scenario(night: Night) -> None:
        await night.clock.advance(1.0)
        assert night.runner.table.choice == GameChoice(GAMES[0])
        await night.clock.advance(2.0)
        assert night.runner.table.hand is not None

    async def main() -> None:
        night = Night(FakeClock(1000.0), bot=True)
        await night.start()
        try:
            await scenario(night)
        finally:
            await night.runner.stop()

    run_alone(main)


def test_a_bot_is_made_for_the_house_rules_of_the_hand_in_play() -> None:
    speaks = HouseRules.preset("cards-speak")
    config = TableConfig(
        games=GAMES,
        stakes=default_stakes(*GAMES),
        mode="dealer-names",
        game_rules=(("five-card-stud-hilo", speaks),),
    )
    journaled = JournaledTable(config, lambda entry: None)
    journaled.sit(0, "Ann", 200)
    journaled.sit(1, "Solid bot 1", 200, bot="solid")
    assert getattr(make_bot("solid", journaled.table), "rules", None) == HouseRules()
    journaled.choose(0, GameChoice("five-card-stud-hilo"))
    journaled.start_hand()
    assert getattr(make_bot("solid", journaled.table), "rules", None) == speaks
