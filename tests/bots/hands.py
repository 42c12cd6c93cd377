"""Stacked hands for bot tests, and a fixed estimator to test decisions on their own."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hilo.bots import CallingBot, Estimate
from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.engine.views import TableView
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import deck

STUD = "seven-card-stud-hilo-declare"
STUD_STAKES = Stakes(small_bet=10, big_bet=20, bring_in=3)

SWING_DECK = "As 2s 3s Qc Qd Jc 4s 9h 5s 8d Kd 7c Kh 6c"
"""Heads up, button 0: seat 1 makes a wheel straight flush (the best high and the best
low), seat 0 a pair of queens with 7-8-9-J showing."""


def stud_hand(
    top: str = SWING_DECK,
    rules: HouseRules | None = None,
    players: int = 2,
    stakes: Stakes = STUD_STAKES,
) -> Hand:
    """Seven-card stud high-low declare with the given cards on top of the deck."""
    return Hand(
        HandSetup(
            VARIANTS[STUD], rules or HouseRules(), stakes, [1000] * players, deck_order=deck(top)
        )
    )


def call_down_to(hand: Hand, phase: Phase) -> None:
    """Let calling stations play the hand until it reaches ``phase``."""
    station = CallingBot(random.Random(0), rules=hand.rules)
    while hand.phase is not phase and not hand.is_complete:
        hand.apply(station.act(hand.view_for(hand.to_act[0])))
    assert hand.phase is phase


class FixedEstimator:
    """An estimator that always gives the same estimate, and remembers what it was asked."""

    def __init__(self, estimate: Estimate) -> None:
        self.value = estimate
        self.discards: list[tuple[Card, ...]] = []

    def estimate(
        self, view: TableView, rules: HouseRules, *, discards: Sequence[Card] = ()
    ) -> Estimate:
        self.discards.append(tuple(discards))
        return self.value


def fixed(share: float, **declared: float) -> FixedEstimator:
    """A fixed estimate with expected ``share`` (and per-declaration shares, if given)."""
    shares = tuple((Direction(name), value) for name, value in declared.items())
    return FixedEstimator(Estimate(high=share, low=share, scoop=0.0, share=share, declared=shares))
