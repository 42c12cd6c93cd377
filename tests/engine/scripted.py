"""Helpers for scripted hands: a stacked deck, a list of actions, and refused actions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import pytest

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.events import Acted, Awarded, Event
from hilo.engine.state import Hand
from hilo.errors import IllegalActionError

E = TypeVar("E", bound=Event)


def deck(text: str) -> list[Card]:
    """The deck in dealing order: ``text`` first, then every other card (52 in all)."""
    top = list(parse_cards(text))
    assert len(set(top)) == len(top), "a stacked card appears twice"
    return top + [card for card in FULL_DECK if card not in top]


def play(hand: Hand, actions: Iterable[Action]) -> None:
    """Apply every action in order (each must be legal)."""
    for action in actions:
        hand.apply(action)


def refused(hand: Hand, action: Action) -> str:
    """The sentence `IllegalActionError` gives for ``action``; the hand must not change."""
    before = (list(hand.events), list(hand.stacks), hand.to_act)
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(action)
    assert (list(hand.events), list(hand.stacks), hand.to_act) == before
    return str(caught.value)


def options(hand: Hand, seat: int | None = None) -> list[tuple[str, int, int]]:
    """The legal options of ``seat`` as ``(kind, minimum, maximum)``, easy to compare."""
    return [_plain(option) for option in hand.legal_actions(seat)]


def _plain(option: ActionOption) -> tuple[str, int, int]:
    return (option.kind.value, option.minimum, option.maximum)


def kinds(hand: Hand, seat: int | None = None) -> list[str]:
    """The kinds of action ``seat`` may take now."""
    return [option.kind.value for option in hand.legal_actions(seat)]


def of_kind(hand: Hand, kind: type[E]) -> list[E]:
    """Every event of one type, in order."""
    return [event for event in hand.events if isinstance(event, kind)]


def awards(hand: Hand) -> list[tuple[int, int, str]]:
    """``(seat, amount, reason)`` of every AWARDED event."""
    return [(event.seat, event.amount, event.reason) for event in of_kind(hand, Awarded)]


def acted(hand: Hand) -> list[tuple[int | None, str, int]]:
    """``(seat, action, total bet)`` of every ACTED event (the betting and folds)."""
    return [(event.seat, event.action.value, event.amount) for event in of_kind(hand, Acted)]


def cards(text: str) -> tuple[Card, ...]:
    """Cards from text, for comparisons."""
    return parse_cards(text)


__all__ = [
    "Action",
    "ActionKind",
    "acted",
    "awards",
    "cards",
    "deck",
    "kinds",
    "of_kind",
    "options",
    "play",
    "refused",
]
