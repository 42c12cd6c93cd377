"""Replaying hilo's PHH export in PokerKit, strictly: every action as written, or a failure.

PokerKit's own ``HandHistory`` iteration repairs a history it cannot follow by checking
or folding for the player; that would hide a wrong export. `replay` applies the actions
one by one and does nothing between them but burn the cards PHH leaves out.
"""

from __future__ import annotations

import random
import tomllib
import warnings
from collections.abc import Callable
from typing import Any

import pytest

from hilo.engine.actions import Action, ActionKind
from hilo.engine.events import Acted, Street
from hilo.engine.phh import hand_to_phh, phh_seats
from hilo.engine.showdown import Side
from hilo.engine.state import Hand

pokerkit = pytest.importorskip("pokerkit")
notation = pytest.importorskip("pokerkit.notation")

Policy = Callable[[Hand, int], Action]


def load(text: str) -> Any:
    """``HandHistory.loads`` with every warning (an unexpected field, say) an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return pokerkit.HandHistory.loads(text)


def replay(text: str) -> Any:
    """PokerKit's state after every action of the history, each accepted as written."""
    history = load(text)
    state = history.create_state()
    for action in history.actions:
        while True:
            try:
                notation.parse_action(state, action, history.parse_value)
                break
            except ValueError as error:
                if not state.can_burn_card():
                    raise AssertionError(f"PokerKit refuses {action!r}: {error}\n{text}") from None
                state.burn_card("??")
    return state


def in_phh_order(hand: Hand, values: list[int]) -> list[int]:
    """Per-seat values of hilo in PHH player order."""
    return [values[seat] for seat in phh_seats(hand)]


def check_replays(hand: Hand, *, same_stacks: bool = True) -> dict[str, Any]:
    """Export ``hand``, replay it in PokerKit two ways, compare stacks; return the TOML.

    ``same_stacks=False`` only checks that PokerKit takes every action, finishes the hand
    and keeps every chip (for the hands of `pokerkit_splits_without_a_low`).
    """
    text = hand_to_phh(hand)
    state = replay(text)
    assert not state.status, "PokerKit thinks the hand goes on"
    expected = in_phh_order(hand, hand.stacks)
    *_, last = load(text)  # PokerKit's own iteration agrees with the strict replay
    assert list(last.stacks) == list(state.stacks)
    if same_stacks:
        assert list(state.stacks) == expected, text
    else:
        assert sum(state.stacks) == sum(expected) + hand.carried_out - hand.carried_in
    data = tomllib.loads(text)
    assert data["finishing_stacks"] == expected
    return data


def pokerkit_splits_without_a_low(hand: Hand) -> bool:
    """True when PokerKit 0.7 may split a pot in which nobody has a qualifying low.

    PokerKit decides whether a pot is split by asking whether *anybody* at the showdown
    has a low, not anybody in that pot; the low half of a side pot without a low then
    goes to the pot's players that have none. (RULES.md section 4: that pot's high hand
    takes it all, which is what hilo does.)
    """
    if hand.result is None:
        return False
    lows = [any(award.side is Side.LOW for award in pot.awards) for pot in hand.result.pots]
    return any(lows) and any(
        len(pot.seats) > 1 and not low for pot, low in zip(hand.result.pots, lows, strict=True)
    )


def calling(hand: Hand, seat: int) -> Action:
    """Bring it in, check or call; never bet."""
    kinds = {option.kind for option in hand.legal_actions(seat)}
    for kind in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL):
        if kind in kinds:
            return Action(seat, kind)
    raise AssertionError(f"seat {seat} cannot call: {kinds}")


def aggressor(bettor: int) -> Policy:
    """``bettor`` bets and raises the least it may whenever it can; the others call."""

    def choose(hand: Hand, seat: int) -> Action:
        if seat == bettor:
            for option in hand.legal_actions(seat):
                if option.kind in (ActionKind.BET, ActionKind.RAISE):
                    return Action(seat, option.kind, option.minimum)
                if option.kind is ActionKind.COMPLETE:
                    return Action.complete(seat)
        return calling(hand, seat)

    return choose


def play(hand: Hand, policy: Policy) -> Hand:
    """Play betting rounds with ``policy`` while the hand waits for bets."""
    while hand.to_act and hand.phase.value == "betting":
        hand.apply(policy(hand, hand.to_act[0]))
    return hand


def limited(hand: Hand, rng: random.Random) -> Action:
    """A random legal bet, outside the few spots where PokerKit's betting rules differ.

    Left out: completing an all-in bet for less than a full bet (PokerKit asks a full
    raise over it) and a fifth fixed-limit bet in a round with an all-in raise for less
    (PokerKit counts that raise towards its cap). Folding is left out where a check is free.
    """
    seat = hand.to_act[0]
    options = hand.legal_actions(seat)
    kinds = {option.kind for option in options}
    raised = 0
    for event in reversed(hand.events):
        if isinstance(event, Street):
            break
        raised += isinstance(event, Acted) and event.action in (
            ActionKind.BET,
            ActionKind.RAISE,
            ActionKind.COMPLETE,
        )
    leave_out = {ActionKind.FOLD} if ActionKind.CHECK in kinds else set()
    if hand.street > 0 or not hand.variant.is_stud:
        leave_out.add(ActionKind.COMPLETE)
    if raised >= 4 and hand.stakes.structure == "fixed-limit":
        leave_out |= {ActionKind.RAISE, ActionKind.COMPLETE}
    choices = [option for option in options if option.kind not in leave_out] or options
    weights = [3 if option.kind in (ActionKind.CALL, ActionKind.CHECK) else 1 for option in choices]
    option = rng.choices(choices, weights)[0]
    if option.kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(seat, option.kind, rng.randint(option.minimum, option.maximum))
    return Action(seat, option.kind)
