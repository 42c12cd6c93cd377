"""How the bots answer the offers asked in turn: Baseball's fours and threes, 7/27's rounds.

A four's extra card is worth having when it is cheap; a three is matched when the pot is
small beside the chips behind; in 7/27 the careful bot takes cards while its total is far
from both targets (see `wants_card`).

>>> from hilo.engine.betting import ActionOption
>>> extra_is_cheap(ActionOption(ActionKind.EXTRA, 5, 5), stack=100)
True
>>> match_is_cheap(ActionOption(ActionKind.MATCH, 40, 40), stack=100)
False
>>> from hilo.cards import parse_cards
>>> wants_card(parse_cards("2c 2d")), wants_card(parse_cards("3c 3d")), wants_card(parse_cards("Tc Kd"))
(True, False, True)
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence

from hilo.bots.base import my_cards, my_seat
from hilo.cards import Card
from hilo.engine.actions import OFFER_ANSWERS, Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.views import TableView
from hilo.hands.points import totals

__all__ = ["answer_offer", "extra_is_cheap", "match_is_cheap", "wants_card"]

_NEAR = ((10, 17), (48, 54))
"""The totals (in half points) a 7/27 player stands on: 5 to 8½ (no card brings 8 or 8½
nearer 7), and 24 to 27."""


def extra_is_cheap(option: ActionOption, *, stack: int) -> bool:
    """A four's extra card is cheap when it costs at most a tenth of the chips behind."""
    return option.minimum * 10 <= stack


def match_is_cheap(option: ActionOption, *, stack: int) -> bool:
    """A three is worth matching when the pot is at most a quarter of the chips behind."""
    return option.minimum * 4 <= stack


def wants_card(cards: Sequence[Card]) -> bool:
    """7/27: take a card unless some total of ``cards`` is near a target (5 to 8½ or 24 to
    27) or every total is past 24, where one more card would likely bust."""
    made = totals(cards)
    if any(low <= total <= high for total in made for low, high in _NEAR):
        return False
    return min(made) < _NEAR[1][0]


def answer_offer(
    view: TableView, options: dict[ActionKind, ActionOption], *, careful: bool
) -> Action | None:
    """The bot's answer when ``options`` are an offer (None: they are not): ``careful``
    weighs the price of an extra card or a match and stands near a 7/27 target;
    otherwise the bot takes every free extra card, matches every three and stands in
    7/27. Neither buys a card."""
    if not OFFER_ANSWERS & set(options):
        return None
    seat, me = my_seat(view)
    stack = me.stack
    if ActionKind.STAND in options:
        take = careful and ActionKind.TAKE in options and wants_card(my_cards(view))
        return Action.take(seat) if take else Action.stand(seat)
    if ActionKind.EXTRA in options:
        option = options[ActionKind.EXTRA]
        cheap = extra_is_cheap(option, stack=stack) if careful else option.minimum == 0
        return Action.extra(seat) if cheap else Action.decline(seat)
    if ActionKind.MATCH in options:
        if not careful or match_is_cheap(options[ActionKind.MATCH], stack=stack):
            return Action.match(seat)
        return Action.fold(seat) if ActionKind.FOLD in options else Action.decline(seat)
    return Action.decline(seat)
