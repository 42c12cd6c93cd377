"""Settlement documents naming a shipped game: its split, and cards given down and up."""

from __future__ import annotations

from typing import Any

import pytest

from hilo.engine.settlement import read_wild, settle_document
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


STUD_HILO: dict[str, Any] = {
    "pot": 100,
    "game": "seven-card-stud-hilo",
    "players": [
        {"name": "A", "down": "Kc Kd 2h", "up": "Ks 9d 9c 4s"},
        {"name": "B", "down": "Ad 2c 3d", "up": "4h 8s Jc Qh"},
    ],
}


def test_extra_wild_cards_reach_the_referee_and_the_explanation_names_what_they_stood_for() -> None:
    answer = settle_document({**STUD_HILO, "wild": ["3", "9"]})
    assert "Wild: threes, nines." in answer["explanation"]
    assert (
        "A has the best high: Five of a kind, kings (Ks Kd Kc 9d=K 9c=K)."
        in (answer["explanation"])
    )
    assert answer["awards"] == {"A": 50, "B": 50}
    assert "Wild: threes, nines." not in settle_document(STUD_HILO)["explanation"]


def test_the_joker_and_single_cards_as_extra_wild_cards() -> None:
    players = [{"name": "A", "down": "Kc Kd 2h", "up": "Ks 9d 9c Jk"}, STUD_HILO["players"][1]]
    wild = settle_document({**STUD_HILO, "players": players, "wild": ["joker=wild"]})
    assert "A has the best high: Four of a kind, kings (Ks Kd Kc Jk=K 9d)." in wild["explanation"]
    jacks = settle_document({**STUD_HILO, "wild": ["Jc", "Qh"]})
    assert "B has the best low: Five-four low (Jc=5 4h 3d 2c Ad)." in jacks["explanation"]
    assert str(read_wild(["9", "3", "Jh", "joker=bug"], "wild")) == "3,9,Jh,joker=bug"


@pytest.mark.parametrize(
    ("wild", "message"),
    [
        ([], "wild: must be a non-empty list"),
        ("3,9", "wild: must be a non-empty list"),
        ([2], 'wild[0]: must be one rank such as "2", card such as "Jh" or "joker=wild", not 2'),
        ([True], "wild[0]: must be one rank"),
        ([None], "wild[0]: must be one rank"),
        (["3,9"], "wild[0]: must be one rank"),
        (["  "], "wild[0]: must be one rank"),
        (["Z"], "wild[0]: 'Z' is not a wild card"),
        (["Jx"], "wild[0]: 'Jx' is not a wild card"),
        (["Jk"], "wild[0]: 'Jk': write the joker as joker=wild or joker=bug"),
        (["joker=maybe"], "wild[0]: 'joker=maybe': the joker is joker=wild or joker=bug"),
        (["none"], "wild[0]: 'none' adds no wild card"),
        (["follow-the-queen"], "wild[0]: 'follow-the-queen' is a game's rule, not a card"),
        (["low-hole"], "wild[0]: 'low-hole' is a game's rule, not a card"),
        (["center"], "wild[0]: 'center' is a game's rule, not a card"),
        (["3", "3"], "wild: lists 3 twice"),
        (["Jh", "jh"], "wild: lists Jh twice"),
        (["joker=wild", "joker=bug"], "wild: lists joker=bug twice"),
        (["J", "Jh"], "wild: Jh is wild already: every jack is"),
    ],
)
def test_wild_cards_are_read_strictly(wild: Any, message: str) -> None:
    with pytest.raises(HiloError) as caught:
        settle_document({**STUD_HILO, "wild": wild})
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("game", "rules", "message"),
    [
        (
            "seven-card-stud-hilo",
            {"preset": "cards-speak", "low_qualifier": 7},
            "rules: seven-card-stud-hilo (Seven-card stud high-low, eight or better) plays its "
            "own ace-to-five low with an 8 qualifier, so the house's low_qualifier=7",
        ),
        (
            "omaha-hilo-declare",
            {"preset": "strict", "declare": "in-turn", "declare_order": "high-showing"},
            "rules: the house's declare_order=high-showing needs up cards to compare",
        ),
    ],
)
def test_a_game_and_house_rules_that_do_not_combine_are_refused(
    game: str, rules: dict[str, Any], message: str
) -> None:
    players = [
        {"name": "A", "cards": "Kc Kd 2h Ks"},
        {"name": "B", "cards": "Ad 2c 3d 4h"},
    ]
    document = {"pot": 100, "game": game, "rules": rules, "players": players}
    if game == "seven-card-stud-hilo":
        document["players"] = STUD_HILO["players"]
    else:
        document["board"] = "5c 6d 7h 8s Jc"
    with pytest.raises(HiloError) as caught:
        settle_document(document)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("game", ["anaconda-hilo-declare", "pass-the-trash-hilo-declare"])
def test_a_game_that_discards_shows_the_cards_it_keeps(game: str) -> None:
    players = [
        {"name": "A", "declare": "high", "cards": "Kc Kd Ks 9d 9c"},
        {"name": "B", "declare": "low", "cards": "Ad 2c 3d 4h 8s"},
    ]
    answer = settle_document({"pot": 100, "game": game, "players": players})
    assert answer["awards"] == {"A": 50, "B": 50}
    seven = [{**players[0], "cards": "Kc Kd Ks 9d 9c 2h 3h"}, players[1]]
    with pytest.raises(HiloError, match=f"players\\[0\\].cards: A has 7 cards; {game} needs 5"):
        settle_document({"pot": 100, "game": game, "players": seven})


def test_extra_wild_cards_are_counted_with_the_games_own() -> None:
    document = {
        "game": "five-card-draw-deuces-wild",
        "pot": 60,
        "wild": ["joker=wild"],
        "players": [
            {"name": "Ann", "cards": "9s 9d 2c 9h Jk"},
            {"name": "Bob", "cards": "As Ks Qs Js Ts"},
        ],
    }
    result = settle_document(document)
    assert result["awards"] == {"Ann": 60}
    assert (
        "Ann has the best high: Five of a kind, nines (9s 9h 9d 2c=9 Jk=9)."
        in (result["explanation"])
    )


BASEBALL: dict[str, Any] = {
    "pot": 100,
    "game": "baseball-hilo-declare",
    "rules": {"preset": "strict", "three_rule": "match-to-wild"},
    "players": [
        {"name": "A", "declare": "high", "down": "Kc Kd 2h", "up": "Ks 3h 9c 4s"},
        {"name": "B", "declare": "low", "down": "Ad 2c 3d", "up": "4h 8s Jc Qh"},
    ],
}


def test_a_baseball_three_left_unmatched_is_plain_for_its_player_alone() -> None:
    wild = settle_document(BASEBALL)
    assert "A declared high: Five of a kind, kings (Ks Kd Kc 3h=K 9c=K)." in wild["explanation"]
    declined = {**BASEBALL["players"][0], "plain": "3h"}
    answer = settle_document({**BASEBALL, "players": [declined, BASEBALL["players"][1]]})
    assert (
        "Wild: threes (but not A's 3h: a three dealt up and not matched), nines."
        in answer["explanation"]
    )
    assert "A declared high: Four of a kind, kings (Ks Kd Kc 9c=K 4s)." in answer["explanation"]
    assert "B declared low: Eight-four low (8s 4h 3d=3 2c Ad)." in answer["explanation"]
    assert answer["awards"] == {"A": 50, "B": 50}


@pytest.mark.parametrize(
    ("player", "rules", "message"),
    [
        (
            {"name": "A", "cards": "Kc Kd 2h Ks 3h 9c 4s", "plain": "3h"},
            BASEBALL["rules"],
            "players[0].plain: 3h is not one of the player's face-up cards",
        ),
        (
            {"name": "A", "down": "Kc Kd 2h", "up": "Ks 3h 9c 4s", "plain": "Ks"},
            BASEBALL["rules"],
            "players[0].plain: Ks is not wild here, so it cannot be left plain",
        ),
        (
            {"name": "A", "down": "Kc Kd 2h", "up": "Ks 3h 9c 4s", "plain": "3h 3h"},
            BASEBALL["rules"],
            "players[0].plain: '3h' appears twice in '3h 3h'",
        ),
        (
            {"name": "A", "down": "Kc Kd 2h", "up": "Ks 3h 9c 4s", "plain": 3},
            BASEBALL["rules"],
            "players[0].plain: must be a string of cards",
        ),
        (
            {"name": "A", "down": "Kc Kd 2h", "up": "Ks 3h 9c 4s", "plain": "3h"},
            "strict",
            "players[0].plain: under three_rule=match-or-fold a player who does not match",
        ),
    ],
)
def test_a_plain_card_is_a_wild_face_up_card_under_match_to_wild(
    player: dict[str, Any], rules: Any, message: str
) -> None:
    document = {**BASEBALL, "rules": rules, "players": [player, BASEBALL["players"][1]]}
    with pytest.raises(HiloError) as caught:
        settle_document(document)
    assert str(caught.value).startswith(message)
