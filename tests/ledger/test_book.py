"""The ledger of a night: rows by player, nets, the settle-up lines and the CSV."""

from __future__ import annotations

import csv
import io

import pytest

from hilo.ledger import Entry, EntryKind, Ledger, LedgerError, ledger_reason
from hilo.ledger.book import CSV_COLUMNS

NIGHT = [
    Entry(EntryKind.BUY_IN, "Ann", 200),
    Entry(EntryKind.BUY_IN, "Bob", 200),
    Entry(EntryKind.BUY_IN, "Cy", 100),
    Entry(EntryKind.REBUY, "Ann", 100),
    Entry(EntryKind.ADD_ON, "Cy", 50),
    Entry(EntryKind.ADJUSTMENT, "Bob", -20, "paid Cy's side bet", 4),
    Entry(EntryKind.ADJUSTMENT, "Cy", 20, "paid Cy's side bet", 4),
]


def test_rows_total_each_kind_and_net_is_cash_out_less_money_in() -> None:
    ledger = Ledger.build(NIGHT, {"Ann": 120, "Bob": 380, "Cy": 150})
    assert [row.to_dict() for row in ledger.rows] == [
        {"player": "Ann", "buy_ins": 200, "rebuys": 100, "add_ons": 0, "adjustments": 0,
         "cash_out": 120, "net": -180},
        {"player": "Bob", "buy_ins": 200, "rebuys": 0, "add_ons": 0, "adjustments": -20,
         "cash_out": 380, "net": 180},
        {"player": "Cy", "buy_ins": 100, "rebuys": 0, "add_ons": 50, "adjustments": 20,
         "cash_out": 150, "net": 0},
    ]  # fmt: skip
    assert ledger.balance == 0
    assert ledger.settle_up_lines() == ["Ann pays Bob 180"]


def test_a_ledger_that_does_not_balance_says_why_instead_of_transfers() -> None:
    ledger = Ledger.build(NIGHT[:2], {"Ann": 150, "Bob": 200})
    assert ledger.balance == -50
    (line,) = ledger.settle_up_lines()
    assert line.startswith("The results add up to -50 chips, not zero")


def test_a_night_where_everybody_broke_even_says_so() -> None:
    ledger = Ledger.build(NIGHT[:2], {"Ann": 200, "Bob": 200})
    assert ledger.settle_up_lines() == ["Nobody owes anybody anything."]


def test_the_csv_has_a_header_and_a_row_per_player() -> None:
    ledger = Ledger.build(NIGHT, {"Ann": 120, "Bob": 380, "Cy": 150})
    rows = list(csv.reader(io.StringIO(ledger.to_csv())))
    assert rows[0] == list(CSV_COLUMNS)
    assert rows[1:] == [
        ["Ann", "200", "100", "0", "0", "120", "-180"],
        ["Bob", "200", "0", "0", "-20", "380", "180"],
        ["Cy", "100", "0", "50", "20", "150", "0"],
    ]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text() -> None:
    ledger = Ledger.build([Entry(EntryKind.BUY_IN, "=SUM(A1)", 10)], {"=SUM(A1)": 10})
    assert list(csv.reader(io.StringIO(ledger.to_csv())))[1][0] == "'=SUM(A1)"


def test_entries_read_as_sentences() -> None:
    assert [str(entry) for entry in NIGHT[3:6]] == [
        "Ann rebuys for 100",
        "Cy takes an add-on of 50",
        "The host adjusts Bob's stack by -20: paid Cy's side bet",
    ]
    assert NIGHT[5].to_dict()["after_hand"] == 4


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "Say why"),
        ("x" * 81, "at most 80"),
        ("bad\u202etext", r"U\+202E"),
        ("two\nlines", r"U\+000A"),
    ],
)
def test_a_reason_must_be_a_few_plain_words(text: str, problem: str) -> None:
    with pytest.raises(LedgerError, match=problem):
        ledger_reason(text)
