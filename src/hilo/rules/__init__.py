"""House rules and game variants, as data."""

from __future__ import annotations

from hilo.rules.house_rules import PRESETS, RULE_HELP, HouseRules

__all__ = ["PRESETS", "RULE_HELP", "HouseRules"]
