"""Events out: what happened at the table, one small frozen type per kind.

A hand appends one of these to its log for everything that happens. Each type holds
exactly the fields its kind needs; consumers dispatch on the type with ``match``.
`to_dict` writes the plain data of hand histories (the ``kind`` names of `EventKind`);
`hilo.engine.event_reader.event_from_dict` reads it back. `censored_for` is the event
as one viewer may see it: another seat's hidden cards, the deck and a sealed declaration
removed.

>>> from hilo.cards import parse_cards
>>> from hilo.engine.event_reader import event_from_dict
>>> dealt = Dealt(1, Face.DOWN, parse_cards("As Kd"))
>>> dealt.to_dict()
{'kind': 'dealt', 'seat': 1, 'cards': 'As Kd', 'text': 'down', 'hidden': True}
>>> dealt.censored_for(2)
Dealt(seat=1, face=<Face.DOWN: 'down'>, cards=(), unseen=2)
>>> event_from_dict(dealt.to_dict()) == dealt
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from hilo.cards import Card
from hilo.engine.actions import ActionKind
from hilo.engine.declare import Direction
from hilo.engine.event_kinds import EventBase as _Event
from hilo.engine.event_kinds import EventKind, Face, Post
from hilo.engine.event_kinds import cards_text as _cards_text
from hilo.engine.events_family import Chose, Discarded, Passed, Rolled, WildChanged
from hilo.frozen import quick_init, quick_maker

__all__ = [
    "Acted",
    "Awarded",
    "Board",
    "Chose",
    "Dealt",
    "Declared",
    "Discarded",
    "Drew",
    "Event",
    "EventKind",
    "Face",
    "HandEnded",
    "HandStarted",
    "Mucked",
    "Passed",
    "Post",
    "Posted",
    "Reshuffled",
    "Returned",
    "Revealed",
    "Rolled",
    "Shown",
    "Street",
    "TurnedUp",
    "WildChanged",
]


@quick_init
@dataclass(frozen=True, slots=True)
class HandStarted(_Event):
    """A hand began; ``deck`` is the shuffled deck, None in a copy censored for a player.

    >>> HandStarted("Razz", None).to_dict()
    {'kind': 'hand-started', 'text': 'Razz', 'hidden': True}
    """

    kind: ClassVar[EventKind] = EventKind.HAND_STARTED
    title: str
    deck: tuple[Card, ...] | None

    def censored_for(self, viewer: int | None) -> HandStarted:
        """Nobody at the table sees the deck."""
        return HandStarted(self.title, None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.title:
            out["text"] = self.title
        out["hidden"] = True
        if self.deck is not None:
            out["data"] = {"deck": [str(card) for card in self.deck]}
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Posted(_Event):
    """A seat posted an ante or a blind of ``amount`` chips.

    >>> Posted(0, 5, Post.ANTE).to_dict()
    {'kind': 'posted', 'seat': 0, 'amount': 5, 'text': 'ante'}
    """

    kind: ClassVar[EventKind] = EventKind.POSTED
    seat: int
    amount: int
    post: Post

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.amount:
            out["amount"] = self.amount
        out["text"] = self.post.value
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    """Cards dealt to a seat; a copy censored for another seat has ``unseen`` cards instead.

    >>> from hilo.cards import parse_cards
    >>> Dealt(2, Face.UP, parse_cards("7h")).to_dict()
    {'kind': 'dealt', 'seat': 2, 'cards': '7h', 'text': 'up'}
    """

    kind: ClassVar[EventKind] = EventKind.DEALT
    seat: int
    face: Face
    cards: tuple[Card, ...]
    unseen: int = 0

    @property
    def hidden_from_others(self) -> bool:
        """True for cards dealt face down: only their owner sees them."""
        return self.face is Face.DOWN

    def censored_for(self, viewer: int | None) -> Dealt:
        """Face-down cards are counted, not shown, to everybody but their owner."""
        if self.face is Face.UP or viewer == self.seat:
            return self
        return Dealt(self.seat, self.face, (), self.unseen or len(self.cards))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        out.update(_cards_text(self.cards))
        if self.unseen:
            out["count"] = self.unseen
        out["text"] = self.face.value
        if self.face is Face.DOWN:
            out["hidden"] = True
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Board(_Event):
    """Community cards dealt face up.

    >>> from hilo.cards import parse_cards
    >>> Board(parse_cards("Kc 2s 3s")).to_dict()
    {'kind': 'board', 'cards': 'Kc 2s 3s'}
    """

    kind: ClassVar[EventKind] = EventKind.BOARD
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        return {"kind": self.kind.value, **_cards_text(self.cards)}


@quick_init
@dataclass(frozen=True, slots=True)
class Street(_Event):
    """A street begins: its name and its index in the variant (0 for the first).

    >>> Street("flop", 1).to_dict()
    {'kind': 'street', 'count': 1, 'text': 'flop'}
    """

    kind: ClassVar[EventKind] = EventKind.STREET
    name: str
    index: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.index:
            out["count"] = self.index
        if self.name:
            out["text"] = self.name
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Acted(_Event):
    """A seat bet, called, folded, checked, brought in, completed or kept its card down.

    ``amount`` is the seat's total bet this round after a betting action.
    ``is_declare_fold`` marks a fold made for a seat whose time to declare ran out: the
    hand knows it when it records the fold; hand histories do not write it, so a copy
    read back from one says False, and it takes no part in comparing events.

    >>> Acted(3, ActionKind.RAISE, 40).to_dict()
    {'kind': 'acted', 'seat': 3, 'amount': 40, 'action': 'raise'}
    """

    kind: ClassVar[EventKind] = EventKind.ACTED
    seat: int
    action: ActionKind
    amount: int = 0
    is_declare_fold: bool = field(default=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.amount:
            out["amount"] = self.amount
        out["action"] = self.action.value
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Drew(_Event):
    """A seat threw away ``count`` cards and drew as many (``cards``, face down).

    A copy censored for another seat keeps only the count (``discards`` is None).

    >>> from hilo.cards import parse_cards
    >>> Drew(0, 1, parse_cards("Kd"), parse_cards("2c")).censored_for(1).to_dict()
    {'kind': 'drawn', 'seat': 0, 'count': 1, 'hidden': True}
    """

    kind: ClassVar[EventKind] = EventKind.DRAWN
    seat: int
    count: int
    discards: tuple[Card, ...] | None
    cards: tuple[Card, ...] = ()

    def censored_for(self, viewer: int | None) -> Drew:
        """Only the drawing seat sees what went and what came."""
        if viewer == self.seat:
            return self
        return Drew(self.seat, self.count or len(self.cards), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        out.update(_cards_text(self.cards))
        if self.count:
            out["count"] = self.count
        out["hidden"] = True
        if self.discards is not None:
            out["data"] = {"discards": [str(card) for card in self.discards]}
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Reshuffled(_Event):
    """The deck ran out during a draw: ``count`` discards were shuffled into a new ``deck``.

    >>> Reshuffled(3, None).to_dict()
    {'kind': 'reshuffled', 'count': 3, 'hidden': True}
    """

    kind: ClassVar[EventKind] = EventKind.RESHUFFLED
    count: int
    deck: tuple[Card, ...] | None

    def censored_for(self, viewer: int | None) -> Reshuffled:
        """Nobody at the table sees the new deck."""
        return Reshuffled(self.count, None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.count:
            out["count"] = self.count
        out["hidden"] = True
        if self.deck is not None:
            out["data"] = {"deck": [str(card) for card in self.deck]}
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class TurnedUp(_Event):
    """Five-card stud: a seat turned its hole card up; ``cards`` are all it now shows.

    >>> from hilo.cards import parse_cards
    >>> TurnedUp(1, parse_cards("9s 9d")).to_dict()
    {'kind': 'turned-up', 'seat': 1, 'cards': '9s 9d'}
    """

    kind: ClassVar[EventKind] = EventKind.TURNED_UP
    seat: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        return {"kind": self.kind.value, "seat": self.seat, **_cards_text(self.cards)}


@quick_init
@dataclass(frozen=True, slots=True)
class Declared(_Event):
    """A seat declared; ``direction`` is None in a sealed declaration censored for others.

    >>> Declared(2, Direction.LOW, is_sealed=True).censored_for(0).to_dict()
    {'kind': 'declared', 'seat': 2, 'hidden': True}
    """

    kind: ClassVar[EventKind] = EventKind.DECLARED
    seat: int
    direction: Direction | None
    is_sealed: bool = False

    def censored_for(self, viewer: int | None) -> Declared:
        """A sealed declaration is only the declaring seat's until the reveal."""
        if not self.is_sealed or viewer == self.seat:
            return self
        return Declared(self.seat, None, is_sealed=True)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.direction is not None:
            out["direction"] = self.direction.value
        if self.is_sealed:
            out["hidden"] = True
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Revealed(_Event):
    """Sealed declarations were shown: ``(seat, direction)`` of every live seat.

    >>> Revealed(((1, Direction.LOW), (0, Direction.BOTH))).to_dict()
    {'kind': 'revealed', 'data': {'declarations': [[1, 'low'], [0, 'both']]}}
    """

    kind: ClassVar[EventKind] = EventKind.REVEALED
    declarations: tuple[tuple[int, Direction], ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        shown = [[seat, direction.value] for seat, direction in self.declarations]
        return {"kind": self.kind.value, "data": {"declarations": shown}}


@quick_init
@dataclass(frozen=True, slots=True)
class Returned(_Event):
    """An uncalled bet of ``amount`` chips went back to ``seat``.

    >>> Returned(0, 10).to_dict()
    {'kind': 'returned', 'seat': 0, 'amount': 10, 'text': 'uncalled bet'}
    """

    kind: ClassVar[EventKind] = EventKind.RETURNED
    seat: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.amount:
            out["amount"] = self.amount
        out["text"] = "uncalled bet"
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Shown(_Event):
    """A seat showed all its cards: at the showdown, or winning uncalled and choosing to.

    >>> from hilo.cards import parse_cards
    >>> Shown(1, parse_cards("As 2s")).to_dict()
    {'kind': 'shown', 'seat': 1, 'cards': 'As 2s'}
    """

    kind: ClassVar[EventKind] = EventKind.SHOWN
    seat: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        return {"kind": self.kind.value, "seat": self.seat, **_cards_text(self.cards)}


@quick_init
@dataclass(frozen=True, slots=True)
class Mucked(_Event):
    """The winner nobody called threw the hand away unseen (a winner who shows is `Shown`).

    >>> Mucked(1).to_dict()
    {'kind': 'mucked', 'seat': 1}
    """

    kind: ClassVar[EventKind] = EventKind.MUCKED
    seat: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        return {"kind": self.kind.value, "seat": self.seat}


@quick_init
@dataclass(frozen=True, slots=True)
class Awarded(_Event):
    """``seat`` won ``amount`` chips of pot number ``pot`` (0: the main pot), and why.

    >>> Awarded(2, 120, Awarded.UNCONTESTED).to_dict()
    {'kind': 'awarded', 'seat': 2, 'amount': 120, 'text': 'everyone else folded'}
    """

    kind: ClassVar[EventKind] = EventKind.AWARDED
    seat: int
    amount: int
    reason: str
    pot: int = 0

    UNCONTESTED: ClassVar[str] = "everyone else folded"
    """The reason when the others all folded and there was no showdown."""
    ABANDONED: ClassVar[str] = "last player in the pot"
    """The reason for chips called by players who then all folded: the last of them to
    fold gets them back."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.amount:
            out["amount"] = self.amount
        if self.pot:
            out["count"] = self.pot
        if self.reason:
            out["text"] = self.reason
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class HandEnded(_Event):
    """The hand is over: every seat's stack after the awards.

    >>> HandEnded((95, 105)).to_dict()
    {'kind': 'hand-ended', 'data': {'stacks': [95, 105]}}
    """

    kind: ClassVar[EventKind] = EventKind.HAND_ENDED
    stacks: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        return {"kind": self.kind.value, "data": {"stacks": list(self.stacks)}}


Event = (
    HandStarted
    | Posted
    | Dealt
    | Board
    | Street
    | Acted
    | Drew
    | Reshuffled
    | TurnedUp
    | Chose
    | Passed
    | Discarded
    | Rolled
    | WildChanged
    | Declared
    | Revealed
    | Returned
    | Shown
    | Mucked
    | Awarded
    | HandEnded
)
"""Any entry of a hand's log."""

# The hand's own makers of the events it logs most, every field given in order (see
# `hilo.frozen.quick_maker`): the same values as the types build, made faster.
make_posted = quick_maker(Posted)
"""`Posted` from all its fields, in order."""
make_dealt = quick_maker(Dealt)
"""`Dealt` from all its fields, in order."""
make_street = quick_maker(Street)
"""`Street` from all its fields, in order."""
make_acted = quick_maker(Acted)
"""`Acted` from all its fields, in order."""
make_declared = quick_maker(Declared)
"""`Declared` from all its fields, in order."""
make_shown = quick_maker(Shown)
"""`Shown` from all its fields, in order."""
make_awarded = quick_maker(Awarded)
"""`Awarded` from all its fields, in order."""
