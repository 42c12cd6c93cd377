"""The one rule for players' names, used by the table and at the server's edge."""

from __future__ import annotations

import pytest

from hilo.engine.journal import JournaledTable, restore
from hilo.engine.names import MAX_NAME_LENGTH, player_name, seat_label
from hilo.engine.table import Table, TableConfig
from hilo.errors import IllegalActionError
from hilo.rules import Stakes

BLINDS = Stakes(structure="no-limit", small_blind=1, big_blind=2)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Ann", "Ann"),
        ("  Ann  ", "Ann"),
        ("Zoe\u0308", "Zo\u00eb"),  # decomposed and composed are one name
        ("Jean Luc", "Jean Luc"),
        ("\u05d3\u05d5\u05d3", "\u05d3\u05d5\u05d3"),  # right-to-left script is fine
        ("\u0645\u200c\u06cc", "\u0645\u200c\u06cc"),  # a zero-width non-joiner inside a word
        ("\U0001f468\u200d\U0001f373", "\U0001f468\u200d\U0001f373"),  # an emoji sequence
        ("x" * MAX_NAME_LENGTH, "x" * MAX_NAME_LENGTH),
        ("\u00e9" * MAX_NAME_LENGTH, "\u00e9" * MAX_NAME_LENGTH),  # counted in characters
    ],
)
def test_names_that_read_well_are_kept_in_normal_form(text: str, name: str) -> None:
    assert player_name(text) == name
    assert player_name(name) == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\ud800", "U\\+D800 \\(a lone surrogate"),
        ("Ann\udfff", "U\\+DFFF"),
        ("\x07\x08", "U\\+0007 \\(a control character\\)"),
        ("Ann\nBob", "U\\+000A"),
        ("Ann\tBob", "U\\+0009"),
        ("\x7f", "U\\+007F"),
        ("\u202eevil", "U\\+202E \\(a format or bidirectional"),
        ("A\u202a", "U\\+202A"),
        ("A\u2066B\u2069", "U\\+2066"),
        ("\u200b", "U\\+200B"),
        ("\u2060\u2060", "U\\+2060"),
        ("\ufeffAnn", "U\\+FEFF"),
        ("\u200d", "at least one visible character"),
        ("\u200c \u200d", "at least one visible character"),
        ("", "at least one visible character"),
        ("   ", "at least one visible character"),
        ("Ann\u00a0Lee", "U\\+00A0 \\(a space other than the plain space\\)"),
        ("A\u2028B", "U\\+2028 \\(a line separator\\)"),
        ("\ue000", "U\\+E000 \\(a private-use character\\)"),
        ("\U000e0001", "U\\+E0001"),
        ("x" * (MAX_NAME_LENGTH + 1), "at most 40 characters, not 41"),
        ("e\u0301" * MAX_NAME_LENGTH + "e", "at most 40 characters, not 41"),
    ],
)
def test_names_that_hide_or_garble_text_are_refused_without_repeating_them(
    text: str, message: str
) -> None:
    with pytest.raises(IllegalActionError, match=message) as refused:
        player_name(text)
    assert text.strip() not in str(refused.value) or not text.strip()


def test_a_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="must be text"):
        player_name(["Ann"])  # type: ignore[arg-type]


def test_the_table_refuses_a_bad_name_and_changes_nothing() -> None:
    entries: list[dict[str, object]] = []
    table = JournaledTable(TableConfig(games=("holdem",), stakes=BLINDS), entries.append)
    for text in ("\ud800", "\u202e\u202e", "\u200b\u200b", "\x00"):
        with pytest.raises(IllegalActionError):
            table.sit(0, text, 100)
    assert table.table.players[0] is None
    assert [entry["op"] for entry in entries] == ["create"]


def test_the_journal_keeps_the_name_as_the_table_reads_it() -> None:
    entries: list[dict[str, object]] = []
    table = JournaledTable(TableConfig(games=("holdem",), stakes=BLINDS), entries.append)
    table.sit(0, "  Zoe\u0308 ", 100)
    assert entries[-1]["name"] == "Zo\u00eb"
    assert table.table.players[0] is not None
    assert table.table.players[0].name == "Zo\u00eb"
    assert restore(entries).table.players[0] == table.table.players[0]
    with pytest.raises(IllegalActionError, match="already at the table"):
        Table.sit(table.table, 1, "Zo\u00eb", 100)


def test_a_sentence_numbers_seats_from_one_as_the_pages_do() -> None:
    assert [seat_label(seat) for seat in (0, 1, 9)] == ["seat 1", "seat 2", "seat 10"]
