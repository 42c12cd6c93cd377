"""The dealer: the deck, dealing from the top, and reshuffling the discards when it runs out.

Randomness is injected: the deck shuffles with the random source it is given. A replay
hands back the recorded orders of any reshuffles, so the same cards come out again.

>>> import random
>>> dealer = Dealer(random.Random(1), [])
>>> len(dealer.take(5)), len(dealer.deck)
(5, 47)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hilo.cards import FULL_DECK, Card, Deck
from hilo.engine.events import Event, Reshuffled
from hilo.errors import ConfigError, IllegalActionError

__all__ = ["Dealer", "check_discards"]


class Dealer:
    """Deals cards and keeps the discards; reshuffles are appended to ``events``."""

    def __init__(
        self,
        rng: random.Random | None,
        events: list[Event],
        *,
        deck_order: Sequence[Card] | None = None,
        reshuffles: Sequence[Sequence[Card]] = (),
        cards: Sequence[Card] = FULL_DECK,
    ) -> None:
        if deck_order is not None:
            self.deck = Deck(rng or random.Random(0), cards=deck_order, shuffle=False)
        else:
            self.deck = Deck(rng, cards=cards)  # the 52 cards, or a game's with the joker
        self.discards: list[Card] = []
        self._events = events  # the hand's log: reshuffles are recorded in it
        self._replayed = [list(order) for order in reshuffles]
        self.reshuffled: list[tuple[Card, ...]] = []
        """The order of the deck after each reshuffle so far."""
        self._drawing: tuple[Card, ...] = ()

    def take(self, count: int) -> tuple[Card, ...]:
        """The next ``count`` cards; when the deck runs out, the discards are shuffled in."""
        if count <= len(self.deck):
            return self.deck.deal(count)
        stub = len(self.deck)
        returning = [card for card in self.discards if card not in self._drawing]
        if stub + len(returning) < count:
            raise IllegalActionError("the deck has run out of cards and discards to reshuffle")
        dealt = self.deck.deal(stub)  # the last cards of the deck are dealt first
        self._reshuffle(returning)
        return dealt + self.deck.deal(count - stub)

    def replace(self, discards: tuple[Card, ...]) -> tuple[Card, ...]:
        """A draw: as many new cards as ``discards``, which are kept out of any reshuffle."""
        self._drawing = discards
        try:
            new = self.take(len(discards))
        finally:
            self._drawing = ()
        self.discards.extend(discards)
        return new

    def _reshuffle(self, returning: list[Card]) -> None:
        """The deck ran out: shuffle the discards (not the drawing player's own) and go on."""
        self.discards = [card for card in self.discards if card in self._drawing]
        if self._replayed:
            order = self._replayed.pop(0)
            if len(order) != len(returning) or set(order) != set(returning):
                raise ConfigError("the recorded reshuffle does not hold the discards")
            self.deck = Deck(cards=order, shuffle=False)
        else:
            self.deck.add(returning)
        self.reshuffled.append(self.deck.cards)
        self._events.append(Reshuffled(len(returning), self.deck.cards))


def check_discards(discards: Sequence[Card], held: Sequence[Card], most: int) -> None:
    """Refuse a draw that names a card twice, a card not held, or more than ``most`` cards."""
    if len(set(discards)) != len(discards):
        raise IllegalActionError("You named the same card twice in your discards.")
    stray = [card for card in discards if card not in held]
    if stray:
        raise IllegalActionError(f"You do not hold {stray[0]}: discard your own cards.")
    if len(discards) > most:
        raise IllegalActionError(f"You may draw at most {most} cards (the house limit).")
