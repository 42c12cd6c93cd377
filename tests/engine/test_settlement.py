"""Settlement documents naming a shipped game: its split, and cards given down and up."""

from __future__ import annotations

from typing import Any

import pytest

from hilo.engine.settlement import settle_document
from hilo.errors import HiloError

CHICAGO: dict[str, Any] = {
    "pot": 101,
    "game": "high-chicago",
    "players": [
        {"name": "Ann", "down": "Kh Qh 9h", "up": "5h 2h 3d 4c"},
        {"name": "Bob", "down": "As 8c 7s", "up": "8d Tc Jd 6c"},
    ],
}


def test_a_chicago_showdown_reads_the_spade_in_the_hole_from_the_down_cards() -> None:
    answer = settle_document(CHICAGO)
    assert answer["awards"] == {"Ann": 51, "Bob": 50}
    assert "Spade half: Bob with Ace of spades in the hole (As)." in answer["explanation"]
    face_up = {
        **CHICAGO,
        "players": [CHICAGO["players"][0], {"name": "Bob", "cards": "As 8c 7s 8d Tc Jd 6c"}],
    }
    assert settle_document(face_up)["awards"] == {"Ann": 51, "Bob": 50}  # cards: all in the hole


def test_a_razz_showdown_gives_the_whole_pot_to_the_best_low() -> None:
    answer = settle_document(
        {
            "pot": 60,
            "game": "razz",
            "players": [
                {"name": "Ann", "cards": "7c 5d 4h 3s 2c Kd Kh"},
                {"name": "Bob", "cards": "8c 6d 4c 3d Ac Jd Jh"},
            ],
        }
    )
    assert answer["awards"] == {"Ann": 60}
    assert answer["explanation"][-2] == "Seven-five low wins the pot: Ann (7c 5d 4h 3s 2c)."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"players": [{"name": "Ann", "cards": "Kh Qh 9h 5h 2h 3d 4c", "up": "5h"}]},
            "players[0]: give cards, or down and up, not both",
        ),
        (
            {"game": "high-chicago-declare", "rules": "cards-speak"},
            "rules: high-chicago-declare is a declare game, but the house rules are cards speak",
        ),
        ({"game": 7}, "game: must be one of stud, draw, holdem, omaha or a game's name, not 7"),
    ],
)
def test_mistakes_name_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(HiloError) as caught:
        settle_document({**CHICAGO, **change})
    assert str(caught.value).startswith(message)


def test_a_wild_card_game_by_name_settles_with_its_wild_cards() -> None:
    document = {
        "game": "five-card-draw-deuces-wild",
        "pot": 60,
        "players": [
            {"name": "Ann", "cards": "9s 9d 2c 9h 2d"},
            {"name": "Bob", "cards": "As Ks Qs Js Ts"},
        ],
    }
    result = settle_document(document)
    assert result["awards"] == {"Ann": 60}
    assert "Wild: twos." in result["explanation"]
