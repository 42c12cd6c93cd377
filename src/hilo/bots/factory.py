"""Making bots by kind: ``make_bot("solid", rng, rules=house_rules)``.

>>> import random
>>> make_bot("calling", random.Random(1)).kind
'calling'
>>> make_bot("shark", random.Random(1))
Traceback (most recent call last):
...
hilo.errors.ConfigError: unknown bot 'shark': the bots are random, calling, solid
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hilo.bots.base import Bot
from hilo.bots.simple import CallingBot, RandomBot
from hilo.bots.solid import SolidBot
from hilo.errors import ConfigError

__all__ = ["BOT_KINDS", "BOT_SETTINGS", "make_bot"]

BOT_KINDS: tuple[str, ...] = ("random", "calling", "solid")
"""The kinds of bot `make_bot` makes."""

BOT_SETTINGS: dict[str, tuple[str, ...]] = {
    "random": ("rules",),
    "calling": ("rules",),
    "solid": ("rules", "samples", "estimator", "advice_samples", "advisor"),
}
"""The keyword settings each kind takes."""

_MAKERS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "calling": CallingBot,
    "solid": SolidBot,
}


def make_bot(kind: str, rng: random.Random | None = None, **settings: Any) -> Bot:
    """A new bot of ``kind`` drawing its random choices from ``rng``.

    Settings: ``rules`` (the table's `HouseRules`; strict when not given), and for
    ``solid`` ``samples`` (Monte Carlo
    deals per betting decision, 200 by default) or ``estimator`` (an `Estimator` to use
    instead), ``advice_samples`` (deals of the declare advice, 4,000 by default; None
    declares by the estimate) or ``advisor`` (a `DeclareAdvisor` to use instead).
    A setting another kind takes is ignored, so one set of settings fits every kind; a
    setting no kind takes raises `ConfigError`.
    """
    key = kind.strip().lower()
    if key not in _MAKERS:
        raise ConfigError(f"unknown bot '{kind}': the bots are {', '.join(BOT_KINDS)}")
    known = {name for names in BOT_SETTINGS.values() for name in names}
    for name in settings:
        if name not in known:
            raise ConfigError(f"unknown bot setting '{name}': use {', '.join(sorted(known))}")
    samples = settings.get("samples")
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 1
    ):
        raise ConfigError(f"samples must be a whole number of 1 or more, not {samples!r}")
    advice = settings.get("advice_samples")
    if advice is not None and (
        isinstance(advice, bool) or not isinstance(advice, int) or advice < 2
    ):
        raise ConfigError(
            f"advice_samples must be a whole number of 2 or more (or None), not {advice!r}"
        )
    mine = {name: value for name, value in settings.items() if name in BOT_SETTINGS[key]}
    return _MAKERS[key](rng, **mine)
