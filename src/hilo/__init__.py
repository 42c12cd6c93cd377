"""hilo: high-low split poker with declarations.

>>> from hilo import parse_cards, best_high
>>> str(best_high(parse_cards("7c 6d 5h 4s 3c Kd Kh")))
'Straight, seven high (7c 6d 5h 4s 3c)'
"""

from __future__ import annotations

from hilo.cards import Card, Deck, Rank, Suit, format_cards, parse_card, parse_cards
from hilo.errors import ConfigError, HiloError, IllegalActionError, NotationError
from hilo.hands import HandValue, Ranking, Selection, best_high, best_low

__version__ = "0.1.0"

__all__ = [
    "Card",
    "ConfigError",
    "Deck",
    "HandValue",
    "HiloError",
    "IllegalActionError",
    "NotationError",
    "Rank",
    "Ranking",
    "Selection",
    "Suit",
    "__version__",
    "best_high",
    "best_low",
    "format_cards",
    "parse_card",
    "parse_cards",
]
