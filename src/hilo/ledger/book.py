"""The ledger of a night: every buy-in, rebuy, add-on and host adjustment, and what each
player has at the end (their cash-out), with each player's net result.

Money in is the buy-ins, rebuys and add-ons; an adjustment is the host correcting a stack
(a miscounted pot, chips knocked over), so it changes the chips a player ends with but is
not money paid in. A player's net is their cash-out less their money in. Rows are by name,
in the order players first bought in: somebody who leaves and sits down again under the
same name is one row.

>>> ledger = Ledger.build(
...     [Entry(EntryKind.BUY_IN, "Ann", 200), Entry(EntryKind.BUY_IN, "Bob", 200),
...      Entry(EntryKind.REBUY, "Ann", 100)],
...     {"Ann": 180, "Bob": 320},
... )
>>> [(row.player, row.net) for row in ledger.rows]
[('Ann', -120), ('Bob', 120)]
>>> ledger.settle_up_lines()
['Ann pays Bob 120']
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from hilo.errors import HiloError
from hilo.grammar import possessive, says
from hilo.ledger.settle_up import Transfer, UnbalancedError, settle_up

__all__ = [
    "CSV_COLUMNS",
    "MAX_REASON_LENGTH",
    "Entry",
    "EntryKind",
    "Ledger",
    "LedgerError",
    "LedgerRow",
    "ledger_reason",
    "plain_text",
]

MAX_REASON_LENGTH = 80
"""The most characters the reason for a stack adjustment may have."""

CSV_COLUMNS = ("player", "buy_ins", "rebuys", "add_ons", "adjustments", "cash_out", "net")
"""The columns of the ledger's CSV, in order."""


class LedgerError(HiloError, ValueError):
    """Something the ledger cannot record: an empty reason, say."""


class EntryKind(StrEnum):
    """What a ledger entry records."""

    BUY_IN = "buy-in"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    ADJUSTMENT = "adjustment"


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the ledger: a kind, a player, chips (an adjustment may be negative), and
    for an adjustment the host's reason; ``after_hand`` counts the hands finished before it.

    >>> str(Entry(EntryKind.ADJUSTMENT, "Ann", -40, "miscounted pot", 3))
    "The host adjusts Ann's stack by -40: miscounted pot"
    >>> str(Entry(EntryKind.ADD_ON, "Bob", 100))
    'Bob takes an add-on of 100'
    """

    kind: EntryKind
    player: str
    chips: int
    reason: str = ""
    after_hand: int = 0

    def __str__(self) -> str:
        match self.kind:
            case EntryKind.BUY_IN:
                return f"{says(self.player, 'buys')} in for {self.chips:,}"
            case EntryKind.REBUY:
                return f"{says(self.player, 'rebuys')} for {self.chips:,}"
            case EntryKind.ADD_ON:
                return f"{says(self.player, 'takes')} an add-on of {self.chips:,}"
            case EntryKind.ADJUSTMENT:
                whose = possessive(self.player)
                return f"The host adjusts {whose} stack by {self.chips:+,}: {self.reason}"

    def to_dict(self) -> dict[str, str | int]:
        """``{"kind", "player", "chips", "reason", "after_hand", "text"}``."""
        return {
            "kind": self.kind.value,
            "player": self.player,
            "chips": self.chips,
            "reason": self.reason,
            "after_hand": self.after_hand,
            "text": str(self),
        }


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One player's night: money in by kind, adjustments, cash-out, and the net result.

    >>> LedgerRow("Ann", buy_ins=200, rebuys=100, add_ons=0, adjustments=0, cash_out=180).net
    -120
    """

    player: str
    buy_ins: int
    rebuys: int
    add_ons: int
    adjustments: int
    cash_out: int

    @property
    def paid_in(self) -> int:
        """Money in: buy-ins, rebuys and add-ons."""
        return self.buy_ins + self.rebuys + self.add_ons

    @property
    def net(self) -> int:
        """Up (positive) or down (negative): the cash-out less the money in."""
        return self.cash_out - self.paid_in

    def to_dict(self) -> dict[str, str | int]:
        """The row under the names of `CSV_COLUMNS`."""
        return {
            "player": self.player,
            "buy_ins": self.buy_ins,
            "rebuys": self.rebuys,
            "add_ons": self.add_ons,
            "adjustments": self.adjustments,
            "cash_out": self.cash_out,
            "net": self.net,
        }


@dataclass(frozen=True, slots=True)
class Ledger:
    """A night's rows and entries, and settling up from them."""

    rows: tuple[LedgerRow, ...]
    entries: tuple[Entry, ...] = ()

    @classmethod
    def build(cls, entries: Iterable[Entry], cash_out: Mapping[str, int]) -> Ledger:
        """The ledger of ``entries``, with what each player has now or left with."""
        entries = tuple(entries)
        names = list(dict.fromkeys([entry.player for entry in entries] + list(cash_out)))
        totals = {name: dict.fromkeys(EntryKind, 0) for name in names}
        for entry in entries:
            totals[entry.player][entry.kind] += entry.chips
        rows = tuple(
            LedgerRow(
                name,
                buy_ins=totals[name][EntryKind.BUY_IN],
                rebuys=totals[name][EntryKind.REBUY],
                add_ons=totals[name][EntryKind.ADD_ON],
                adjustments=totals[name][EntryKind.ADJUSTMENT],
                cash_out=cash_out.get(name, 0),
            )
            for name in names
        )
        return cls(rows, entries)

    def nets(self) -> dict[str, int]:
        """Each player's net result, by name."""
        return {row.player: row.net for row in self.rows}

    @property
    def balance(self) -> int:
        """What the nets add up to: zero when every chip paid out was paid in."""
        return sum(row.net for row in self.rows)

    def transfers(self) -> tuple[Transfer, ...]:
        """Who pays whom (see `settle_up`); `UnbalancedError` when the nets do not balance."""
        return settle_up(self.nets())

    def settle_up_lines(self) -> list[str]:
        """The transfers in words ("Ann pays Bob 120"), or why there are none."""
        try:
            transfers = self.transfers()
        except UnbalancedError as error:
            return [str(error)]
        return [str(transfer) for transfer in transfers] or ["Nobody owes anybody anything."]

    def to_csv(self) -> str:
        """The rows as CSV, headed by `CSV_COLUMNS`; a cell that a spreadsheet would read as
        a formula is written with a leading apostrophe."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(CSV_COLUMNS)
        for row in self.rows:
            cells = row.to_dict()
            writer.writerow([_cell(cells[column]) for column in CSV_COLUMNS])
        return out.getvalue()


def _cell(value: str | int) -> str | int:
    """A CSV cell: text starting with ``= + - @`` (or a tab or return) is quoted with ``'``."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def ledger_reason(text: str) -> str:
    """The reason for a stack adjustment as the ledger keeps it: trimmed, 1 to 80 printable
    characters.

    >>> ledger_reason("  miscounted pot ")
    'miscounted pot'
    >>> ledger_reason(" ")
    Traceback (most recent call last):
    ...
    hilo.ledger.book.LedgerError: Say why the stack is adjusted (a few words for the ledger).
    """
    return plain_text(
        text,
        limit=MAX_REASON_LENGTH,
        what="A reason",
        empty="Say why the stack is adjusted (a few words for the ledger).",
    )


def plain_text(text: str, *, limit: int, what: str, empty: str) -> str:
    """``text`` normalised (NFC) and trimmed: 1 to ``limit`` characters, plain spaces and
    nothing invisible; else a `LedgerError` saying ``empty``, or what is wrong with ``what``.

    >>> plain_text("Friday\\u202egame", limit=20, what="A name", empty="Name it.")
    Traceback (most recent call last):
    ...
    hilo.ledger.book.LedgerError: A name may not hold U+202E: write it in plain words.
    """
    cleaned = unicodedata.normalize("NFC", text).strip()
    if not cleaned:
        raise LedgerError(empty)
    if len(cleaned) > limit:
        raise LedgerError(f"{what} has at most {limit} characters.")
    for character in cleaned:
        if unicodedata.category(character) in _REFUSED or (
            character.isspace() and character != " "
        ):
            raise LedgerError(
                f"{what} may not hold U+{ord(character):04X}: write it in plain words."
            )
    return cleaned
