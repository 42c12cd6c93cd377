"""Hand histories written by hilo 0.1 still load, replay, and are written again unchanged.

``tests/engine/saved/histories-0.1.json`` holds hands of every game under every preset
(see ``tests/engine/saved/make_histories.py``): for each, the history, its PHH text for
everybody and as seat 0 saw it, and the event logs seat 0 and a spectator were shown.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hilo.engine.history import hand_from_dict, hand_to_dict
from tests.engine.saved.make_histories import HISTORIES, phh_or_none

SAVED: list[dict[str, Any]] = json.loads(HISTORIES.read_text(encoding="utf-8"))


def test_the_saved_hands_cover_every_game_and_preset() -> None:
    assert len({(saved["variant"], saved["preset"]) for saved in SAVED}) == len(SAVED) // 3
    assert {saved["preset"] for saved in SAVED} == {"strict", "liberal", "outright", "cards-speak"}
    assert any(saved["phh"] for saved in SAVED)


@pytest.mark.parametrize(
    "saved",
    SAVED,
    ids=[f"{saved['variant']}-{saved['preset']}-{n % 3}" for n, saved in enumerate(SAVED)],
)
def test_a_saved_hand_replays_and_is_written_again_unchanged(saved: dict[str, Any]) -> None:
    history = saved["history"]
    hand = hand_from_dict(history)
    assert json.dumps(hand_to_dict(hand)) == json.dumps(history)
    assert [event.to_dict() for event in hand.view_for(0).events] == saved["seat_0_events"]
    assert [event.to_dict() for event in hand.view_for(None).events] == saved["spectator_events"]
    assert phh_or_none(hand, "all") == saved["phh"]
    assert phh_or_none(hand, 0) == saved["phh_seat_0"]
