"""The WebSocket protocol: typed messages from clients, and the messages the server sends.

A client never names its seat: the server knows it from the connection's seat token.
Server messages carry a sequence number; a client that misses one asks to ``resync``.

>>> message = read_client_message('{"type": "act", "action": {"kind": "raise", "amount": 40}}')
>>> message.action.kind, message.action.amount
(<ActionKind.RAISE: 'raise'>, 40)
>>> read_client_message('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hilo.errors.NotationError: not a message hilo understands: the type must be act, chat, ...
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    TypeAdapter,
    ValidationError,
    field_validator,
)
from pydantic_core import PydanticCustomError

from hilo.cards import parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.events import Event
from hilo.engine.names import MAX_NAME_LENGTH
from hilo.engine.views import SeatView, TableView
from hilo.errors import HiloError, NotationError
from hilo.hands.ranking import Selection, criss_cross_lines
from hilo.ledger.book import MAX_REASON_LENGTH
from hilo.rules.defaults import ACTION_CLOCK, DEFAULT_GAME, TIME_BANK
from hilo.rules.house_rules import (
    AllSwingFallback,
    DeclareMethod,
    DeclareOrder,
    DeclareTimeout,
    FourCard,
    LockRule,
    NoSpade,
    NoWinner,
    OddChip,
    OddChipOrder,
    QueenLast,
    StudOpener,
    SwingTies,
    ThreeRule,
    TieAtDistance,
)
from hilo.rules.stakes import MAX_CHIPS, MAX_RAISE_CAP, Structure
from hilo.web.chat_message import EMOTES, MAX_CHAT_LENGTH, ChatMessage
from hilo.web.edges import MAX_BODY_BYTES, MAX_TOKEN_LENGTH, SENTENCE, excerpt, read_json

__all__ = [
    "EMOTES",
    "MAX_CHAT_LENGTH",
    "MAX_MESSAGE_BYTES",
    "ActMessage",
    "ActionMessage",
    "ChatMessage",
    "CreateTableRequest",
    "DealRequest",
    "HostCommand",
    "HostRequest",
    "JoinRequest",
    "PingMessage",
    "ResyncMessage",
    "RulesRequest",
    "SeatCommand",
    "SeatRequest",
    "StakesRequest",
    "error_message",
    "event_log",
    "event_message",
    "notice_message",
    "read_client_message",
    "read_request",
    "view_data",
    "view_message",
]

MAX_MESSAGE_BYTES = 4096
"""The longest message a client may send, in bytes (of its UTF-8 text)."""

MAX_SEAT = 99
"""The highest seat number a request may name (a table then says which seats it has)."""

Chips = Annotated[int, Strict(), Field(ge=0, le=MAX_CHIPS)]
"""A number of chips: a whole number from 0 to a billion (``true`` is not a number)."""
PositiveChips = Annotated[int, Strict(), Field(ge=1, le=MAX_CHIPS)]
"""A buy-in or a rebuy: 1 to a billion chips."""
SignedChips = Annotated[int, Strict(), Field(ge=-MAX_CHIPS, le=MAX_CHIPS)]
"""A change to a stack, up or down: -a billion to a billion chips."""
SeatNumber = Annotated[int, Strict(), Field(ge=0, le=MAX_SEAT)]
"""A seat, numbered from 0."""
Word = Annotated[str, Strict(), Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_ -]+$")]
"""A name hilo knows (a game, a preset, a command, a bot kind): letters, digits, -, _ and space."""
Token = Annotated[str, Strict(), Field(min_length=1, max_length=MAX_TOKEN_LENGTH)]
"""A token as sent; its shape and its meaning are checked when it is looked up."""
Seconds = Annotated[float, Strict(), Field(allow_inf_nan=False)]
"""A number of seconds (whole or not)."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ActionMessage(_Message):
    """An action as a client writes it; the seat comes from the connection."""

    kind: Annotated[ActionKind, Strict(strict=False)]
    amount: Chips = 0
    cards: Annotated[str, Field(max_length=40)] = ""
    direction: Annotated[Direction, Strict(strict=False)] | None = None

    @field_validator("kind")
    @classmethod
    def _not_the_clock(cls, kind: ActionKind) -> ActionKind:
        if kind is ActionKind.TIMEOUT:
            raise ValueError("running out of time is the clock's to say, not a player's")
        return kind

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
    decision: int | None = Field(default=None, strict=True, ge=0, le=10**9)


class ResyncMessage(_Message):
    """``{"type": "resync"}``: send me the whole view again."""

    type: Literal["resync"]


class PingMessage(_Message):
    """``{"type": "ping"}``: are you there?"""

    type: Literal["ping"]


AnyClientMessage = ActMessage | ChatMessage | ResyncMessage | PingMessage
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_reader: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


def read_client_message(text: str | bytes) -> AnyClientMessage:
    """Read one client message; raise `NotationError` with a clear sentence if it is bad.

    At most `MAX_MESSAGE_BYTES` bytes of UTF-8 JSON, nested at most 32 deep (see
    `hilo.web.edges.read_json`).
    """
    data = read_json(text, limit=MAX_MESSAGE_BYTES, what="message")
    if not isinstance(data, dict) or data.get("type") not in ("act", "chat", "resync", "ping"):
        raise NotationError(
            "not a message hilo understands: the type must be act, chat, resync or ping"
        )
    try:
        return _reader.validate_python(data)
    except ValidationError as error:
        raise NotationError(f"bad {data['type']} message: {_first_problem(error, 1)}") from None
    except HiloError as error:  # pragma: no cover - pydantic wraps these
        raise NotationError(str(error)) from None


def _first_problem(error: ValidationError, skip: int = 0) -> str:
    """The first thing wrong, as ``where: what``, with any part of the input cut short (or
    a whole sentence that says where by itself)."""
    first = error.errors(include_url=False, include_input=False)[0]
    if first["type"] == SENTENCE:
        return first["msg"]
    parts = [str(part) if isinstance(part, int) else excerpt(part)[1:-1] for part in first["loc"]]
    where = ".".join(parts[skip:]) or "body"
    return f"{where}: {first['msg']}"


def error_message(text: str) -> dict[str, Any]:
    """``{"type": "error", "message": ...}``."""
    return {"type": "error", "message": text}


def notice_message(text: str) -> dict[str, Any]:
    """``{"type": "notice", "message": ...}``: something to know, not a refusal."""
    return {"type": "notice", "message": text}


@functools.lru_cache(maxsize=8192)
def event_message(event: Event) -> dict[str, Any]:
    """An event as plain data (its seats numbered as in the view it comes from).

    Written once for each event (events are values, and a hand's log is sent over and over
    as it grows): the same event gives the same dict, to be sent, never changed.
    """
    return event.to_dict()


def view_message(
    seq: int,
    view: TableView | None,
    you: int | None,
    *,
    role: str,
    decision: int | None,
    table: dict[str, Any],
    requests: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``{"type": "view", "seq": ..., "you": ..., "view": {...}, "role": ..., ...}``: all one
    watcher is sent of a table, with seats numbered as at the table.

    ``you`` is the watcher's seat, ``decision`` the number of the decision it is asked (see
    `hilo.web.runner.Decision`), ``table`` what `hilo.web.hub.table_state` says of the table,
    and ``requests`` the seat requests waiting (for the host only).
    """
    message: dict[str, Any] = {"type": "view", "seq": seq, "you": you, "view": None}
    if view is not None:
        # a stud deck that runs out deals one community card in the middle
        has_board = any(street.board for street in view.variant.streets) or bool(view.board)
        message["view"] = {**view_data(view), "has_board": has_board}
    message.update(role=role, decision=decision, table=table)
    if requests is not None:
        message["requests"] = requests
    return message


def _pass_to(view: TableView) -> str | None:
    """Which neighbour this street's passed cards go to (``"left"``/``"right"``), if it passes."""
    street = view.variant.streets[view.street]
    return street.pass_to if street.passes else None


def _board_lines(view: TableView) -> dict[str, list[str]] | None:
    """Criss-cross: the board's row and column as dealt so far (the centre in both); None
    in a game whose board is not a cross."""
    if view.variant.selection is not Selection.CRISS_CROSS:
        return None
    row, column = criss_cross_lines(view.board)
    return {"row": [str(card) for card in row], "column": [str(card) for card in column]}


def view_data(
    view: TableView,
    *,
    seats: dict[int, tuple[SeatView, dict[str, Any]]] | None = None,
    log: Callable[[TableView], list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """A view as plain data (one step of a replay; the ``view`` of a view message).

    Views of one moment built together share the seats others see (`hilo.engine.views.
    hand_views`): ``seats`` keeps each such seat's data, by identity, to be written once for
    all of them; ``log`` writes the view's events (`event_log`, or a cache of it).
    """
    return {
        "game": view.variant.name,
        "title": view.title,
        "sides": list(view.variant.side_names),
        "phase": view.phase.value,
        "street": view.street_name,
        "button": view.button,
        "board": [str(card) for card in view.board],
        "pots": list(view.pots),
        "to_act": list(view.to_act),
        "legal": [
            {"kind": option.kind.value, "min": option.minimum, "max": option.maximum}
            for option in view.legal_actions
        ],
        "seats": [
            _seat_data(view, seat) if seats is None else _shared_seat(view, seat, seats)
            for seat in view.seats
        ],
        "pass_to": _pass_to(view),
        "board_lines": _board_lines(view),
        "wild": str(view.wild),
        "own_wild": ",".join(rank.symbol for rank in sorted(view.own_wild)),
        "board_wild": [str(card) for card in view.board if view.wild.is_wild(card)],
        "not_wild": [str(card) for card in sorted(view.plain)],
        "events": event_log(view) if log is None else log(view),
        "after_declare_at": view.after_declare_at,
        "result": list(view.result),
        "carried_in": view.carried_in,
        "carried_out": view.carried_out,
    }


def event_log(
    view: TableView, events: Callable[[Event], dict[str, Any]] = event_message
) -> list[dict[str, Any]]:
    """The view's events as plain data (``events`` writes one), a bet that was a seat's whole
    stack marked ``all_in``."""
    return [
        {**event, "all_in": True} if index in view.all_in_events else event
        for index, event in enumerate(map(events, view.events))
    ]


def _seat_data(view: TableView, seat: SeatView) -> dict[str, Any]:
    """One seat of a view as plain data."""
    return {
        "seat": seat.seat,
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
        "points": view.points(seat.seat),
        "wild": [str(card) for card in view.wild_cards(seat)],
    }


def _shared_seat(
    view: TableView, seat: SeatView, written: dict[int, tuple[SeatView, dict[str, Any]]]
) -> dict[str, Any]:
    """`_seat_data`, written once for a seat others see, shared by the views of one moment
    (the viewer's own seat, whose wild cards are its own, is written for its view alone)."""
    if seat.seat == view.viewer:
        return _seat_data(view, seat)
    kept = written.get(id(seat))
    if kept is None or kept[0] is not seat:
        kept = written[id(seat)] = (seat, _seat_data(view, seat))
    return kept[1]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ClockRequest(_Request):
    """The clock of a new table, in seconds: 1 to 3600 a decision, a bank of 0 to 36000."""

    action: Annotated[Seconds, Field(ge=1, le=3600)] = ACTION_CLOCK
    bank: Annotated[Seconds, Field(ge=0, le=36000)] = TIME_BANK


class BuyInRequest(_Request):
    """The buy-in range of a new table: 1 to a billion chips (no ``max``: no limit)."""

    min: PositiveChips = 1
    max: PositiveChips | None = None


class RulesRequest(_Request):
    """The house rules of a new table: a preset and any switches changed from it.

    Every switch has the type `hilo.rules.HouseRules` gives it (true or false, one of its
    words, a whole number); only the switches sent change the preset.
    """

    preset: Word = "strict"
    low: Literal["ace-to-five", "deuce-to-seven", "ace-to-six"] = "ace-to-five"
    low_qualifier: Annotated[int, Field(ge=5, le=14)] | None = None
    declare: DeclareMethod = "simultaneous"
    declare_order: DeclareOrder = "dealer-left"
    declare_timeout: DeclareTimeout = "fold"
    swing_ties: SwingTies = "lose"
    second_best: bool = False
    no_winner: NoWinner = "rides"
    all_swing_fallback: AllSwingFallback = "cards-speak"
    odd_chip: OddChip = "high"
    odd_chip_order: OddChipOrder = "button"
    bet_after_declare: bool = False
    lock_rule: LockRule = "free"
    stud_opener: StudOpener = "bring-in"
    turn_up_hole_card: bool = False
    max_draw: Annotated[int, Field(ge=1, le=5)] = 5
    wild_duplicates: bool = True
    natural_beats_wild: bool = False
    queen_last: QueenLast = "only-queens"
    ace_low_for_wild: bool = False
    ace_low_spade: bool = False
    no_spade: NoSpade = "high-takes-all"
    bust_over_27: bool = True
    tie_at_distance: TieAtDistance = "under-wins"
    stand_freezes: bool = False
    max_rounds: Annotated[int, Field(ge=1, le=20)] = 10
    four_price: Chips = 0
    four_card: FourCard = "up"
    three_rule: ThreeRule = "match-or-fold"

    def settings(self) -> dict[str, Any]:
        """What was sent, for `hilo.rules.HouseRules.from_dict`."""
        return self.model_dump(exclude_unset=True)


class StakesRequest(_Request):
    """The stakes of a new table: a structure and amounts of 0 to a billion chips."""

    structure: Structure = "fixed-limit"
    ante: Chips = 0
    small_blind: Chips = 0
    big_blind: Chips = 0
    bring_in: Chips = 0
    small_bet: Chips = 0
    big_bet: Chips = 0
    min_bet: Chips = 0
    max_bet: Chips = 0
    raise_cap: Annotated[int, Field(ge=1, le=MAX_RAISE_CAP)] | None = 4
    lift_cap_heads_up: bool = False

    def settings(self) -> dict[str, Any]:
        """What was sent, for `hilo.rules.Stakes.from_dict`."""
        return self.model_dump(exclude_unset=True)


MAX_GAMES = 64
"""The most games a dealer's choice may list: every shipped game, with room to spare."""


class CreateTableRequest(_Request):
    """``POST /api/tables``: a new table (two or more games make dealer's choice)."""

    games: Annotated[list[Word], Field(min_length=1, max_length=MAX_GAMES)] = Field(
        default_factory=lambda: [DEFAULT_GAME]
    )
    rules: RulesRequest = Field(default_factory=RulesRequest)
    """House rules; a preset's name alone (``"liberal"``) is read as ``{"preset": "liberal"}``."""
    stakes: StakesRequest | None = None
    """None: the house's stakes for the games (`hilo.rules.defaults.default_stakes`)."""
    seats: Annotated[int, Field(ge=2, le=MAX_SEAT + 1)] = 7
    provably_fair: bool = False
    several_seats_per_browser: StrictBool = False
    approve_seats: StrictBool = False
    clock: ClockRequest = Field(default_factory=ClockRequest)
    buy_in: BuyInRequest = Field(default_factory=BuyInRequest)
    mode: Literal["rotate", "dealer-names"] = "rotate"
    """How each hand's game is picked: rotating with the button, or named by the dealer."""
    game_rules: Annotated[dict[Word, RulesRequest], Field(max_length=MAX_GAMES)] = Field(
        default_factory=dict
    )
    """House rules of particular games, by game (the others play ``rules``)."""
    dealer_declares: StrictBool = False
    """The dealer names how to declare too (``dealer-names`` only)."""
    orbit: StrictBool = False
    """The dealer's game holds for a full orbit (``dealer-names`` only)."""
    straddle: StrictBool = False
    """The player left of the big blind may straddle before the deal (blind games only)."""
    joining: Literal["deal-in", "wait", "post"] = "deal-in"
    """How a player sitting down or back in comes into a blind game (`hilo.engine.joining`)."""

    @field_validator("game_rules", mode="before")
    @classmethod
    def _preset_names(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError("give an object of house rules by game")
        return {game: _rules_as_sent(rules) for game, rules in value.items()}

    @field_validator("rules", mode="before")
    @classmethod
    def _preset_name(cls, value: Any) -> Any:
        return _rules_as_sent(value)


def _rules_as_sent(value: Any) -> Any:
    """House rules as sent: a preset's name alone is read as ``{"preset": name}``."""
    if isinstance(value, str):
        return {"preset": value}
    if not isinstance(value, dict | RulesRequest):
        raise ValueError("give a preset's name or an object of house rules")
    return value


class JoinRequest(_Request):
    """``POST /api/join``: take a seat with an invite token."""

    invite: Token
    name: Annotated[str, Field(min_length=1, max_length=4 * MAX_NAME_LENGTH)]
    seat: SeatNumber
    buy_in: PositiveChips


class HostCommand(StrEnum):
    """What the host of a table may do."""

    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    END = "end"
    ADD_BOT = "add-bot"
    REMOVE = "remove"
    APPROVE = "approve"
    DENY = "deny"
    NEW_LINK = "new-link"
    ADJUST = "adjust"
    ADD_ON = "add-on"
    MUTE = "mute"
    UNMUTE = "unmute"
    SPECTATOR_CHAT = "spectator-chat"


class SeatCommand(StrEnum):
    """What a seated player may do besides playing."""

    SIT_OUT = "sit-out"
    SIT_IN = "sit-in"
    REBUY = "rebuy"
    LEAVE = "leave"
    CHOOSE = "choose"
    STRADDLE = "straddle"
    NO_STRADDLE = "no-straddle"
    WAIT = "wait-for-big-blind"
    POST = "post-big-blind"


def _one_of(commands: type[StrEnum], whose: str) -> BeforeValidator:
    """Read a command's word as one of ``commands``, or refuse it naming them all."""

    def read(value: Any) -> StrEnum:
        if isinstance(value, str) and value in commands.__members__.values():
            return commands(value)
        words = ", ".join(commands.__members__.values())
        raise PydanticCustomError(SENTENCE, f"{whose} commands are {words}.")

    return BeforeValidator(read)


class HostRequest(_Request):
    """``POST /api/host``: a host command."""

    host: Token
    command: Annotated[HostCommand, _one_of(HostCommand, "The host's")]
    seat: SeatNumber | None = None
    bot: Word | None = None
    buy_in: PositiveChips | None = None
    request: Token | None = None
    """The seat request to approve or deny."""
    chips: SignedChips | None = None
    """An adjustment (up or down) or an add-on (1 or more)."""
    reason: Annotated[str, Field(max_length=4 * MAX_REASON_LENGTH)] | None = None
    """Why a stack is adjusted (read by `hilo.ledger.ledger_reason`)."""
    allowed: StrictBool | None = None
    """``spectator-chat``: whether spectators may write in the chat."""


class DealRequest(_Request):
    """``POST /api/deal``: start dealing (the host's ``start``)."""

    host: Token


class SeatRequest(_Request):
    """``POST /api/seat``: sit out, sit in, rebuy, leave, (the dealer) choose the game, (the
    player offered it) straddle or not, (a player owing blinds) wait or post."""

    token: Token
    command: Annotated[SeatCommand, _one_of(SeatCommand, "A player's")]
    chips: PositiveChips | None = None
    game: Word | None = None
    """The game a dealer names (``choose``)."""
    declare: DeclareMethod | None = None
    """How the dealer says the hand is declared (``choose``, when the host allows it)."""


RequestModel = TypeVar("RequestModel", bound=BaseModel)


def read_request(model: type[RequestModel], data: Any) -> RequestModel:
    """Check a request body against ``model``; `NotationError` naming the first bad field.

    Types are strict: ``true`` is not a number, ``"no"`` is not false, ``1.0`` is not a
    seat. A body is read first by `read_body`.
    """
    if not isinstance(data, dict):
        raise NotationError("the request body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise NotationError(_first_problem(error)) from None


def read_body(raw: bytes) -> Any:
    """A request body as JSON: at most `MAX_BODY_BYTES` bytes, nested at most 32 deep."""
    return read_json(raw, limit=MAX_BODY_BYTES, what="request body")
