"""A seat's situation read from its view: its cards, what it sees of the others, and the
cards it cannot see (the ones a simulation deals at random).

>>> import random
>>> from hilo.engine.state import Hand
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["seven-card-stud-hilo-declare"], HouseRules(),
...             Stakes(small_bet=10, big_bet=20, bring_in=3), [200, 200, 200],
...             rng=random.Random(4))
>>> facts = GameFacts.for_game("seven-card-stud-hilo-declare", HouseRules())
>>> situation = read_situation(hand.view_for(1), facts)
>>> len(situation.cards), situation.to_come, len(situation.unseen)
(3, 4, 47)
>>> [(opponent.seat, len(opponent.cards), opponent.unknown) for opponent in situation.opponents]
[(2, 1, 6), (0, 1, 6)]
"""

from __future__ import annotations

from dataclasses import dataclass

from hilo.bots.game import GameFacts
from hilo.cards import FULL_DECK, Card
from hilo.engine.declare import Direction
from hilo.engine.events import Discarded, Drew, Passed
from hilo.engine.views import TableView
from hilo.errors import IllegalActionError

__all__ = ["Opponent", "Situation", "read_situation"]


@dataclass(frozen=True, slots=True)
class Opponent:
    """A live opponent as the viewer sees it.

    >>> Opponent(2, (Card("As"),), 6, None).unknown
    6
    """

    seat: int
    cards: tuple[Card, ...]
    """Its cards the viewer sees (up cards, or all once shown)."""
    unknown: int
    """Its cards the viewer does not know: face down now, or still to be dealt."""
    declaration: Direction | None
    """Its declaration once the viewer may see it."""


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a simulation needs from one seat's view."""

    facts: GameFacts
    seat: int
    cards: tuple[Card, ...]
    """The viewer's own cards."""
    to_come: int
    """Cards still to be dealt to the viewer."""
    board: tuple[Card, ...]
    board_to_come: int
    opponents: tuple[Opponent, ...]
    """Live opponents, in seat order from the viewer's left."""
    unseen: tuple[Card, ...]
    """Cards the viewer has not seen anywhere: the deck and the others' hidden cards."""
    declaration: Direction | None
    """The viewer's own declaration, once made."""
    up: frozenset[Card] = frozenset()
    """Every card the viewer sees face up in a hand (Chicago's spade counts only the others)."""

    @property
    def cards_needed(self) -> int:
        """Unseen cards one simulated deal uses."""
        return self.to_come + self.board_to_come + sum(item.unknown for item in self.opponents)


def _my_discards(view: TableView, seat: int) -> set[Card]:
    """Cards the viewer drew away: they are out of play."""
    out: set[Card] = set()
    for event in view.events:
        match event:
            case Drew(seat=drawer, discards=thrown) if drawer == seat and thrown is not None:
                out.update(thrown)
            case Discarded(seat=thrower, cards=thrown) if thrower == seat and thrown is not None:
                out.update(thrown)
    return out


def _passed_to(view: TableView, seat: int) -> dict[int, tuple[Card, ...]]:
    """The cards the viewer passed to each seat and knows that seat still holds: those it
    has not passed on or thrown away since."""
    held: dict[int, tuple[Card, ...]] = {}
    for event in view.events:
        match event:
            case Passed(seat=giver, to=taker, cards=given) if giver == seat and given is not None:
                held[taker] = held.get(taker, ()) + given
            case Passed(seat=giver) | Discarded(seat=giver) if giver != seat:
                held.pop(giver, None)
    return held


def read_situation(view: TableView, facts: GameFacts) -> Situation:
    """Read ``view`` (which must belong to a seat) for a simulation of the rest of the hand."""
    if view.viewer is None:
        raise IllegalActionError("A spectator's view has no seat to simulate for.")
    seat = view.viewer
    me = view.seat(seat)
    dealt = facts.variant.kept_cards  # Anaconda and pass the trash: the five kept
    seen: set[Card] = set(view.board) | _my_discards(view, seat)
    up: set[Card] = set(me.up_cards)
    passed = _passed_to(view, seat)
    opponents = []
    for other in view.others():
        shown = other.up_cards + other.down_cards
        shown += tuple(card for card in passed.get(other.seat, ()) if card not in shown)
        seen.update(shown)
        up.update(other.up_cards)
        if other.is_folded:
            continue
        unknown = max(0, dealt - len(shown))
        opponents.append(Opponent(other.seat, shown, unknown, other.declaration))
    cards = me.up_cards + me.down_cards
    seen.update(cards)
    return Situation(
        facts=facts,
        seat=seat,
        cards=cards,
        to_come=max(0, dealt - len(cards)),
        board=view.board,
        board_to_come=max(0, facts.board_size - len(view.board)),
        opponents=tuple(opponents),
        unseen=tuple(card for card in FULL_DECK if card not in seen),
        declaration=me.declaration,
        up=frozenset(up),
    )
