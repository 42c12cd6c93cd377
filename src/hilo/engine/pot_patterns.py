"""Decisions of one pot kept by the showdown's pattern, for the referee's straight path
(`hilo.engine.one_pot`).

Who wins a pot under the declarations depends on the cards only through how the hands'
scores compare: with each other and with nothing (0, no qualifying low). A showdown's
`pattern` is its declarations in the pot's order and those comparisons, so two showdowns
of one pattern are won the same way, by the players in the same places of their pots. A
decision is worked out once a pattern (by `hilo.engine.pot_settling`'s own functions),
with the players named by their places, and kept; it is kept again named by the pot's
seats for each set of seats it meets (`in_seats`), and the chips are awarded afresh every
time. Three players' showdowns have about a thousand patterns under one set of house
rules; each kept set is bounded and forgotten at once when full.
"""

from __future__ import annotations

from hilo.engine.declare import Direction
from hilo.engine.pot_settling import make_check
from hilo.engine.rulings import FallbackRuling, Method, SwingCheck
from hilo.hands.sides import Sides
from hilo.rules.house_rules import HouseRules

__all__ = [
    "IN_FULL",
    "KEPT",
    "LATEST",
    "MOST_PLAYERS",
    "Decision",
    "Kept",
    "forget",
    "in_seats",
    "keep",
    "kept",
    "pattern",
]

Decision = tuple[
    Method,
    FallbackRuling | None,
    tuple[SwingCheck, ...],
    tuple[int, ...],
    tuple[int, ...],
    int | None,
    int | None,
    bool,
    str,
    str,
]
"""A pot's ruling without its chips: how it was settled, the fallback, the swings' checks,
the high and low winners, the blockers, whether second-best hands could win, and the
reasons of the high and low awards. The players are named by their places in the pot (0
for its first seat, and so on) or by their seats, as said where one is kept."""

IN_FULL: Decision = (Method.RIDES, None, (), (), (), None, None, False, "", "")
"""The decision that `hilo.engine.pot_settling.settle_pot` settles the pot (a fallback
other than riding or the cards speaking)."""

KEPT = 20_000
"""Decisions kept in one set, at most."""
MOST_PLAYERS = 10
"""The most players in a pot whose decisions are kept: more players' patterns are many and
large, and such pots are left to the general path."""
_SETS_KEPT = 16
"""Pairs of house rules and sides whose decisions are kept, at most."""

Kept = tuple[dict[object, Decision], dict[object, Decision]]
"""The decisions kept for one pair of house rules and sides: by pattern, the players named
by their places; by the pot's seats and pattern, named by their seats."""

_KEPT: dict[tuple[HouseRules, Sides], Kept] = {}
LATEST: list[tuple[HouseRules | None, Sides | None, Kept]] = [(None, None, ({}, {}))]
"""The house rules, sides and kept decisions of the latest showdown: a table's showdowns
share them, and looking them up by identity first saves hashing the house rules."""


def kept(rules: HouseRules, sides: Sides) -> Kept:
    """The decisions kept for house rules and sides equal to these (every table of the
    same house rules shares them)."""
    found = _KEPT.get((rules, sides))
    if found is None:
        if len(_KEPT) >= _SETS_KEPT:
            _KEPT.clear()
        found = _KEPT[rules, sides] = ({}, {})
    LATEST[0] = (rules, sides, found)
    return found


def keep(store: dict[object, Decision], key: object, decision: Decision) -> Decision:
    """Keep ``decision`` in ``store`` under ``key`` and return it; a full store (`KEPT`) is
    forgotten at once first."""
    if len(store) >= KEPT:
        store.clear()
    store[key] = decision
    return decision


def forget() -> None:
    """Forget every kept decision (to measure the referee as it meets its first showdowns)."""
    _KEPT.clear()
    LATEST[0] = (None, None, ({}, {}))


def pattern(
    declared: list[Direction | None], highs: list[int], lows: list[int]
) -> tuple[object, ...]:
    """What the deciding functions ask of a showdown: the declarations in the pot's order,
    and how the scores on each side compare with each other and with nothing (0).

    >>> same = pattern([None] * 2, [9, 4], [0, 3])
    >>> same == pattern([None] * 2, [80, 2], [-1, 1])
    True
    >>> same == pattern([None] * 2, [80, 80], [0, 1])
    False
    """
    # Each pair of scores compared as 0 (equal), 1 (greater) or 2 (less), in base 3; each
    # score compared with 0. Written out for two and three hands, the commonest showdowns.
    players = len(declared)
    if players == 3:
        one, two, three = highs
        four, five, six = lows
        first, second, third = declared
        return (
            first, second, third,
            (0 if one == two else 1 if one > two else 2)
            + (0 if one == three else 3 if one > three else 6)
            + (0 if two == three else 9 if two > three else 18),
            (0 if four == five else 1 if four > five else 2)
            + (0 if four == six else 3 if four > six else 6)
            + (0 if five == six else 9 if five > six else 18),
            one > 0, two > 0, three > 0, four > 0, five > 0, six > 0,
        )  # fmt: skip
    if players == 2:
        one, two = highs
        three, four = lows
        first, second = declared
        return (
            first, second,
            0 if one == two else 1 if one > two else 2,
            0 if three == four else 1 if three > four else 2,
            one > 0, two > 0, three > 0, four > 0,
        )  # fmt: skip
    return (tuple(declared), _shape(highs), _shape(lows))


def _shape(scores: list[int]) -> tuple[int, ...]:
    """The place of nothing (0) among the distinct scores and 0, then each score's place.

    >>> _shape([40, -1, 40, 7]), _shape([0, 0, -1]) == _shape([1, 1, 0])
    ((1, 3, 0, 3, 2), False)
    """
    places = sorted({0, *scores})
    return (places.index(0), *map(places.index, scores))


def in_seats(decision: Decision, seats: tuple[int, ...]) -> Decision:
    """A decision naming players by their places in the pot, named by the pot's ``seats``.

    >>> from hilo.engine.rulings import Method
    >>> in_seats((Method.DECLARED, None, (), (0,), (2,), None, 1, False, "", ""), (3, 5, 8))[3:7]
    ((3,), (8,), None, 5)
    """
    if decision is IN_FULL:
        return decision
    method, fallback, checks, high, low, high_blocker, low_blocker, used, high_why, low_why = (
        decision
    )
    return (
        method,
        fallback,
        tuple(
            [
                make_check(
                    seats[check.seat],
                    check.high,
                    check.low,
                    None if check.high_rival is None else seats[check.high_rival],
                    None if check.low_rival is None else seats[check.low_rival],
                    check.sides,
                )
                for check in checks
            ]
        ),
        tuple([seats[place] for place in high]),
        tuple([seats[place] for place in low]),
        None if high_blocker is None else seats[high_blocker],
        None if low_blocker is None else seats[low_blocker],
        used,
        high_why,
        low_why,
    )
