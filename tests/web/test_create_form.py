"""The create form's list of games: each with its family and the switches that apply to it,
from the same description `hilo games` prints."""

from __future__ import annotations

from hilo.rules import VARIANTS
from hilo.rules.catalogue import describe
from hilo.web.create_form import game_options


def test_every_game_says_its_family_and_switches_as_hilo_games_does() -> None:
    options = {game["name"]: game for game in game_options()}
    assert list(options) == list(VARIANTS)
    for name, variant in VARIANTS.items():
        entry = describe(variant)
        assert options[name]["family"] == entry.family
        assert options[name]["switches"] == list(entry.switches)


def test_the_passing_games_form_a_family_of_their_own() -> None:
    families = {game["name"]: game["family"] for game in game_options()}
    assert families["anaconda-hilo-declare"] == families["pass-the-trash-hilo"] == "pass"
    assert families["anaconda-hilo-declare"] != families["seven-card-stud-hilo"]


def test_a_high_game_lists_no_declare_switch() -> None:
    switches = {game["name"]: game["switches"] for game in game_options()}
    assert "declare" not in switches["holdem"]
    assert "declare" in switches["holdem-hilo-declare"]


def test_a_game_says_whether_it_has_wild_cards() -> None:
    wild = {game["name"]: game["wild"] for game in game_options()}
    assert wild["baseball"] is wild["follow-the-queen"] is True
    assert wild["five-card-draw-deuces-wild-hilo-declare"] is True
    assert wild["seven-card-stud-hilo-declare"] is wild["holdem"] is False
