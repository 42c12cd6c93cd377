"""The referee's sentences stay grammatical whatever the players are called."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hilo.engine.grammar import possessive, says, verb
from hilo.engine.settlement import settle_document
from hilo.errors import HiloError
from hilo.ledger import Entry, EntryKind, Transfer
from tests.grammar_cases import FORMS, NAMES

THIRD_PERSON = ("has", "is", "takes", "wins", "shows", "keeps", "shares", "holds")
"""Verbs the referee puts after a player's name, in their he-or-she form."""


def test_a_name_read_as_a_pronoun_takes_the_verb_that_agrees() -> None:
    assert says("You", "has") == "You have"
    assert says("I", "is") == "I am"
    assert says("They", "is") == "They are"
    assert says("we", "takes") == "we take"
    assert says("YOU", "wins") == "YOU win"
    assert verb("I", "was") == "was"
    assert verb("You", "was") == "were"
    assert verb("They", "pushes") == "push"


def test_any_other_name_reads_as_he_or_she() -> None:
    for name in ("Ann", "Mary Ann", "Zoë", "李雷", "Seat 3", "Youssef", "Iris", "Les", "Thea"):
        assert says(name, "has") == f"{name} has"
        assert possessive(name) == f"{name}'s"


def test_the_possessive_of_a_pronoun_name_keeps_its_case() -> None:
    assert [possessive(name) for name in ("You", "you", "YOU", "I", "We", "They")] == [
        "Your",
        "your",
        "YOUR",
        "My",
        "Our",
        "Their",
    ]


def _three_way(first: str, second: str, third: str) -> dict[str, Any]:
    """A failed swing that blocks a side, a side pot it wins and a pot nobody contests."""
    return {
        "rules": "strict",
        "pots": [
            {"amount": 90},
            {"amount": 30, "players": [first, second]},
            {"amount": 10, "players": [third]},
        ],
        "players": [
            {"name": first, "declare": "both", "cards": "Ac 2c 3d 4h 5s"},
            {"name": second, "declare": "low", "cards": "Ad 2d 3h 4c 6s"},
            {"name": third, "declare": "high", "cards": "Kc Kd Kh 7s 7c"},
        ],
    }


def _cards_speak(first: str, second: str) -> dict[str, Any]:
    return {
        "pot": 100,
        "players": [
            {"name": first, "cards": "Ac Ad Kh Kc 9s"},
            {"name": second, "cards": "2c 3d 4h 5s 7c"},
        ],
    }


def _swing_beaten(first: str, second: str, third: str) -> dict[str, Any]:
    return {
        "rules": "strict",
        "pot": 100,
        "players": [
            {"name": first, "declare": "both", "cards": "Ac Ad Kh Kc 9s"},
            {"name": second, "declare": "high", "cards": "2c 3d 4h Qs 7c"},
            {"name": third, "declare": "low", "cards": "2d 3c 5h 8s 9c"},
        ],
    }


def _explained(*documents: dict[str, Any]) -> str:
    return "\n".join(
        line for document in documents for line in settle_document(document)["explanation"]
    )


def test_players_called_you_i_and_they_read_grammatically() -> None:
    text = _explained(
        _three_way("You", "I", "They"),
        _cards_speak("You", "They"),
        _swing_beaten("They", "I", "You"),
    )
    for name in ("You", "I", "They"):
        for form in THIRD_PERSON:
            assert not re.search(rf"\b{name} {form}\b", text), f"{name} {form}"
        assert f"{name}'s" not in text
    assert "You win nothing (strict: a swing must win both sides outright)." in text
    assert "They have the winning high: Full house" in text
    assert "No one wins low: Your failed swing had the best low (five-four low)" in text
    assert "They take the whole pot: 90." in text
    assert "You take the whole pot (both halves): 30." in text
    assert "Side pot 2 (10): They are the only player in it and take it." in text
    assert "You show Two pair, aces and kings" in text
    assert "You have the best high: Two pair" in text
    assert "No one wins high: Their failed swing had the best high" in text
    assert "You have the winning low: Nine-eight low" in text


@pytest.mark.parametrize("names", [("Mary Ann", "Zoë", "李雷"), ("Ann", "Bo", "Cy")])
def test_other_names_keep_the_third_person(names: tuple[str, str, str]) -> None:
    first, second, third = names
    text = _explained(_three_way(first, second, third), _cards_speak(third, first))
    assert f"{first} wins nothing (strict" in text
    assert f"{third} has the winning high: Full house" in text
    assert f"No one wins low: {first}'s failed swing had the best low" in text
    assert f"{first} takes the whole pot (both halves): 30." in text
    assert f"Side pot 2 (10): {third} is the only player in it and takes it." in text
    assert f"{third} shows Two pair, aces and kings" in text


def test_refusals_agree_with_the_name_too() -> None:
    short = {"pot": 10, "players": [{"name": "You", "cards": "As Kd"}, {"name": "B", "cards": ""}]}
    with pytest.raises(HiloError, match="You have 2 cards; stud needs 5 to 7"):
        settle_document(short)
    undeclared = {
        "rules": "strict",
        "pot": 10,
        "players": [
            {"name": "I", "cards": "As Kd Qh Jc 9s"},
            {"name": "B", "declare": "low", "cards": "2s 3d 4h 5c 7s"},
        ],
    }
    with pytest.raises(HiloError, match="I have no declaration: under strict rules"):
        settle_document(undeclared)


def test_every_case_agrees_with_the_name_and_leaves_other_names_alone() -> None:
    pronouns = {"you", "i", "we", "they", "ye"}
    for name in NAMES:
        for form in FORMS:
            said = says(name, form)
            assert said.startswith(f"{name} ")
            if name.strip().lower() not in pronouns:
                assert said == f"{name} {form}"
            elif (name.strip().lower(), form) != ("i", "was"):
                assert verb(name, form) != form, (name, form)  # "You have", never "You has"


def test_the_ledger_lines_in_the_table_log_agree_with_the_name() -> None:
    assert str(Entry(EntryKind.REBUY, "You", 100)) == "You rebuy for 100"
    assert str(Entry(EntryKind.BUY_IN, "I", 100)) == "I buy in for 100"
    assert str(Entry(EntryKind.ADD_ON, "We", 50)) == "We take an add-on of 50"
    assert str(Entry(EntryKind.ADJUSTMENT, "You", -5, "spilled")) == (
        "The host adjusts Your stack by -5: spilled"
    )
    assert str(Entry(EntryKind.REBUY, "Ann", 100)) == "Ann rebuys for 100"
    assert str(Transfer("You", "Ann", 40)) == "You pay Ann 40"
