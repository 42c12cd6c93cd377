"""The `Bot` protocol, and small helpers every bot uses to read its legal options.

A bot is given one `TableView` (what its seat may see) and answers with an `Action` for
``view.viewer`` that is legal in that view. It never sees anything else: no deck, no
other player's hidden cards, no sealed declaration.

>>> from hilo.engine.betting import ActionOption
>>> options = options_by_kind((ActionOption(ActionKind.FOLD), ActionOption(ActionKind.CHECK)))
>>> sorted(kind.value for kind in options)
['check', 'fold']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from hilo.cards import Card
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.views import SeatView, TableView
from hilo.errors import IllegalActionError

__all__ = [
    "Bot",
    "bot_name",
    "my_cards",
    "my_seat",
    "options_by_kind",
    "passive_action",
    "pot_total",
    "sized",
]


@runtime_checkable
class Bot(Protocol):
    """A player that decides from its seat's view alone."""

    def act(self, view: TableView) -> Action:
        """A legal action for ``view.viewer``; raises `IllegalActionError` if it has none."""
        ...


def bot_name(bot: object) -> str:
    """The kind a bot calls itself (``"solid"``), or its class name."""
    kind = getattr(bot, "kind", None)
    return kind if isinstance(kind, str) and kind else type(bot).__name__


def my_seat(view: TableView) -> tuple[int, SeatView]:
    """The viewer's seat number and seat; `IllegalActionError` when it has nothing to do."""
    if view.viewer is None or not view.legal_actions:
        raise IllegalActionError("This view has no decision to make: it is not the seat's turn.")
    me = view.me
    assert me is not None
    return view.viewer, me


def my_cards(view: TableView) -> tuple[Card, ...]:
    """Every card the viewer holds, up and down."""
    _, me = my_seat(view)
    return me.up_cards + me.down_cards


def options_by_kind(options: Iterable[ActionOption]) -> dict[ActionKind, ActionOption]:
    """The legal options, keyed by their kind."""
    return {option.kind: option for option in options}


def pot_total(view: TableView) -> int:
    """Every chip in the middle: the pots and the bets of the current round."""
    return sum(view.pots) + sum(seat.bet for seat in view.seats)


def sized(seat: int, option: ActionOption, amount: int) -> Action:
    """A bet, raise or completion "to" ``amount``, kept within the option's limits."""
    total = max(option.minimum, min(option.maximum, amount))
    return Action(seat, option.kind, total)


def passive_action(seat: int, options: dict[ActionKind, ActionOption]) -> Action:
    """Check if possible, else call, else bring it in, else fold (never a raise); a winner
    nobody called mucks."""
    if ActionKind.MUCK in options:
        return Action.muck(seat)
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
        if kind in options:
            return Action(seat, kind)
    if ActionKind.FOLD in options:
        return Action.fold(seat)
    raise IllegalActionError("There is no check, call, bring-in or fold among the options.")
