"""The solid bot declares by the declare advice, built from its view alone."""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from dataclasses import replace

import pytest

pytest.importorskip("hilo.sim", reason="the declare advice needs numpy and numba")

from hilo.bots import SimulatedAdvisor, SolidBot
from hilo.bots.advice import WARM_UP_GAMES, best_declaration, warm_up
from hilo.cards import parse_cards
from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.engine.views import TableView
from hilo.rules import VARIANTS, HouseRules
from hilo.sim import Scenario, advise
from hilo.sim.scenario import public_declarations
from tests.bots.hands import STUD, STUD_STAKES, call_down_to, fixed, stud_hand
from tests.engine.scripted import deck

STRICT = HouseRules.preset("strict")

WHEEL = "As 2d 3c 7c 8h Kh 4h 9s 5s 9d Kd 2c Qc Jd"
"""Heads up, button 0: seat 1 makes a wheel (As 2d 3c 4h 5s Kd Qc, showing 3c 4h 5s Kd),
seat 0 a pair of nines (showing Kh 9s 9d 2c)."""

THREE_WAY = "As 2d 3c Kh Kd Ks 9c 9d Qs 4h Tc Jh 6s Td Jd Jc 8s 7s Qc 5c 5d"
"""Three players, button 0: seat 1 a six-four low and ace high (As 2d 3c 4h 6s Jc Qc),
seat 2 kings full (Kh Kd Ks Tc Td 8s 5c), seat 0 jacks and nines."""


@pytest.mark.parametrize(
    ("top", "players", "seat", "expected"),
    [
        (WHEEL, 2, 1, Direction.BOTH),  # a made wheel heads up: both ways
        (THREE_WAY, 3, 1, Direction.LOW),  # a good low and nothing high: low
        (THREE_WAY, 3, 2, Direction.HIGH),  # a full house and no low: high
    ],
)
def test_the_solid_bot_declares_the_way_the_advice_says(
    top: str, players: int, seat: int, expected: Direction
) -> None:
    hand = stud_hand(top, players=players)
    call_down_to(hand, Phase.DECLARING)
    view = hand.view_for(seat)
    advice = advise(Scenario.from_view(view), STRICT, samples=20_000, seed=1)
    assert advice.best.direction is expected
    bot = SolidBot(random.Random(1))
    assert bot.act(view) == Action.declare(seat, expected)


def test_the_advice_and_not_the_estimate_decides_the_declare() -> None:
    hand = stud_hand(WHEEL)
    call_down_to(hand, Phase.DECLARING)
    # The estimate would say low; the advice says both, and the bot follows the advice.
    bot = SolidBot(random.Random(1), estimator=fixed(0.6, high=0.4, low=0.6, both=0.1))
    assert bot.estimated_direction(hand.view_for(1)) is Direction.LOW
    assert bot.act(hand.view_for(1)) == Action.declare(1, Direction.BOTH)


def test_the_advice_is_seeded_from_the_bot() -> None:
    hand = stud_hand(WHEEL)
    call_down_to(hand, Phase.DECLARING)
    view = hand.view_for(1)
    first = SimulatedAdvisor(2000, rng=random.Random(5)).shares(view, STRICT)
    again = SimulatedAdvisor(2000, rng=random.Random(5)).shares(view, STRICT)
    other = SimulatedAdvisor(2000, rng=random.Random(6)).shares(view, STRICT)
    assert first is not None
    assert first == again != other
    assert set(first) == set(Direction)
    assert first[Direction.BOTH] > first[Direction.HIGH] > first[Direction.LOW]


def test_the_scenario_holds_what_the_view_shows() -> None:
    hand = stud_hand(THREE_WAY, players=3)
    hand.apply(Action.bring_in(1))  # seat 1 shows the lowest card, the 3c
    hand.apply(Action.call(2))
    hand.apply(Action.fold(0))
    call_down_to(hand, Phase.DECLARING)
    view = hand.view_for(1)
    scenario = Scenario.from_view(view)
    assert set(scenario.cards) == set(hand.own_cards(1))
    assert scenario.opponents == 1  # the folded seat is not an opponent any more
    assert scenario.up == (tuple(hand.up_cards(2)),)
    assert len(scenario.up[0]) == 4
    assert set(scenario.dead) == set(parse_cards("Qs"))  # seat 0's only up card
    assert set(hand.own_cards(2)) - set(hand.up_cards(2)) <= set(scenario.unseen)
    assert public_declarations(view) == (None,)


def test_declarations_made_in_turn_are_used() -> None:
    hand = stud_hand(rules=HouseRules.preset("strict", declare="in-turn"))
    call_down_to(hand, Phase.DECLARING)
    hand.apply(Action.declare(1, Direction.LOW))  # seat 1 declares first, aloud
    view = hand.view_for(0)
    assert public_declarations(view) == (Direction.LOW,)
    shares = SimulatedAdvisor(2000, rng=random.Random(1)).shares(view, hand.rules)
    assert shares is not None
    # Nobody else goes high: declaring high takes the high half in every deal.
    assert shares[Direction.HIGH] == pytest.approx(0.5)
    assert best_declaration(shares) is Direction.HIGH
    assert SolidBot(random.Random(1), rules=hand.rules).act(view) == Action.declare(
        0, Direction.HIGH
    )


def test_a_sealed_declaration_stays_unknown() -> None:
    hand = stud_hand()
    call_down_to(hand, Phase.DECLARING)
    hand.apply(Action.declare(1, Direction.LOW))
    assert public_declarations(hand.view_for(0)) == (None,)


def test_a_game_of_the_house_is_advised_like_the_shipped_one() -> None:
    house_stud = replace(VARIANTS[STUD], name="house-stud", title="House stud")
    house = Hand(HandSetup(house_stud, STRICT, STUD_STAKES, [1000, 1000], deck_order=deck(WHEEL)))
    shipped = Hand(
        HandSetup(VARIANTS[STUD], STRICT, STUD_STAKES, [1000, 1000], deck_order=deck(WHEEL))
    )
    for hand in (house, shipped):
        call_down_to(hand, Phase.DECLARING)
    assert house.view_for(1).variant is house_stud
    advised = [
        SimulatedAdvisor(400, rng=random.Random(7)).shares(hand.view_for(1), STRICT)
        for hand in (house, shipped)
    ]
    assert advised[0] is not None
    assert advised[0] == advised[1]  # the same seeded deals: the view's own game is simulated
    estimate = fixed(0.6, high=0.4, low=0.6, both=0.1)
    bot = SolidBot(random.Random(1), estimator=estimate)
    assert bot.act(house.view_for(1)) == Action.declare(1, Direction.BOTH)  # the wheel: both


def test_warming_up_advises_a_declare_in_every_shape_of_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    advised: list[tuple[str, int]] = []
    real = SimulatedAdvisor.shares

    def counted(
        self: SimulatedAdvisor, view: TableView, rules: HouseRules
    ) -> Mapping[Direction, float] | None:
        shares = real(self, view, rules)
        assert shares is not None
        advised.append((view.variant.name, len(view.seats)))
        return shares

    monkeypatch.setattr(SimulatedAdvisor, "shares", counted)
    assert warm_up() is True
    assert advised == [(game, players) for game in WARM_UP_GAMES for players in (2, 3)]


def test_without_hilo_sim_there_is_nothing_to_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hilo.sim", None)  # importing it fails
    assert warm_up() is False
