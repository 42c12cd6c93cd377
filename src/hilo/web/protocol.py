"""The WebSocket protocol: typed messages from clients, and the messages the server sends.

A client never names its seat: the server knows it from the connection's seat token.
Server messages carry a sequence number; a client that misses one asks to ``resync``.

>>> message = read_client_message('{"type": "act", "action": {"kind": "raise", "amount": 40}}')
>>> message.action.kind, message.action.amount
(<ActionKind.RAISE: 'raise'>, 40)
>>> read_client_message('{"type": "dance"}')
Traceback (most recent call last):
...
hilo.errors.NotationError: not a message hilo understands: the type must be act, resync or ping
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, TypeAdapter, ValidationError

from hilo.cards import parse_cards
from hilo.engine.actions import Action, ActionKind, Event
from hilo.engine.declare import Direction
from hilo.engine.views import TableView
from hilo.errors import HiloError, NotationError

__all__ = [
    "MAX_MESSAGE_BYTES",
    "ActMessage",
    "ActionMessage",
    "CreateTableRequest",
    "HostRequest",
    "JoinRequest",
    "PingMessage",
    "ResyncMessage",
    "SeatRequest",
    "error_message",
    "event_message",
    "notice_message",
    "read_client_message",
    "read_request",
    "view_message",
]

MAX_MESSAGE_BYTES = 4096
"""The longest message a client may send."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ActionMessage(_Message):
    """An action as a client writes it; the seat comes from the connection."""

    kind: ActionKind
    amount: int = 0
    cards: str = ""
    direction: Direction | None = None

    def for_seat(self, seat: int) -> Action:
        """The engine's action for ``seat``."""
        return Action(seat, self.kind, self.amount, parse_cards(self.cards), self.direction)


class ActMessage(_Message):
    """``{"type": "act", "action": {...}, "decision": n}``: do something at the table.

    ``decision`` is the number of the decision the action answers, from the view message;
    without it the action answers whatever decision is open.
    """

    type: Literal["act"]
    action: ActionMessage
    decision: int | None = Field(default=None, strict=True, ge=0)


class ResyncMessage(_Message):
    """``{"type": "resync"}``: send me the whole view again."""

    type: Literal["resync"]


class PingMessage(_Message):
    """``{"type": "ping"}``: are you there?"""

    type: Literal["ping"]


ClientMessage = Annotated[ActMessage | ResyncMessage | PingMessage, Field(discriminator="type")]
_reader: TypeAdapter[ActMessage | ResyncMessage | PingMessage] = TypeAdapter(ClientMessage)


def read_client_message(text: str | bytes) -> ActMessage | ResyncMessage | PingMessage:
    """Read one client message; raise `NotationError` with a clear sentence if it is bad."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise NotationError(f"message too long: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise NotationError(f"the message is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("type") not in ("act", "resync", "ping"):
        raise NotationError("not a message hilo understands: the type must be act, resync or ping")
    try:
        return _reader.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:])
        raise NotationError(f"bad {data['type']} message: {where}: {first['msg']}") from None
    except HiloError as error:  # pragma: no cover - pydantic wraps these
        raise NotationError(str(error)) from None


def error_message(text: str) -> dict[str, Any]:
    """``{"type": "error", "message": ...}``."""
    return {"type": "error", "message": text}


def notice_message(text: str) -> dict[str, Any]:
    """``{"type": "notice", "message": ...}``: something to know, not a refusal."""
    return {"type": "notice", "message": text}


def event_message(event: Event, seats: tuple[int, ...]) -> dict[str, Any]:
    """An event as plain data, with the hand's seats renamed to the table's."""
    data = event.to_dict()
    if "seat" in data:
        data["seat"] = seats[data["seat"]]
    revealed = data.get("data", {}).get("declarations")
    if revealed:
        data["data"]["declarations"] = [[seats[seat], way] for seat, way in revealed]
    return data


def view_message(
    seq: int,
    view: TableView | None,
    seats: tuple[int, ...],
    you: int | None,
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``{"type": "view", "seq": ..., "view": {...}}`` with seats numbered as at the table.

    ``events`` are the view's events already written by `event_message` (a server keeps
    them as the hand goes on rather than writing the whole log again for every view).
    """
    if view is None:
        return {"type": "view", "seq": seq, "you": you, "view": None}

    def table_seat(inside: int | None) -> int | None:
        return None if inside is None else seats[inside]

    if events is None:
        events = [event_message(event, seats) for event in view.events]

    return {
        "type": "view",
        "seq": seq,
        "you": you,
        "view": {
            "game": view.variant,
            "title": view.title,
            "phase": view.phase,
            "street": view.street,
            "button": table_seat(view.button),
            "board": [str(card) for card in view.board],
            "pots": list(view.pots),
            "to_act": [table_seat(seat) for seat in view.to_act],
            "legal": [
                {"kind": option.kind.value, "min": option.minimum, "max": option.maximum}
                for option in view.legal_actions
            ],
            "seats": [
                {
                    "seat": table_seat(seat.seat),
                    "name": seat.name,
                    "stack": seat.stack,
                    "bet": seat.bet,
                    "in_pot": seat.in_pot,
                    "folded": seat.is_folded,
                    "all_in": seat.is_all_in,
                    "up": [str(card) for card in seat.up_cards],
                    "down": [str(card) for card in seat.down_cards],
                    "hidden": seat.hidden_count,
                    "declared": seat.has_declared,
                    "declaration": seat.declaration.value if seat.declaration else None,
                }
                for seat in view.seats
            ],
            "events": events,
            "result": list(view.result),
            "carried_in": view.carried_in,
            "carried_out": view.carried_out,
        },
    }


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ClockRequest(_Request):
    """The clock of a new table, in seconds."""

    action: float = 30.0
    bank: float = 60.0


class BuyInRequest(_Request):
    """The buy-in range of a new table."""

    min: int = 1
    max: int | None = None


class CreateTableRequest(_Request):
    """``POST /api/tables``: a new table (two or more games make dealer's choice)."""

    games: list[str] = Field(default_factory=lambda: ["seven-card-stud-hilo-declare"])
    rules: dict[str, Any] | str = "strict"
    stakes: dict[str, Any] = Field(
        default_factory=lambda: {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
    )
    seats: int = 7
    provably_fair: bool = False
    several_seats_per_browser: StrictBool = False
    approve_seats: StrictBool = False
    clock: ClockRequest = Field(default_factory=ClockRequest)
    buy_in: BuyInRequest = Field(default_factory=BuyInRequest)


class JoinRequest(_Request):
    """``POST /api/join``: take a seat with an invite token."""

    invite: str
    name: str
    seat: int
    buy_in: int


class HostRequest(_Request):
    """``POST /api/host``: a host command."""

    host: str
    command: str
    seat: int | None = None
    bot: str | None = None
    buy_in: int | None = None
    request: str | None = None
    """The seat request to approve or deny."""


class SeatRequest(_Request):
    """``POST /api/seat``: sit out, sit in, rebuy or leave."""

    token: str
    command: str
    chips: int | None = None


RequestModel = TypeVar("RequestModel", bound=BaseModel)


def read_request(model: type[RequestModel], data: Any) -> RequestModel:
    """Check a request body against ``model``; `NotationError` naming the first bad field."""
    if not isinstance(data, dict):
        raise NotationError("the request body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "body"
        raise NotationError(f"{where}: {first['msg']}") from None
