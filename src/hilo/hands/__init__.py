"""Hand values: the high ranking, three low rankings, qualifiers and five-card selection."""

from __future__ import annotations

from hilo.hands.high import high_score
from hilo.hands.low import ace_to_five_score, low_score
from hilo.hands.ranking import Ranking, Selection
from hilo.hands.select import best_high, best_low, evaluate, score_hand, scorer
from hilo.hands.tables import Category
from hilo.hands.value import HandValue

__all__ = [
    "Category",
    "HandValue",
    "Ranking",
    "Selection",
    "ace_to_five_score",
    "best_high",
    "best_low",
    "evaluate",
    "high_score",
    "low_score",
    "score_hand",
    "scorer",
]
