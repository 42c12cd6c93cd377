"""The home-game family's events: secret card choices, passes, discards, rolls, wild cards.

Like every event (see `hilo.engine.events`, which re-exports these), each is a small
frozen type holding exactly its kind's fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from hilo.cards import Card, Rank
from hilo.engine.actions import ActionKind
from hilo.engine.event_kinds import EventBase, EventKind, cards_text
from hilo.frozen import quick_init

__all__ = ["Chose", "Discarded", "Passed", "Rolled", "WildChanged"]


@quick_init
@dataclass(frozen=True, slots=True)
class WildChanged(EventBase):
    """Follow the queen: the ranks wild for everybody are now ``ranks`` (lowest first).

    >>> WildChanged((Rank.SEVEN, Rank.QUEEN)).to_dict()
    {'kind': 'wild-changed', 'text': '7,Q'}
    >>> WildChanged(()).words
    'nothing is wild'
    """

    kind: ClassVar[EventKind] = EventKind.WILD_CHANGED
    ranks: tuple[Rank, ...]

    @property
    def words(self) -> str:
        """What is wild now, in words: ``"queens and sevens are wild"``."""
        if not self.ranks:
            return "nothing is wild"
        names = [rank.plural for rank in sorted(self.ranks, reverse=True)]
        return f"{' and '.join(names)} are wild"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history: the ranks in `WildSpec`'s text form."""
        text = ",".join(rank.symbol for rank in sorted(self.ranks)) or "none"
        return {"kind": self.kind.value, "text": text}


@quick_init
@dataclass(frozen=True, slots=True)
class Chose(EventBase):
    """A seat made its secret choice of cards to pass, discard, arrange or roll.

    ``cards`` is None in a copy censored for anybody else: they see only that it chose.
    The choices are carried out together once every live seat has chosen.

    >>> from hilo.cards import parse_cards
    >>> Chose(2, ActionKind.PASS, parse_cards("7c 8d")).censored_for(0).to_dict()
    {'kind': 'chose', 'seat': 2, 'action': 'pass', 'hidden': True}
    """

    kind: ClassVar[EventKind] = EventKind.CHOSE
    seat: int
    action: ActionKind
    cards: tuple[Card, ...] | None

    def censored_for(self, viewer: int | None) -> Chose:
        """Only the choosing seat sees which cards it chose."""
        if viewer == self.seat:
            return self
        return Chose(self.seat, self.action, None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        out.update(cards_text(self.cards or ()))
        out["action"] = self.action.value
        out["hidden"] = True
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Passed(EventBase):
    """``seat`` passed ``count`` cards to seat ``to`` (every live seat's pass is logged at once,
    when all have chosen). ``cards`` is None in a copy for anybody but those two seats.

    >>> from hilo.cards import parse_cards
    >>> Passed(1, 2, 2, parse_cards("7c 8d")).censored_for(0).to_dict()
    {'kind': 'passed', 'seat': 1, 'count': 2, 'hidden': True, 'data': {'to': 2}}
    """

    kind: ClassVar[EventKind] = EventKind.PASSED
    seat: int
    to: int
    count: int
    cards: tuple[Card, ...] | None

    def censored_for(self, viewer: int | None) -> Passed:
        """Only the passer and the receiver see the cards passed."""
        if viewer in (self.seat, self.to):
            return self
        return Passed(self.seat, self.to, self.count, None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        out.update(cards_text(self.cards or ()))
        out["count"] = self.count
        out["hidden"] = True
        out["data"] = {"to": self.to}
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Discarded(EventBase):
    """``seat`` threw ``count`` cards away (logged for every live seat at once, when all have
    chosen); ``cards`` is None in a copy for anybody else.

    >>> from hilo.cards import parse_cards
    >>> Discarded(1, 2, parse_cards("Kd 2c")).censored_for(None).to_dict()
    {'kind': 'discarded', 'seat': 1, 'count': 2, 'hidden': True}
    """

    kind: ClassVar[EventKind] = EventKind.DISCARDED
    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def censored_for(self, viewer: int | None) -> Discarded:
        """Only the discarding seat sees what it threw away."""
        if viewer == self.seat:
            return self
        return Discarded(self.seat, self.count, None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        out.update(cards_text(self.cards or ()))
        out["count"] = self.count
        out["hidden"] = True
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Rolled(EventBase):
    """``seat``'s face-down ``cards`` turned face up: rolled by choice, or the next cards of
    an arranged hand (logged for every live seat at once).

    >>> from hilo.cards import parse_cards
    >>> Rolled(0, parse_cards("As")).to_dict()
    {'kind': 'rolled', 'seat': 0, 'cards': 'As'}
    """

    kind: ClassVar[EventKind] = EventKind.ROLLED
    seat: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        return {"kind": self.kind.value, "seat": self.seat, **cards_text(self.cards)}
