"""`HandSetup`: everything a hand starts from, as one value built once and passed around.

A fresh hand is dealt from a setup without a deck (the deck is shuffled); a hand history,
a journal or a replay rebuilds the same hand from the setup with the recorded deck order
and reshuffles.

>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> setup = HandSetup(VARIANTS["holdem"], HouseRules.preset("cards-speak"),
...                   Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4), (50, 60))
>>> setup.names, setup.deck_order
(('Seat 0', 'Seat 1'), None)
>>> HandSetup(VARIANTS["holdem"], HouseRules.preset("cards-speak"),
...           Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4), (50, 60), button=2)
Traceback (most recent call last):
...
hilo.errors.ConfigError: the button must be a seat from 0 to 1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hilo.cards import Card
from hilo.engine.game_facts import checked_rules
from hilo.engine.posts import check_posts
from hilo.errors import ConfigError
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.rules.variants import Variant

__all__ = ["HandSetup", "seats_around"]


_NAMES: dict[int, tuple[str, ...]] = {}
_AROUND: dict[tuple[int, int], tuple[int, ...]] = {}


def seats_around(seats: int, button: int) -> tuple[int, ...]:
    """Every seat in order, starting left of the button (made once a table size and button).

    >>> seats_around(4, 2)
    (3, 0, 1, 2)
    """
    key = (seats, button)
    known = _AROUND.get(key)
    if known is None:
        known = _AROUND[key] = tuple((button + offset) % seats for offset in range(1, seats + 1))
    return known


def _seat_names(seats: int) -> tuple[str, ...]:
    """The names of seats left unnamed: "Seat 0", "Seat 1", ... (made once a table size)."""
    names = _NAMES.get(seats)
    if names is None:
        names = _NAMES[seats] = tuple(f"Seat {seat}" for seat in range(seats))
    return names


@dataclass(frozen=True, slots=True)
class HandSetup:
    """The game, rules, stakes, stacks, button and names of a hand, and any recorded deck.

    ``deck_order`` None: the deck is shuffled when the hand is dealt. ``reshuffles``: the
    recorded order of each reshuffle of the discards, in turn. ``names`` left empty name
    the seats "Seat 0", "Seat 1", ... Every sequence is kept as a tuple.
    """

    variant: Variant
    rules: HouseRules
    stakes: Stakes
    stacks: Sequence[int]
    button: int = 0
    names: Sequence[str] = ()
    deck_order: Sequence[Card] | None = None
    reshuffles: Sequence[Sequence[Card]] = ()
    carried_in: int = 0
    """Chips of a pot that rode in from the last hand."""
    blinds: Sequence[int] = ()
    """The live blinds and straddles each seat posts, by seat (PHH's ``blinds_or_straddles``);
    empty: the stakes' small and big blind. An extra big blind (a player who posts to play
    at once) and a straddle are live bets here; the largest post acts last before the flop."""
    dead: Sequence[int] = ()
    """Dead chips each seat posts into the pot before the deal (a dead small blind), by
    seat; empty: none."""

    def __post_init__(self) -> None:
        stacks = self.stacks
        variant, rules, stakes = self.variant, self.rules, self.stakes
        seats = len(stacks)
        if not 2 <= seats <= variant.max_players:
            raise ConfigError(
                f"{variant.title} is for 2 to {variant.max_players} players, not {seats}"
            )
        if any(
            isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0 for chips in stacks
        ):
            raise ConfigError("every player needs a stack of at least one chip")
        if not 0 <= self.button < seats:
            raise ConfigError(f"the button must be a seat from 0 to {seats - 1}")
        if self.deck_order is None:  # a recorded deck replays what was dealt, as it was
            checked_rules(variant, rules)
        if variant.forced == "bring-in" and rules.stud_opener == "bring-in" and not stakes.bring_in:
            raise ConfigError(f"{variant.title} needs a bring-in amount in the stakes")
        if variant.forced == "blinds" and not stakes.big_blind and not stakes.ante:
            raise ConfigError(f"{variant.title} needs blinds or an ante in the stakes")
        if variant.forced == "antes" and not stakes.ante:
            raise ConfigError(
                f"{variant.title} is played for antes: it needs an ante in the stakes"
            )
        names = tuple(self.names) if self.names else _seat_names(seats)
        if len(names) != seats:
            raise ConfigError(f"{seats} players need {seats} names, not {len(names)}")
        check_posts(self)
        keep = object.__setattr__
        keep(self, "stacks", tuple(stacks))
        if type(self.blinds) is not tuple:
            keep(self, "blinds", tuple(self.blinds))
        if type(self.dead) is not tuple:
            keep(self, "dead", tuple(self.dead))
        keep(self, "names", names)
        if self.deck_order is not None:
            keep(self, "deck_order", tuple(self.deck_order))
        if self.reshuffles:  # none kept as the empty tuple, as given by default
            keep(self, "reshuffles", tuple(tuple(order) for order in self.reshuffles))
        elif type(self.reshuffles) is not tuple:
            keep(self, "reshuffles", ())

    @property
    def seats(self) -> int:
        """How many players are dealt in."""
        return len(self.stacks)
