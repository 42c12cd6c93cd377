"""The house's defaults, in one place: the game, the stakes, the buy-in and the clock.

The table, the server's requests and its create form, the command line and the bots'
matches all read them from here.

>>> default_stakes("holdem")
Stakes(structure='fixed-limit', ante=0, small_blind=5, big_blind=10, bring_in=0, \
small_bet=10, big_bet=20, min_bet=0, max_bet=0, raise_cap=4, lift_cap_heads_up=False)
>>> default_buy_in(default_stakes(DEFAULT_GAME))
2000
>>> default_stakes("holdem", structure="no-limit").big_blind
10
>>> default_buy_in_range(default_stakes(DEFAULT_GAME))
(400, 2000)
"""

from __future__ import annotations

from dataclasses import replace

from hilo.rules.stakes import Stakes, Structure
from hilo.rules.variants import VARIANTS

__all__ = [
    "ACTION_CLOCK",
    "BUY_IN_BIG_BETS",
    "DEFAULT_GAME",
    "MIN_BUY_IN_BIG_BETS",
    "TIME_BANK",
    "default_buy_in",
    "default_buy_in_range",
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

MIN_BUY_IN_BIG_BETS = 20
"""The smallest buy-in a new table's form suggests, in the biggest bets of its stakes."""


def default_stakes(*games: str, structure: Structure = "fixed-limit") -> Stakes:
    """Fixed limit 10/20: stud with a 1 ante and a 3 bring-in, other games 5/10 blinds;
    a dealer's choice of stud and other games has both the bring-in and the blinds. Games
    played for antes alone (Anaconda, pass the trash) have a 1 ante, and bring it to a
    dealer's choice they are in.

    Another ``structure`` keeps the forced bets: spread limit 10 to 50, pot and no limit
    with a smallest bet of 10 (which a stud bring-in also completes to).
    """
    known = [VARIANTS[name] for name in games if name in VARIANTS]
    studs = {variant.is_stud for variant in known}
    ante = 1 if any(variant.forced == "antes" for variant in known) else 0
    if studs == {True}:
        stakes = Stakes(small_bet=10, big_bet=20, ante=1, bring_in=3)
    elif studs == {True, False}:
        stakes = Stakes(
            small_blind=5, big_blind=10, bring_in=3, small_bet=10, big_bet=20, ante=ante
        )
    elif known and all(variant.forced == "antes" for variant in known):
        stakes = Stakes(small_bet=10, big_bet=20, ante=1)
    else:
        stakes = Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20, ante=ante)
    if structure == "spread-limit":
        return replace(stakes, structure=structure, min_bet=10, max_bet=50)
    if structure in ("pot-limit", "no-limit"):
        return replace(stakes, structure=structure, big_bet=0, min_bet=10)
    return stakes


def default_buy_in(stakes: Stakes) -> int:
    """`BUY_IN_BIG_BETS` of the biggest bet (or big blind) of ``stakes``."""
    return BUY_IN_BIG_BETS * _unit(stakes)


def _unit(stakes: Stakes) -> int:
    """The biggest bet (or big blind) of ``stakes``: what buy-ins are counted in."""
    return max(stakes.big_bet, stakes.big_blind, stakes.max_bet, stakes.minimum_bet, 1)


def default_buy_in_range(stakes: Stakes) -> tuple[int, int]:
    """The buy-in range a new table's form suggests: `MIN_BUY_IN_BIG_BETS` to the default."""
    return MIN_BUY_IN_BIG_BETS * _unit(stakes), default_buy_in(stakes)
