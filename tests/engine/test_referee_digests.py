"""The referee settles thousands of random showdowns exactly as it did before its hot path
was rewritten for speed: the same rulings, awards, reasons and explanation, case by case
(digests in ``fixtures/referee-digests.json``; see `tests.engine.referee_cases`)."""

from __future__ import annotations

import json

import pytest

from tests.engine.referee_cases import COUNT, DIGESTS, cases, digest

SAVED: list[str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
CASES = list(cases())
CHUNK = 500


def test_there_is_a_digest_for_every_case() -> None:
    assert len(SAVED) == COUNT
    assert len(set(SAVED)) > COUNT * 0.9  # the cases differ from one another


@pytest.mark.parametrize("start", range(0, COUNT, CHUNK))
def test_the_referee_says_the_same_about_every_case(start: int) -> None:
    made = CASES[start : start + CHUNK]
    changed = [
        start + number for number, case in enumerate(made) if digest(case) != SAVED[start + number]
    ]
    assert changed == [], f"the referee now settles cases {changed[:10]} differently"
