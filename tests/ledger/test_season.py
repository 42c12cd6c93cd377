"""A home game's season: nights added up per player, and the home game's name."""

from __future__ import annotations

from datetime import date

import pytest

from hilo.ledger import LedgerError
from hilo.ledger.season import Night, SeasonRow, home_game_name, season_totals

NIGHTS = [
    Night(date(2026, 11, 20), (("Ann", -120), ("Bob", 70), ("Cy", 50))),
    Night(date(2026, 11, 27), (("Ann", 30), ("Di", -30))),
    Night(date(2026, 12, 4), (("Bob", -70), ("Cy", -50), ("Ann", 120))),
]


def test_each_players_nights_and_net_add_up_biggest_winner_first() -> None:
    assert season_totals(NIGHTS) == (
        SeasonRow("Ann", 3, 30),
        SeasonRow("Bob", 2, 0),
        SeasonRow("Cy", 2, 0),
        SeasonRow("Di", 1, -30),
    )


def test_the_home_games_players_who_have_not_played_are_listed_with_nothing() -> None:
    rows = season_totals(NIGHTS[:1], players=("Eve", "Ann"))
    assert [str(row) for row in rows] == [
        "Bob +70 in 1 night",
        "Cy +50 in 1 night",
        "Eve 0 in 0 nights",
        "Ann -120 in 1 night",
    ]
    assert season_totals([]) == ()


@pytest.mark.parametrize(
    ("name", "sentence"),
    [("", "Name the home game."), ("a" * 81, "at most 80 characters"), ("a\x00b", "U+0000")],
)
def test_a_home_games_name_is_a_few_plain_words(name: str, sentence: str) -> None:
    with pytest.raises(LedgerError, match=sentence.replace("+", r"\+")):
        home_game_name(name)
