"""The views of one change at a table, for every kind of watcher, built together.

A change is shown to each kind of watcher (`ViewerClass`, see `viewer_class`) in a frame of
its own, but most of what those frames say is the same. Each view of the moment is built once
for all who see that hand (the host and the spectators; a person's tabs), and the views of
different people are built together (`hilo.engine.views.hand_views`), sharing the seats
others see: each such seat is turned into plain data once for them all, and each event of
the log once for the whole hand (`EventData`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from hilo.engine.events import Event
from hilo.engine.views import SeatView, TableView, hand_views
from hilo.web.protocol import event_log, event_message, view_data

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from hilo.engine.state import Hand
    from hilo.engine.table import Table, Viewer

__all__ = ["EventData", "ViewerClass", "Watcher", "viewer_class", "views_data"]

ViewerClass = tuple[str, int | None, int | None]
"""What decides a watcher's frame: its role, the seat it holds, the seat it sees the hand of."""


class Watcher:
    """A connection watching a table: its role and who is watching."""

    __slots__ = ("role", "socket", "viewer")

    def __init__(self, socket: WebSocket, role: str, viewer: Viewer) -> None:
        self.socket = socket
        self.role = role
        self.viewer = viewer


def viewer_class(table: Table, watcher: Watcher) -> ViewerClass:
    """What decides the frame ``watcher`` is sent: watchers of one class get the same frame.

    The view a watcher is sent depends on the seat whose hidden cards it may see
    (`Table.seen_seat`); the rest of its message on its role and the seat it holds.
    """
    viewer = watcher.viewer
    return watcher.role, table.seat_of(viewer), table.seen_seat(viewer)


Entry = dict[str, Any]


class EventData:
    """Each event of a table's hand in play as plain data, written once.

    A hand's log is sent again and again as it grows, and each viewer's log keeps its
    censored events as the same objects (`hilo.engine.views.censor_events`): each event is
    written once, then found by identity. Forgotten when the table deals a new hand.
    """

    __slots__ = ("_hand", "_logs", "_written")

    def __init__(self) -> None:
        self._hand: Hand | None = None
        self._written: dict[int, tuple[Event, dict[str, Any]]] = {}
        self._logs: dict[int | None, tuple[tuple[Event, ...], frozenset[int], list[Entry]]] = {}

    def start(self, hand: Hand | None) -> None:
        """Keep the events of ``hand`` from now on (forgetting another hand's)."""
        if hand is not self._hand:
            self._hand = hand
            self._written = {}
            self._logs = {}

    def log(self, seen: int | None, view: TableView) -> list[Entry]:
        """`hilo.web.protocol.event_log` of ``view``, the view of the hand's seat ``seen``
        (None: a spectator's): a log only grows, so only its new events are written, onto
        what was written for ``seen`` last time (all again if it is not the same log)."""
        events, all_in = view.events, view.all_in_events
        kept = self._logs.get(seen)
        if kept is not None:
            before, was_all_in, written = kept
            count = len(before)
            if (
                all_in == was_all_in
                and len(events) >= count
                and (count == 0 or events[count - 1] is before[-1])
            ):
                written.extend(
                    {**data, "all_in": True} if index in all_in else data
                    for index, data in enumerate(map(self, events[count:]), count)
                )
                self._logs[seen] = (events, all_in, written)
                return list(written)
        written = event_log(view, self)
        self._logs[seen] = (events, all_in, written)
        return list(written)

    def __call__(self, event: Event) -> dict[str, Any]:
        """``event`` as plain data (`hilo.web.protocol.event_message`)."""
        kept = self._written.get(id(event))
        if kept is None or kept[0] is not event:
            kept = self._written[id(event)] = (event, event_message(event))
        return kept[1]


def views_data(
    table: Table, seen: list[int | None], events: EventData
) -> dict[int | None, dict[str, Any] | None]:
    """The view of the hand at ``table`` as plain data (the ``view`` of a view message) for
    each seat of the hand in ``seen`` (None: a spectator's), built together; None for all
    before the first hand."""
    hand = table.hand
    if hand is None:
        return dict.fromkeys(seen)
    events.start(hand)
    has_board = any(street.board for street in hand.variant.streets)
    seats: dict[int, tuple[SeatView, dict[str, Any]]] = {}
    out: dict[int | None, dict[str, Any] | None] = {}
    for seat, view in zip(seen, hand_views(hand, seen, table.hand_seats), strict=True):
        # a stud deck that runs out deals one community card in the middle
        out[seat] = {
            **view_data(view, seats=seats, log=partial(events.log, seat)),
            "has_board": has_board or bool(view.board),
        }
    return out
