"""The solid bot's decisions: betting by strength, pot odds, the declare and draws."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from hilo.bots import SimulatedAdvisor, SolidBot
from hilo.cards import parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.bots.hands import call_down_to, fixed, stud_hand
from tests.engine.scripted import deck


def _solid(share: float, rules: HouseRules | None = None, **declared: float) -> SolidBot:
    """A solid bot deciding by a fixed estimate, the declare too (no advice)."""
    return SolidBot(
        random.Random(1), rules=rules, estimator=fixed(share, **declared), advice_samples=None
    )


def test_brings_it_in_when_middling_and_completes_when_strong() -> None:
    hand = stud_hand()
    view = hand.view_for(hand.to_act[0])
    assert _solid(0.5).act(view).kind is ActionKind.BRING_IN
    assert _solid(0.9).act(view) == Action(view.viewer or 0, ActionKind.COMPLETE, 10)


@pytest.mark.parametrize(
    ("share", "kind"),
    [(0.1, ActionKind.FOLD), (0.5, ActionKind.CALL), (0.9, ActionKind.COMPLETE)],
)
def test_facing_the_bring_in_folds_calls_or_completes(share: float, kind: ActionKind) -> None:
    hand = stud_hand()
    hand.apply(Action.bring_in(hand.to_act[0]))
    assert _solid(share).act(hand.view_for(hand.to_act[0])).kind is kind


@pytest.mark.parametrize(("share", "kind"), [(0.5, ActionKind.CHECK), (0.6, ActionKind.BET)])
def test_bets_only_when_ahead_of_an_even_share(share: float, kind: ActionKind) -> None:
    hand = stud_hand()
    hand.apply(Action.bring_in(hand.to_act[0]))
    hand.apply(Action.call(hand.to_act[0]))
    assert hand.phase is Phase.BETTING
    assert "check" in [option.kind.value for option in hand.legal_actions()]
    assert _solid(share).act(hand.view_for(hand.to_act[0])).kind is kind


def test_pot_odds_decide_a_call_with_a_small_share() -> None:
    hand = stud_hand(stakes=Stakes(small_bet=10, big_bet=20, bring_in=3, ante=140))
    while not (hand.phase is Phase.BETTING and hand.street == 4):  # to seventh street
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions()}
        for kind in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL):
            if kind in kinds:
                hand.apply(Action(seat, kind))
                break
    hand.apply(Action.bet(hand.to_act[0], 20))
    view = hand.view_for(hand.to_act[0])
    pot = sum(view.pots) + sum(seat.bet for seat in view.seats)
    assert pot == 280 + 3 + 3 + 20
    # Nothing is left to come: calling 20 pays with a share above 20 / (pot + 20), 6.1%.
    assert _solid(0.07).act(view).kind is ActionKind.CALL
    assert _solid(0.05).act(view).kind is ActionKind.FOLD


def test_no_limit_bets_are_sized_to_the_pot_within_the_limits() -> None:
    stakes = Stakes(structure="no-limit", small_blind=5, big_blind=10)
    hand = Hand.deal(VARIANTS["holdem-hilo-declare"], HouseRules(), stakes, [1000, 1000], button=0)
    hand.apply(Action.call(hand.to_act[0]))  # the button completes the small blind
    view = hand.view_for(hand.to_act[0])
    raise_option = next(o for o in view.legal_actions if o.kind is ActionKind.RAISE)
    strong = _solid(0.8).act(view)
    monster = _solid(0.99).act(view)
    assert strong.kind is ActionKind.RAISE
    assert raise_option.minimum <= strong.amount < monster.amount <= raise_option.maximum
    assert strong.amount == 10 + int(0.66 * 20)
    assert monster.amount == 10 + 20


@pytest.mark.parametrize(
    ("rules", "both", "expected"),
    [
        ("strict", 0.7, Direction.LOW),  # a swing needs 75% under strict rules
        ("strict", 0.8, Direction.BOTH),
        ("liberal", 0.7, Direction.BOTH),  # 60% is enough when ties share
        ("liberal", 0.55, Direction.LOW),
    ],
)
def test_declares_the_best_way_and_both_only_when_nearly_sure(
    rules: str, both: float, expected: Direction
) -> None:
    hand = stud_hand(rules=HouseRules.preset(rules))
    call_down_to(hand, Phase.DECLARING)
    view = hand.view_for(hand.to_act[0])
    bot = _solid(0.6, HouseRules.preset(rules), high=0.4, low=0.6, both=both)
    assert bot.act(view) == Action.declare(view.viewer or 0, expected)


def test_declares_both_with_the_nuts_both_ways_from_a_real_estimate() -> None:
    hand = stud_hand()
    call_down_to(hand, Phase.DECLARING)
    swing = SolidBot(random.Random(2), advice_samples=None)
    other = SolidBot(random.Random(3), advice_samples=None)
    assert swing.act(hand.view_for(1)) == Action.declare(1, Direction.BOTH)
    assert other.act(hand.view_for(0)).direction is Direction.HIGH  # queens, no low to speak of


def test_without_hilo_sim_the_declare_falls_back_on_the_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = stud_hand()
    call_down_to(hand, Phase.DECLARING)
    view = hand.view_for(1)  # a wheel straight flush: the advice would say both ways
    monkeypatch.setitem(sys.modules, "hilo.sim", None)  # as if numpy were not installed
    bot = SolidBot(random.Random(1), estimator=fixed(0.6, high=0.4, low=0.6, both=0.1))
    assert isinstance(bot.advisor, SimulatedAdvisor)
    assert bot.act(view) == Action.declare(1, Direction.LOW)  # the estimate's best way
    assert bot.advisor.is_missing
    assert bot.advisor.shares(view, bot.rules) is None


def test_without_numpy_a_match_with_the_solid_bot_still_plays() -> None:
    code = (
        "import random, sys\n"
        "sys.modules['numpy'] = None\n"
        "from hilo.bots import SolidBot\n"
        "from hilo.bots.match import play_match\n"
        "solid = SolidBot(random.Random(1), samples=20)\n"
        "result = play_match('seven-card-stud-hilo-declare', 'strict', None,\n"
        "                    [solid, 'calling'], 12, seed=3)\n"
        "print(sum(bot.net for bot in result.bots) + result.carried, solid.advisor.is_missing,\n"
        "      'hilo.sim' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "True", "False"]  # declared by the estimate


def test_draws_the_option_with_the_best_simulated_share() -> None:
    variant = VARIANTS["five-card-draw-hilo-declare"]
    stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    hand = Hand(
        HandSetup(
            variant,
            HouseRules(),
            stakes,
            [100, 100],
            deck_order=deck("Kc Kd 7h 4s 2c Ah Qd Js 9c 8h"),
        )
    )
    hand.apply(Action.call(hand.to_act[0]))
    hand.apply(Action.check(hand.to_act[0]))
    assert hand.phase is Phase.DRAWING
    seat = hand.to_act[0]
    estimator = fixed(0.5)
    SolidBot(random.Random(1), estimator=estimator).act(hand.view_for(seat))
    assert len(estimator.discards) > 2
    assert () in estimator.discards


def _first_to_draw(top: str, players: int) -> Hand:
    """Five-card draw declare with ``top`` dealt to seat 1, called round to the draw."""
    variant = VARIANTS["five-card-draw-hilo-declare"]
    stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    hand = Hand(HandSetup(variant, HouseRules(), stakes, [100] * players, deck_order=deck(top)))
    while hand.phase is not Phase.DRAWING:
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions()}
        hand.apply(Action.check(seat) if ActionKind.CHECK in kinds else Action.call(seat))
    assert hand.to_act == (1,)
    return hand


@pytest.mark.parametrize(
    ("cards", "players", "discards"),
    [
        ("Kc Qc 9c 6c 2c", 2, ""),  # a flush stands pat
        ("Ah 2d 3s 4h Qd", 4, "Qd"),  # four to a wheel: draw one to the low
        ("Kd Ks 7h 4s 2c", 4, "7h 4s 2c"),  # a pair of kings: draw three
        ("9c 8d 7h 6s 2c", 3, "9c 8d"),  # keep the low cards 7-6-2
    ],
)
def test_draws_sensibly_from_real_estimates(cards: str, players: int, discards: str) -> None:
    hand = _first_to_draw(cards, players)
    action = SolidBot(random.Random(1)).act(hand.view_for(1))
    assert action.kind is ActionKind.DRAW
    assert set(action.cards) == set(parse_cards(discards))
