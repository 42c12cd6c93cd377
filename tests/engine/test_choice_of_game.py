"""Dealer's choice: the dealer names each hand's game, with per-game house rules and orbits."""

from __future__ import annotations

import random
import re

import pytest

from hilo.engine import Action
from hilo.engine.choice_of_game import (
    DECLARE_METHODS,
    GameChoice,
    announcement,
    declare_methods,
)
from hilo.engine.journal import JournaledTable, config_from_dict, config_to_dict, restore
from hilo.engine.table import Table, TableConfig
from hilo.errors import ConfigError, IllegalActionError, NotationError
from hilo.rules import VARIANTS, HouseRules
from hilo.rules.defaults import default_stakes

GAMES = ("five-card-stud-hilo", "seven-card-stud-hilo-declare", "razz")
STAKES = default_stakes(*GAMES)


def night(**settings: object) -> TableConfig:
    """A dealer's-choice table of three stud games."""
    return TableConfig(games=GAMES, stakes=STAKES, mode="dealer-names", **settings)  # type: ignore[arg-type]


def seated(config: TableConfig) -> Table:
    table = Table(config, rng=random.Random(7))
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        table.sit(seat, name, 200)
    return table


def fold_around(table: Table) -> None:
    """Everybody folds (the bring-in posted) until the hand is over."""
    while table.hand is not None and not table.hand.is_complete:
        seat = table.to_act()[0]
        if table.hand.is_bring_in_pending:
            table.apply(Action.bring_in(seat))
        else:
            table.apply(Action.fold(seat))


def test_the_dealer_names_the_game_and_the_button_names_the_next() -> None:
    table = seated(night())
    assert table.chooser == 0
    with pytest.raises(IllegalActionError, match=r"Ann has not named the game yet\."):
        table.start_hand()
    table.choose(0, GameChoice("razz"))
    assert table.chooser is None
    assert table.next_game == "razz"
    hand = table.start_hand()
    assert hand.variant.name == "razz"
    assert table.hand_choice == GameChoice("razz")
    fold_around(table)
    assert table.chooser == 1
    assert table.default_choice() == GameChoice("razz")  # the last game played
    table.choose(1, GameChoice("seven-card-stud-hilo-declare"))
    assert table.start_hand().variant.name == "seven-card-stud-hilo-declare"


def test_a_choice_that_cannot_be_made_is_refused_and_changes_nothing() -> None:
    table = seated(night())
    refusals = [
        (1, GameChoice("razz"), "Ann deals next and names the game."),
        (0, GameChoice("holdem"), "'holdem' is not one of this table's games: choose from "),
        (0, GameChoice("razz", "cards-speak"), "The house rules say how to declare"),
    ]
    for seat, choice, sentence in refusals:
        with pytest.raises(IllegalActionError, match=sentence):
            table.choose(seat, choice)
        assert table.choice is None
        assert table.chooser == 0
    alone = Table(night())
    alone.sit(0, "Ann", 200)
    with pytest.raises(IllegalActionError, match="Nobody deals until two players"):
        alone.choose(0, GameChoice("razz"))
    alone.set_status("ended")
    with pytest.raises(IllegalActionError, match="This session has ended"):
        alone.choose(0, GameChoice("razz"))
    rotating = seated(TableConfig(games=GAMES, stakes=STAKES))
    with pytest.raises(IllegalActionError, match="The games rotate at this table"):
        rotating.choose(0, GameChoice("razz"))
    table.choose(0, GameChoice("razz"))
    with pytest.raises(IllegalActionError, match="has been named already"):
        table.choose(0, GameChoice("razz"))
    table.start_hand()
    with pytest.raises(IllegalActionError, match="named between hands"):
        table.choose(1, GameChoice("razz"))


def test_the_dealer_may_name_how_to_declare_when_the_host_allows_it() -> None:
    table = seated(night(dealer_declares=True))
    with pytest.raises(IllegalActionError, match=r"cannot be played that way: .*is a declare game"):
        table.choose(0, GameChoice("seven-card-stud-hilo-declare", "cards-speak"))
    with pytest.raises(IllegalActionError, match="Nobody declares in Razz: name the game alone"):
        table.choose(0, GameChoice("razz", "in-turn"))
    table.choose(0, GameChoice("five-card-stud-hilo", "cards-speak"))
    assert table.start_hand().rules.declare == "cards-speak"
    fold_around(table)
    table.choose(1, GameChoice("five-card-stud-hilo", "in-turn"))
    assert table.start_hand().rules.declare == "in-turn"


def test_each_game_plays_its_own_house_rules() -> None:
    speaks = HouseRules.preset("cards-speak")
    table = seated(night(game_rules=(("five-card-stud-hilo", speaks),)))
    table.choose(0, GameChoice("five-card-stud-hilo"))
    assert table.start_hand().rules == speaks
    fold_around(table)
    table.choose(1, GameChoice("seven-card-stud-hilo-declare"))
    assert table.start_hand().rules == HouseRules()
    with pytest.raises(ConfigError, match="is a declare game, but the house rules are cards"):
        night(game_rules=(("seven-card-stud-hilo-declare", speaks),))
    with pytest.raises(ConfigError, match="house rules for 'holdem' need it once"):
        night(game_rules=(("holdem", speaks),))
    with pytest.raises(ConfigError, match="need mode 'dealer-names'"):
        TableConfig(games=GAMES, stakes=STAKES, orbit=True)


def test_an_orbit_holds_the_game_until_the_button_comes_round() -> None:
    table = seated(night(orbit=True))
    table.choose(0, GameChoice("razz"))
    for button in (0, 1, 2):
        if button:
            with pytest.raises(IllegalActionError, match="The next game holds for the orbit"):
                table.choose(button, GameChoice("five-card-stud-hilo"))
        assert table.chooser is None
        assert table.start_hand().variant.name == "razz"
        assert table.button == button
        fold_around(table)
    assert table.chooser == 0
    table.choose(0, GameChoice("five-card-stud-hilo"))
    assert table.start_hand().variant.name == "five-card-stud-hilo"


def test_the_default_is_the_first_game_then_the_last_played() -> None:
    table = seated(night(dealer_declares=True))
    assert table.default_choice() == GameChoice(GAMES[0])
    assert table.next_game == GAMES[0]
    table.choose(0, GameChoice("five-card-stud-hilo", "in-turn"))
    table.start_hand()
    fold_around(table)
    assert table.default_choice() == GameChoice("five-card-stud-hilo", "in-turn")


def test_a_journal_restores_the_choice_and_the_config() -> None:
    speaks = HouseRules.preset("cards-speak")
    config = night(game_rules=(("five-card-stud-hilo", speaks),), orbit=True, dealer_declares=True)
    assert config_from_dict(config_to_dict(config)) == config
    assert "mode" not in config_to_dict(TableConfig())  # an old table's create entry as before
    entries: list[dict[str, object]] = []
    journaled = JournaledTable(config, entries.append)
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        journaled.sit(seat, name, 200)
    assert restore(entries).table.chooser == 0  # restarted while Ann chooses
    journaled.choose(0, GameChoice("five-card-stud-hilo", "in-turn"))
    again = restore(entries).table
    assert again.choice == GameChoice("five-card-stud-hilo", "in-turn")
    assert again.chooser is None
    journaled.start_hand(rng=random.Random(3))
    again = restore(entries).table
    assert again.dealt_under_choice == journaled.table.dealt_under_choice == (0,)
    assert again.hand is not None
    assert again.hand.rules.declare == "in-turn"


def test_a_damaged_choice_entry_is_named() -> None:
    with pytest.raises(NotationError, match="a declare method is one of"):
        GameChoice.from_dict({"game": "razz", "declare": "loudly"})
    with pytest.raises(NotationError, match="names its game"):
        GameChoice.from_dict({"game": 3})


def test_the_announcement_names_the_dealer_the_game_and_the_method() -> None:
    said = announcement("Ann", "Seven-card stud high-low, declare", GameChoice("x", "simultaneous"))
    assert said == "Ann chose Seven-card stud high-low, declare — all at once"
    said = announcement("Ann", "Five-card stud high-low", GameChoice("x", "in-turn"))
    assert said == "Ann chose Five-card stud high-low — declared in turn"


def _words(text: str) -> list[str]:
    """The words of ``text``, lowercased, "declared" counted as "declare"."""
    return [word.removesuffix("d") for word in re.findall(r"[a-z]+", text.lower())]


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_no_announcement_says_the_same_words_twice(game: str) -> None:
    title = VARIANTS[game].title
    for method in (None, *DECLARE_METHODS):
        said = announcement("Ann", title, GameChoice(game, method))
        assert said.startswith(f"Ann chose {title}")
        added = said.removeprefix(f"Ann chose {title}")
        if method is None:
            assert added == ""
            continue
        assert added.startswith(" — ")
        repeated = set(_words(added)) & set(_words(title))
        assert not repeated, f"{said!r} says {sorted(repeated)} twice"


def test_the_methods_a_dealer_may_name_are_those_the_game_can_play() -> None:
    rules = HouseRules()
    assert declare_methods(VARIANTS["razz"], rules) == ()
    assert declare_methods(VARIANTS["seven-card-stud-hilo-declare"], rules) == (
        "simultaneous",
        "in-turn",
    )
    assert declare_methods(VARIANTS["five-card-stud-hilo"], rules) == DECLARE_METHODS
