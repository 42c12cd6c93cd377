"""Blinds beyond the two the stakes name: straddles, extra and dead blinds, posted per seat.

A hand's setup may list the live blinds and straddles each seat posts (PHH's
``blinds_or_straddles``) and the dead chips each posts into the pot (a dead small blind). Live
posts are the first round's bets; the largest acts last before the flop (of equal ones, the
last from the button's left), as PokerKit plays them, so histories that post them replay.

>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> from hilo.engine.setup import HandSetup
>>> stakes = Stakes(structure="no-limit", small_blind=1, big_blind=2)
>>> HandSetup(VARIANTS["holdem"], HouseRules.preset("cards-speak"), stakes, (50, 50, 50, 50),
...           blinds=(0, 1, 2, 4)).blinds
(0, 1, 2, 4)
>>> HandSetup(VARIANTS["holdem"], HouseRules.preset("cards-speak"), stakes, (50, 50, 50),
...           blinds=(0, 1))
Traceback (most recent call last):
...
hilo.errors.ConfigError: the blinds list one amount for each of the 3 seats, not 2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hilo.engine.event_kinds import Post
from hilo.errors import ConfigError

if TYPE_CHECKING:
    from hilo.engine.setup import HandSetup

__all__ = ["check_posts", "first_after_posts", "post_name"]


def _amounts(values: Sequence[int], what: str, seats: int) -> None:
    if len(values) != seats:
        raise ConfigError(
            f"the {what} list one amount for each of the {seats} seats, not {len(values)}"
        )
    for seat, chips in enumerate(values):
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise ConfigError(
                f"the {what} must be whole numbers of chips, 0 or more: seat {seat} has {chips!r}"
            )


def check_posts(setup: HandSetup) -> None:
    """Refuse, with a sentence, blinds or dead blinds a hand of ``setup`` cannot post."""
    seats = len(setup.stacks)
    if setup.blinds:
        _amounts(setup.blinds, "blinds", seats)
        if setup.variant.forced != "blinds":
            raise ConfigError(
                f"{setup.variant.title} is not played with blinds: "
                "it takes no straddle or extra blind"
            )
        if seats == 2:
            raise ConfigError(
                "heads up, the two blinds are the stakes': there is no straddle or extra blind"
            )
        if not any(setup.blinds):
            raise ConfigError("the blinds list needs at least one blind above 0")
    if setup.dead:
        _amounts(setup.dead, "dead blinds", seats)
        if setup.variant.forced != "blinds":
            raise ConfigError(
                f"{setup.variant.title} is not played with blinds: it takes no dead blind"
            )


def post_name(amount: int, seat: int, *, small_seat: int, big_blind: int) -> Post:
    """What a live post is called: the small blind in its seat, a straddle above the big
    blind, a big blind otherwise (the big blind's own, or an extra one)."""
    if seat == small_seat and amount < big_blind:
        return Post.SMALL_BLIND
    return Post.STRADDLE if amount > big_blind else Post.BIG_BLIND


def first_after_posts(blinds: Sequence[int], around: Sequence[int], live: Sequence[int]) -> int:
    """The first to act before the flop: the next seat still in after the largest live post
    (of equal posts, the last of them in ``around``, the seats from the button's left)."""
    largest = max(range(len(around)), key=lambda position: (blinds[around[position]], position))
    for step in range(1, len(around) + 1):
        seat = around[(largest + step) % len(around)]
        if seat in live:
            return seat
    raise AssertionError("no seat is left in the hand")  # pragma: no cover
