"""What one seat may see: a frozen, censored picture of the hand.

Bots, the terminal and the browser only ever get a `TableView`. Other players' face-down
cards and sealed declarations are never in it; their cards appear once shown down. A view
says what is wild now: for everybody, and (a low hole card) for the viewer alone.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from hilo.cards import Card, Rank
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.engine.events import (
    Acted,
    Awarded,
    Board,
    Chose,
    Dealt,
    Declared,
    Discarded,
    Drew,
    Event,
    HandStarted,
    Mucked,
    Passed,
    Posted,
    Reshuffled,
    Returned,
    Revealed,
    Rolled,
    Shown,
    TurnedUp,
)
from hilo.engine.phases import Phase
from hilo.engine.wild_deal import seat_wild
from hilo.frozen import quick_init
from hilo.hands.points import describe_totals
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Variant

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = [
    "SeatView",
    "TableView",
    "build_view",
    "censor_events",
    "hand_view",
    "hand_views",
    "renumbered",
    "renumbered_view",
]


@quick_init
@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    name: str
    stack: int
    bet: int
    """Chips bet in the current round."""
    in_pot: int
    """Chips put in the pots this hand before the current round."""
    is_folded: bool
    is_all_in: bool
    up_cards: tuple[Card, ...]
    """Cards everybody sees."""
    down_cards: tuple[Card, ...]
    """Face-down cards the viewer may see: its own, or anyone's once shown down."""
    hidden_count: int
    """Face-down cards the viewer may not see."""
    has_declared: bool
    declaration: Direction | None
    """The viewer's own declaration, or anyone's once it is public."""


@quick_init
@dataclass(frozen=True, slots=True)
class TableView:
    """The hand as ``viewer`` sees it (``None``: a spectator).

    Seats (``viewer``, each `SeatView.seat`, ``to_act``, ``button``, the events' seats and
    revealed declarations) are numbered one way throughout: a `Hand`'s view numbers them as
    the hand does, a `hilo.engine.table.Table`'s as the table does.
    """

    viewer: int | None
    variant: Variant
    phase: Phase
    street: int
    """The index of the street in ``variant.streets`` (the last one once betting is over)."""
    button: int
    board: tuple[Card, ...]
    seats: tuple[SeatView, ...]
    pots: tuple[int, ...]
    to_act: tuple[int, ...]
    legal_actions: tuple[ActionOption, ...]
    events: tuple[Event, ...]
    result: tuple[str, ...]
    carried_in: int
    carried_out: int
    wild: WildSpec = field(default_factory=WildSpec)
    """What is wild now for everybody (follow the queen's ranks as they stand)."""
    own_wild: frozenset[Rank] = frozenset()
    """Ranks wild for the viewer alone (its lowest face-down card's); none for a spectator."""
    plain: frozenset[Card] = frozenset()
    """Cards of a wild rank that are not wild, for anybody: Baseball's face-up threes whose
    match was declined (everybody saw them dealt and declined)."""
    all_in_events: frozenset[int] = frozenset()
    """Where in ``events`` a seat's bet, call or raise was its whole stack."""
    after_declare_at: int | None = None
    """Where in ``events`` the betting round after the declare began, if it has."""

    @property
    def wild_now(self) -> WildSpec:
        """What is wild now for everybody, less the `plain` cards (for valuing hands)."""
        return self.wild.without(self.plain)

    @property
    def title(self) -> str:
        """The game's title, as people read it."""
        return self.variant.title

    @property
    def street_name(self) -> str:
        """The street's name (``"flop"``, ``"7th"``, ...; ``"after the declare"`` in the
        betting round after the declare)."""
        if self.after_declare_at is not None and self.phase is Phase.BETTING:
            return "after the declare"
        return self.variant.streets[self.street].name

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat, or None for a spectator."""
        return None if self.viewer is None else self.seat(self.viewer)

    def points(self, number: int) -> str | None:
        """7/27: the totals of the seat's cards this view may see, in words (its up cards;
        all of them for the viewer's own seat or once shown); None in other games."""
        if self.variant.split != "seven-twenty-seven":
            return None
        seat = self.seat(number)
        return describe_totals(seat.up_cards + seat.down_cards)

    def seat(self, number: int) -> SeatView:
        """The seat numbered ``number`` (raises `KeyError` if the hand has none)."""
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(number)

    def others(self) -> Iterator[SeatView]:
        """The seats other than the viewer's, in order from the viewer's left."""
        if self.viewer is None:
            return
        mine = next(index for index, seat in enumerate(self.seats) if seat.seat == self.viewer)
        count = len(self.seats)
        for step in range(1, count):
            yield self.seats[(mine + step) % count]

    @property
    def wild_words(self) -> str:
        """What is wild now, in words; ``""`` in a game with no wild cards.

        For example ``"queens and sevens"``, or ``"threes and nines; fours for you alone"``,
        or ``"nines and threes (not 3h)"`` when the three of hearts was dealt face up and
        its match declined.
        """
        if self.variant.wild.is_empty:
            return ""
        spec = self.wild
        parts = [self._rank_words(rank) for rank in sorted(spec.ranks, reverse=True)]
        parts += [str(card) for card in sorted(spec.cards)]
        if spec.joker is not None:
            parts.append("the joker" if spec.joker == "wild" else "the joker as the bug")
        everybody = " and ".join(parts)
        if self.own_wild:
            mine = " and ".join(rank.plural for rank in sorted(self.own_wild, reverse=True))
            alone = f"{mine} for you alone"
            return f"{everybody}; {alone}" if everybody else alone
        if self.variant.wild.low_hole:
            theirs = "each player's lowest face-down card, for that player"
            return f"{everybody}; {theirs}" if everybody else theirs
        return everybody or "nothing"

    def _rank_words(self, rank: Rank) -> str:
        """A wild rank in words, naming its `plain` cards."""
        plain = sorted(card for card in self.plain if card.rank is rank)
        if not plain:
            return rank.plural
        return f"{rank.plural} (not {' or '.join(str(card) for card in plain)})"

    def wild_cards(self, seat: SeatView) -> tuple[Card, ...]:
        """Those of ``seat``'s cards the view shows that are wild for it, as far as the viewer
        knows (another seat's own wild ranks are its secret)."""
        own = self.own_wild if seat.seat == self.viewer else frozenset()
        wild = self.wild
        if not (own or wild.ranks or wild.cards or wild.joker is not None):
            return ()  # nothing is wild: no card is (the common case, said at once)
        return tuple(
            card
            for card in (*seat.up_cards, *seat.down_cards)
            if card not in self.plain
            and (self.wild.is_wild(card) or (not card.is_joker and card.rank in own))
        )

    def all_cards(self) -> set[Card]:
        """Every card this view shows, anywhere (used to check nothing leaks)."""
        cards = set(self.board)
        for seat in self.seats:
            cards.update(seat.up_cards)
            cards.update(seat.down_cards)
        for event in self.events:
            match event:
                case Dealt(cards=shown) | Board(cards=shown) | TurnedUp(cards=shown):
                    cards.update(shown)
                case Shown(cards=shown) | Rolled(cards=shown):
                    cards.update(shown)
                case Chose(cards=shown) | Passed(cards=shown) | Discarded(cards=shown):
                    cards.update(shown or ())
                case Drew(cards=new, discards=thrown):
                    cards.update(new)
                    cards.update(thrown or ())
                case HandStarted(deck=deck) | Reshuffled(deck=deck) if deck is not None:
                    cards.update(deck)
        return cards


def censor_events(
    events: Sequence[Event],
    viewer: int | None,
    seen: list[Event],
    seats: tuple[int, ...] | None = None,
) -> tuple[Event, ...]:
    """``events`` as ``viewer`` (a seat of the hand) may see them, their seats numbered by
    ``seats`` (None: the hand's own). ``seen`` holds the ones censored last time (a log only
    grows): only the events new since then are censored, and appended to it."""
    if len(seen) > len(events):  # pragma: no cover - logs only grow
        seen.clear()
    new = (event.censored_for(viewer) for event in events[len(seen) :])
    seen.extend(new if seats is None else (renumbered(event, seats) for event in new))
    return tuple(seen)


def renumbered(event: Event, seats: tuple[int, ...]) -> Event:
    """``event`` with its seat, or the seats of revealed declarations, numbered by ``seats``
    (``seats[n]`` is the new number of the hand's seat ``n``)."""
    match event:
        case Revealed(declarations=shown):
            return replace(event, declarations=tuple((seats[seat], way) for seat, way in shown))
        case Passed(seat=seat, to=to):
            return replace(event, seat=seats[seat], to=seats[to])
        case (
            Posted()
            | Dealt()
            | Acted()
            | Drew()
            | TurnedUp()
            | Chose()
            | Discarded()
            | Rolled()
            | Declared()
            | Returned()
            | Shown()
            | Mucked()
            | Awarded()
        ):
            return replace(event, seat=seats[event.seat])
    return event


def build_view(
    *,
    viewer: int | None,
    variant: Variant,
    rules: HouseRules,
    phase: Phase,
    street: int,
    button: int,
    names: Sequence[str],
    stacks: Sequence[int],
    bets: Mapping[int, int],
    contributed: Sequence[int],
    folded: Collection[int],
    cards: Sequence[Sequence[tuple[Card, bool]]],
    board: Sequence[Card],
    declarations: Mapping[int, Direction],
    revealed: bool,
    pots: Sequence[int],
    to_act: tuple[int, ...],
    legal_actions: Sequence[ActionOption],
    events: tuple[Event, ...],
    result: Sequence[str],
    carried_in: int,
    carried_out: int,
    wild_ranks: frozenset[Rank] | None = None,
    plain: frozenset[Card] = frozenset(),
) -> TableView:
    """The hand as ``viewer`` may see it, from what the hand knows.

    ``cards``: each seat's cards with whether each is face up; ``bets``: this round's bets;
    ``contributed``: what each seat put in the pots before this round; ``events``: the log
    already censored for ``viewer`` (`censor_events`); ``revealed``: whether simultaneous
    declarations have been shown; ``wild_ranks``: follow the queen's wild ranks now;
    ``plain``: the cards of a wild rank that are not wild (`TableView.plain`).
    """
    moment = _Moment(
        variant=variant,
        rules=rules,
        names=names,
        stacks=stacks,
        bets=bets,
        contributed=contributed,
        folded=folded,
        cards=cards,
        declarations=declarations,
        shown=frozenset(event.seat for event in events if isinstance(event, Shown)),
        sealed=rules.declare == "simultaneous" and not revealed,
        numbers=None,
        wild_ranks=wild_ranks,
        common={
            "variant": variant,
            "phase": phase,
            "street": min(street, len(variant.streets) - 1),
            "button": button,
            "board": tuple(board),
            "pots": tuple(pots),
            "to_act": to_act,
            "result": tuple(result),
            "carried_in": carried_in,
            "carried_out": carried_out,
            "wild": variant.wild.resolve(queen_ranks=wild_ranks, board=board),
            "plain": plain,
        },
    )
    return moment.view(viewer, tuple(legal_actions), events)


@dataclass(slots=True)
class _Moment:
    """What every viewer's view of one moment of a hand is built from, worked out once.

    Each seat is seen one way by everybody but its own player (`public`), so those seat
    views are built once and shared by every viewer's view; only the viewer's own seat,
    legal actions, log and wild ranks are the viewer's. ``numbers`` renumbers the seats (the
    number at the table of each of the hand's seats; None: as the hand numbers them), and
    ``common`` holds the `TableView` fields every viewer shares.
    """

    variant: Variant
    rules: HouseRules
    names: Sequence[str]
    stacks: Sequence[int]
    bets: Mapping[int, int]
    contributed: Sequence[int]
    folded: Collection[int]
    cards: Sequence[Sequence[tuple[Card, bool]]]
    declarations: Mapping[int, Direction]
    shown: frozenset[int]
    """Seats whose hidden cards were shown: everybody sees them."""
    sealed: bool
    """Simultaneous declarations not yet revealed: each is its own seat's alone."""
    numbers: Sequence[int] | None
    wild_ranks: frozenset[Rank] | None
    common: dict[str, object]
    public: list[SeatView] = field(default_factory=list)

    def seat(self, seat: int, viewer: int | None) -> SeatView:
        """Seat ``seat`` as ``viewer`` (a seat of the hand, or None) may see it: its hidden
        cards only if it is the viewer's or was shown, a sealed declaration only if it is
        the viewer's."""
        held = self.cards[seat]
        up = tuple(card for card, face_up in held if face_up)
        down = tuple(card for card, face_up in held if not face_up)
        may_see = seat == viewer or seat in self.shown
        declared = self.declarations.get(seat)
        stack = self.stacks[seat]
        return SeatView(
            seat=seat if self.numbers is None else self.numbers[seat],
            name=self.names[seat],
            stack=stack,
            bet=self.bets.get(seat, 0),
            in_pot=self.contributed[seat],
            is_folded=seat in self.folded,
            is_all_in=stack == 0 and seat not in self.folded,
            up_cards=up,
            down_cards=down if may_see else (),
            hidden_count=0 if may_see else len(down),
            has_declared=declared is not None,
            declaration=declared if (seat == viewer or not self.sealed) else None,
        )

    def view(
        self,
        viewer: int | None,
        legal_actions: tuple[ActionOption, ...],
        events: tuple[Event, ...],
        **more: object,
    ) -> TableView:
        """The view of ``viewer`` (a seat of the hand, or None for a spectator), given its
        legal actions and its log (censored for it, numbered as ``numbers`` says)."""
        if not self.public:  # the seats as anybody but their own player sees them
            self.public.extend(self.seat(seat, None) for seat in range(len(self.cards)))
        seats = list(self.public)
        if viewer is not None:
            seats[viewer] = self.seat(viewer, viewer)
        return TableView(
            viewer=viewer if viewer is None or self.numbers is None else self.numbers[viewer],
            seats=tuple(seats),
            legal_actions=legal_actions,
            events=events,
            own_wild=frozenset()
            if viewer is None
            else seat_wild(
                self.variant.wild,
                self.wild_ranks,
                [card for card, face_up in self.cards[viewer] if not face_up],
                ace_low=self.rules.ace_low_for_wild,
            ),
            **self.common,  # type: ignore[arg-type]
            **more,  # type: ignore[arg-type]
        )


def renumbered_view(
    view: TableView, seats: tuple[int, ...], events: tuple[Event, ...]
) -> TableView:
    """``view`` (numbered as its hand is) with every seat numbered by ``seats`` (``seats[n]``
    is the number at the table of the hand's seat ``n``); ``events`` is its log already
    renumbered (`censor_events` with ``seats``)."""
    return replace(
        view,
        viewer=None if view.viewer is None else seats[view.viewer],
        button=seats[view.button],
        seats=tuple(replace(seat, seat=seats[seat.seat]) for seat in view.seats),
        to_act=tuple(seats[seat] for seat in view.to_act),
        events=events,
    )


def hand_view(hand: Hand, viewer: int | None, seats: tuple[int, ...] | None = None) -> TableView:
    """`build_view` of what ``hand`` knows now, for ``viewer`` (a seat of the hand).

    With ``seats`` (the number each of the hand's seats has at its table), every seat in the
    view is numbered as at the table (as `renumbered_view` numbers them).
    """
    return hand_views(hand, (viewer,), seats)[0]


def hand_views(
    hand: Hand, viewers: Sequence[int | None], seats: tuple[int, ...] | None = None
) -> list[TableView]:
    """`hand_view` for each of ``viewers`` at one moment: the same views, with what they
    share (the seats as others see them, the pots, the result, what is wild) worked out once.
    """
    number = None if seats is None else seats.__getitem__
    betting = hand.round
    variant, board, wild_ranks = hand.variant, hand.board, hand.wild_ranks
    moment = _Moment(
        variant=variant,
        rules=hand.rules,
        names=hand.names,
        stacks=hand.stacks,
        bets=betting.bets if betting is not None else {},
        contributed=[bet + paid for bet, paid in zip(hand.contributed, hand.paid_in, strict=True)],
        folded=hand.folded,
        cards=hand.cards,
        declarations=hand.declarations,
        shown=frozenset(event.seat for event in hand.events if isinstance(event, Shown)),
        sealed=hand.rules.declare == "simultaneous" and not hand.revealed,
        numbers=seats,
        wild_ranks=wild_ranks,
        common={
            "variant": variant,
            "phase": hand.phase,
            "street": min(hand.street, len(variant.streets) - 1),
            "button": hand.button if number is None else number(hand.button),
            "board": tuple(board),
            "pots": tuple(pot.amount for pot in hand.pots()),
            "to_act": hand.to_act if number is None else tuple(map(number, hand.to_act)),
            "result": tuple(hand.result.explanation()) if hand.result is not None else (),
            "carried_in": hand.carried_in,
            "carried_out": hand.carried_out,
            "wild": variant.wild.resolve(queen_ranks=wild_ranks, board=board),
            "plain": frozenset(card for cards in hand.unmatched.values() for card in cards),
        },
    )
    all_in, after_declare = frozenset(hand.all_in_at), hand.after_declare_at
    views = []
    for viewer in viewers:
        seen = hand.censored.setdefault((viewer, seats), [])
        views.append(
            moment.view(
                viewer,
                tuple(hand.legal_actions(viewer)) if viewer is not None else (),
                censor_events(hand.events, viewer, seen, seats),
                all_in_events=all_in,
                after_declare_at=after_declare,
            )
        )
    return views
