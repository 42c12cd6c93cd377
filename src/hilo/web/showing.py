"""A winner nobody called, as every watcher is told of it: deciding, shown or mucked.

When everybody else folds, the last player wins the pot at once and may then show their
cards or muck them, on the action clock (`hilo.web.runner`). Every watcher's table state
carries what the table knows of that choice, the same for everybody (the cards are in it
only once shown); the seat asked sends ``show`` or ``muck`` as an ``act`` message.

>>> showing_words("Ann", 40, "deciding")
'Ann wins 40 — deciding to show or muck…'
>>> showing_words("You", 40, "shown", "Kh Kd"), showing_words("Bo", 5, "mucked")
('You show Kh Kd', 'Bo mucks')
"""

from __future__ import annotations

from typing import Any, Literal

from hilo.cards import format_cards
from hilo.engine.events import Awarded, Mucked, Shown
from hilo.engine.grammar import says
from hilo.web.runner import TableRunner

__all__ = ["ShowingState", "showing_state", "showing_words"]

ShowingState = Literal["deciding", "shown", "mucked"]
"""Where a winner nobody called stands: still choosing, or what they chose."""


def showing_words(name: str, amount: int, state: ShowingState, cards: str = "") -> str:
    """The line everybody reads about a winner nobody called."""
    if state == "shown":
        return f"{says(name, 'shows')} {cards}"
    if state == "mucked":
        return says(name, "mucks")
    return f"{says(name, 'wins')} {amount:,} — deciding to show or muck…"


def showing_state(runner: TableRunner) -> dict[str, Any] | None:
    """The last hand's winner nobody called: ``seat`` (at the table), ``name``, ``amount``
    won, ``state`` (`ShowingState`), ``cards`` (once shown, else ``""``), ``left`` (seconds
    on their clock while a person decides, else None) and ``text``, the line to show; None
    while a hand is played, or when the last one went to a showdown."""
    table = runner.table
    hand = table.hand
    if hand is None or not hand.is_complete or hand.uncalled is None:
        return None
    winner = hand.uncalled
    amount = sum(
        event.amount for event in hand.events if isinstance(event, Awarded) and event.seat == winner
    )
    state: ShowingState
    cards = ""
    match hand.events[-1]:
        case Shown(cards=shown):
            state, cards = "shown", format_cards(shown)
        case Mucked():
            state = "mucked"
        case _ if hand.may_show is not None:
            state = "deciding"
        case _:
            return None  # dealt past before the choice (a journal from before it existed)
    seat = table.hand_seats[winner]
    left = runner.clock()["waiting"].get(str(seat)) if state == "deciding" else None
    name = hand.names[winner]
    return {
        "seat": seat,
        "name": name,
        "amount": amount,
        "state": state,
        "cards": cards,
        "left": left,
        "text": showing_words(name, amount, state, cards),
    }
