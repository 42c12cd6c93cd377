"""The referee on the other splits: lowball, Chicago (cards speak and declared) and 7/27.

Every explanation is asserted word for word; every number is worked out by hand from
HOME-GAMES.md section 1.4 and RULES.md sections 4 to 6.
"""

from __future__ import annotations

import pytest

from hilo.cards import parse_cards
from hilo.engine import Direction, Pot, ShowdownHand, ShowdownResult, settle
from hilo.errors import HandError
from hilo.rules import VARIANTS, HouseRules, Variant
from tests.property.test_referee_splits import SEVEN_TWENTY_SEVEN

HIGH, LOW, BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH


def hand(
    seat: int, name: str, cards: str, up: str = "", declared: Direction | None = None
) -> ShowdownHand:
    return ShowdownHand(seat, parse_cards(cards), declared, name, up=parse_cards(up))


def run(
    variant: Variant,
    hands: list[ShowdownHand],
    amount: int,
    rules: HouseRules | None = None,
    pots: list[Pot] | None = None,
) -> ShowdownResult:
    rules = rules or HouseRules.preset("cards-speak")
    everybody = tuple(one.seat for one in hands)
    return settle(
        pots or [Pot(amount, everybody)],
        hands,
        rules=variant.showdown_rules(rules),
        sides=variant.sides(rules),
    )


# -- Chicago, cards speak --------------------------------------------------------------

ANN_FLUSH = hand(0, "Ann", "Kh Qh 9h 5h 2h 3d 4c", up="5h 2h 3d 4c")
BOB_ACE = hand(1, "Bob", "As 8c 8d Tc Jd 6c 7s", up="8d Tc Jd 6c")
ANN_NO_SPADE = hand(0, "Ann", "Kh Qh 9h 5h 2h 3d 4s", up="5h 2h 3d 4s")
BOB_NO_SPADE = hand(1, "Bob", "Qc 8c 8d Tc Jd 6c 7c", up="8d Tc Jd 6c")


def test_high_chicago_halves_the_pot_between_the_best_high_and_the_highest_spade() -> None:
    result = run(VARIANTS["high-chicago"], [ANN_FLUSH, BOB_ACE], 101)
    assert result.amounts() == {0: 51, 1: 50}  # the odd chip to the high half
    assert result.explanation() == [
        "Rules: cards-speak.",
        "Ann shows Flush, king high (Kh Qh 9h 5h 2h) and no spade in the hole.",
        "Bob shows One pair, eights (8d 8c As Jd Tc) and Ace of spades in the hole (As).",
        "Main pot (101) between Ann and Bob.",
        "Ann has the best high: Flush, king high (Kh Qh 9h 5h 2h).",
        "Spade half: Bob with Ace of spades in the hole (As).",
        "Awards: Ann 51 (high half, cards speak), Bob 50 (spade half, cards speak).",
    ]


def test_a_spade_face_up_does_not_play_for_the_spade_half() -> None:
    showing = hand(0, "Ann", "Kh Qh 9h 5h 2h Ks 4c", up="5h 2h Ks 4c")
    low_spade = hand(1, "Bob", "3s 8c 8d Tc Jd 6c 7c", up="8d Tc Jd 6c")
    result = run(VARIANTS["high-chicago"], [showing, low_spade], 100)
    assert result.amounts() == {0: 50, 1: 50}


def test_one_player_may_win_both_halves() -> None:
    ann = hand(0, "Ann", "As Kh 9h 5h 2h 3h 4c", up="9h 5h 2h 3h")
    result = run(VARIANTS["high-chicago"], [ann, BOB_NO_SPADE], 100)
    assert result.amounts() == {0: 100}
    assert result.explanation()[-1] == "Ann takes the whole pot (both halves): 100."


def test_nobody_with_a_spade_in_the_hole_the_high_hand_takes_all_by_default() -> None:
    result = run(VARIANTS["high-chicago"], [ANN_NO_SPADE, BOB_NO_SPADE], 101)
    assert result.amounts() == {0: 101}
    assert result.explanation()[-2:] == [
        "No spade in the hole: the high hand takes the whole pot.",
        "Ann takes the whole pot: 101.",
    ]


def test_nobody_with_a_spade_in_the_hole_the_spade_half_rides_under_no_spade_rides() -> None:
    rules = HouseRules.preset("cards-speak", no_spade="rides")
    result = run(VARIANTS["high-chicago"], [ANN_NO_SPADE, BOB_NO_SPADE], 101, rules)
    assert result.amounts() == {0: 51}
    assert result.carried == 50
    assert result.explanation()[-2:] == [
        "No spade in the hole: the spade half rides to the next hand (no_spade=rides).",
        "Awards: Ann 51 (high half, cards speak); 50 rides to the next hand.",
    ]


LOW_ANN = hand(0, "Ann", "As 9s Kh Kd 2c 3d 4c", up="Kd 2c 3d 4c")
LOW_BOB = hand(1, "Bob", "3s 8c 8d Tc Jd 6c 7s", up="8d Tc Jd 6c")


def test_low_chicago_the_lowest_spade_wins_and_the_ace_counts_high() -> None:
    result = run(VARIANTS["low-chicago"], [LOW_ANN, LOW_BOB], 100)
    assert result.amounts() == {0: 50, 1: 50}
    assert result.explanation()[5] == "Spade half: Bob with Three of spades in the hole (3s)."


def test_low_chicago_with_ace_low_spade_the_ace_is_the_lowest_spade() -> None:
    rules = HouseRules.preset("cards-speak", ace_low_spade=True)
    result = run(VARIANTS["low-chicago"], [LOW_ANN, LOW_BOB], 100, rules)
    assert result.amounts() == {0: 100}
    assert result.explanation()[5] == "Spade half: Ann with Ace of spades in the hole (As)."


def test_chicago_side_pots_are_settled_each_among_its_own_players() -> None:
    short = hand(2, "Cy", "2s Qc Qd Qs 9d 9h 5c", up="Qd Qs 9d 9h")  # queens full, the 2s
    pots = [Pot(90, (0, 1, 2)), Pot(40, (0, 1))]
    result = run(VARIANTS["low-chicago"], [LOW_ANN, LOW_BOB, short], 0, pots=pots)
    main, side = result.pots
    assert [(award.seat, award.amount) for award in main.awards] == [(2, 45), (2, 45)]
    assert [(award.seat, award.amount) for award in side.awards] == [(0, 20), (1, 20)]


# -- Chicago, declared -------------------------------------------------------------------


def test_declared_chicago_a_failed_swing_wins_nothing_and_the_words_say_spade() -> None:
    ann = hand(0, "Ann", "Kh Qh 9h 5h 2h 3d 4c", up="5h 2h 3d 4c", declared=HIGH)
    bob = hand(1, "Bob", "As 8c 8d Tc Jd 6c 7s", up="8d Tc Jd 6c", declared=LOW)
    cy = hand(2, "Cy", "Ks Kc Ad Ac 9d 2d 3c", up="Kc Ad 9d 2d", declared=BOTH)
    result = run(VARIANTS["high-chicago-declare"], [ann, bob, cy], 90, HouseRules())
    assert result.amounts() == {0: 45, 1: 45}
    assert result.explanation() == [
        "Rules: strict.",
        "Ann declared high: Flush, king high (Kh Qh 9h 5h 2h).",
        "Bob declared spade: Ace of spades in the hole (As).",
        "Cy declared both ways: Two pair, aces and kings (Ad Ac Ks Kc 9d) and "
        "King of spades in the hole (Ks).",
        "Main pot (90) between Ann, Bob and Cy.",
        "Cy declared both ways: beaten for high by Ann (flush, king high against two pair, "
        "aces and kings) and beaten for spade by Bob (ace of spades in the hole against "
        "king of spades in the hole) — Cy wins nothing (strict: a swing must win both "
        "sides outright).",
        "Ann has the winning high: Flush, king high (Kh Qh 9h 5h 2h).",
        "Spade half: Bob with Ace of spades in the hole (As).",
        "Awards: Ann 45 (high half), Bob 45 (spade half).",
    ]


def test_declared_chicago_a_spade_declarer_without_a_spade_cannot_win_it() -> None:
    ann = hand(0, "Ann", "Kh Qh 9h 5h 2h 3d 4c", up="5h 2h 3d 4c", declared=HIGH)
    bob = hand(1, "Bob", "Qc 8c 8d Tc Jd 6c 7c", up="8d Tc Jd 6c", declared=LOW)
    result = run(VARIANTS["high-chicago-declare"], [ann, bob], 90, HouseRules())
    assert result.amounts() == {0: 90}
    rides = run(VARIANTS["high-chicago-declare"], [ann, bob], 90, HouseRules(no_spade="rides"))
    assert rides.amounts() == {0: 45}
    assert rides.carried == 45


def test_a_chicago_declare_game_needs_declare_rules() -> None:
    with pytest.raises(Exception, match="declare game, but the house rules are cards speak"):
        VARIANTS["high-chicago-declare"].declares_under(HouseRules.preset("cards-speak"))


# -- lowball ---------------------------------------------------------------------------


def test_razz_tied_lows_split_the_pot_with_the_odd_chip_left_of_the_button() -> None:
    ann = hand(0, "Ann", "7c 5d 4h 3s 2c Kd Kh")
    bob = hand(1, "Bob", "7d 5c 4s 3h 2d Qd Qh")
    cy = hand(2, "Cy", "8c 6d 4c 3d Ac Jd Jh")
    result = run(VARIANTS["razz"], [ann, bob, cy], 25)
    assert result.amounts() == {0: 13, 1: 12}
    assert result.explanation()[-2:] == [
        "Seven-five low wins the pot: Ann and Bob tie.",
        "Awards: Ann 13 (whole pot to low, 2-way tie, cards speak), "
        "Bob 12 (whole pot to low, 2-way tie, cards speak).",
    ]


def test_deuce_to_seven_the_ace_is_high_and_a_wheel_is_no_straight() -> None:
    wheel = hand(0, "Ann", "As 2d 3c 4h 5s")
    king = hand(1, "Bob", "Kd 8c 6h 4s 3d")
    result = run(VARIANTS["deuce-to-seven-triple-draw"], [wheel, king], 10)
    assert result.amounts() == {1: 10}
    assert result.explanation()[-2] == "King-eight low wins the pot: Bob (Kd 8c 6h 4s 3d)."


# -- 7/27 ----------------------------------------------------------------------------------

ANN_26_HALF = hand(0, "Ann", "Kc 9d 7h Ts", declared=HIGH)
BOB_7 = hand(1, "Bob", "Ac 6d", declared=LOW)
CY_27_HALF = hand(2, "Cy", "9c 9h 9s Qd", declared=HIGH)


def test_seven_twenty_seven_halves_in_half_points_and_a_bust_cannot_win_27() -> None:
    result = run(SEVEN_TWENTY_SEVEN, [ANN_26_HALF, BOB_7, CY_27_HALF], 7, HouseRules())
    assert result.amounts() == {0: 4, 1: 3}  # the odd chip to the 27 half
    assert result.explanation() == [
        "Rules: strict.",
        "Ann declared 27: 26½ (Kc 9d 7h Ts).",
        "Bob declared 7: 7 (Ac 6d).",
        "Cy declared 27: Bust: 27½ (9c 9h 9s Qd).",
        "Main pot (7) between Ann, Bob and Cy.",
        "27 half: Ann with 26½ (Kc 9d 7h Ts).",
        "7 half: Bob with 7 (Ac 6d).",
        "Awards: Ann 4 (27 half), Bob 3 (7 half).",
    ]


def test_without_bust_over_27_the_nearest_total_wins_from_above() -> None:
    ann_26 = hand(0, "Ann", "Tc 9d 7h", declared=HIGH)
    hands = [ann_26, BOB_7, CY_27_HALF]
    assert run(SEVEN_TWENTY_SEVEN, hands, 100, HouseRules()).amounts() == {0: 50, 1: 50}
    no_bust = HouseRules(bust_over_27=False)
    assert run(SEVEN_TWENTY_SEVEN, hands, 100, no_bust).amounts() == {2: 50, 1: 50}


def test_equally_far_the_total_under_wins_or_under_tie_at_distance_split_they_share() -> None:
    dee = hand(0, "Dee", "Tc 9d 7h", declared=HIGH)  # 26
    eve = hand(1, "Eve", "Th 9h 9c", declared=HIGH)  # 28
    fay = hand(2, "Fay", "2c 5d", declared=LOW)
    rules = HouseRules(bust_over_27=False)
    assert run(SEVEN_TWENTY_SEVEN, [dee, eve, fay], 100, rules).amounts() == {0: 50, 2: 50}
    split = rules.replace(tie_at_distance="split")
    result = run(SEVEN_TWENTY_SEVEN, [dee, eve, fay], 100, split)
    assert result.amounts() == {0: 25, 1: 25, 2: 50}
    assert result.explanation()[5] == "27 half: Dee with 26 and Eve with 28 tie."


def test_aces_count_1_or_11_chosen_separately_for_each_target() -> None:
    gus = hand(0, "Gus", "Ac Ad 5h", declared=BOTH)  # 7 with both aces low, 27 with both high
    bob = hand(1, "Bob", "3c 3d", declared=LOW)
    result = run(
        SEVEN_TWENTY_SEVEN,
        [gus, bob, hand(2, "Ann", "Kc 9d 7h Ts", declared=HIGH)],
        100,
        HouseRules(),
    )
    assert result.amounts() == {0: 100}
    assert result.explanation()[1] == "Gus declared both ways: 27 (Ac Ad 5h) and 7 (Ac Ad 5h)."
    assert (
        result.explanation()[5] == "Gus declared both ways: best 27 and best 7 — the swing stands."
    )


def test_up_cards_must_be_the_players_own() -> None:
    stray = ShowdownHand(0, parse_cards("Kh Qh 9h 5h 2h"), None, "Ann", up=parse_cards("As"))
    with pytest.raises(HandError, match="Ann shows As face up, but it is not one of their cards"):
        run(VARIANTS["high-chicago"], [stray, BOB_ACE], 10)
