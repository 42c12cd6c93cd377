"""The benchmarks' hands and showdowns come out exactly as before the engine was made faster.

Each digest was written by the engine before any of its speed work: every game of the
engine benchmark (its history, every seat's and a spectator's view, the referee's words)
and the referee benchmark's showdowns under each preset (awards, rulings, explanation).
A faster engine must not change a single chip, event or word.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json

import pytest

from benchmarks import bench_engine, bench_referee
from hilo.engine import Pot, ShowdownHand, settle
from hilo.engine.history import hand_to_dict
from hilo.rules import HouseRules

HANDS = 12
"""Hands of each game digested (seeds 0 to 11, six players, as the benchmark plays them)."""

ENGINE_DIGESTS = {
    "seven-card-stud-hilo-declare": "44d3de2ee49365bafcd3b280c3e0ecdd",
    "seven-card-stud-hilo": "fcecd7a4d120c2aa05dbb05d432059ef",
    "five-card-draw-hilo-declare": "b6c620aa0f480e942b390940752c2bbd",
    "baseball-hilo-declare": "85c0c12ebd728c6fa1dc65be3790086f",
    "follow-the-queen-hilo-declare": "677b20b4c0b67835d7d9fe2554a96a33",
    "anaconda-hilo-declare": "34783f47a7b9294645844ed27ea6f313",
}
"""Each game's digest (half a sha256) of the benchmark's hands as the engine played them."""

REFEREE_DIGESTS = {
    "strict": "5ac6925bb3e2a248a7ced98ead7dd460",
    "liberal": "69d89d8805c76888b6c2f17d4f616551",
    "cards-speak": "3c075c509255425f942d87b2b83698b6",
}
"""The digest of 400 of the referee benchmark's showdowns settled under each preset."""


def _plain(value: object) -> object:
    """``value`` as plain data in an order that does not depend on hashing."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return {field.name: _plain(getattr(value, field.name)) for field in fields}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(item) for item in value)  # type: ignore[type-var]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    return value if isinstance(value, (int, str, type(None))) else repr(value)


def _digest(parts: list[object]) -> str:
    text = json.dumps(_plain(parts), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def engine_digest(game: str, preset: str) -> str:
    """The digest of the benchmark's first hands of ``game``: everything a hand shows."""
    parts: list[object] = []
    for seed in range(HANDS):
        hand = bench_engine.play_game(game, preset, seed, players=6)
        assert hand.result is not None
        parts.append(hand_to_dict(hand))
        parts.append([str(award) for award in hand.result.awards])
        parts.append(str(hand.result))
        parts.append(hand.result.pots)
        for viewer in (*range(6), None):
            parts.append([event.to_dict() for event in hand.view_for(viewer).events])
        parts.append([hand.stacks, hand.carried_out])
    return _digest(parts)


def referee_digest(preset: str) -> str:
    """The digest of the referee benchmark's first showdowns settled under ``preset``."""
    rules = HouseRules.preset(preset)
    parts: list[object] = []
    for showdown in bench_referee.deals(400, 7):
        hands = [
            ShowdownHand(hand.seat, hand.cards, None if rules.is_cards_speak else hand.declaration)
            for hand in showdown
        ]
        result = settle((Pot(300, tuple(hand.seat for hand in hands)),), hands, rules=rules)
        parts.append(result.pots)
        parts.append(result.amounts())
        parts.append(result.carried)
        parts.append(str(result))
    return _digest(parts)


@pytest.mark.parametrize(("words", "game", "preset"), bench_engine.GAMES)
def test_the_engine_benchmark_hands_are_unchanged(words: str, game: str, preset: str) -> None:
    assert engine_digest(game, preset) == ENGINE_DIGESTS[game], words


@pytest.mark.parametrize("preset", sorted(REFEREE_DIGESTS))
def test_the_referee_benchmark_showdowns_are_unchanged(preset: str) -> None:
    assert referee_digest(preset) == REFEREE_DIGESTS[preset]
