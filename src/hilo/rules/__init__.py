"""House rules, stakes and game variants, as data."""

from __future__ import annotations

from hilo.rules.house_rules import PRESETS, RULE_HELP, HouseRules
from hilo.rules.stakes import STRUCTURES, Stakes
from hilo.rules.variants import VARIANTS, Street, Variant, load_variants

__all__ = [
    "PRESETS",
    "RULE_HELP",
    "STRUCTURES",
    "VARIANTS",
    "HouseRules",
    "Stakes",
    "Street",
    "Variant",
    "load_variants",
]
