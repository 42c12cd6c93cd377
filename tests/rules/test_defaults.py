"""The house's defaults live in one place, and the table and the command line read them."""

from __future__ import annotations

from hilo.cli.play import read_stakes
from hilo.engine.journal import config_from_dict, config_to_dict
from hilo.engine.table import TableConfig
from hilo.rules import Stakes
from hilo.rules.defaults import (
    ACTION_CLOCK,
    BUY_IN_BIG_BETS,
    DEFAULT_GAME,
    TIME_BANK,
    default_buy_in,
    default_stakes,
)


def test_default_stakes_follow_the_kind_of_game() -> None:
    stud = default_stakes(DEFAULT_GAME)
    assert (stud.ante, stud.bring_in, stud.small_bet, stud.big_bet) == (1, 3, 10, 20)
    assert not stud.big_blind
    holdem = default_stakes("holdem", "omaha-hilo")
    assert (holdem.small_blind, holdem.big_blind, holdem.bring_in) == (5, 10, 0)
    mixed = default_stakes("seven-card-stud-hilo", "holdem")
    assert (mixed.small_blind, mixed.big_blind, mixed.bring_in, mixed.ante) == (5, 10, 3, 0)


def test_a_default_buy_in_is_a_hundred_of_the_biggest_bets() -> None:
    assert BUY_IN_BIG_BETS == 100
    assert default_buy_in(Stakes(small_bet=10, big_bet=20)) == 2000
    assert default_buy_in(Stakes(structure="no-limit", small_blind=1, big_blind=2)) == 200
    spread = Stakes(structure="spread-limit", small_blind=5, big_blind=10, min_bet=10, max_bet=50)
    assert default_buy_in(spread) == 5000


def test_a_new_table_takes_the_house_defaults() -> None:
    config = TableConfig()
    assert config.games == (DEFAULT_GAME,)
    assert config.stakes == default_stakes(DEFAULT_GAME)
    assert (config.action_clock, config.time_bank) == (ACTION_CLOCK, TIME_BANK)
    assert config.default_buy_in == default_buy_in(config.stakes)
    spread = Stakes(structure="spread-limit", small_blind=5, big_blind=10, min_bet=10, max_bet=50)
    assert TableConfig(games=("holdem",), stakes=spread).default_buy_in == 5000
    assert TableConfig(min_buy_in=3000).default_buy_in == 3000
    assert TableConfig(max_buy_in=700).default_buy_in == 700


def test_a_journal_without_a_clock_gets_the_house_clock() -> None:
    written = config_to_dict(TableConfig(action_clock=12.0, time_bank=5.0))
    del written["action_clock"], written["time_bank"]
    again = config_from_dict(written)
    assert (again.action_clock, again.time_bank) == (ACTION_CLOCK, TIME_BANK)


def test_the_command_line_starts_from_the_same_stakes() -> None:
    assert read_stakes((DEFAULT_GAME,), []) == default_stakes(DEFAULT_GAME)
    games = ("seven-card-stud-hilo", "holdem")
    assert read_stakes(games, []) == default_stakes(*games)


def test_games_played_for_antes_get_an_ante() -> None:
    assert default_stakes("anaconda-hilo-declare") == Stakes(small_bet=10, big_bet=20, ante=1)
    mixed = default_stakes("pass-the-trash-hilo", "holdem")
    assert (mixed.ante, mixed.big_blind) == (1, 10)
    assert default_stakes("holdem").ante == 0
