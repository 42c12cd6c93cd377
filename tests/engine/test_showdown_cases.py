"""Worked cases for every switch of RULES.md sections 4-6, one row each.

Each row: id, house rules, players (NAME:DECLARE:CARDS in seat order from the button),
pots, the chips each player wins, and the chips that ride to the next hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.cases import PotSpec, settle_case

# Hands used again and again (5-card stud hands; suits keep every card distinct).
TWO_PAIR = "Kc Kd Jh Js 9c"  # high: two pair; no low worth anything
STRAIGHT_7 = "7c 6d 5h 4s 3c"  # high: straight to the seven; low: seven-six
SIX_FOUR = "6h 4d 3h 2s Ad"  # high: ace high; low: six-four
WHEEL = "5s 4h 3s 2c As"  # high: straight to the five; low: the wheel, five-four
EIGHT_SIX = "8h 6s 4c 3d 2h"  # low: eight-six
TWO_PAIR_B = "Qc Qd Th Ts 9d"  # high: two pair, below TWO_PAIR
TIE_WHEEL = "5c 4d 3c 2d Ad"  # ties WHEEL on both sides

# Swings that fail on both sides at once: B wins high and loses low to D; D the reverse.
BLOCKED = [f"A:high:{TWO_PAIR}", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}", f"D:both:{WHEEL}"]

Row = tuple[str, Any, list[str], PotSpec, dict[str, int], int]

ROWS: list[Row] = [
    # RULES.md worked example: B's swing loses low; A was beaten by it.
    (
        "rules-example-strict",
        "strict",
        [f"A:high:{TWO_PAIR}", f"B:both:{STRAIGHT_7}", f"C:low:{SIX_FOUR}"],
        120,
        {"C": 120},
        0,
    ),
    (
        "rules-example-liberal",
        "liberal",
        [f"A:high:{TWO_PAIR}", f"B:both:{STRAIGHT_7}", f"C:low:{SIX_FOUR}"],
        120,
        {"A": 60, "C": 60},
        0,
    ),
    (
        "rules-example-outright",
        "outright",
        [f"A:high:{TWO_PAIR}", f"B:both:{STRAIGHT_7}", f"C:low:{SIX_FOUR}"],
        120,
        {"A": 60, "C": 60},
        0,
    ),
    # A swing that wins both sides scoops under every rule.
    (
        "swing-scoops-strict",
        "strict",
        [f"A:high:{TWO_PAIR}", f"B:both:{WHEEL}", f"C:low:{SIX_FOUR}"],
        120,
        {"B": 120},
        0,
    ),
    (
        "swing-scoops-liberal",
        "liberal",
        [f"A:high:{TWO_PAIR}", f"B:both:{WHEEL}", f"C:low:{SIX_FOUR}"],
        121,
        {"B": 121},
        0,
    ),
    # A swing that loses high: the high hand is not beaten by it, the low hand is.
    (
        "swing-loses-high-strict",
        "strict",
        [f"A:high:{TWO_PAIR}", "B:both:6c 4h 3c 2d Ac", f"C:low:{EIGHT_SIX}"],
        120,
        {"A": 120},
        0,
    ),
    (
        "swing-loses-high-liberal",
        "liberal",
        [f"A:high:{TWO_PAIR}", "B:both:6c 4h 3c 2d Ac", f"C:low:{EIGHT_SIX}"],
        120,
        {"A": 60, "C": 60},
        0,
    ),
    # A swing that ties high and wins low outright.
    (
        "swing-ties-high-strict",
        "strict",
        ["A:high:7d 6h 5c 4h 3h", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}"],
        120,
        {"A": 120},
        0,
    ),
    (
        "swing-ties-high-outright",
        "outright",
        ["A:high:7d 6h 5c 4h 3h", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}"],
        120,
        {"A": 60, "C": 60},
        0,
    ),
    (
        "swing-ties-high-share",
        "liberal",
        ["A:high:7d 6h 5c 4h 3h", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}"],
        120,
        {"A": 30, "B": 90},
        0,
    ),
    (
        "swing-ties-high-keep-won-side",
        {"preset": "strict", "swing_ties": "keep-won-side"},
        ["A:high:7d 6h 5c 4h 3h", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}"],
        120,
        {"A": 60, "B": 60},
        0,
    ),
    # A swing that wins high outright and ties low.
    (
        "swing-ties-low-strict",
        "strict",
        [f"A:high:{TWO_PAIR}", f"B:both:{WHEEL}", f"C:low:{TIE_WHEEL}"],
        120,
        {"C": 120},
        0,
    ),
    (
        "swing-ties-low-share",
        "liberal",
        [f"A:high:{TWO_PAIR}", f"B:both:{WHEEL}", f"C:low:{TIE_WHEEL}"],
        120,
        {"B": 90, "C": 30},
        0,
    ),
    (
        "swing-ties-low-keep-won-side",
        {"preset": "liberal", "swing_ties": "keep-won-side"},
        [f"A:high:{TWO_PAIR}", f"B:both:{WHEEL}", f"C:low:{TIE_WHEEL}"],
        120,
        {"B": 60, "C": 60},
        0,
    ),
    # Two swings tie each other on both sides.
    (
        "swings-tie-both-share",
        "liberal",
        [f"A:both:{WHEEL}", f"B:both:{TIE_WHEEL}", f"C:high:{TWO_PAIR}"],
        120,
        {"A": 60, "B": 60},
        0,
    ),
    (
        "swings-tie-both-keep-won-side",
        {"preset": "liberal", "swing_ties": "keep-won-side"},
        [f"A:both:{WHEEL}", f"B:both:{TIE_WHEEL}", f"C:high:{TWO_PAIR}", f"D:low:{EIGHT_SIX}"],
        120,
        {"C": 60, "D": 60},
        0,
    ),
    (
        "swings-tie-both-strict-second-best-off",
        "strict",
        [f"A:both:{WHEEL}", f"B:both:{TIE_WHEEL}", f"C:high:{TWO_PAIR}", f"D:low:{EIGHT_SIX}"],
        120,
        {},
        120,
    ),
    # Both swings are best on both sides (tied), so they stay swings, fail again, and it rides.
    (
        "swings-tie-both-no-winner-keep-won-side-then-rides",
        {"preset": "strict", "no_winner": "keep-won-side"},
        [f"A:both:{WHEEL}", f"B:both:{TIE_WHEEL}", f"C:high:{TWO_PAIR}", f"D:low:{EIGHT_SIX}"],
        120,
        {},
        120,
    ),
    # Nobody can win either side: each no_winner rule.
    ("no-winner-rides", {"preset": "strict", "no_winner": "rides"}, BLOCKED, 120, {}, 120),
    (
        "no-winner-cards-speak",
        {"preset": "strict", "no_winner": "cards-speak"},
        BLOCKED,
        120,
        {"B": 60, "D": 60},
        0,
    ),
    (
        "no-winner-split",
        {"preset": "strict", "no_winner": "split"},
        BLOCKED,
        122,
        {"A": 31, "B": 31, "C": 30, "D": 30},
        0,
    ),
    (
        "no-winner-second-best",
        {"preset": "strict", "no_winner": "second-best"},
        BLOCKED,
        120,
        {"A": 60, "C": 60},
        0,
    ),
    ("second-best-on-already", "outright", BLOCKED, 120, {"A": 60, "C": 60}, 0),
    # no_winner=keep-won-side: B is best high and D best low, so each keeps that side.
    (
        "no-winner-keep-won-side",
        {"preset": "strict", "no_winner": "keep-won-side"},
        BLOCKED,
        120,
        {"B": 60, "D": 60},
        0,
    ),
    # RULES.md's case: A swings 7-6-5-4-3, B a flush and 8-5-4-3-A; each is best on one side.
    (
        "no-winner-keep-won-side-reaches-further",
        {"preset": "strict", "all_swing_fallback": "no-winner", "no_winner": "keep-won-side"},
        [f"A:both:{STRAIGHT_7}", "B:both:8d 5d 4d 3d Ad"],
        120,
        {"A": 60, "B": 60},
        0,
    ),
    (
        "swing-ties-keep-won-side-does-not-reach",
        {"preset": "strict", "all_swing_fallback": "no-winner", "swing_ties": "keep-won-side"},
        [f"A:both:{STRAIGHT_7}", "B:both:8d 5d 4d 3d Ad"],
        120,
        {},
        120,
    ),
    # A swing best on neither side stays out; the one-way hands it never blocked still cannot
    # beat the swings that are best.
    (
        "no-winner-keep-won-side-swing-best-on-neither-stays-out",
        {"preset": "strict", "no_winner": "keep-won-side"},
        [*BLOCKED, "E:both:Td 9d 7s 6c 5d"],
        120,
        {"B": 60, "D": 60},
        0,
    ),
    # Everybody swings.
    (
        "all-swing-cards-speak",
        "strict",
        [f"B:both:{STRAIGHT_7}", f"D:both:{WHEEL}"],
        120,
        {"B": 60, "D": 60},
        0,
    ),
    (
        "all-swing-no-winner-rides",
        {"preset": "strict", "all_swing_fallback": "no-winner"},
        [f"B:both:{STRAIGHT_7}", f"D:both:{WHEEL}"],
        120,
        {},
        120,
    ),
    (
        "all-swing-no-winner-second-best-then-rides",
        {"preset": "strict", "all_swing_fallback": "no-winner", "no_winner": "second-best"},
        [f"B:both:{STRAIGHT_7}", f"D:both:{WHEEL}"],
        120,
        {},
        120,
    ),
    (
        "all-swing-no-winner-keep-won-side",
        {"preset": "strict", "all_swing_fallback": "no-winner", "no_winner": "keep-won-side"},
        [f"B:both:{STRAIGHT_7}", f"D:both:{WHEEL}"],
        120,
        {"B": 60, "D": 60},
        0,
    ),
    (
        "all-swing-one-good",
        "strict",
        [f"B:both:{WHEEL}", f"D:both:{EIGHT_SIX}"],
        120,
        {"B": 120},
        0,
    ),
    # Nobody declares one of the directions: the other side takes the whole pot.
    ("all-high", "strict", [f"A:high:{TWO_PAIR}", f"B:high:{STRAIGHT_7}"], 121, {"B": 121}, 0),
    ("all-low", "strict", [f"A:low:{SIX_FOUR}", f"B:low:{STRAIGHT_7}"], 121, {"A": 121}, 0),
    (
        "only-failed-swing-low",
        "strict",
        [f"A:high:{TWO_PAIR}", f"B:both:{TWO_PAIR_B}"],
        120,
        {"A": 120},
        0,
    ),
    # Odd chips: ties in both halves; the high half gets the odd chip, then left of the button.
    (
        "odd-chips-both-halves",
        "cards-speak",
        ["A:-:Kc Kd Qh Qs 9c", "B:-:Kh Ks Qc Qd 9d", "C:-:7c 5d 4h 3s 2c", "D:-:7d 5c 4s 3h 2d"],
        103,
        {"A": 26, "B": 26, "C": 26, "D": 25},
        0,
    ),
    (
        "odd-chip-to-low",
        {"preset": "cards-speak", "odd_chip": "low"},
        ["A:-:Kc Kd Qh Qs 9c", "B:-:Kh Ks Qc Qd 9d", "C:-:7c 5d 4h 3s 2c", "D:-:7d 5c 4s 3h 2d"],
        103,
        {"A": 26, "B": 25, "C": 26, "D": 26},
        0,
    ),
    (
        "odd-chips-suit-order",
        {"preset": "cards-speak", "odd_chip_order": "suit"},
        ["A:-:Kc Kd Qh Qs 9c", "B:-:Kh Ks Qc Qd 9d", "C:-:7d 5c 4s 3h 2d", "D:-:7c 5d 4h 3s 2c"],
        103,
        {"A": 26, "B": 26, "C": 25, "D": 26},
        0,
    ),
    (
        "odd-chip-suit-high",
        {"preset": "cards-speak", "odd_chip_order": "suit"},
        ["A:-:Kc Kd Qh Qs 9c", "B:-:Kh Ks Qc Qd 9d"],
        101,
        {"A": 50, "B": 51},
        0,
    ),
    (
        "odd-chip-declared-ties",
        "liberal",
        [
            "A:high:Kc Kd Qh Qs 9c",
            "B:high:Kh Ks Qc Qd 9d",
            "C:low:7c 5d 4h 3s 2c",
            "D:low:7d 5c 4s 3h 2d",
        ],
        103,
        {"A": 26, "B": 26, "C": 26, "D": 25},
        0,
    ),
    # Eight-or-better with no qualifying low: the high hand takes all.
    (
        "eight-or-better-no-low",
        "cards-speak",
        [f"A:-:{TWO_PAIR}", "B:-:9h 7d 5h 3s 2d"],
        120,
        {"A": 120},
        0,
    ),
    (
        "eight-or-better-declared",
        {"preset": "strict", "low_qualifier": 8},
        [f"A:high:{TWO_PAIR}", "B:low:9h 7d 5h 3s 2d"],
        120,
        {"A": 120},
        0,
    ),
    (
        "eight-or-better-swing-without-low",
        {"preset": "liberal", "low_qualifier": 8},
        [f"A:high:{TWO_PAIR_B}", f"B:both:{TWO_PAIR}"],
        120,
        {"A": 120},
        0,
    ),
    # The three low systems change who has the best low.
    (
        "ace-to-five",
        {"preset": "strict", "low": "ace-to-five"},
        [f"A:low:{WHEEL}", "B:low:7h 5c 4c 3d 2h"],
        100,
        {"A": 100},
        0,
    ),
    (
        "deuce-to-seven",
        {"preset": "strict", "low": "deuce-to-seven"},
        [f"A:low:{WHEEL}", "B:low:7h 5c 4c 3d 2h"],
        100,
        {"B": 100},
        0,
    ),
    (
        "ace-to-six-straight-counts",
        {"preset": "strict", "low": "ace-to-six"},
        [f"A:low:{WHEEL}", "B:low:7h 5c 4c 3d 2h"],
        100,
        {"B": 100},
        0,
    ),
    (
        "ace-to-six-best",
        {"preset": "strict", "low": "ace-to-six"},
        [f"A:low:{SIX_FOUR}", "B:low:7h 5c 4c 3d 2c"],
        100,
        {"A": 100},
        0,
    ),
    (
        "deuce-to-seven-six-four-is-ace-high",
        {"preset": "strict", "low": "deuce-to-seven"},
        [f"A:low:{SIX_FOUR}", "B:low:Kh Qc Jc 9d 7h"],
        100,
        {"B": 100},
        0,
    ),
    # Side pots where the declarations give different winners per pot.
    (
        "side-pots-differ",
        "strict",
        [f"A:low:{WHEEL}", "B:high:Tc Td Th 9s 8d", f"C:both:{STRAIGHT_7}"],
        [(90, "A,B,C"), (60, "B,C")],
        {"A": 90, "C": 60},
        0,
    ),
    (
        "side-pots-differ-liberal",
        "liberal",
        [f"A:low:{WHEEL}", "B:high:Tc Td Th 9s 8d", f"C:both:{STRAIGHT_7}"],
        [(90, "A,B,C"), (60, "B,C")],
        {"A": 45, "B": 45, "C": 60},
        0,
    ),
    (
        "side-pot-rides-main-paid",
        {"preset": "strict", "no_winner": "rides"},
        [f"A:high:{TWO_PAIR}", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}", f"D:both:{WHEEL}"],
        [(80, "A,C"), (40, "A,B,C,D")],
        {"A": 40, "C": 40},
        40,
    ),
    (
        "side-pot-keep-won-side-main-paid",
        {"preset": "strict", "no_winner": "keep-won-side"},
        [f"A:high:{TWO_PAIR}", f"B:both:{STRAIGHT_7}", f"C:low:{EIGHT_SIX}", f"D:both:{WHEEL}"],
        [(80, "A,C"), (40, "A,B,C,D")],
        {"A": 40, "B": 20, "C": 40, "D": 20},
        0,
    ),
    # Folded players never win; a pot with one player left is simply theirs.
    (
        "folded-never-wins",
        "strict",
        [f"A:fold:{WHEEL}", f"B:high:{TWO_PAIR}", f"C:low:{EIGHT_SIX}"],
        120,
        {"B": 60, "C": 60},
        0,
    ),
    (
        "uncontested-side-pot",
        "strict",
        [f"A:low:{SIX_FOUR}", f"B:high:{TWO_PAIR}", "C:fold:"],
        [(60, "A,B,C"), (20, "B,C")],
        {"A": 30, "B": 50},
        0,
    ),
    # Cards speak in the community games.
    (
        "holdem-board-plays-three-way",
        "cards-speak",
        ["A:-:2c 3d", "B:-:2h 3h", "C:-:2s 4c"],
        100,
        {"A": 34, "B": 33, "C": 33},
        0,
    ),
]


@pytest.mark.parametrize(
    ("rules", "players", "pots", "awards", "carried"),
    [pytest.param(*row[1:], id=row[0]) for row in ROWS if not row[0].startswith("holdem")],
)
def test_worked_case(
    rules: Any, players: list[str], pots: PotSpec, awards: dict[str, int], carried: int
) -> None:
    answer = settle_case(rules, players, pots)
    assert answer["awards"] == awards
    assert answer["carried"] == carried
    total = pots if isinstance(pots, int) else sum(amount for amount, _ in pots)
    assert sum(answer["awards"].values()) + answer["carried"] == total


def test_holdem_board_plays_three_way_tie() -> None:
    answer = settle_case(
        "cards-speak",
        ["C:-:2c 3d", "A:-:2h 3h", "B:-:2s 4c"],
        100,
        game="holdem",
        board="Ah Kd Qc Jc 9d",
    )
    # Three tie for high; no low qualifies; the odd chip goes left of the button first.
    assert answer["awards"] == {"C": 34, "A": 33, "B": 33}


def test_omaha_cards_speak_split() -> None:
    answer = settle_case(
        "cards-speak",
        ["A:-:As 2s Kd Kh", "B:-:Qc Qd Jh Js"],
        100,
        game="omaha",
        board="3s 4s 9c Kc 8d",
    )
    assert answer["awards"] == {"A": 100}  # trips kings and the only eight-or-better low
