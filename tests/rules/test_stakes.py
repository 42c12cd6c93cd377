"""Stakes: structures, forced bets and their checks."""

from __future__ import annotations

from typing import Any

import pytest

from hilo.errors import ConfigError
from hilo.rules import Stakes


def test_structures() -> None:
    fixed = Stakes(small_bet=10, big_bet=20, bring_in=3, ante=1)
    assert fixed.is_limit
    assert fixed.completion() == 10
    assert fixed.raise_cap == 4
    assert Stakes(structure="spread-limit", min_bet=5, max_bet=50).is_limit
    no_limit = Stakes(structure="no-limit", small_blind=1, big_blind=2)
    assert not no_limit.is_limit
    assert no_limit.minimum_bet == 2
    assert Stakes.from_dict(no_limit.to_dict()) == no_limit


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"structure": "table-stakes"}, "structure must be one of"),
        ({"small_bet": 10, "big_bet": 5}, "big_bet at least small_bet"),
        ({"big_bet": 5}, "fixed-limit needs small_bet above 0"),
        ({"structure": "spread-limit", "min_bet": 10, "max_bet": 5}, "spread-limit needs"),
        ({"structure": "no-limit"}, "no-limit needs a big blind"),
        ({"small_bet": 1, "big_bet": 2, "ante": -1}, "ante must be a whole number of chips"),
        ({"small_bet": 1, "big_bet": 2, "raise_cap": 0}, "raise_cap must be 1 to 100"),
        ({"small_bet": 1, "big_bet": 2, "small_blind": 3, "big_blind": 2}, "small blind cannot"),
    ],
)
def test_bad_stakes(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Stakes(**settings)


def test_from_dict_rejects_unknown_fields() -> None:
    with pytest.raises(ConfigError, match="unknown stakes field 'blind'"):
        Stakes.from_dict({"blind": 2})
