"""The table: a hand of any game from the deal to the awards, the referee, and histories."""

from __future__ import annotations

from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.engine.event_reader import event_from_dict
from hilo.engine.events import Event, EventKind
from hilo.engine.history import (
    hand_from_dict,
    hand_from_json,
    hand_to_dict,
    hand_to_json,
    replay,
)
from hilo.engine.setup import HandSetup
from hilo.engine.showdown import (
    Pot,
    PotAward,
    PotRuling,
    ShowdownHand,
    ShowdownResult,
    Side,
    settle,
)
from hilo.engine.state import Hand, Phase
from hilo.engine.table import Player, Table, TableConfig, Viewer
from hilo.engine.views import SeatView, TableView

__all__ = [
    "Action",
    "ActionKind",
    "ActionOption",
    "Direction",
    "Event",
    "EventKind",
    "Hand",
    "HandSetup",
    "Phase",
    "Player",
    "Pot",
    "PotAward",
    "PotRuling",
    "SeatView",
    "ShowdownHand",
    "ShowdownResult",
    "Side",
    "Table",
    "TableConfig",
    "TableView",
    "Viewer",
    "event_from_dict",
    "hand_from_dict",
    "hand_from_json",
    "hand_to_dict",
    "hand_to_json",
    "replay",
    "settle",
]
