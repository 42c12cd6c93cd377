"""The table: declarations and the referee (the rest of the hand comes with the engine)."""

from __future__ import annotations

from hilo.engine.declare import Direction
from hilo.engine.showdown import (
    Pot,
    PotAward,
    PotRuling,
    ShowdownHand,
    ShowdownResult,
    Side,
    settle,
)

__all__ = [
    "Direction",
    "Pot",
    "PotAward",
    "PotRuling",
    "ShowdownHand",
    "ShowdownResult",
    "Side",
    "settle",
]
