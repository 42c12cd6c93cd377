"""Choosing cards to pass, discard, arrange or roll, for bots, from what a view shows.

`random_choice` is any legal choice; `sensible_choice` keeps what makes a hand (wild cards
above all, then pairs and more, aces, low cards in a split game, a four-flush) and gives
away, throws away or shows the rest first.

>>> from hilo.cards import format_cards, parse_cards
>>> format_cards(worst_first(parse_cards("Kd 9c As 2h Ks 8d 3c"), is_hi_lo=True)[:3])
'8d 9c 3c'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hilo.bots.base import my_seat
from hilo.cards import Card
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.views import TableView

__all__ = ["choosable", "random_choice", "sensible_choice", "worst_first"]

_LOW = 5
"""The highest rank worth keeping for a low in a split game (ace counts as one)."""


def choosable(view: TableView, kind: ActionKind) -> tuple[Card, ...]:
    """The viewer's cards a choice of ``kind`` may name (to roll: the face-down ones)."""
    _, me = my_seat(view)
    if kind is ActionKind.ROLL:
        return me.down_cards
    return me.up_cards + me.down_cards


def random_choice(view: TableView, option: ActionOption, rng: random.Random) -> Action:
    """A random legal choice for ``option`` (to arrange: a random order)."""
    seat, _ = my_seat(view)
    cards = list(choosable(view, option.kind))
    count = len(cards) if option.kind is ActionKind.ARRANGE else option.minimum
    return Action(seat, option.kind, cards=tuple(rng.sample(cards, count)))


def _worth(card: Card, cards: Sequence[Card], *, is_hi_lo: bool) -> float:
    """How much ``card`` is worth keeping among ``cards`` (higher: keep it longer)."""
    ranks = Counter(other.rank for other in cards)
    suits = Counter(other.suit for other in cards)
    value = int(card.rank)
    worth = value / 20  # high cards a little
    if ranks[card.rank] >= 2:
        worth += 3
    if value == 14:
        worth += 2
    low = 1 if value == 14 else value
    if is_hi_lo and low <= _LOW:
        worth += 2 - low / 10  # the lower, the better for low
    if suits[card.suit] >= 4:
        worth += 1
    return worth


def worst_first(cards: Sequence[Card], *, is_hi_lo: bool) -> tuple[Card, ...]:
    """``cards`` from the least worth keeping to the most (ties: in the order given)."""
    return tuple(sorted(cards, key=lambda card: _worth(card, cards, is_hi_lo=is_hi_lo)))


def sensible_choice(view: TableView, option: ActionOption) -> Action:
    """Pass and discard the worst cards; roll the least telling face-down card (the one
    worth least to the hand); arrange so the worst cards turn up first and the best stays
    down. Wild cards (as the view says they are for the seat now, its own lowest hole card
    included) count above every other card: passed, thrown or shown only when nothing else
    is left to choose."""
    seat, me = my_seat(view)
    held = me.up_cards + me.down_cards
    wild = set(view.wild_cards(me))
    worst = worst_first([card for card in held if card not in wild], is_hi_lo=view.variant.is_hi_lo)
    order = (*worst, *(card for card in held if card in wild))
    if option.kind is ActionKind.ARRANGE:
        return Action.arrange(seat, order)
    allowed = set(choosable(view, option.kind))
    chosen = [card for card in order if card in allowed][: option.minimum]
    return Action(seat, option.kind, cards=tuple(chosen))
