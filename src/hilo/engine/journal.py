"""A table's journal: every change to a table as plain data, written before it is shown.

A server writes each entry to its store before it tells anybody what happened; after a
crash, `restore` replays the journal onto a new table and every seat, stack and hand in
play comes back exactly as it was (the recorded deck orders deal the same cards).

>>> import random
>>> from hilo.engine.actions import Action
>>> from hilo.rules import HouseRules, Stakes
>>> entries = []
>>> table = JournaledTable(TableConfig(games=("holdem",), rules=HouseRules.preset("cards-speak"),
...                                    stakes=Stakes(small_blind=1, big_blind=2, small_bet=2,
...                                                  big_bet=4)), entries.append)
>>> table.sit(0, "Ann", 100); table.sit(1, "Bob", 100)
>>> _ = table.start_hand(rng=random.Random(3))
>>> _ = table.apply(Action.call(0))
>>> again = restore(entries)
>>> again.table.hand.events == table.table.hand.events
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hilo.cards import Card
from hilo.engine.actions import Action
from hilo.engine.choice_of_game import MODES, GameChoice, TableMode
from hilo.engine.events import Event, Reshuffled
from hilo.engine.joining import check_joining
from hilo.engine.names import player_name
from hilo.engine.state import Hand
from hilo.engine.table import Player, Table, TableConfig
from hilo.errors import HiloError, NotationError
from hilo.ledger import ledger_reason
from hilo.rules.defaults import ACTION_CLOCK, TIME_BANK
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.rules.variants import Variant

__all__ = ["JournalError", "JournaledTable", "config_from_dict", "config_to_dict", "restore"]

Entry = dict[str, Any]


def config_to_dict(config: TableConfig) -> Entry:
    """A table's configuration as plain data."""
    return {
        "games": list(config.games),
        "rules": config.rules.to_dict(),
        "stakes": config.stakes.to_dict(),
        "seats": config.seats,
        "provably_fair": config.provably_fair,
        "extra_variants": {variant.name: variant.to_dict() for variant in config.extra_variants},
        "action_clock": config.action_clock,
        "time_bank": config.time_bank,
        "min_buy_in": config.min_buy_in,
        "max_buy_in": config.max_buy_in,
        "several_seats_per_browser": config.several_seats_per_browser,
        "approve_seats": config.approve_seats,
        **_choice_config_to_dict(config),
    }


def _choice_config_to_dict(config: TableConfig) -> Entry:
    """How a table picks its games, written only when it is not the old rotation (so a
    rotating table's create entry reads as it always did)."""
    data: Entry = {}
    if config.mode != "rotate":
        data.update(mode=config.mode, dealer_declares=config.dealer_declares, orbit=config.orbit)
    if config.game_rules:
        data["game_rules"] = {name: rules.to_dict() for name, rules in config.game_rules}
    if config.straddle:
        data["straddle"] = True
    if config.joining != "deal-in":
        data["joining"] = config.joining
    return data


def config_from_dict(data: Mapping[str, Any]) -> TableConfig:
    """Read a configuration written by `config_to_dict`."""
    return TableConfig(
        games=tuple(data["games"]),
        rules=HouseRules.from_dict({"preset": "strict", **data["rules"]}),
        stakes=Stakes.from_dict(data["stakes"]),
        seats=int(data["seats"]),
        provably_fair=bool(data.get("provably_fair", False)),
        extra_variants=tuple(
            Variant.from_dict(name, entry) for name, entry in data.get("extra_variants", {}).items()
        ),
        action_clock=float(data.get("action_clock", ACTION_CLOCK)),
        time_bank=float(data.get("time_bank", TIME_BANK)),
        min_buy_in=int(data.get("min_buy_in", 1)),
        max_buy_in=None if data.get("max_buy_in") is None else int(data["max_buy_in"]),
        several_seats_per_browser=bool(data.get("several_seats_per_browser", False)),
        approve_seats=bool(data.get("approve_seats", False)),
        mode=_mode(data.get("mode", "rotate")),
        game_rules=tuple(
            (str(name), HouseRules.from_dict({"preset": "strict", **rules}))
            for name, rules in data.get("game_rules", {}).items()
        ),
        dealer_declares=bool(data.get("dealer_declares", False)),
        orbit=bool(data.get("orbit", False)),
        straddle=data.get("straddle", False),  # read strictly by TableConfig
        joining=check_joining(data.get("joining", "deal-in")),
        allow_overridden_rules=True,  # a table set up before such rules were refused still loads
    )


def _mode(value: Any) -> TableMode:
    """A table's mode, read strictly."""
    if value == "dealer-names":
        return "dealer-names"
    if value == "rotate":
        return "rotate"
    raise NotationError(f"a table's mode is one of {', '.join(MODES)}, not {value!r}")


class JournalError(NotationError):
    """A journal entry that cannot be replayed: its position (0 is ``create``), op and why."""

    def __init__(self, position: int, op: str, reason: str) -> None:
        super().__init__(f"journal entry {position} ({op}) cannot be replayed: {reason}")
        self.position = position
        self.op = op
        self.reason = reason


def _why(error: Exception) -> str:
    """What went wrong replaying an entry, in a line with no more than 120 characters."""
    # An entry of the wrong shape (a missing field, a wrong type) raises a builtin error.
    text = str(error) if isinstance(error, HiloError) else f"{type(error).__name__} {error!s}"
    return text if len(text) <= 120 else text[:117] + "..."


class JournaledTable:
    """A `Table` whose every change is handed to ``write`` first, as one journal entry.

    An entry is written only once the change is known to be allowed, and before the
    caller can show its result to anybody.
    """

    def __init__(self, config: TableConfig, write: Callable[[Entry], None]) -> None:
        self.table = Table(config)
        self.length = 0
        """Entries in the journal so far (it only grows, across restarts too)."""
        self._sink = write
        self._write({"op": "create", "config": config_to_dict(config)})

    def sit(self, seat: int, name: str, buy_in: int, *, bot: str | None = None) -> None:
        """Seat a player or a bot (see `Table.sit`); the journal keeps the name as read."""
        entry: Entry = {"op": "sit", "seat": seat, "name": player_name(name), "buy_in": buy_in}
        if bot is not None:
            entry["bot"] = bot
        self._apply(entry)

    def remove(self, seat: int) -> None:
        """The host takes a player away (see `Table.remove`)."""
        self._apply({"op": "remove", "seat": seat})

    def set_time_bank(self, seat: int, seconds: float) -> None:
        """Record a player's time bank (see `Table.set_time_bank`)."""
        self._apply({"op": "bank", "seat": seat, "seconds": round(seconds, 3)})

    def set_status(self, status: str) -> None:
        """Start, pause, resume or end the session (see `Table.set_status`)."""
        self._apply({"op": "status", "status": status})

    def rebuy(self, seat: int, chips: int) -> None:
        """Add chips (see `Table.rebuy`)."""
        self._apply({"op": "rebuy", "seat": seat, "chips": chips})

    def add_on(self, seat: int, chips: int) -> None:
        """Give an add-on (see `Table.add_on`)."""
        self._apply({"op": "add-on", "seat": seat, "chips": chips})

    def adjust(self, seat: int, chips: int, reason: str) -> None:
        """Correct a stack (see `Table.adjust`); the journal keeps the reason as read."""
        self._apply({"op": "adjust", "seat": seat, "chips": chips, "reason": ledger_reason(reason)})

    def sit_out(self, seat: int, *, out: bool = True) -> None:
        """Sit out or back in (see `Table.sit_out`)."""
        self._apply({"op": "sit-out", "seat": seat, "out": out})

    def mute(self, seat: int, *, muted: bool = True) -> None:
        """Mute or unmute a player in the chat (see `Table.mute`)."""
        self._apply({"op": "mute", "seat": seat, "muted": muted})

    def allow_spectator_chat(self, allowed: bool) -> None:
        """Let spectators chat, or not (see `Table.allow_spectator_chat`)."""
        self._apply({"op": "spectator-chat", "allowed": allowed})

    def leave(self, seat: int) -> Player:
        """A player leaves with their chips (see `Table.leave`)."""
        player = self.table.players[seat] if 0 <= seat < len(self.table.players) else None
        self._apply({"op": "leave", "seat": seat})
        assert player is not None
        return player

    def choose(self, seat: int, choice: GameChoice) -> None:
        """The dealer names the next game (see `Table.choose`)."""
        self._apply({"op": "choose", "seat": seat, **choice.to_dict()})

    def straddle(self, seat: int, straddles: bool) -> None:
        """The player offered the straddle answers (see `Table.straddle`)."""
        self._apply({"op": "straddle", "seat": seat, "straddle": straddles})

    def wait_for_big_blind(self, seat: int, wait: bool) -> None:
        """Wait for the big blind, or post to play now (see `Table.wait_for_big_blind`)."""
        self._apply({"op": "wait", "seat": seat, "wait": wait})

    def start_hand(self, *, rng: random.Random | None = None) -> Hand:
        """Deal the next hand; the journal keeps the shuffled deck, and the live and dead
        blinds by the hand's seats when they are not just the stakes' two."""
        hand = self.table.start_hand(rng=rng)
        entry: Entry = {"op": "deal", "deck": [str(card) for card in hand.deck_order]}
        if hand.setup.blinds:
            entry["blinds"] = list(hand.setup.blinds)
        if hand.setup.dead:
            entry["dead"] = list(hand.setup.dead)
        if self.table.proof is not None:
            entry["salt"] = self.table.proof.salt
        self._write(entry)
        self._write_reshuffles(hand, 0)
        return hand

    def apply(self, action: Action) -> Event:
        """Carry out an action (in table seats), journaling it and any reshuffle it caused."""
        hand = self.table.hand
        before = len(hand.events) if hand is not None else 0
        event = self.table.apply(action)
        self._write({"op": "act", "action": action.to_dict()})
        if hand is not None:
            self._write_reshuffles(hand, before)
        return event

    def _apply(self, entry: Entry) -> None:
        _replay_entry(self.table, entry)
        self._write(entry)

    def _write(self, entry: Entry) -> None:
        self._sink(entry)
        self.length += 1

    def _write_reshuffles(self, hand: Hand, start: int) -> None:
        for event in hand.events[start:]:
            match event:
                case Reshuffled(deck=deck) if deck is not None:
                    self._write({"op": "reshuffle", "deck": [str(card) for card in deck]})


def _replay_entry(table: Table, entry: Mapping[str, Any]) -> None:
    op = entry.get("op")
    if op == "sit":
        bot = entry.get("bot")
        table.sit(
            int(entry["seat"]),
            str(entry["name"]),
            int(entry["buy_in"]),
            bot=None if bot is None else str(bot),
        )
    elif op == "remove":
        table.remove(int(entry["seat"]))
    elif op == "bank":
        table.set_time_bank(int(entry["seat"]), float(entry["seconds"]))
    elif op == "status":
        table.set_status(str(entry["status"]))
    elif op == "rebuy":
        table.rebuy(int(entry["seat"]), int(entry["chips"]))
    elif op == "add-on":
        table.add_on(int(entry["seat"]), int(entry["chips"]))
    elif op == "adjust":
        table.adjust(int(entry["seat"]), int(entry["chips"]), str(entry["reason"]))
    elif op == "sit-out":
        table.sit_out(int(entry["seat"]), out=bool(entry["out"]))
    elif op == "leave":
        table.leave(int(entry["seat"]))
    elif op == "mute":
        table.mute(int(entry["seat"]), muted=bool(entry["muted"]))
    elif op == "spectator-chat":
        table.allow_spectator_chat(bool(entry["allowed"]))
    elif op == "choose":
        table.choose(int(entry["seat"]), GameChoice.from_dict(entry))
    elif op == "straddle":
        table.straddle(int(entry["seat"]), _flag(entry, "straddle"))
    elif op == "wait":
        table.wait_for_big_blind(int(entry["seat"]), _flag(entry, "wait"))
    else:
        raise NotationError(f"unknown journal entry {op!r}")


def _flag(entry: Mapping[str, Any], key: str) -> bool:
    """A true-or-false field of an entry, read strictly."""
    value = entry[key]
    if not isinstance(value, bool):
        raise NotationError(f"{key} is true or false, not {value!r}")
    return value


def _posts(entry: Mapping[str, Any]) -> tuple[list[int], list[int]] | None:
    """The live and dead blinds a deal entry recorded (None: the plan's, as before they were
    recorded), read strictly."""
    if "blinds" not in entry and "dead" not in entry:
        return None
    posts = []
    for key in ("blinds", "dead"):
        chips = entry.get(key, [])
        if not isinstance(chips, list) or not all(
            isinstance(amount, int) and not isinstance(amount, bool) for amount in chips
        ):
            raise NotationError(f"a deal's {key} are a list of whole numbers of chips")
        posts.append(chips)
    return posts[0], posts[1]


def _ignore(entry: Entry) -> None:
    """Write nothing (the entries being replayed are already in the journal)."""


def restore(
    entries: Iterable[Mapping[str, Any]], write: Callable[[Entry], None] = _ignore
) -> JournaledTable:
    """Rebuild a table from its journal; later changes go to ``write``.

    An entry that cannot be replayed raises `JournalError` naming its position and op.
    """
    journal = list(entries)
    if not journal or not isinstance(journal[0], Mapping) or journal[0].get("op") != "create":
        raise JournalError(0, "create", "a table journal starts with its create entry")
    rebuilt = JournaledTable.__new__(JournaledTable)
    try:
        rebuilt.table = Table(config_from_dict(journal[0]["config"]))
    except Exception as error:  # any damage is reported with its position
        raise JournalError(0, "create", _why(error)) from None
    rebuilt.length = len(journal)
    rebuilt._sink = _ignore
    for position, entry in enumerate(journal[1:], start=1):
        op = entry.get("op") if isinstance(entry, Mapping) else None
        try:
            _replay(rebuilt.table, journal, position, entry)
        except Exception as error:  # any damage is reported with its position
            raise JournalError(position, str(op)[:40], _why(error)) from None
    rebuilt._sink = write
    return rebuilt


def _replay(
    table: Table, journal: list[Mapping[str, Any]], position: int, entry: Mapping[str, Any]
) -> None:
    """Replay the entry at ``position`` of ``journal`` onto ``table``."""
    op = entry.get("op")
    if op == "deal":
        # The reshuffles of this hand follow its deal in the journal; hand them over now.
        reshuffles = []
        for later in journal[position + 1 :]:
            if later.get("op") == "deal":
                break
            if later.get("op") == "reshuffle":
                reshuffles.append([Card(text) for text in later["deck"]])
        table.start_hand(
            deck_order=[Card(text) for text in entry["deck"]],
            reshuffles=reshuffles,
            salt=entry.get("salt"),
            posts=_posts(entry),
        )
    elif op == "act":
        table.apply(Action.from_dict(entry["action"]))
    elif op != "reshuffle":
        _replay_entry(table, entry)
