"""Joining a blind game and the straddle: who is dealt the next hand, and what each posts.

At a table of blind games the host says how a player who sits down, or sits back in after
missing blinds, comes into the game (`JOINING`):

- ``deal-in``: dealt in at the next hand, posting nothing more than the blinds in turn (as
  hilo always did; tables from before these settings play so);
- ``wait``: dealt in only when the big blind reaches them, posting it in turn;
- ``post``: dealt in at the next hand posting a big blind (live), unless they choose to wait.

The common cardroom rules fill in the rest (the rulebook says nothing of joining): nobody
comes in on the button or in the small blind, they wait for the button to pass; a player who
missed the big blind while sitting out owes it (live), one who missed the small blind owes it
dead, and posts both to play at once; taking the big blind in turn clears what was owed. The
button moves only among players already in the game. While fewer than two are in the game
(the first hand, say) everybody is dealt in and owes nothing.

With the straddle allowed, the player left of the big blind may post twice the big blind
before the cards are dealt; the straddle acts last before the flop (`hilo.engine.posts`).

>>> from hilo.rules import Stakes
>>> stakes = Stakes(structure="no-limit", small_blind=1, big_blind=2)
>>> seated = [Entrant(100), Entrant(100), None, Entrant(100), Entrant(100, Owed(big_blind=True))]
>>> plan = plan_deal(seated, 3, joining="wait", stakes=stakes, straddle=False, straddles=False)
>>> plan.button, plan.seats, plan.waiting   # the big blind is seat 3's: seat 4 waits
(0, (0, 1, 3), (4,))
>>> plan = plan_deal(seated, 3, joining="post", stakes=stakes, straddle=False, straddles=False)
>>> plan.seats, plan.blinds   # seat 4 posts a big blind to play now
((0, 1, 3, 4), (0, 1, 2, 2))
>>> plan = plan_deal(seated, 0, joining="wait", stakes=stakes, straddle=True, straddles=True)
>>> plan.button, plan.blinds, plan.straddler   # the big blind reaches seat 4; seat 0 straddles
(1, (4, 0, 1, 2), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol, get_args

from hilo.errors import ConfigError
from hilo.rules.stakes import Stakes

__all__ = [
    "JOINING",
    "NOTHING_OWED",
    "DealPlan",
    "Entrant",
    "Joining",
    "Owed",
    "Seated",
    "check_joining",
    "is_starting",
    "plan_button",
    "plan_deal",
]

Joining = Literal["deal-in", "wait", "post"]
JOINING: tuple[str, ...] = get_args(Joining)
"""How a player joining a blind game comes in: at once for free, waiting for the big blind,
or posting a big blind to play now."""


def check_joining(joining: object) -> Joining:
    """``joining`` read strictly as one of `JOINING`, or a sentence naming them."""
    for known in get_args(Joining):
        if joining == known:
            return known  # type: ignore[no-any-return]
    raise ConfigError(f"joining is one of {', '.join(JOINING)}, not {joining!r}")


@dataclass(frozen=True, slots=True)
class Owed:
    """What a player owes before playing on at a blind table (nothing: in the game).

    >>> Owed(big_blind=True).is_owing, Owed().is_owing
    (True, False)
    """

    big_blind: bool = False
    """New at the table, or missed the big blind while sitting out: owes a live big blind."""
    small_blind: bool = False
    """Missed the small blind while sitting out: owes it dead."""
    waits: bool = False
    """Chose to wait for the big blind rather than post (at a ``post`` table)."""

    @property
    def is_owing(self) -> bool:
        """Not in the game yet: dealt in only as `plan_deal` allows."""
        return self.big_blind or self.small_blind


class Seated(Protocol):
    """What `plan_deal` reads of a seated player (a table's `Player`, or an `Entrant`)."""

    @property
    def stack(self) -> int:
        """Chips behind."""
        ...

    @property
    def owed(self) -> Owed:
        """What they owe before playing on."""
        ...

    @property
    def is_sitting_out(self) -> bool:
        """Skipped when dealing."""
        ...


NOTHING_OWED = Owed()
"""A player in the game."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """What `plan_deal` reads of a seated player: chips, what they owe, sitting out."""

    stack: int
    owed: Owed = NOTHING_OWED
    is_sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Who is dealt the next hand and what each posts, worked out before the deal."""

    button: int
    seats: tuple[int, ...]
    """The table seats dealt in, in seat order."""
    blinds: tuple[int, ...] = ()
    """The live posts of each dealt seat (a `HandSetup`'s ``blinds``); empty: the stakes'."""
    dead: tuple[int, ...] = ()
    """The dead chips of each dealt seat; empty: none."""
    straddler: int | None = None
    """The table seat offered the straddle (None: no straddle this hand)."""
    entering: tuple[int, ...] = ()
    """Seats coming into the game this hand: what they owed is settled by the deal."""
    waiting: tuple[int, ...] = ()
    """Seats owing blinds and not dealt in this hand."""
    missed_small: tuple[int, ...] = ()
    """Seats sitting out that the small blind passes this hand."""
    missed_big: tuple[int, ...] = ()
    """Seats sitting out that the big blind passes this hand."""

    def straddled(self, stakes: Stakes) -> tuple[int, ...]:
        """The live posts of the dealt seats with the straddle (twice the big blind) posted."""
        assert self.straddler is not None
        blinds = list(self.blinds or _live_posts(self, stakes, {}))
        blinds[self.seats.index(self.straddler)] = 2 * stakes.big_blind
        return tuple(blinds)


def _able(players: Sequence[Seated | None]) -> list[int]:
    return [
        seat
        for seat, player in enumerate(players)
        if player is not None and player.stack > 0 and not player.is_sitting_out
    ]


def _in_game(players: Sequence[Seated | None]) -> list[int]:
    able = _able(players)
    settled = [seat for seat in able if not _owed(players, seat).is_owing]
    return settled if len(settled) >= 2 else able  # too few in the game: everybody is


def _owed(players: Sequence[Seated | None], seat: int) -> Owed:
    player = players[seat]
    assert player is not None
    return player.owed


def plan_button(players: Sequence[Seated | None], last: int | None) -> int | None:
    """The seat the button moves to: the next one in the game after ``last`` (None: fewer
    than two to deal to)."""
    seats = _in_game(players)
    if len(seats) < 2:
        return None
    after = -1 if last is None else last
    return next((seat for seat in seats if seat > after), seats[0])


def _from_button(seats: Sequence[int], button: int) -> list[int]:
    ordered = sorted(seats)
    start = next((index for index, seat in enumerate(ordered) if seat > button), len(ordered))
    before = [seat for seat in ordered[:start] if seat != button]
    return [button, *ordered[start:], *before]


def _position(dealt: Sequence[int], seat: int, button: int) -> int:
    """Where ``seat`` would sit, dealt in with ``dealt``: 0 the button, 1 the small blind,
    2 the big blind (with three or more; heads up the button is small, 1 big)."""
    order = _from_button([*dealt, seat], button)
    position = order.index(seat)
    return position + 1 if len(order) == 2 else position


def plan_deal(
    players: Sequence[Seated | None],
    last_button: int | None,
    *,
    joining: Joining,
    stakes: Stakes,
    blind_game: bool = True,
    straddle: bool,
    straddles: bool,
) -> DealPlan | None:
    """Who is dealt the next hand after a button at ``last_button``, and what each posts
    (None: fewer than two to deal to).

    ``blind_game``: the next hand is played with blinds (else everybody able is dealt in,
    owing nothing); ``straddle``: the table allows it; ``straddles``: the player offered it
    said yes.
    """
    button = plan_button(players, last_button)
    if button is None:
        return None
    able, in_game = _able(players), _in_game(players)
    big = stakes.big_blind if blind_game else 0
    if not big or joining == "deal-in" or is_starting(players):
        owing = tuple(seat for seat in able if _owed(players, seat).is_owing)
        plan = DealPlan(button, tuple(able), entering=owing)
        return _with_straddle(plan, players, stakes, straddle, straddles) if big else plan
    dealt = list(in_game)
    live: dict[int, int] = {}
    dead: dict[int, int] = {}
    entering, waiting = [], []
    for seat in _from_button(able, button)[1:]:
        if seat in in_game:
            continue
        owed = _owed(players, seat)
        position = _position(dealt, seat, button)
        if position == 2 or (joining == "post" and not owed.waits and position > 2):
            dealt.append(seat)
            entering.append(seat)
            if position > 2:
                live[seat] = big if owed.big_blind else 0
                dead[seat] = stakes.small_blind if owed.small_blind else 0
        else:
            waiting.append(seat)
    out = [
        seat
        for seat, player in enumerate(players)
        if player is not None and player.stack > 0 and player.is_sitting_out
    ]
    missed = {seat: _position(dealt, seat, button) for seat in out}
    plan = DealPlan(
        button,
        tuple(sorted(dealt)),
        entering=tuple(entering),
        waiting=tuple(waiting),
        missed_small=tuple(seat for seat in out if missed[seat] == 1),
        missed_big=tuple(seat for seat in out if missed[seat] == 2),
    )
    if any(live.values()) or any(dead.values()):
        plan = _posted(plan, live, dead, stakes)
    return _with_straddle(plan, players, stakes, straddle, straddles)


def is_starting(players: Sequence[Seated | None]) -> bool:
    """Fewer than two players are in the game: everybody able is dealt in, owing nothing."""
    able = _able(players)
    return sum(not _owed(players, seat).is_owing for seat in able) < 2


def _live_posts(plan: DealPlan, stakes: Stakes, live: dict[int, int]) -> tuple[int, ...]:
    """The live posts of each dealt seat: the blinds, and the ``live`` posts by table seat."""
    order = _from_button(plan.seats, plan.button)
    blinds = {order[1]: stakes.small_blind, order[2]: stakes.big_blind}
    blinds.update((seat, chips) for seat, chips in live.items() if chips)
    return tuple(blinds.get(seat, 0) for seat in plan.seats)


def _posted(plan: DealPlan, live: dict[int, int], dead: dict[int, int], stakes: Stakes) -> DealPlan:
    """``plan`` with each dealt seat's live and dead posts written out, the blinds included."""
    return replace(
        plan,
        blinds=_live_posts(plan, stakes, live),
        dead=tuple(dead.get(seat, 0) for seat in plan.seats) if any(dead.values()) else (),
    )


def _with_straddle(
    plan: DealPlan,
    players: Sequence[Seated | None],
    stakes: Stakes,
    straddle: bool,
    straddles: bool,
) -> DealPlan:
    """``plan`` offering the straddle to the seat left of the big blind (when the table allows
    it, three or more are dealt in, and that seat posts nothing else and has more than the
    straddle behind), posting it when ``straddles``."""
    if not straddle or len(plan.seats) < 3:
        return plan
    order = _from_button(plan.seats, plan.button)
    seat = order[3 % len(order)]
    index = plan.seats.index(seat)
    player = players[seat]
    assert player is not None
    if (plan.blinds and plan.blinds[index]) or (plan.dead and plan.dead[index]):
        return plan
    if player.stack <= 2 * stakes.big_blind:
        return plan
    plan = replace(plan, straddler=seat)
    return replace(plan, blinds=plan.straddled(stakes)) if straddles else plan
