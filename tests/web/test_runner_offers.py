"""A table running Baseball: bots and the clock answer a four's extra card and a three dealt
face up, and every view message of it is written without a hitch."""

from __future__ import annotations

import json
import random
from typing import Any

from hilo.engine.journal import JournaledTable, restore
from hilo.engine.phases import Phase
from hilo.engine.table import SPECTATOR, TableConfig
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.web.clock import FakeClock
from hilo.web.protocol import event_message, view_data
from hilo.web.runner import ServerSettings, TableRunner
from tests.web.loop import run as run_alone

OFFERS = {Phase.EXTRA_CARD, Phase.MATCHING}


def config() -> TableConfig:
    return TableConfig(
        games=("baseball-hilo-declare",),
        rules=HouseRules.preset("strict", four_price=1),
        stakes=Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4),
        seats=3,
        action_clock=30.0,
        time_bank=0.0,
    )


def seated(entries: list[dict[str, Any]]) -> JournaledTable:
    journaled = JournaledTable(config(), entries.append)
    journaled.sit(0, "Ann", 100)  # never acts: the clock answers for her
    journaled.sit(1, "Bob", 100, bot="random")
    journaled.sit(2, "Cy", 100, bot="solid")
    return journaled


def a_seed_with_an_offer_for_ann() -> int:
    """A shuffle that deals Ann a four or a three face up on third street."""
    for seed in range(500):
        hand = seated([]).start_hand(rng=random.Random(seed))
        if hand.phase in OFFERS and 0 in hand.to_act:
            return seed
    raise AssertionError("no shuffle deals Ann a four or a three")


def test_bots_and_the_clock_answer_baseball_s_offers_to_the_end() -> None:
    seed = a_seed_with_an_offer_for_ann()

    async def scenario() -> None:
        clock = FakeClock(1000.0)
        entries: list[dict[str, Any]] = []
        journaled = seated(entries)
        settings = ServerSettings(
            bot_delay=0.0, next_hand_delay=3600.0, bot_deadline=10.0, clock=clock
        )

        async def notified(table_id: str) -> None:
            return None

        runner = TableRunner("t", journaled, settings, notified)
        journaled.start_hand(rng=random.Random(seed))
        runner.start()
        await runner.changed()
        await clock.settle()
        phases: set[Phase] = set()
        for _ in range(200):
            hand = runner.table.hand
            assert hand is not None
            if hand.is_complete:
                break
            phases.add(hand.phase)
            table = runner.table
            for viewer in (*(table.person_in(seat) for seat in range(3)), SPECTATOR):
                view = table.view_for(viewer)
                assert view is not None
                json.dumps(view_data(view))
                for event in view.events:
                    json.dumps(event_message(event))
            await clock.advance(30.0)
        hand = runner.table.hand
        assert hand is not None
        assert hand.is_complete
        assert phases & OFFERS
        assert sum(hand.stacks) + hand.carried_out == 300
        again = restore(json.loads(json.dumps(entries)))
        assert again.table.hand is not None
        assert again.table.hand.events == hand.events
        await runner.stop()

    run_alone(scenario)
