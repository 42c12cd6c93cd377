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
from hilo.ledger.settle_up import Transfer, settle_up

__all__ = [
    "Entry",
    "EntryKind",
    "Ledger",
    "LedgerError",
    "LedgerRow",
    "Transfer",
    "ledger_reason",
    "settle_up",
]
