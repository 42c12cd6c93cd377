"""A table's state as every watcher reads it beside their view: the seats, the settings,
the clock, the dealer's choice being made, the straddle being asked, the ledger; and the
line a table has in the lobby."""

from __future__ import annotations

import functools
import weakref
from collections import Counter
from typing import Any

from hilo.engine.choice_of_game import GameChoice, announcement, choice_rules, declare_methods
from hilo.engine.joining import Owed, is_starting
from hilo.engine.table import Table, TableConfig
from hilo.rules.catalogue import summary
from hilo.web.runner import TableRunner
from hilo.web.showing import showing_state

__all__ = ["choice_state", "ledger_state", "straddle_state", "table_state", "table_summary"]


def _seat(table: Table, seat: int, connected: Counter[int]) -> dict[str, Any] | None:
    player = table.players[seat]
    if player is None:
        return None
    return {
        "seat": seat,
        "name": player.name,
        "stack": player.stack,
        "bought_in": player.bought_in,
        "net": player.net,
        "sitting_out": player.is_sitting_out,
        "leaving": player.is_leaving,
        "bot": player.bot,
        "connected": player.bot is not None or connected[player.number] > 0,
        "owes": _owes(table, player.owed),
    }


def _owes(table: Table, owed: Owed) -> dict[str, Any] | None:
    """What a player owes before playing on at a blind table (None: they are in the game):
    whether they wait for the big blind, and the live and dead chips they post to play now."""
    if not owed.is_owing or is_starting(table.players):  # the first hand deals everybody in
        return None
    stakes = table.config.stakes
    return {
        "waits": table.config.joining == "wait" or owed.waits,
        "live": stakes.big_blind if owed.big_blind else 0,
        "dead": stakes.small_blind if owed.small_blind else 0,
    }


@functools.lru_cache(maxsize=256)
def _about(config: TableConfig) -> dict[str, Any]:
    """What a table's configuration says, worked out once (never changed by its callers)."""
    return {
        "games": list(config.games),
        "titles": {name: config.variants[name].title for name in config.games},
        "stakes": config.stakes.to_dict(),
        "rules": config.rules.to_dict(),
        "rules_name": config.rules.name,
        "rule_notes": list(config.rule_notes),
        "provably_fair": config.provably_fair,
        "several_seats_per_browser": config.several_seats_per_browser,
        "approve_seats": config.approve_seats,
        "straddle": config.straddle,
        "joining": config.joining,
        "buy_in": {
            "min": config.min_buy_in,
            "max": config.max_buy_in,
            "default": config.default_buy_in,
        },
    }


def table_summary(table_id: str, table: Table) -> dict[str, Any]:
    """What anybody with a link may know of a table: its games, rules, stakes and status."""
    return {
        "id": table_id,
        "next_game": table.next_game,
        "hands_played": table.hands_played,
        "status": table.status,
        **_about(table.config),
    }


def table_state(runner: TableRunner) -> dict[str, Any]:
    """What every watcher is told of a table: its summary, its seats, its clock, the
    fairness of its deck and a winner nobody called showing or mucking."""
    table = runner.table
    return {
        **table_summary(runner.id, table),
        "seats": [_seat(table, number, runner.connected) for number in range(table.config.seats)],
        "clock": runner.clock(),
        "fairness": table.fairness(),
        "choice": choice_state(runner),
        "straddler": straddle_state(runner),
        "showing": showing_state(runner),
        "ledger": ledger_state(table),
        "chat": {
            "muted": [
                seat
                for seat, player in enumerate(table.players)
                if player is not None and player.number in table.muted
            ],
            "spectators": table.spectator_chat,
        },
    }


_LEDGERS: weakref.WeakKeyDictionary[Table, tuple[object, dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)
"""Each table's ledger as last worked out, with what it was worked out from."""


def ledger_state(table: Table) -> dict[str, Any]:
    """The table's ledger as every watcher sees it: a row per player, the entries (buy-ins,
    rebuys, add-ons, the host's adjustments with their reasons), and who pays whom.

    Worked out again only when it can have changed: the ledger is made of the table's
    entries (which only grow) and every player's chips; the same dict is handed out until
    then (never changed by its callers).
    """
    chips = tuple(
        (player.name, player.stack)
        for player in [*table.departed, *table.players]
        if player is not None
    )
    key = (len(table.entries), chips)
    kept = _LEDGERS.get(table)
    if kept is not None and kept[0] == key:
        return kept[1]
    ledger = table.night_ledger()
    state = {
        "rows": [row.to_dict() for row in ledger.rows],
        "entries": [entry.to_dict() for entry in ledger.entries],
        "balance": ledger.balance,
        "settle_up": ledger.settle_up_lines(),
    }
    _LEDGERS[table] = (key, state)
    return state


def _game(config: TableConfig, game: str, choice: GameChoice | None = None) -> dict[str, Any]:
    """A game as the dealer's chooser shows it: name, title and how it goes in a line."""
    variant, rules = config.variants[game], config.rules_for(game)
    if choice is not None:
        rules = choice_rules(rules, choice)
    return {"game": game, "title": variant.title, "summary": summary(variant, rules)}


def choice_state(runner: TableRunner) -> dict[str, Any] | None:
    """Dealer's choice as everybody sees it (None at a table whose games rotate): the games
    the dealer may name, who is naming one and the seconds left, and what was named."""
    table, config = runner.table, runner.table.config
    if config.mode != "dealer-names":
        return None
    chooser, default = runner.chooser(), table.default_choice()
    options = [
        {
            **_game(config, game),
            "default": game == default.game,
            "declare": list(declare_methods(config.variants[game], config.rules_for(game)))
            if config.dealer_declares
            else [],
        }
        for game in config.games
    ]
    state: dict[str, Any] = {
        "orbit": config.orbit,
        "dealer_declares": config.dealer_declares,
        "options": options,
        "default": default.to_dict(),
        "chooser": chooser,
        "chooser_name": None,
        "left": runner.choice_left(),
        "chosen": None,
    }
    if chooser is not None:
        player = table.players[chooser]
        state["chooser_name"] = None if player is None else player.name
        return state
    in_play = table.hand is not None and not table.hand.is_complete
    choice = table.hand_choice if in_play else table.choice
    seat = table.dealt_under_choice[0] if table.dealt_under_choice else table.next_button()
    player = None if seat is None else table.players[seat]
    if choice is not None and player is not None:
        title = config.variants[choice.game].title
        state["chosen"] = {
            **_game(config, choice.game, choice),
            "declare": choice.declare,
            "seat": seat,
            "name": player.name,
            "announcement": announcement(player.name, title, choice),
        }
    return state


def straddle_state(runner: TableRunner) -> dict[str, Any] | None:
    """The straddle being asked before the deal (None: nobody is asked): the seat, the name,
    the chips a straddle posts and the seconds left to answer."""
    table, left = runner.table, runner.straddle_left()
    seat = None if left is None else table.straddler
    player = None if seat is None else table.players[seat]
    if seat is None or player is None:
        return None
    amount = 2 * table.config.stakes.big_blind
    return {"seat": seat, "name": player.name, "amount": amount, "left": left}
