"""The house's defaults, in one place: the game, the stakes, the buy-in and the clock.

The table, the server's requests and its create form, the command line and the bots'
matches all read them from here.

>>> default_stakes("holdem")
Stakes(structure='fixed-limit', ante=0, small_blind=5, big_blind=10, bring_in=0, \
small_bet=10, big_bet=20, min_bet=0, max_bet=0, raise_cap=4, lift_cap_heads_up=False)
>>> default_buy_in(default_stakes(DEFAULT_GAME))
2000
"""

from __future__ import annotations

from hilo.rules.stakes import Stakes
from hilo.rules.variants import VARIANTS

__all__ = [
    "ACTION_CLOCK",
    "BUY_IN_BIG_BETS",
    "DEFAULT_GAME",
    "TIME_BANK",
    "default_buy_in",
    "default_stakes",
]

DEFAULT_GAME = "seven-card-stud-hilo-declare"
"""The game a table plays when nobody chose one."""

ACTION_CLOCK = 30.0
"""Seconds a player has for each decision before the time bank runs."""

TIME_BANK = 60.0
"""Extra seconds each player has for a whole session, used when the clock runs out."""

BUY_IN_BIG_BETS = 100
"""A buy-in nobody chose: this many of the biggest bets (or big blinds) of the stakes."""


def default_stakes(*games: str) -> Stakes:
    """Fixed limit 10/20: stud with a 1 ante and a 3 bring-in, other games 5/10 blinds;
    a dealer's choice of stud and other games has both the bring-in and the blinds."""
    studs = {VARIANTS[name].is_stud for name in games if name in VARIANTS}
    if studs == {True}:
        return Stakes(small_bet=10, big_bet=20, ante=1, bring_in=3)
    if studs == {True, False}:
        return Stakes(small_blind=5, big_blind=10, bring_in=3, small_bet=10, big_bet=20)
    return Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)


def default_buy_in(stakes: Stakes) -> int:
    """`BUY_IN_BIG_BETS` of the biggest bet (or big blind) of ``stakes``."""
    unit = max(stakes.big_bet, stakes.big_blind, stakes.max_bet, stakes.minimum_bet, 1)
    return BUY_IN_BIG_BETS * unit
