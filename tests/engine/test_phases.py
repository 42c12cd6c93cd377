"""The plan of a hand and the house's default for a player out of time, as functions."""

from __future__ import annotations

from hilo.cards import parse_card, parse_cards
from hilo.engine.actions import ActionKind
from hilo.engine.declare import Direction
from hilo.engine.phases import Phase, plan, timeout_default
from hilo.rules import VARIANTS, HouseRules


def test_the_plan_of_a_declare_draw_with_a_round_after_the_declare() -> None:
    rules = HouseRules.preset("strict", bet_after_declare=True)
    steps = plan(VARIANTS["five-card-draw-hilo-declare"], rules)
    assert steps == [
        (Phase.DEALING, 0),
        (Phase.BETTING, 0),
        (Phase.DEALING, 1),
        (Phase.DRAWING, 1),
        (Phase.BETTING, 1),
        (Phase.DECLARING, 1),
        (Phase.BETTING, 2),
        (Phase.SHOWDOWN, 1),
        (Phase.COMPLETE, 1),
    ]


def test_turning_up_comes_before_the_last_stud_card() -> None:
    rules = HouseRules.preset("cards-speak", turn_up_hole_card=True)
    steps = plan(VARIANTS["five-card-stud"], rules)
    assert steps[-5:] == [
        (Phase.TURNING_UP, 3),
        (Phase.DEALING, 3),
        (Phase.BETTING, 3),
        (Phase.SHOWDOWN, 3),
        (Phase.COMPLETE, 3),
    ]
    assert (Phase.DECLARING, 3) not in steps


def test_out_of_time_the_house_checks_brings_in_folds_stands_pat_or_declares() -> None:
    betting = {ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET}
    assert timeout_default(Phase.BETTING, 1, betting, "fold").kind is ActionKind.CHECK
    forced = {ActionKind.BRING_IN, ActionKind.COMPLETE}
    assert timeout_default(Phase.BETTING, 1, forced, "fold").kind is ActionKind.BRING_IN
    facing = {ActionKind.FOLD, ActionKind.CALL}
    assert timeout_default(Phase.BETTING, 1, facing, "fold").kind is ActionKind.FOLD
    pat = timeout_default(Phase.DRAWING, 1, {ActionKind.DRAW}, "fold")
    assert (pat.kind, pat.cards) == (ActionKind.DRAW, ())
    down = timeout_default(Phase.TURNING_UP, 1, {ActionKind.TURN_UP}, "fold")
    assert down.kind is ActionKind.KEEP_DOWN
    declare = {ActionKind.DECLARE}
    assert timeout_default(Phase.DECLARING, 1, declare, "fold").kind is ActionKind.FOLD
    high = timeout_default(Phase.DECLARING, 1, declare, "high")
    assert (high.seat, high.kind, high.direction) == (1, ActionKind.DECLARE, Direction.HIGH)


def test_the_plan_of_anaconda_puts_the_secret_choices_before_each_betting_round() -> None:
    steps = plan(VARIANTS["anaconda-hilo-declare"], HouseRules.preset("strict"))
    fifth = [phase.value for phase, street in steps if street == 4]
    assert fifth == ["dealing", "discarding", "arranging", "revealing", "betting"]
    assert [phase.value for phase, street in steps if street == 1] == [
        "dealing",
        "passing",
        "betting",
    ]
    trash = plan(VARIANTS["pass-the-trash-hilo"], HouseRules.preset("cards-speak"))
    assert [phase.value for phase, street in trash if street == 2] == [
        "dealing",
        "discarding",
        "rolling",
        "betting",
    ]


def test_out_of_time_the_house_passes_discards_rolls_the_first_cards_and_keeps_the_order() -> None:
    held = [(card, card == parse_card("As")) for card in parse_cards("As Kd 7c 2h")]
    passing = timeout_default(Phase.PASSING, 2, {ActionKind.PASS}, "fold", held=held, count=3)
    assert (passing.seat, passing.kind, passing.cards) == (
        2,
        ActionKind.PASS,
        parse_cards("As Kd 7c"),
    )
    thrown = timeout_default(Phase.DISCARDING, 2, {ActionKind.DISCARD}, "fold", held=held, count=2)
    assert thrown.cards == parse_cards("As Kd")
    rolled = timeout_default(Phase.ROLLING, 2, {ActionKind.ROLL}, "fold", held=held, count=1)
    assert (rolled.kind, rolled.cards) == (ActionKind.ROLL, parse_cards("Kd"))
    kept = timeout_default(Phase.ARRANGING, 2, {ActionKind.ARRANGE}, "fold", held=held)
    assert kept.cards == parse_cards("As Kd 7c 2h")
