"""What the page that creates a table offers: every shipped game with what comes into play in
it, and the stakes and buy-in range the form starts from for each kind of game.

>>> any(game["name"] == "seven-card-stud-hilo-declare" for game in game_options())
True
>>> sorted(form_defaults()["stakes"])
['antes', 'blinds', 'both', 'stud']
"""

from __future__ import annotations

from typing import Any, get_args

from hilo.rules.catalogue import describe
from hilo.rules.defaults import DEFAULT_GAME, default_buy_in_range, default_stakes
from hilo.rules.stakes import Structure
from hilo.rules.variants import VARIANTS

__all__ = ["form_defaults", "game_options"]


def game_options() -> list[dict[str, Any]]:
    """Every shipped game, for the create form: with its family and the house switches that
    come into play in it, as `hilo games` lists them."""
    return [
        {
            "name": name,
            "title": variant.title,
            "family": describe(variant).family,
            "switches": list(describe(variant).switches),
            "max_players": variant.max_players,
            "split": variant.split,
            "declare": variant.is_declare,
            "board": any(street.board for street in variant.streets),
            "draw": any(street.draw for street in variant.streets),
            "stud": variant.is_stud,
            "antes": variant.forced == "antes",
            "wild": not variant.wild.is_empty,
        }
        for name, variant in VARIANTS.items()
    ]


def form_defaults() -> dict[str, Any]:
    """What the create form starts from: the default game, and the default stakes and buy-in
    range for each betting structure, for games with a bring-in (``stud``), with blinds
    (``blinds``), a dealer's choice of both (``both``) and games played for antes alone
    (``antes``)."""
    stud = next(name for name, variant in VARIANTS.items() if variant.is_stud)
    other = next(name for name, variant in VARIANTS.items() if variant.forced == "blinds")
    antes = next(name for name, variant in VARIANTS.items() if variant.forced == "antes")
    kinds = {"stud": (stud,), "blinds": (other,), "both": (stud, other), "antes": (antes,)}
    stakes: dict[str, dict[str, dict[str, Any]]] = {}
    buy_in: dict[str, dict[str, dict[str, int]]] = {}
    for kind, games in kinds.items():
        stakes[kind], buy_in[kind] = {}, {}
        for structure in get_args(Structure):
            chosen = default_stakes(*games, structure=structure)
            stakes[kind][structure] = chosen.to_dict()
            low, high = default_buy_in_range(chosen)
            buy_in[kind][structure] = {"min": low, "max": high}
    return {"game": DEFAULT_GAME, "stakes": stakes, "buy_in": buy_in}
