"""The sides of a split: what each half of a pot is won with, and how a hand scores on it.

A split has a high side and a low side (the engine's directions HIGH and LOW), either of
which may be absent. Each side scores a hand with an integer, greater is better and 0 or
less is nothing on that side, and names itself as players say it: "high", "low",
"spade", "27", "7". Three kinds of side exist, each its own type:

* `HandSide`: the best poker hand of a ranking (high, or a low with its qualifier);
* `SpadeSide`: Chicago's best spade in the hole;
* `PointsSide`: 7/27's total nearest a target.

>>> from hilo.cards import parse_cards
>>> cards = parse_cards("As 7h 5d 4c 3s 2h 9s")
>>> up = parse_cards("7h 5d 4c 3s")
>>> str(SpadeSide().value(cards, up))
'Ace of spades in the hole (As)'
>>> str(HandSide("low", Ranking.ACE_TO_FIVE).value(cards, up))
'Five-four low (5d 4c 3s 2h As)'
>>> str(PointsSide("27", 27, bust=True).value(parse_cards("Kc 9d 7h Ts"), ()))
'26½ (Kc 9d 7h Ts)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hilo.cards import Card, format_cards
from hilo.hands.points import best_total, describe_total, points_score
from hilo.hands.ranking import Ranking, Selection
from hilo.hands.select import evaluate, score_hand
from hilo.hands.spades import best_spade, describe_spade, spade_score
from hilo.hands.value import HandValue

__all__ = ["HandSide", "PointsSide", "SideRule", "SideValue", "Sides", "SpadeSide"]


@dataclass(frozen=True, slots=True)
class SideValue:
    """A hand's value on a side that is not a poker ranking: its score, words and cards.

    >>> str(SideValue(12, "Queen of spades in the hole", ()))
    'Queen of spades in the hole'
    """

    score: int
    words: str
    cards: tuple[Card, ...] = ()

    @property
    def is_qualified(self) -> bool:
        """False when the hand has nothing on this side."""
        return self.score > 0

    def __str__(self) -> str:
        return f"{self.words} ({format_cards(self.cards)})" if self.cards else self.words


@dataclass(frozen=True, slots=True)
class HandSide:
    """A side won by the best poker hand of ``ranking`` (a low with its ``qualifier``)."""

    name: str
    ranking: Ranking = Ranking.HIGH
    qualifier: int | None = None

    @property
    def nothing(self) -> str:
        """What a hand with no value on this side has, in words."""
        return "no qualifying low" if self.ranking.is_low else "no hand"

    def score(
        self,
        cards: Sequence[Card],
        up: Sequence[Card] = (),
        board: Sequence[Card] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> int:
        """The hand's score on this side."""
        return score_hand(
            cards, board, ranking=self.ranking, selection=selection, qualifier=self.qualifier
        )

    def value(
        self,
        cards: Sequence[Card],
        up: Sequence[Card] = (),
        board: Sequence[Card] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> HandValue:
        """The hand's value on this side, with the five cards that make it."""
        return evaluate(
            cards, board, ranking=self.ranking, selection=selection, qualifier=self.qualifier
        )


@dataclass(frozen=True, slots=True)
class SpadeSide:
    """Chicago's spade half: the highest spade in the hole (``lowest``: the lowest; the ace
    counts high unless ``ace_low``)."""

    name: str = "spade"
    lowest: bool = False
    ace_low: bool = False

    @property
    def nothing(self) -> str:
        """What a hand with no value on this side has, in words."""
        return "no spade in the hole"

    def _hole(self, cards: Sequence[Card], up: Sequence[Card]) -> list[Card]:
        shown = set(up)
        return [card for card in cards if card not in shown]

    def score(
        self,
        cards: Sequence[Card],
        up: Sequence[Card] = (),
        board: Sequence[Card] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> int:
        """The score of the best spade among ``cards`` that are not ``up``."""
        return spade_score(self._hole(cards, up), lowest=self.lowest, ace_low=self.ace_low)

    def value(
        self,
        cards: Sequence[Card],
        up: Sequence[Card] = (),
        board: Sequence[Card] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> SideValue:
        """The best spade in the hole, in words."""
        card = best_spade(self._hole(cards, up), lowest=self.lowest, ace_low=self.ace_low)
        score = self.score(cards, up)
        return SideValue(score, describe_spade(card), () if card is None else (card,))


@dataclass(frozen=True, slots=True)
class PointsSide:
    """7/27: the total of all the hand's cards nearest ``target`` (``bust``: a total over it
    cannot win; ``under_wins``: of two totals as far away, the one under wins)."""

    name: str
    target: int
    bust: bool = False
    under_wins: bool = True

    @property
    def nothing(self) -> str:
        """What a hand with no value on this side has, in words."""
        return f"a bust over {self.target}"

    def score(
        self,
        cards: Sequence[Card],
        up: Sequence[Card] = (),
        board: Sequence[Card] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> int:
        """The score of the hand's total for the target."""
        return points_score(cards, self.target, bust=self.bust, under_wins=self.under_wins)

    def value(
        self,
        cards: Sequence[Card],
        up: Sequence[Card] = (),
        board: Sequence[Card] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> SideValue:
        """The total counted for the target, in words (``"Bust: 27½"`` over it)."""
        total = best_total(cards, self.target, bust=self.bust, under_wins=self.under_wins)
        if total is None:
            lowest = best_total(cards, self.target, bust=False, under_wins=True)
            assert lowest is not None
            return SideValue(0, f"Bust: {describe_total(lowest)}", tuple(cards))
        return SideValue(self.score(cards), describe_total(total), tuple(cards))


SideRule = HandSide | SpadeSide | PointsSide
"""One side of a split."""


@dataclass(frozen=True, slots=True)
class Sides:
    """How a pot divides: its high side and its low side, either of which may be absent.

    ``missing_low_rides``: when nobody contesting the low side has anything on it (no spade
    in the hole), that half rides to the next hand instead of going to the high hand.

    >>> Sides(HandSide("high"), None).names
    ('high', None)
    """

    high: SideRule | None = HandSide("high")
    low: SideRule | None = HandSide("low", Ranking.ACE_TO_FIVE)
    missing_low_rides: bool = False

    @property
    def names(self) -> tuple[str | None, str | None]:
        """What the high and the low side are called (None: absent)."""
        return (
            None if self.high is None else self.high.name,
            None if self.low is None else self.low.name,
        )
