"""Bot matches: seated bots play many hands at a `Table`, and the ledger says who won.

The button moves every hand, and every time it has gone round the bots change seats
(each bot sits in every seat, in both orders around the table), so no bot keeps a
positional edge. A busted bot buys back in for its starting stack; rebuys are counted.
After every hand the chips at the table must add up to what was bought in.

>>> result = play_match("five-card-draw", "strict", None, ["calling", "random"], 20, seed=3)
>>> [bot.hands for bot in result.bots], sum(bot.net for bot in result.bots) + result.carried
([20, 20], 0)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hilo.bots.base import Bot, bot_name
from hilo.bots.factory import make_bot
from hilo.engine.table import Table, TableConfig
from hilo.errors import ConfigError, IllegalActionError
from hilo.rules.defaults import default_buy_in, default_stakes
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes

__all__ = ["BotResult", "MatchResult", "play_match"]

_Z95 = 1.959964
"""The normal quantile of a two-sided 95% confidence interval."""
_MOST_STEPS = 2000
"""Decisions after which a hand that has not ended is a bug."""


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's figures in a match.

    >>> result = BotResult("solid", "solid", hands=100, net=250, per_hand=2.5, margin=1.25,
    ...                    rebuys=0, bought_in=1000, decisions=400, thinking=2.0)
    >>> result.interval, result.milliseconds_per_decision
    ((1.25, 3.75), 5.0)
    """

    name: str
    kind: str
    hands: int
    net: int
    """Chips won (negative: lost), rebuys not counted as winnings."""
    per_hand: float
    """Mean chips won per hand."""
    margin: float
    """Half the width of the 95% confidence interval of ``per_hand`` (nan: one hand)."""
    rebuys: int
    bought_in: int
    """Chips bought in, the first stack and every rebuy."""
    decisions: int
    thinking: float
    """Seconds spent deciding."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the chips won per hand."""
        return (self.per_hand - self.margin, self.per_hand + self.margin)

    @property
    def milliseconds_per_decision(self) -> float:
        """Mean time one decision took."""
        return 1000 * self.thinking / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (an unknown interval as null)."""
        low, high = self.interval
        finite = math.isfinite(self.margin)
        return {
            "name": self.name,
            "kind": self.kind,
            "hands": self.hands,
            "net": self.net,
            "per_hand": round(self.per_hand, 4),
            "ci95": [round(low, 4), round(high, 4)] if finite else None,
            "rebuys": self.rebuys,
            "bought_in": self.bought_in,
            "decisions": self.decisions,
            "ms_per_decision": round(self.milliseconds_per_decision, 3),
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match: what was played and each bot's figures.

    >>> bot = BotResult("calling", "calling", 1, -5, -5.0, math.nan, 0, 100, 2, 0.0)
    >>> MatchResult("five-card-draw", "strict", Stakes(small_blind=1, big_blind=2,
    ...     small_bet=2, big_bet=4), 1, 7, 100, (bot,), 0, 1.5).to_dict()["bots"][0]["ci95"] is None
    True
    """

    game: str
    rules: str
    """The house rules by name (a preset, or the nearest preset and what differs)."""
    stakes: Stakes
    hands: int
    seed: int
    stack: int
    bots: tuple[BotResult, ...]
    carried: int
    """Chips left riding in the middle after the last hand (won by nobody)."""
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for JSON."""
        return {
            "game": self.game,
            "rules": self.rules,
            "stakes": self.stakes.to_dict(),
            "hands": self.hands,
            "seed": self.seed,
            "stack": self.stack,
            "chips_conserved": True,
            "carried": self.carried,
            "seconds": round(self.seconds, 3),
            "bots": [bot.to_dict() for bot in self.bots],
        }


def _seating(hand: int, count: int) -> list[int]:
    """Which bot sits in each seat for hand number ``hand``.

    The seating turns one place each time the button has gone round; after every turn
    of the seating it goes the other way round the table.
    """
    block = hand // count
    order = list(range(count))
    if (block // count) % 2:
        order.reverse()
    turn = block % count
    return order[turn:] + order[:turn]


def _names(bots: Sequence[str | Bot]) -> list[str]:
    names: list[str] = []
    for bot in bots:
        base = bot.strip().lower() if isinstance(bot, str) else bot_name(bot)
        name, number = base, 1
        while name in names:
            number += 1
            name = f"{base} {number}"
        names.append(name)
    return names


def play_match(
    game: str,
    rules: HouseRules | str,
    stakes: Stakes | None,
    bots: Sequence[str | Bot],
    hands: int,
    seed: int,
    *,
    stack: int | None = None,
    settings: Mapping[str, Any] | None = None,
    on_hand: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``hands`` hands of ``game`` among ``bots`` (kinds such as ``"solid"``, or bots).

    ``stakes`` None: `default_stakes`; ``stack`` None: `default_buy_in`. ``settings`` go
    to `make_bot` for bots given by kind (with the rules). ``on_hand`` is called with the
    number of hands played after each hand. The same seed plays the same match.
    """
    house = HouseRules.preset(rules) if isinstance(rules, str) else rules
    chosen = stakes or default_stakes(game)
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ConfigError(f"a match needs at least one hand, not {hands!r}")
    count = len(bots)
    table = Table(
        TableConfig(games=(game,), rules=house, stakes=chosen, seats=count),
        rng=random.Random(f"hilo match {seed} deck"),
    )
    start = stack if stack is not None else default_buy_in(chosen)
    if isinstance(start, bool) or not isinstance(start, int) or start < 1:
        raise ConfigError(f"the starting stack must be at least one chip, not {start!r}")
    players: list[Bot] = []
    for index, bot in enumerate(bots):
        if isinstance(bot, str):
            own = random.Random(f"hilo match {seed} bot {index}")
            players.append(make_bot(bot, own, **{"rules": house, **(settings or {})}))
        else:
            players.append(bot)
    names = _names(bots)
    kinds = [bot_name(bot) for bot in players]
    stacks = [start] * count
    bought = [start] * count
    rebuys = [0] * count
    results: list[list[int]] = [[] for _ in range(count)]
    decisions = [0] * count
    thinking = [0.0] * count
    seated: list[int] = []
    began = time.perf_counter()
    for number in range(hands):
        for index in range(count):
            if stacks[index] == 0:
                stacks[index] = start
                bought[index] += start
                rebuys[index] += 1
                if index in seated:
                    table.rebuy(seated.index(index), start)
        seating = _seating(number, count)
        if seating != seated:
            for seat in range(count) if seated else ():
                table.leave(seat)
            for seat, index in enumerate(seating):
                table.sit(seat, names[index], stacks[index])
            seated = seating
        before = list(stacks)
        _play_hand(table, [players[index] for index in seated], seated, decisions, thinking)
        for seat, index in enumerate(seated):
            player = table.players[seat]
            assert player is not None
            stacks[index] = player.stack
            results[index].append(stacks[index] - before[index])
        _forget_old_hands(table)
        held = sum(stacks) + table.carried
        if held != sum(bought):
            raise AssertionError(
                f"chips not conserved after hand {number + 1}: {held} at the table, "
                f"{sum(bought)} bought in"
            )
        if on_hand is not None:
            on_hand(number + 1)
    seconds = time.perf_counter() - began
    summary = tuple(
        _summary(names[index], kinds[index], results[index], rebuys[index], bought[index],
                 decisions[index], thinking[index])
        for index in range(count)
    )  # fmt: skip
    return MatchResult(
        game=game,
        rules=house.name,
        stakes=chosen,
        hands=hands,
        seed=seed,
        stack=start,
        bots=summary,
        carried=table.carried,
        seconds=seconds,
    )


def _forget_old_hands(table: Table) -> None:
    """Keep only the last hand's history: a long match would otherwise hold every hand."""
    del table.histories[:-1]
    del table.history_seats[:-1]
    del table.history_players[:-1]
    table.departed.clear()  # the bots that changed seats


def _play_hand(
    table: Table,
    bots: Sequence[Bot],
    seated: Sequence[int],
    decisions: list[int],
    thinking: list[float],
) -> None:
    """Deal one hand and let the bots play it out."""
    hand = table.start_hand()
    steps = 0
    while not hand.is_complete:
        seat = table.to_act()[0]
        view = table.view_for(table.person_in(seat))
        assert view is not None
        clock = time.perf_counter()
        action = bots[seat].act(view)
        thinking[seated[seat]] += time.perf_counter() - clock
        decisions[seated[seat]] += 1
        if action.seat != view.viewer:
            raise IllegalActionError(
                f"a bot for seat {view.viewer} answered with an action for seat {action.seat}"
            )
        table.apply(action)
        steps += 1
        if steps > _MOST_STEPS:
            raise AssertionError(f"a hand of {hand.variant.title} did not end")


def _summary(
    name: str,
    kind: str,
    results: list[int],
    rebuys: int,
    bought: int,
    decisions: int,
    thinking: float,
) -> BotResult:
    played = len(results)
    mean = statistics.fmean(results)
    margin = _Z95 * statistics.stdev(results) / math.sqrt(played) if played > 1 else math.nan
    return BotResult(
        name=name,
        kind=kind,
        hands=played,
        net=sum(results),
        per_hand=mean,
        margin=margin,
        rebuys=rebuys,
        bought_in=bought,
        decisions=decisions,
        thinking=thinking,
    )
