"""Write ``histories-0.1.json``: hands of every game under every preset, as hilo 0.1 wrote them.

Run once with the release's code (``python -m tests.engine.saved.make_histories``) and commit
the file: later versions of hilo must read each history, replay it, and write it again byte
for byte, with the same PHH text and the same censored event logs for a seat and a spectator.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Literal

from hilo.engine.history import hand_to_dict
from hilo.engine.phh import hand_to_phh
from hilo.engine.state import Hand
from hilo.errors import ConfigError, HiloError
from hilo.rules.house_rules import PRESETS, HouseRules
from hilo.rules.variants import VARIANTS
from tests.engine.playouts import random_action, random_stakes

HISTORIES = Path(__file__).parent / "histories-0.1.json"


def phh_or_none(hand: Hand, seen_by: int | Literal["all"] | None) -> str | None:
    try:
        return hand_to_phh(hand, seen_by=seen_by)
    except HiloError:
        return None


def _censored(hand: Hand, viewer: int | None) -> list[dict[str, Any]]:
    return [event.to_dict() for event in hand.view_for(viewer).events]


def main() -> None:
    """Play and write the hands."""
    rng = random.Random(1)
    saved = []
    for preset in PRESETS:
        for name, variant in VARIANTS.items():
            try:
                variant.declares_under(HouseRules.preset(preset))
            except ConfigError:
                continue
            for number in range(3):
                players = rng.randint(2, min(6, variant.max_players))
                short = number == 2  # short stacks: all-ins and side pots
                stacks = [rng.randint(3, 30) if short else rng.randint(60, 200)] * players
                stacks = [rng.randint(3, 30) if short else stack for stack in stacks]
                changes: dict[str, object] = {}
                if number == 1 and preset != "cards-speak":
                    changes = {"declare": "in-turn", "bet_after_declare": True}
                hand = Hand.deal(
                    variant,
                    HouseRules.preset(preset, **changes),
                    random_stakes(variant, rng),
                    stacks,
                    button=rng.randrange(players),
                    rng=random.Random(rng.randrange(2**32)),
                    carried_in=rng.choice([0, 0, 7]),
                    names=[f"P{seat}" for seat in range(players)],
                )
                while not hand.is_complete:
                    hand.apply(random_action(hand, rng))
                saved.append(
                    {
                        "variant": name,
                        "preset": preset,
                        "history": hand_to_dict(hand),
                        "phh": phh_or_none(hand, "all"),
                        "phh_seat_0": phh_or_none(hand, 0),
                        "seat_0_events": _censored(hand, 0),
                        "spectator_events": _censored(hand, None),
                    }
                )
    HISTORIES.write_text(json.dumps(saved, indent=None) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
