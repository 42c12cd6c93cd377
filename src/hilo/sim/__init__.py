"""Simulation over batches of deals: numpy arrays in, numpy arrays out.

This package needs numpy and numba, the optional extra ``hilo[sim]``; the rules core
(cards, hands, rules, engine) never imports it.

The first call after installing compiles the kernels (a few seconds; numba caches them
on disk). After that, the first call in a process builds the lookup tables from
`hilo.hands` and loads the kernels, in well under a second.

>>> from hilo.hands import Ranking
>>> from hilo.hands.low import describe_low
>>> rows = to_indices(["Ac 2d 3h 4s 5c Kd Kh"])
>>> describe_low(int(low_scores(rows, qualifier=8)[0]), Ranking.ACE_TO_FIVE)
'Five-four low'

Equity and declare advice build on them: `Scenario` says what a player knows, `equity`
gives the cards-speak figures, `advise` the expected share for declaring high, low or
both; both take any `concurrent.futures.Executor` (`hilo.sim.parallel`). Games with wild
cards, Chicago and 7/27 are simulated deal by deal in `hilo.sim.home`, in seeded chunks
on the same executors.

>>> scenario = Scenario.from_text("holdem-hilo", "Ah 2h", board="3c 4d Kh 9s", opponents=1)
>>> equity(scenario).is_exact
True
"""

from __future__ import annotations

try:
    import numba  # noqa: F401
    import numpy  # noqa: F401
except ImportError as missing:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"hilo.sim needs numpy and numba, and {missing.name or 'one of them'} is not "
        "installed: pip install 'hilo[sim]'"
    ) from missing
else:
    from hilo.sim.cache import ensure_cache_directory

    ensure_cache_directory()  # before any kernel is compiled or loaded from numba's cache

from hilo.sim.advice import Advice, DeclareOption, advise
from hilo.sim.batch import (
    high_scores,
    holdem_high_scores,
    holdem_low_scores,
    low_scores,
    omaha_high_scores,
    omaha_low_scores,
)
from hilo.sim.deals import random_deals, to_cards, to_indices
from hilo.sim.equity import Equity, Measure, equity
from hilo.sim.models import BestShareModel, DeclarationModel, FixedModel, GameShape
from hilo.sim.parallel import InlineExecutor
from hilo.sim.scenario import HandRange, Scenario
from hilo.sim.tally import declared_shares
from hilo.sim.wild import wild_high_scores, wild_indices, wild_low_scores

__all__ = [
    "Advice",
    "BestShareModel",
    "DeclarationModel",
    "DeclareOption",
    "Equity",
    "FixedModel",
    "GameShape",
    "HandRange",
    "InlineExecutor",
    "Measure",
    "Scenario",
    "advise",
    "declared_shares",
    "equity",
    "high_scores",
    "holdem_high_scores",
    "holdem_low_scores",
    "low_scores",
    "omaha_high_scores",
    "omaha_low_scores",
    "random_deals",
    "to_cards",
    "to_indices",
    "wild_high_scores",
    "wild_indices",
    "wild_low_scores",
]
