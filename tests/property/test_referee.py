"""Invariants of the referee over random showdowns, pots and house rules."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from hilo.cards import FULL_DECK, parse_cards
from hilo.engine import Direction, Pot, ShowdownHand, ShowdownResult, settle
from hilo.hands import Ranking
from hilo.rules import HouseRules

rules_strategy = st.builds(
    HouseRules,
    low=st.sampled_from([Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX]),
    low_qualifier=st.sampled_from([None, 8]),
    declare=st.sampled_from(["simultaneous", "cards-speak"]),
    swing_ties=st.sampled_from(["lose", "share", "keep-won-side"]),
    second_best=st.booleans(),
    no_winner=st.sampled_from(["rides", "cards-speak", "split", "second-best", "keep-won-side"]),
    all_swing_fallback=st.sampled_from(["cards-speak", "no-winner"]),
    odd_chip=st.sampled_from(["high", "low"]),
    odd_chip_order=st.sampled_from(["button", "suit"]),
)


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[list[Pot], list[ShowdownHand], HouseRules]:
    """A random seven-card showdown with side pots, folds and declarations."""
    rules = draw(rules_strategy)
    players = draw(st.integers(min_value=2, max_value=6))
    deck = draw(st.permutations(FULL_DECK))
    folded = draw(st.lists(st.booleans(), min_size=players, max_size=players))
    if all(folded):
        folded[draw(st.integers(0, players - 1))] = False
    hands = []
    for seat in range(players):
        declaration = None
        if not rules.is_cards_speak:
            declaration = draw(st.sampled_from(list(Direction)))
        cards = tuple(deck[seat * 7 : seat * 7 + 7])
        hands.append(ShowdownHand(seat, cards, declaration, f"P{seat}", folded[seat]))
    live = [seat for seat in range(players) if not folded[seat]]
    pots = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        members = draw(st.sets(st.sampled_from(range(players)), min_size=1))
        if not any(seat in live for seat in members):
            members.add(draw(st.sampled_from(live)))
        pots.append(Pot(draw(st.integers(min_value=0, max_value=1_001)), tuple(sorted(members))))
    return pots, hands, rules


def check_totals(result: ShowdownResult, pots: list[Pot]) -> None:
    for pot, ruling in zip(pots, result.pots, strict=True):
        awarded = sum(award.amount for award in ruling.awards)
        assert awarded + ruling.carried == pot.amount
        assert all(award.amount > 0 for award in ruling.awards)
    assert sum(result.amounts().values()) + result.carried == sum(pot.amount for pot in pots)


@given(showdowns())
def test_chips_are_conserved(case: tuple[list[Pot], list[ShowdownHand], HouseRules]) -> None:
    pots, hands, rules = case
    result = settle(pots, hands, rules=rules)
    check_totals(result, pots)
    text = str(result)  # the explanation can always be written, and names every winner
    names = {hand.seat: hand.name for hand in hands}
    for award in result.awards:
        assert names[award.seat] in text


@given(showdowns())
def test_folded_or_absent_players_never_win(
    case: tuple[list[Pot], list[ShowdownHand], HouseRules],
) -> None:
    pots, hands, rules = case
    result = settle(pots, hands, rules=rules)
    folded = {hand.seat for hand in hands if hand.is_folded}
    for pot, ruling in zip(pots, result.pots, strict=True):
        for award in ruling.awards:
            assert award.seat not in folded
            assert award.seat in pot.seats


@given(showdowns(), st.randoms(use_true_random=False))
def test_player_order_changes_only_odd_chips(
    case: tuple[list[Pot], list[ShowdownHand], HouseRules], rng: random.Random
) -> None:
    pots, hands, rules = case
    shuffled = hands[:]
    rng.shuffle(shuffled)
    before = settle(pots, hands, rules=rules)
    order = tuple(hand.seat for hand in hands)
    # With the button where it was, the input order changes nothing at all.
    assert settle(pots, shuffled, rules=rules, seat_order=order).awards == before.awards
    # Moving the button moves odd chips only: the same seats win the same sides.
    after = settle(pots, shuffled, rules=rules)
    assert after.carried == before.carried
    for first, second in zip(before.pots, after.pots, strict=True):
        # A tied winner whose share rounds to nothing gets no award, and the odd chip
        # may then go the other way: compare what each seat won on each side, 0 included.
        amounts_before = Counter({(award.seat, award.side): award.amount for award in first.awards})
        amounts_after = Counter({(award.seat, award.side): award.amount for award in second.awards})
        for key in amounts_before.keys() | amounts_after.keys():
            assert abs(amounts_before[key] - amounts_after[key]) <= 1
        if all(award.amount > 1 for award in (*first.awards, *second.awards)):
            assert amounts_before.keys() == amounts_after.keys()


@given(showdowns())
def test_declared_winners_declared_that_way(
    case: tuple[list[Pot], list[ShowdownHand], HouseRules],
) -> None:
    pots, hands, rules = case
    result = settle(pots, hands, rules=rules)
    by_seat = {hand.seat: hand for hand in hands}
    for ruling in result.pots:
        if ruling.method != "declared":
            continue
        for award in ruling.awards:
            declared = by_seat[award.seat].declaration
            assert declared is not None
            assert declared.goes_high if award.side == "high" else declared.goes_low


@given(
    rules_strategy.filter(
        lambda rules: not rules.is_cards_speak and rules.low is Ranking.ACE_TO_FIVE
    )
)
def test_a_swing_that_wins_both_sides_outright_scoops(rules: HouseRules) -> None:
    hands = [
        ShowdownHand(0, parse_cards("5c 4d 3h 2s Ac 5h Kd"), Direction.BOTH),
        ShowdownHand(1, parse_cards("Kc Ks Qc Qd 9h 8c 8s"), Direction.HIGH),
        ShowdownHand(2, parse_cards("Jd Th 9d 7s 6d 4s 3c"), Direction.LOW),
    ]
    result = settle([Pot(99, (0, 1, 2))], hands, rules=rules)
    assert result.amounts() == {0: 99}
