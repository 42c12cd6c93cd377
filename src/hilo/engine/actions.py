"""Actions in: what a player may do in a hand.

A player (or a bot, or the browser) sends an `Action`; the hand checks it and appends
events (`hilo.engine.events`) to its log. ``str`` of an action is its notation, which
`Action.parse` reads back; `Action.words` is the sentence a person reads.

>>> str(Action.raise_to(2, 40)), Action.declare(1, Direction.LOW).words()
('2:raise 40', 'seat 1 declares low')
>>> Action.parse("0:draw As Kd") == Action.draw(0, parse_cards("As Kd"))
True
>>> Action.from_dict(Action.draw(0, ()).to_dict()) == Action.draw(0, ())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from hilo.cards import Card, format_cards, parse_cards
from hilo.engine.declare import Direction
from hilo.errors import NotationError
from hilo.frozen import quick_init

__all__ = ["CARD_CHOICES", "OFFER_ANSWERS", "Action", "ActionKind"]


class ActionKind(StrEnum):
    """What a player does."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    DRAW = "draw"
    TURN_UP = "turn-up"
    KEEP_DOWN = "keep-down"
    DECLARE = "declare"
    PASS = "pass"
    DISCARD = "discard"
    ARRANGE = "arrange"
    ROLL = "roll"
    TAKE = "take"
    STAND = "stand"
    EXTRA = "extra"
    MATCH = "match"
    DECLINE = "decline"
    BUY = "buy"
    SHOW = "show"
    MUCK = "muck"
    TIMEOUT = "timeout"


_WORDS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BRING_IN: "brings it in",
    ActionKind.TURN_UP: "turns the hole card up",
    ActionKind.KEEP_DOWN: "keeps the hole card down",
    ActionKind.TIMEOUT: "runs out of time",
    ActionKind.TAKE: "takes a card",
    ActionKind.STAND: "stands",
    ActionKind.EXTRA: "takes the extra card",
    ActionKind.MATCH: "matches the pot",
    ActionKind.DECLINE: "declines",
    ActionKind.SHOW: "shows the cards",
    ActionKind.MUCK: "mucks",
}

_SIZED = (ActionKind.BET, ActionKind.RAISE)
"""Actions whose notation needs an amount (a completion may have one)."""

CARD_CHOICES = (ActionKind.PASS, ActionKind.DISCARD, ActionKind.ARRANGE, ActionKind.ROLL)
"""The secret card decisions every live player makes at once: each names its cards."""

OFFER_ANSWERS = frozenset(
    {ActionKind.TAKE, ActionKind.STAND, ActionKind.EXTRA, ActionKind.MATCH, ActionKind.DECLINE}
    | {ActionKind.BUY}
)
"""The answers to an offer made in turn (7/27's card, Baseball's fours and threes, a bought
card); folding to a three is a fold."""

_CHOICE_WORDS = {
    ActionKind.PASS: "passes",
    ActionKind.DISCARD: "discards",
    ActionKind.ARRANGE: "arranges the cards",
    ActionKind.ROLL: "turns up",
}


@quick_init
@dataclass(frozen=True, slots=True)
class Action:
    """One player's decision. ``amount`` is the total bet this round after a bet or raise."""

    seat: int
    kind: ActionKind
    amount: int = 0
    cards: tuple[Card, ...] = ()
    direction: Direction | None = None

    def __str__(self) -> str:
        """The notation: ``2:raise 40``, ``0:draw As Kd``, ``1:declare both``, ``3:fold``,
        ``2:pass 7c 8d 9h``."""
        text = f"{self.seat}:{self.kind.value}"
        if self.amount:
            text += f" {self.amount}"
        if self.cards:
            text += f" {format_cards(self.cards)}"
        if self.direction is not None:
            text += f" {self.direction.value}"
        return text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation written by ``str``; `NotationError` names the bad part.

        >>> Action.parse("3:complete"), Action.parse("1:declare both")
        (Action.parse('3:complete'), Action.parse('1:declare both'))
        >>> Action.parse("2:raise forty")
        Traceback (most recent call last):
        ...
        hilo.errors.NotationError: '2:raise forty': the amount 'forty' is not a whole number
        """
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {text!r}")
        head, _, rest = text.partition(" ")
        seat_text, colon, kind_text = head.partition(":")
        if not colon:
            raise NotationError(f"{text!r}: write the seat, a colon and the action, as 2:raise 40")
        if not (seat_text.isascii() and seat_text.isdigit()):
            raise NotationError(f"{text!r}: the seat {seat_text!r} is not a seat number")
        try:
            kind = ActionKind(kind_text)
        except ValueError:
            known = ", ".join(kind.value for kind in ActionKind)
            raise NotationError(f"{text!r}: {kind_text!r} is not an action ({known})") from None
        seat, words = int(seat_text), rest.split(" ") if rest else []
        if kind is ActionKind.DRAW:
            try:
                return cls.draw(seat, parse_cards(rest))
            except NotationError as error:
                raise NotationError(f"{text!r}: {error}") from None
        if kind is ActionKind.BUY:
            try:
                thrown = parse_cards(rest)
            except NotationError as error:
                raise NotationError(f"{text!r}: {error}") from None
            if len(thrown) != 1:
                raise NotationError(f"{text!r}: buy names the one card to replace, as 2:buy 7c")
            return cls.buy(seat, thrown[0])
        if kind in CARD_CHOICES:
            try:
                chosen = parse_cards(rest)
            except NotationError as error:
                raise NotationError(f"{text!r}: {error}") from None
            if not chosen:
                raise NotationError(f"{text!r}: {kind.value} names the cards, as 2:pass 7c 8d")
            return cls(seat, kind, cards=chosen)
        if kind is ActionKind.DECLARE:
            if len(words) != 1 or words[0] not in {way.value for way in Direction}:
                said = rest or "nothing"
                raise NotationError(f"{text!r}: declare high, low or both, not {said!r}")
            return cls.declare(seat, Direction(words[0]))
        if kind in _SIZED or (kind is ActionKind.COMPLETE and words):
            if len(words) != 1:
                said = rest or "nothing"
                raise NotationError(f"{text!r}: {kind.value} takes one amount, not {said!r}")
            amount = words[0]
            if not (amount.isascii() and amount.isdigit()) or int(amount) == 0:
                raise NotationError(f"{text!r}: the amount {amount!r} is not a whole number")
            return cls(seat, kind, int(amount))
        if words:
            raise NotationError(f"{text!r}: {kind.value} takes nothing after it, not {rest!r}")
        return cls(seat, kind)

    def __repr__(self) -> str:
        notation = str(self)
        try:
            if Action.parse(notation) == self:
                return f"Action.parse({notation!r})"
        except NotationError:
            pass
        cards = f"parse_cards({format_cards(self.cards)!r})"
        return (
            f"Action({self.seat}, ActionKind.{self.kind.name}, {self.amount}, {cards}, "
            f"{None if self.direction is None else f'Direction.{self.direction.name}'})"
        )

    def words(self) -> str:
        """The action as a sentence a person reads: ``seat 2 raises to 40``."""
        who = f"seat {self.seat}"
        if self.kind in _WORDS:
            return f"{who} {_WORDS[self.kind]}"
        if self.kind is ActionKind.BET:
            return f"{who} bets {self.amount}"
        if self.kind is ActionKind.RAISE:
            return f"{who} raises to {self.amount}"
        if self.kind is ActionKind.COMPLETE:
            return f"{who} completes to {self.amount}" if self.amount else f"{who} completes"
        if self.kind is ActionKind.DRAW:
            if not self.cards:
                return f"{who} stands pat"
            return f"{who} discards {format_cards(self.cards)}"
        if self.kind is ActionKind.BUY:
            return f"{who} buys a card for {format_cards(self.cards)}"
        if self.kind in _CHOICE_WORDS:
            return f"{who} {_CHOICE_WORDS[self.kind]} {format_cards(self.cards)}"
        assert self.direction is not None
        return f"{who} declares {self.direction.words}"

    @classmethod
    def fold(cls, seat: int) -> Action:
        """Give up the hand."""
        return cls(seat, ActionKind.FOLD)

    @classmethod
    def check(cls, seat: int) -> Action:
        """Pass when there is nothing to call."""
        return cls(seat, ActionKind.CHECK)

    @classmethod
    def call(cls, seat: int) -> Action:
        """Match the current bet (or go all in for less)."""
        return cls(seat, ActionKind.CALL)

    @classmethod
    def bet(cls, seat: int, amount: int) -> Action:
        """Open the betting with ``amount``."""
        return cls(seat, ActionKind.BET, amount)

    @classmethod
    def raise_to(cls, seat: int, amount: int) -> Action:
        """Raise so that this round's bet is ``amount`` in all."""
        return cls(seat, ActionKind.RAISE, amount)

    @classmethod
    def bring_in(cls, seat: int) -> Action:
        """Stud: post the bring-in rather than completing."""
        return cls(seat, ActionKind.BRING_IN)

    @classmethod
    def complete(cls, seat: int) -> Action:
        """Stud: complete the bring-in to a full small bet."""
        return cls(seat, ActionKind.COMPLETE)

    @classmethod
    def draw(cls, seat: int, discards: tuple[Card, ...] | list[Card]) -> Action:
        """Draw: throw away ``discards`` (none to stand pat) and get as many new cards."""
        return cls(seat, ActionKind.DRAW, cards=tuple(discards))

    @classmethod
    def turn_up(cls, seat: int) -> Action:
        """Five-card stud option: turn the hole card up; the last card comes face down."""
        return cls(seat, ActionKind.TURN_UP)

    @classmethod
    def keep_down(cls, seat: int) -> Action:
        """Five-card stud option: keep the hole card down."""
        return cls(seat, ActionKind.KEEP_DOWN)

    @classmethod
    def declare(cls, seat: int, direction: Direction) -> Action:
        """Declare high, low or both ways."""
        return cls(seat, ActionKind.DECLARE, direction=direction)

    @classmethod
    def pass_cards(cls, seat: int, cards: tuple[Card, ...] | list[Card]) -> Action:
        """Pass ``cards`` to the neighbour (all players pass at once)."""
        return cls(seat, ActionKind.PASS, cards=tuple(cards))

    @classmethod
    def discard(cls, seat: int, cards: tuple[Card, ...] | list[Card]) -> Action:
        """Throw ``cards`` away, with nothing in their place."""
        return cls(seat, ActionKind.DISCARD, cards=tuple(cards))

    @classmethod
    def arrange(cls, seat: int, cards: tuple[Card, ...] | list[Card]) -> Action:
        """Put one's cards in the order ``cards``, the order they will turn up in."""
        return cls(seat, ActionKind.ARRANGE, cards=tuple(cards))

    @classmethod
    def roll(cls, seat: int, cards: tuple[Card, ...] | list[Card]) -> Action:
        """Choose face-down ``cards`` to turn up (all players' turn up together)."""
        return cls(seat, ActionKind.ROLL, cards=tuple(cards))

    @classmethod
    def take(cls, seat: int) -> Action:
        """7/27: take one more card, face up."""
        return cls(seat, ActionKind.TAKE)

    @classmethod
    def stand(cls, seat: int) -> Action:
        """7/27: take no card this round."""
        return cls(seat, ActionKind.STAND)

    @classmethod
    def extra(cls, seat: int) -> Action:
        """Baseball: a four dealt face up buys one extra card (at the house's four_price)."""
        return cls(seat, ActionKind.EXTRA)

    @classmethod
    def match(cls, seat: int) -> Action:
        """Baseball: match the pot for a three dealt face up (not a raise)."""
        return cls(seat, ActionKind.MATCH)

    @classmethod
    def decline(cls, seat: int) -> Action:
        """Turn down an offer: a four's extra card, or matching a three to make it wild."""
        return cls(seat, ActionKind.DECLINE)

    @classmethod
    def buy(cls, seat: int, card: Card) -> Action:
        """Pay the game's price to replace ``card`` with the next card from the deck."""
        return cls(seat, ActionKind.BUY, cards=(card,))

    @classmethod
    def show(cls, seat: int) -> Action:
        """The winner nobody called shows the hand to everybody."""
        return cls(seat, ActionKind.SHOW)

    @classmethod
    def muck(cls, seat: int) -> Action:
        """The winner nobody called throws the hand away unseen."""
        return cls(seat, ActionKind.MUCK)

    @classmethod
    def timeout(cls, seat: int) -> Action:
        """The seat's clock ran out: the house default is applied for it."""
        return cls(seat, ActionKind.TIMEOUT)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.amount:
            data["amount"] = self.amount
        if self.kind in (ActionKind.DRAW, ActionKind.BUY) or self.kind in CARD_CHOICES:
            data["cards"] = format_cards(self.cards)
        if self.direction is not None:
            data["direction"] = self.direction.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Read an action written by `to_dict`."""
        try:
            kind = ActionKind(data["kind"])
            direction = Direction(data["direction"]) if data.get("direction") else None
            return cls(
                int(data["seat"]),
                kind,
                int(data.get("amount", 0)),
                parse_cards(data.get("cards", "")),
                direction,
            )
        except (KeyError, ValueError, TypeError) as error:
            raise NotationError(f"not an action: {data!r} ({error})") from None
