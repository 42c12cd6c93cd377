"""Who acts first: blinds, the stud bring-in and best showing hand, and the declare order.

Each rule is a function of what it needs to know: the seats still in (from the left of
the button), each seat's up cards, the button and the house rules.

>>> from hilo.cards import Card
>>> stud_opener({0: Card("Kd"), 1: Card("3c"), 2: Card("3s")}, "bring-in")
1
>>> blind_seats(6, button=4)
(5, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement

from hilo.cards import Card, Rank
from hilo.hands import Ranking, scorer
from hilo.hands.high import high_score, high_score_of_bits
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.rules.variants import Variant

__all__ = [
    "best_high_showing",
    "best_showing",
    "blind_seats",
    "declare_order",
    "first_to_act",
    "stud_opener",
]


def _rotate(seats: Sequence[int], first: int) -> list[int]:
    start = seats.index(first)
    return [*seats[start:], *seats[:start]]


def stud_opener(doors: Mapping[int, Card], how: str, *, lowball: Ranking | None = None) -> int:
    """First stud round: the seat with the lowest door card (``how`` "bring-in"), else the
    highest. ``doors`` is each live seat's first up card.

    Aces count high; a tie goes by suit, clubs lowest and spades highest. In a lowball
    game (``lowball``: its ranking) the worst card for a low brings it in instead: the
    highest door card (aces low where the ranking counts them low), and "high-card"
    becomes the best card for a low opening.

    >>> stud_opener({0: Card("Kd"), 1: Card("3c"), 2: Card("Ks")}, "bring-in",
    ...             lowball=Ranking.ACE_TO_FIVE)
    2
    """
    ace_low = lowball is not None and lowball.is_ace_low

    def door(seat: int) -> tuple[int, int]:
        card = doors[seat]
        rank = 1 if ace_low and card.rank == Rank.ACE else int(card.rank)
        return (rank, int(card.suit))

    if (how == "bring-in") == (lowball is None):
        return min(doors, key=door)
    return max(doors, key=door)


def best_showing(
    live: Sequence[int], up_cards: Sequence[Sequence[Card]], *, lowball: Ranking | None = None
) -> int:
    """The seat with the best hand showing; ties go to the first of ``live``.

    ``live`` runs from the left of the button; ``up_cards`` holds every seat's up cards.
    In a lowball game (``lowball``: its ranking) the best low showing is the best hand.
    """
    best, best_score = -1, -1
    if lowball is None:  # the high hand showing, from the cards' bits
        for seat in live:  # from the button: on a tie the first keeps it
            bits = 0
            for card in up_cards[seat]:
                bits |= card.bit
            score = high_score_of_bits(bits)
            if score > best_score:
                best, best_score = seat, score
        return best
    score_of = scorer(lowball)
    for seat in live:
        score = score_of(up_cards[seat])
        if score > best_score:
            best, best_score = seat, score
    return best


_RANK_WEIGHT = [5 ** (index >> 2) for index in range(53)]
"""By `Card.index`: a weight for the card's rank such that the sum over at most four cards
says how many of each rank they hold (every count is under five); the joker's is above
every such sum, so it is never found and is scored (and refused) by `high_score`."""
_SHOWING: dict[int, int] = {}
"""The high score of up to four cards by the sum of their rank weights: with fewer than
five cards there is no straight or flush, so the ranks alone fix the score. Filled for
every such set of ranks at the first call of `best_high_showing` (see `_fill_showing`)."""


def _fill_showing() -> None:
    """Score every set of up to four ranks once, as `high_score` scores such cards (each of
    a rank in its own suit: four cards make no flush and no straight)."""
    for count in range(5):
        for ranks in combinations_with_replacement(range(13), count):
            key, bits, suit = 0, 0, 0
            for position, rank in enumerate(ranks):
                suit = suit + 1 if position and ranks[position - 1] == rank else 0
                key += 5**rank
                bits |= 1 << (suit * 16 + rank)
            _SHOWING[key] = high_score_of_bits(bits)


def best_high_showing(live: Sequence[int], held: Sequence[Sequence[tuple[Card, bool]]]) -> int:
    """`best_showing` in a high game, read from each seat's cards as the hand holds them
    (each with whether it is face up), without listing the up cards first."""
    if not _SHOWING:
        _fill_showing()
    best, best_score = -1, -1
    weight, known = _RANK_WEIGHT, _SHOWING
    for seat in live:  # from the button: on a tie the first keeps it
        key = count = 0
        for card, face_up in held[seat]:
            if face_up:
                key += weight[card.index]
                count += 1
        score = known.get(key) if count < 5 else None
        if score is None:  # five cards or more, or the joker
            score = high_score([card for card, face_up in held[seat] if face_up])
        if score > best_score:
            best, best_score = seat, score
    return best


def blind_seats(seats: int, button: int) -> tuple[int, int]:
    """The small and the big blind at a table of ``seats`` (heads up, the button is small)."""
    if seats == 2:
        return button, (button + 1) % 2
    return (button + 1) % seats, (button + 2) % seats


def first_to_act(
    variant: Variant,
    rules: HouseRules,
    stakes: Stakes,
    index: int,
    *,
    seats: int,
    button: int,
    live: Sequence[int],
    up_cards: Sequence[Sequence[Card]],
) -> tuple[int, int | None]:
    """The first seat to act on street ``index``, and the seat forced to bring it in.

    ``seats``: how many were dealt in; ``live``: the seats still in, from the left of the
    button; ``up_cards``: every seat's up cards (only stud reads them); ``index`` one past
    the last street is the round after the declare.
    """
    if variant.is_stud:
        lowball = variant.low
        if index == 0:
            doors = {seat: up_cards[seat][0] for seat in live}
            opener = stud_opener(doors, rules.stud_opener, lowball=lowball)
            forced = opener if rules.stud_opener == "bring-in" else None
            return opener, forced
        return best_showing(live, up_cards, lowball=lowball), None  # later streets and after
    if index == 0 and variant.forced == "blinds" and stakes.big_blind:
        if seats == 2:
            return button, None  # heads up, the button posts the small blind, acts first
        seat = (button + 3) % seats
        while seat not in live:  # pragma: no cover - nobody has folded before the blinds
            seat = (seat + 1) % seats
        return seat, None
    return live[0], None  # left of the button; also the round after the declare


def declare_order(
    rules: HouseRules,
    variant: Variant,
    *,
    live: Sequence[int],
    up_cards: Sequence[Sequence[Card]],
    last_aggressor: int | None,
) -> list[int]:
    """Who declares, in order: all at once, or in turn from the house's first declarer."""
    if rules.declare != "in-turn":
        return list(live)
    how = rules.declare_order
    if how == "high-showing" and variant.is_stud:  # else refused, but for hands from before
        return _rotate(live, best_showing(live, up_cards))
    if how == "last-aggressor" and last_aggressor in live:
        assert last_aggressor is not None
        return _rotate(live, last_aggressor)
    return list(live)
