"""Who acts first and who declares first, from explicit seats and cards (no hand needed)."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement
from math import comb

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.engine.seating import (
    _RANK_WEIGHT,
    _SHOWING,
    best_high_showing,
    best_showing,
    blind_seats,
    declare_order,
    first_to_act,
    stud_opener,
)
from hilo.hands.high import high_score
from hilo.rules import VARIANTS, HouseRules, Stakes

STUD = VARIANTS["seven-card-stud-hilo-declare"]
HOLDEM = VARIANTS["holdem"]
STRICT = HouseRules.preset("strict")
STUD_STAKES = Stakes(small_bet=10, big_bet=20, ante=1, bring_in=3)
BLINDS = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def test_the_lowest_door_card_brings_it_in_and_the_highest_opens_otherwise() -> None:
    doors = {2: Card("4c"), 0: Card("4d"), 1: Card("As")}
    assert stud_opener(doors, "bring-in") == 2  # a tie of rank goes by suit: clubs lowest
    assert stud_opener(doors, "high-card") == 1  # aces count high


def test_the_best_hand_showing_and_a_tie_to_the_first_from_the_button() -> None:
    up = [cards("Kd 9c"), cards("Kh 9s"), cards("7c 7d")]
    assert best_showing([0, 1, 2], up) == 2
    assert best_showing([1, 0], up) == 1  # kings and nines twice: the first of live keeps it
    assert best_showing([0, 1], up) == 0


def test_the_blinds_and_heads_up_the_button_is_the_small_blind() -> None:
    assert blind_seats(2, 1) == (1, 0)
    assert blind_seats(3, 2) == (0, 1)
    assert blind_seats(6, 0) == (1, 2)


def test_first_to_act_with_blinds_under_the_gun_and_later_left_of_the_button() -> None:
    live = [1, 2, 3, 0]  # from the left of the button, seat 0
    first = first_to_act(HOLDEM, STRICT, BLINDS, 0, seats=4, button=0, live=live, up_cards=())
    assert first == (3, None)
    heads_up = first_to_act(HOLDEM, STRICT, BLINDS, 0, seats=2, button=1, live=[0, 1], up_cards=())
    assert heads_up == (1, None)
    later = first_to_act(HOLDEM, STRICT, BLINDS, 1, seats=4, button=0, live=[2, 3], up_cards=())
    assert later == (2, None)


def test_first_to_act_in_stud_the_bring_in_then_the_best_showing() -> None:
    up = [cards("Qd"), cards("2h"), cards("Jc")]
    live = [1, 2, 0]
    first = first_to_act(STUD, STRICT, STUD_STAKES, 0, seats=3, button=0, live=live, up_cards=up)
    assert first == (1, 1)
    high_card = HouseRules.preset("strict", stud_opener="high-card")
    assert first_to_act(
        STUD, high_card, STUD_STAKES, 0, seats=3, button=0, live=live, up_cards=up
    ) == (0, None)
    up = [cards("Qd 3c"), cards("2h 2c"), cards("Jc Ad")]
    assert first_to_act(
        STUD, STRICT, STUD_STAKES, 1, seats=3, button=0, live=live, up_cards=up
    ) == (1, None)


def test_the_declare_order_all_at_once_or_in_turn() -> None:
    up = [cards("Qd 3c"), cards("2h 2c"), cards("Jc Ad")]
    live = [1, 2, 0]
    at_once = declare_order(STRICT, STUD, live=live, up_cards=up, last_aggressor=2)
    assert at_once == live
    in_turn = HouseRules.preset("strict", declare="in-turn")
    assert declare_order(in_turn, STUD, live=live, up_cards=up, last_aggressor=2) == live
    showing = HouseRules.preset("strict", declare="in-turn", declare_order="high-showing")
    assert declare_order(showing, STUD, live=live, up_cards=up, last_aggressor=None) == [1, 2, 0]
    assert declare_order(showing, STUD, live=[2, 0], up_cards=up, last_aggressor=None) == [2, 0]
    aggressor = HouseRules.preset("strict", declare="in-turn", declare_order="last-aggressor")
    assert declare_order(aggressor, STUD, live=live, up_cards=up, last_aggressor=0) == [0, 1, 2]
    folded = declare_order(aggressor, STUD, live=[1, 2], up_cards=up, last_aggressor=0)
    assert folded == [1, 2]  # the last aggressor folded: from the left of the button


def test_the_table_of_up_to_four_cards_showing_scores_as_high_score_does() -> None:
    """Every set of up to four cards showing (seeded random suits for every set of ranks,
    and every one or two cards) is scored from the table as `high_score` scores it."""
    best_high_showing([0], [[(Card("As"), True)]])  # fills the table
    assert len(_SHOWING) == sum(comb(13 + count - 1, count) for count in range(5))
    rng = random.Random(11)
    sets = [list(pair) for size in (1, 2) for pair in combinations(FULL_DECK, size)]
    for size in (3, 4):
        for ranks in combinations_with_replacement(range(13), size):
            by_rank = {rank: rng.sample(FULL_DECK[rank * 4 : rank * 4 + 4], 4) for rank in ranks}
            sets.append([by_rank[rank].pop() for rank in ranks])
    for up in sets:
        key = sum(_RANK_WEIGHT[card.index] for card in up)
        assert _SHOWING[key] == high_score(up), up


def test_the_best_high_hand_showing_from_the_table_against_high_score() -> None:
    """Seeded random seats of one to seven cards, some face up: the seat the table finds is
    the first of the seats whose up cards `high_score` scores best."""
    rng = random.Random(5)
    for _ in range(2_000):
        deck = rng.sample(FULL_DECK, 52)
        held = [
            [(deck.pop(), rng.random() < 0.6) for _ in range(rng.randint(1, 7))]
            for _ in range(rng.randint(2, 7))
        ]
        live = rng.sample(range(len(held)), rng.randint(1, len(held)))
        scores = [high_score([card for card, up in held[seat] if up]) for seat in live]
        assert best_high_showing(live, held) == live[scores.index(max(scores))]
