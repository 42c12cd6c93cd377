"""Settling up a night of poker: the ledger of what each player paid in and took out,
who pays whom with the fewest transfers, and a home game's season of nights."""

from __future__ import annotations

from hilo.ledger.book import (
    Entry,
    EntryKind,
    Ledger,
    LedgerError,
    LedgerRow,
    ledger_reason,
)
from hilo.ledger.season import Night, SeasonRow, home_game_name, season_totals
from hilo.ledger.settle_up import Transfer, settle_up

__all__ = [
    "Entry",
    "EntryKind",
    "Ledger",
    "LedgerError",
    "LedgerRow",
    "Night",
    "SeasonRow",
    "Transfer",
    "home_game_name",
    "ledger_reason",
    "season_totals",
    "settle_up",
]
