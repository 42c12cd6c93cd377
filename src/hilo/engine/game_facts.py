"""What a game under a set of house rules fixes for every hand: worked out once, not each deal.

A game (`Variant`) and house rules (`HouseRules`) are frozen values, and a table deals
hand after hand of the same pair: the plan of phases, whether players declare, the
rules and sides of the showdown do not change between those hands. `facts_for` keeps
them for each pair it has seen (by identity, holding both values, a bounded number of
pairs), so a hand reads them instead of working them out again.

>>> from hilo.rules import HouseRules, VARIANTS
>>> facts = facts_for(VARIANTS["seven-card-stud-hilo-declare"], HouseRules.preset("strict"))
>>> facts.declares, facts.is_stud, facts.steps[:2]
(True, True, ((<Phase.DEALING: 'dealing'>, 0), (<Phase.BETTING: 'betting'>, 0)))
>>> facts_for(VARIANTS["seven-card-stud-hilo-declare"], HouseRules.preset("strict")) is facts
True
"""

from __future__ import annotations

from dataclasses import dataclass

from hilo.engine.phases import Phase, plan
from hilo.hands.sides import Sides
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Street, Variant

__all__ = ["GameFacts", "checked_rules", "facts_for"]

_LIMIT = 256
"""How many pairs of game and rules are kept at most (the memo starts again past it)."""


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What every hand of one game under one set of house rules shares."""

    variant: Variant
    rules: HouseRules
    steps: tuple[tuple[Phase, int], ...]
    """`hilo.engine.phases.plan`, as a tuple."""
    declares: bool
    """`Variant.declares_under` the rules: this game's players declare."""
    is_stud: bool
    streets: tuple[Street, ...]
    showdown_rules: HouseRules
    """`Variant.showdown_rules`: the rules a showdown is settled under."""
    sides: Sides
    """`Variant.sides`: the sides a pot is won on."""


_FACTS: dict[tuple[int, int], GameFacts] = {}
_CHECKED: dict[tuple[int, int], tuple[Variant, HouseRules]] = {}


def facts_for(variant: Variant, rules: HouseRules) -> GameFacts:
    """The facts of ``variant`` under ``rules`` (raising `ConfigError` as
    `Variant.declares_under` does when the pair cannot be played)."""
    key = (id(variant), id(rules))
    known = _FACTS.get(key)
    if known is not None and known.variant is variant and known.rules is rules:
        return known
    facts = GameFacts(
        variant,
        rules,
        tuple(plan(variant, rules)),
        variant.declares_under(rules),
        variant.is_stud,
        tuple(variant.streets),
        variant.showdown_rules(rules),
        variant.sides(rules),
    )
    if len(_FACTS) >= _LIMIT:
        _FACTS.clear()
    _FACTS[key] = facts
    return facts


def checked_rules(variant: Variant, rules: HouseRules) -> None:
    """`Variant.check_rules`, remembered once a pair has passed (a refusal is never kept:
    it is raised again each time)."""
    key = (id(variant), id(rules))
    known = _CHECKED.get(key)
    if known is not None and known[0] is variant and known[1] is rules:
        return
    variant.check_rules(rules)
    if len(_CHECKED) >= _LIMIT:
        _CHECKED.clear()
    _CHECKED[key] = (variant, rules)
