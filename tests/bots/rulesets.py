"""House rules and stakes that exercise every switch a bot can meet, per game."""

from __future__ import annotations

from hilo.rules import PRESETS, HouseRules, Stakes, Variant

STRUCTURES = ("fixed-limit", "spread-limit", "pot-limit", "no-limit")


def rule_sets(variant: Variant) -> list[HouseRules]:
    """Every preset the game allows, and the declare, stud and draw switches turned on (each
    set as the game plays it: a switch the game fixes is set to the game's)."""
    found: list[HouseRules] = []
    for preset in PRESETS:
        if preset == "cards-speak":
            if not variant.is_declare:
                found.append(HouseRules.preset(preset))
                found.append(
                    HouseRules.preset(
                        preset,
                        low="deuce-to-seven",
                        low_qualifier=9,
                        turn_up_hole_card=True,
                        stud_opener="high-card",
                        max_draw=3,
                    )
                )
            continue
        found.append(HouseRules.preset(preset))
        found.append(
            HouseRules.preset(
                preset,
                declare="in-turn",
                declare_order="high-showing",
                bet_after_declare=True,
                lock_rule="call-only",
                low="ace-to-six",
            )
        )
        found.append(
            HouseRules.preset(
                preset,
                declare="in-turn",
                declare_order="last-aggressor",
                bet_after_declare=True,
                lock_rule="no-raise",
                low_qualifier=8,
                declare_timeout="both",
            )
        )
        found.append(
            HouseRules.preset(
                preset,
                bet_after_declare=True,
                low="deuce-to-seven",
                turn_up_hole_card=True,
                stud_opener="high-card",
                max_draw=4,
                no_winner="split",
            )
        )
    return [variant.played_rules(rules) for rules in found]


def stakes_for(variant: Variant, structure: str) -> Stakes:
    """Small stakes of ``structure`` with the game's forced bets."""
    stud = variant.is_stud
    return Stakes(
        structure=structure,  # type: ignore[arg-type]
        ante=1,
        small_blind=0 if stud else 1,
        big_blind=0 if stud else 2,
        bring_in=1 if stud else 0,
        small_bet=2,
        big_bet=4,
        min_bet=2,
        max_bet=10,
        lift_cap_heads_up=structure == "spread-limit",
    )
