"""The referee with wild cards: declared and cards speak, the house switches, the words."""

from __future__ import annotations

import pytest

from hilo.cards import parse_cards
from hilo.engine.declare import Direction
from hilo.engine.showdown import Pot, ShowdownHand, settle
from hilo.errors import HandError
from hilo.hands.wildspec import WildSpec, follow_the_queen
from hilo.rules import HouseRules

HIGH, LOW, BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH
DEUCES = WildSpec.parse("2")


def hands(*specs: tuple[str, Direction | None]) -> list[ShowdownHand]:
    names = ("Ann", "Bob", "Cy", "Di")
    return [
        ShowdownHand(seat, parse_cards(cards), declaration, names[seat])
        for seat, (cards, declaration) in enumerate(specs)
    ]


def test_declared_five_of_a_kind_beats_a_royal_flush_and_the_words_name_the_wild_cards() -> None:
    players = hands(
        ("9s 9d 2c 9h 2d Kc 4h", HIGH),
        ("As Ks Qs Js Ts 3c 3d", BOTH),
        ("Ac 3h 4s 2s 8d Kd Qc", LOW),
    )
    result = settle([Pot(90, (0, 1, 2))], players, rules=HouseRules(), wild=DEUCES)
    assert result.amounts() == {0: 45, 2: 45}
    lines = result.explanation()
    assert lines[1] == "Wild: twos."
    assert "Ann declared high: Five of a kind, nines (9s 9h 9d 2c=9 2d=9)." in lines
    assert "Cy has the winning low: Eight-four low (8d 4s 3h 2s=2 Ac)." in lines
    without = settle([Pot(90, (0, 1, 2))], players, rules=HouseRules())
    assert without.amounts() == {2: 90}  # no wild cards: Bob's royal flush blocks Ann's high
    assert not any(line.startswith("Wild") for line in without.explanation())


def test_cards_speak_with_wild_cards_on_both_sides() -> None:
    players = hands(("9s 9d 2c 9h 2d Kc 4h", None), ("Ac 3h 4s 2s 8d Kd Qc", None))
    result = settle([Pot(91, (0, 1))], players, rules=HouseRules.preset("cards-speak"), wild=DEUCES)
    assert result.amounts() == {0: 46, 1: 45}
    assert "Bob shows One pair, aces (Ac 2s=A Kd Qc 8d) and Eight-four low (8d 4s 3h 2s=2 Ac)." in (
        result.explanation()
    )


def test_wild_duplicates_no_makes_five_aces_four() -> None:
    players = hands(("As Ad Ah Ac 2c", HIGH), ("9s Ts Js Qs Ks", HIGH))
    yes = settle([Pot(40, (0, 1))], players, rules=HouseRules(), wild=DEUCES)
    assert yes.amounts() == {0: 40}
    no = settle([Pot(40, (0, 1))], players, rules=HouseRules(wild_duplicates=False), wild=DEUCES)
    assert no.amounts() == {1: 40}
    assert "Ann declared high: Four of a kind, aces (As Ah Ad Ac 2c=K)." in no.explanation()


def test_natural_beats_wild_gives_the_tie_to_fewer_wild_cards() -> None:
    players = hands(("Ac Kd Qh Js Tc", HIGH), ("Ad Kc Qs Jh 2d", HIGH), ("Ah Kh Qc Jd 2h", HIGH))
    pot = [Pot(90, (0, 1, 2))]
    assert settle(pot, players, rules=HouseRules(), wild=DEUCES).amounts() == {0: 30, 1: 30, 2: 30}
    natural = HouseRules(natural_beats_wild=True)
    assert settle(pot, players, rules=natural, wild=DEUCES).amounts() == {0: 90}
    two_wild = hands(("Ad Kc Qs Jh 2d", HIGH), ("Ah Kh Qc Jd 2h", HIGH))
    assert settle([Pot(60, (0, 1))], two_wild, rules=natural, wild=DEUCES).amounts() == {
        0: 30,
        1: 30,
    }


def test_the_lowest_face_down_card_is_wild_for_its_player_only() -> None:
    # Ann's face-down cards are 4c Ah 9d: fours are wild for her; Bob's lowest down card is a 6.
    ann = ShowdownHand(
        0, parse_cards("4c Ah 9d 4h Kd Ks 7c"), HIGH, "Ann", up=parse_cards("4h Kd Ks 7c")
    )
    bob = ShowdownHand(
        1, parse_cards("6c 6d Qs Qd Qh 4s 8d"), HIGH, "Bob", up=parse_cards("Qs Qd Qh 4s")
    )
    spec = WildSpec.parse("low-hole")
    result = settle([Pot(50, (0, 1))], [ann, bob], rules=HouseRules(), wild=spec)
    assert result.amounts() == {1: 50}
    lines = result.explanation()
    assert "Wild: each player's lowest face-down card, for that player." in lines
    assert "Ann declared high: Four of a kind, kings (Ks Kd 4h=K 4c=K Ah)." in lines
    assert "Bob declared high: Five of a kind, queens (Qs Qh Qd 6c=Q 6d=Q)." in lines
    ace_low = settle(
        [Pot(50, (0, 1))], [ann, bob], rules=HouseRules(ace_low_for_wild=True), wild=spec
    )
    assert "Ann declared high: Full house, kings full of fours (Ks Kd Ah=K 4h 4c)." in (
        ace_low.explanation()
    )


def test_follow_the_queen_settles_with_the_rank_the_deal_ended_with() -> None:
    players = hands(("7c 7d Qh 3s 5d", HIGH), ("9c 9d 9h Ks 2d", HIGH))
    spec = WildSpec.parse("follow-the-queen")
    up = parse_cards("Qh 5d 3s Qc 7h 8c")
    queens = follow_the_queen(up, "only-queens")
    result = settle([Pot(20, (0, 1))], players, rules=HouseRules(), wild=spec, queen_ranks=queens)
    assert result.amounts() == {0: 20}
    assert "Wild: sevens, queens." in result.explanation()
    only_queens = settle([Pot(20, (0, 1))], players, rules=HouseRules(), wild=spec)
    assert only_queens.amounts() == {1: 20}


def test_odd_chips_by_suit_read_the_suit_a_wild_card_stood_for() -> None:
    # Both make a king-high straight; Bob's deuce stands for a king, of spades (a wild card
    # whose suit does not matter takes the first free suit from spades down).
    players = hands(("Kc Qd Jh Ts 9c 3d 4d", None), ("Qh Jd Tc 9s 2d 3c 4h", None))
    rules = HouseRules.preset("cards-speak", odd_chip_order="suit", low_qualifier=None)
    result = settle([Pot(5, (0, 1))], players, rules=rules, wild=DEUCES, high_only=True)
    assert result.amounts() == {1: 3, 0: 2}


def test_a_joker_in_a_game_without_one_is_a_sentence() -> None:
    players = hands(("As Ks Qs Js Jk", HIGH), ("9c 9d 9h Kd 3d", HIGH))
    with pytest.raises(HandError, match="this game has no joker"):
        settle([Pot(20, (0, 1))], players, rules=HouseRules(), wild=DEUCES)
    with pytest.raises(HandError, match="the joker has no value of its own"):
        settle([Pot(20, (0, 1))], players, rules=HouseRules())
