"""Decisions kept by the showdown's pattern decide every showdown of that pattern alike.

The straight path (`hilo.engine.one_pot`) keeps a pot's decision by its pattern, so the
decision must depend on nothing the pattern leaves out, and a decision kept with players
named by their places in the pot must name the right seats of another pot.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.engine.declare import Direction
from hilo.engine.one_pot import _decision
from hilo.engine.pot_patterns import Decision, in_seats, pattern
from hilo.hands import Ranking
from hilo.hands.sides import HandSide, Sides
from hilo.rules import HouseRules
from tests.property.test_referee import rules_strategy


def _sides(rules: HouseRules) -> Sides:
    return Sides(HandSide("high"), HandSide("low", Ranking.ACE_TO_FIVE, rules.low_qualifier))


def _decided(
    seats: tuple[int, ...],
    declared: list[Direction | None],
    highs: list[int],
    lows: list[int],
    rules: HouseRules,
) -> Decision:
    return _decision(
        seats,
        None if rules.is_cards_speak else dict(zip(seats, declared, strict=True)),
        dict(zip(seats, highs, strict=True)),
        dict(zip(seats, lows, strict=True)),
        rules,
        _sides(rules),
    )


def _drawn(
    rules: HouseRules, players: int, data: st.DataObject
) -> tuple[list[Direction | None], list[int], list[int]]:
    """Declarations (none when the cards speak), and high and low scores from a few values
    (nothing and below included), so that scores tie and fail to qualify often."""
    declared: list[Direction | None] = [None] * players
    if not rules.is_cards_speak:
        declared = data.draw(
            st.lists(st.sampled_from(list(Direction)), min_size=players, max_size=players)
        )
    scores = st.lists(st.integers(-1, 4), min_size=players, max_size=players)
    return declared, data.draw(scores), data.draw(scores)


@settings(max_examples=500)
@given(rules_strategy, st.integers(2, 5), st.data())
def test_showdowns_of_one_pattern_are_decided_alike(
    rules: HouseRules, players: int, data: st.DataObject
) -> None:
    """The straight path keeps a decision by the showdown's pattern, so the decision must
    depend on nothing else: scores moved by a map that keeps their order (and, for the
    pattern to stay the same, their sign) are decided alike. The maps here may move
    scores across nothing (0), so a pattern that forgot the sign would be caught."""
    seats = tuple(range(players))
    declared, highs, lows = _drawn(rules, players, data)

    def moved(values: list[int]) -> list[int]:
        distinct = sorted(set(values))
        places = st.sets(st.integers(-3, 9), min_size=len(distinct), max_size=len(distinct))
        onto = dict(zip(distinct, sorted(data.draw(places)), strict=True))
        return [onto[value] for value in values]

    other_highs, other_lows = moved(highs), moved(lows)
    same = pattern(declared, other_highs, other_lows) == pattern(declared, highs, lows)
    kept_sign = all(
        (new > 0) == (old > 0)
        for new, old in zip(other_highs + other_lows, highs + lows, strict=True)
    )
    assert kept_sign or not same  # the map keeps the order: only the sign may change
    if same:
        decided = _decided(seats, declared, highs, lows, rules)
        assert _decided(seats, declared, other_highs, other_lows, rules) == decided


@settings(max_examples=300)
@given(rules_strategy, st.integers(2, 5), st.data())
def test_a_decision_by_places_in_the_pot_names_the_pots_seats(
    rules: HouseRules, players: int, data: st.DataObject
) -> None:
    """A decision kept with the players named by their places in the pot, named by
    another pot's seats, is the decision made among those seats."""
    seats = tuple(
        data.draw(st.lists(st.integers(0, 9), min_size=players, max_size=players, unique=True))
    )
    declared, highs, lows = _drawn(rules, players, data)
    by_place = _decided(tuple(range(players)), declared, highs, lows, rules)
    by_seat = _decided(seats, declared, highs, lows, rules)
    assert in_seats(by_place, seats) == by_seat
