"""`HandValue`: a hand's strength on one side, ordered, hashable and readable."""

from __future__ import annotations

from dataclasses import dataclass

from hilo.cards import Card, format_cards
from hilo.hands.high import describe_high
from hilo.hands.low import LOW_BASE, describe_low
from hilo.hands.ranking import Ranking
from hilo.hands.tables import Category, unpack

__all__ = ["HandValue", "score_category"]


def score_category(ranking: Ranking, score: int) -> Category:
    """The poker category of a plain (no wild card) score of ``ranking``; a low that does
    not qualify is ``HIGH_CARD``."""
    if ranking is Ranking.HIGH:
        return unpack(score)[0]
    return unpack(LOW_BASE - score)[0] if score > 0 else Category.HIGH_CARD


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """The value of a hand under one ranking, with the five cards it uses.

    Values of one ranking are totally ordered, stronger greater: a better low compares
    greater than a worse low. Equal values are ties (the cards may differ), and hash
    alike. A low that does not qualify is the weakest value of its ranking.

    >>> from hilo import best_high, best_low, parse_cards
    >>> hand = parse_cards("7c 6d 5h 4s 3c Kd Kh")
    >>> high, low = best_high(hand), best_low(hand, qualifier=8)
    >>> str(high)
    'Straight, seven high (7c 6d 5h 4s 3c)'
    >>> str(low)
    'Seven-six low (7c 6d 5h 4s 3c)'
    >>> low > best_low(parse_cards("8c 6d 5h 4s 3c"))
    True
    >>> str(best_low(parse_cards("9c 9d Kh Qs Jc"), qualifier=8))
    'No qualifying low'
    """

    ranking: Ranking
    score: int
    cards: tuple[Card, ...]

    @property
    def is_qualified(self) -> bool:
        """False only for a low that does not qualify (there is no low at all)."""
        return self.score > 0

    @property
    def category(self) -> Category:
        """The poker category of the five cards (a paired low is ``ONE_PAIR``, and so on)."""
        return score_category(self.ranking, self.score)

    @property
    def words(self) -> str:
        """The value in words, without the cards: ``"Straight, seven high"``."""
        if self.ranking is Ranking.HIGH:
            return describe_high(self.score)
        return describe_low(self.score, self.ranking)

    def __str__(self) -> str:
        if not self.cards:
            return self.words
        return f"{self.words} ({format_cards(self.cards)})"

    def __repr__(self) -> str:
        return f"<HandValue {self.ranking.value}: {self}>"

    def _other_score(self, other: object) -> int:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.ranking is not self.ranking:
            raise TypeError(
                f"cannot compare a {self.ranking.value} value with a {other.ranking.value} value"
            )
        return other.score

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking is other.ranking and self.score == other.score

    def __hash__(self) -> int:
        return hash((self.ranking, self.score))

    def __lt__(self, other: HandValue) -> bool:
        return self.score < self._other_score(other)

    def __le__(self, other: HandValue) -> bool:
        return self.score <= self._other_score(other)

    def __gt__(self, other: HandValue) -> bool:
        return self.score > self._other_score(other)

    def __ge__(self, other: HandValue) -> bool:
        return self.score >= self._other_score(other)
