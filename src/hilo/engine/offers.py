"""Offers answered one seat at a time: 7/27's rounds of take or stand, Baseball's fours and threes.

7/27 deals one card down and one up, then goes round in rounds: each live player takes one
face-up card or stands, and a betting round follows. The drawing ends after a round in which
nobody takes a card, or after the house's ``max_rounds``; with ``stand_freezes`` a player who
stood once is offered no more cards. Baseball offers a player dealt a four face up one extra
card at once (for ``four_price``), and asks a player dealt a three face up to match the pot
(or fold, under ``three_rule="match-or-fold"``). This module holds those rules;
`hilo.engine.state.Hand` asks them and moves the cards and chips.

>>> from hilo.cards import Rank, parse_cards
>>> from hilo.engine.events import Dealt, Face, Street
>>> log = [Street("third", 0), Dealt(1, Face.UP, parse_cards("4c")), Dealt(2, Face.UP, parse_cards("3d"))]
>>> offered(log, Rank.FOUR, [1, 2]), offered(log, Rank.THREE, [1, 2])
([1], [2])
>>> takers([0, 1, 2], stood={1}, stand_freezes=True)
[0, 2]
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from hilo.cards import Card, Rank
from hilo.engine.actions import ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.events import Dealt, Event, Face, Street
from hilo.engine.phases import Phase
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Variant

__all__ = [
    "TakeRounds",
    "answer_refusal",
    "extra_refusal",
    "fresh_up_cards",
    "next_step",
    "offer_options",
    "offered",
    "offered_threes",
    "priced",
    "takers",
]


@dataclass(slots=True)
class TakeRounds:
    """7/27's rounds so far: who has stood, whether anybody took a card this round, and how
    many rounds have begun."""

    stood: set[int] = field(default_factory=set)
    took: bool = False
    rounds: int = 0

    def begin(self, live: Sequence[int], rules: HouseRules) -> list[int]:
        """A round begins: the seats offered a card, in turn."""
        self.rounds += 1
        self.took = False
        return takers(live, stood=self.stood, stand_freezes=rules.stand_freezes)

    def answered(self, seat: int, kind: ActionKind) -> None:
        """Note a seat's take or stand."""
        if kind is ActionKind.STAND:
            self.stood.add(seat)
        self.took = self.took or kind is ActionKind.TAKE

    def after_betting(
        self, step: int, round_start: int, live: Sequence[int], rules: HouseRules
    ) -> int:
        """The step after the betting round at ``step`` of a round begun at ``round_start``."""
        left = takers(live, stood=self.stood, stand_freezes=rules.stand_freezes)
        return next_step(
            step,
            round_start,
            took=self.took,
            rounds=self.rounds,
            max_rounds=rules.max_rounds,
            anyone_left=bool(left),
        )


def priced(phase: Phase, rules: HouseRules, variant: Variant) -> tuple[ActionKind, int]:
    """What is for sale in ``phase`` and its price: a bought card or a four's extra card."""
    if phase is Phase.BUYING:
        return ActionKind.BUY, variant.buy_price
    return ActionKind.EXTRA, rules.four_price


def offer_options(
    phase: Phase,
    rules: HouseRules,
    variant: Variant,
    *,
    stack: int,
    pot: int,
    cards_left: int,
) -> list[ActionOption]:
    """What a seat may answer in ``phase``: 7/27's take (while cards are left) or stand; a
    card for sale (its price as the amount) or decline; a three: match the pot (or all the
    seat has, the amount) and fold, or decline under ``three_rule="match-to-wild"``."""
    if phase is Phase.TAKING:
        stand = [ActionOption(ActionKind.STAND)]
        return [ActionOption(ActionKind.TAKE), *stand] if cards_left else stand
    if phase in (Phase.EXTRA_CARD, Phase.BUYING):
        kind, price = priced(phase, rules, variant)
        sold = extra_refusal(price, stack, cards_left) is None
        offer = [ActionOption(kind, price, price)] if sold else []
        return [*offer, ActionOption(ActionKind.DECLINE)]
    match = min(pot, stack)
    refuse = ActionKind.FOLD if rules.three_rule == "match-or-fold" else ActionKind.DECLINE
    return [ActionOption(ActionKind.MATCH, match, match), ActionOption(refuse)]


def fresh_up_cards(events: Sequence[Event]) -> list[tuple[int, Card]]:
    """Each card dealt face up to a seat since the last street began, with its seat, in order."""
    fresh: list[tuple[int, Card]] = []
    for event in reversed(events):
        if isinstance(event, Street):
            break
        if isinstance(event, Dealt) and event.face is Face.UP:
            fresh[:0] = [(event.seat, card) for card in event.cards]
    return fresh


def offered(events: Sequence[Event], rank: Rank, live: Collection[int]) -> list[int]:
    """The live seats dealt a card of ``rank`` face up this street, once per such card."""
    return [seat for seat, card in fresh_up_cards(events) if card.rank is rank and seat in live]


def offered_threes(events: Sequence[Event], live: Collection[int]) -> list[tuple[int, Card]]:
    """Each three dealt face up this street to a live seat, with its seat, in turn: the
    matches asked for, one per card (a declined one stays a plain three under
    ``three_rule="match-to-wild"``).

    >>> from hilo.cards import parse_cards
    >>> log = [Street("fourth", 1), Dealt(0, Face.UP, parse_cards("3h")), Dealt(1, Face.UP, parse_cards("3s"))]
    >>> offered_threes(log, [1])
    [(1, Card('3s'))]
    """  # noqa: E501
    return [
        (seat, card)
        for seat, card in fresh_up_cards(events)
        if not card.is_joker and card.rank is Rank.THREE and seat in live
    ]


def takers(live: Sequence[int], *, stood: Collection[int], stand_freezes: bool) -> list[int]:
    """The seats offered a card in a 7/27 round, in turn: every live seat, less those who
    stood before when standing freezes."""
    return [seat for seat in live if not (stand_freezes and seat in stood)]


def next_step(
    step: int,
    round_start: int,
    *,
    took: bool,
    rounds: int,
    max_rounds: int,
    anyone_left: bool,
) -> int:
    """Where a hand goes after step ``step``, the betting round of a 7/27 round that began at
    step ``round_start``: another round when somebody took a card in this one, fewer than
    ``max_rounds`` were played and somebody may still take one; else on to the next step.

    >>> next_step(7, 5, took=True, rounds=2, max_rounds=10, anyone_left=True)
    5
    >>> next_step(7, 5, took=False, rounds=2, max_rounds=10, anyone_left=True)
    8
    """
    if took and rounds < max_rounds and anyone_left:
        return round_start
    return step + 1


def extra_refusal(price: int, stack: int, cards_left: int, what: str = "extra card") -> str | None:
    """Why a four's extra card (or a bought card) cannot be had now (None: it can)."""
    if cards_left < 1:
        return f"The deck has no card left for {_a(what)}: decline it."
    if stack < price:
        return f"The {what} costs {price} chips and you have {stack}: decline it."
    return None


def _a(what: str) -> str:
    return f"an {what}" if what[0] in "aeiou" else f"a {what}"


def answer_refusal(
    kind: ActionKind,
    amount: int,
    cards: Sequence[Card],
    *,
    held: Sequence[Card],
    price: int,
    stack: int,
    cards_left: int,
) -> str | None:
    """Why an answer to an offer is refused (None: it is allowed as far as its own terms go).

    Only a bought card names a card (one the seat holds); no answer names chips, for the
    house and the game set the prices. ``price`` is what an extra or a bought card costs.
    """
    if kind is ActionKind.BUY:
        if amount:
            return "Name only the card to replace: the price is the game's."
        if len(cards) != 1:
            return f"Buy names the one card you replace, not {len(cards)}."
        if cards[0] not in held:
            return f"You do not hold {cards[0]}: replace one of your own cards."
        return extra_refusal(price, stack, cards_left, "bought card")
    if amount or cards:
        return f"Say only {kind.value}: the house sets the chips and the card, not you."
    if kind is ActionKind.EXTRA:
        return extra_refusal(price, stack, cards_left)
    return None
