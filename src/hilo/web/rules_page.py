"""The house-rules sheet over HTTP: ``GET /api/rules`` (the JSON of ``hilo rules --json``)
for rules given in the address or for a table's rules, and the page ``/rules`` that shows it.

The address holds ``preset=NAME``, ``set=SWITCH=VALUE`` (again for more) and ``game=NAME``
(again for more), or ``table=ID`` alone. Each value is read by the type of its switch:
``true`` or ``false``, a whole number, ``none`` for no qualifier, or one of the switch's
words; anything else is refused with a sentence.

>>> read_rules_query([("preset", "liberal"), ("set", "no_winner=split")])[0].name
'liberal with no_winner=split'
>>> read_rules_query([("set", "second_best=yes")])
Traceback (most recent call last):
...
hilo.errors.ConfigError: set: second_best takes true or false, not 'yes'
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import fields
from typing import Any

from starlette.requests import Request

from hilo.engine.gallery import sheet_document
from hilo.errors import ConfigError
from hilo.rules.house_rules import HouseRules
from hilo.web.edges import excerpt

__all__ = ["MAX_QUERY_ITEMS", "read_rules_query", "rules_answer"]

MAX_QUERY_ITEMS = 100
"""The most parameters a rules address may hold."""

_KEYS = ("preset", "set", "game", "table")
_NUMBERS = ("max_draw", "max_rounds", "four_price")
_LONGEST = 80
_WORD = re.compile(r"[A-Za-z0-9 _-]{1,40}")
"""A preset's, a game's or a switch value's name: what `hilo.web.protocol` calls a word."""


def _switch_value(switch: str, raw: str) -> Any:
    """``raw`` read by the type of ``switch``'s default (a boolean, a number or a word)."""
    known = {item.name: item.default for item in fields(HouseRules)}
    if switch not in known:
        raise ConfigError(f"set: unknown house rule {excerpt(switch)}")
    default = known[switch]
    if isinstance(default, bool):
        if raw not in ("true", "false"):
            raise ConfigError(f"set: {switch} takes true or false, not {excerpt(raw)}")
        return raw == "true"
    if switch in _NUMBERS or switch == "low_qualifier":
        if switch == "low_qualifier" and raw == "none":
            return None
        if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
            none = " or none" if switch == "low_qualifier" else ""
            raise ConfigError(f"set: {switch} takes a whole number{none}, not {excerpt(raw)}")
        return int(raw)
    return raw


def read_rules_query(items: Sequence[tuple[str, str]]) -> tuple[HouseRules, tuple[str, ...]]:
    """The house rules and the games an address names (not a table's: see `rules_answer`)."""
    if len(items) > MAX_QUERY_ITEMS:
        raise ConfigError(f"the address holds more than {MAX_QUERY_ITEMS} parameters")
    preset = "strict"
    settings: dict[str, Any] = {}
    games: list[str] = []
    presets = 0
    for key, value in items:
        if key not in _KEYS:
            raise ConfigError(
                f"unknown parameter {excerpt(key)}: use preset, set, game, or table alone"
            )
        if len(value) > _LONGEST:
            raise ConfigError(f"{key}: at most {_LONGEST} characters, not {len(value)}")
        word = value.partition("=")[2] if key == "set" else value
        if key != "set" and _WORD.fullmatch(word) is None:
            raise ConfigError(f"{key}: {excerpt(word)} is not a name of 1 to 40 letters")
        if key == "preset":
            presets += 1
            preset = value
        elif key == "set":
            switch, separator, raw = value.partition("=")
            if not separator or not switch:
                raise ConfigError(
                    f"set takes SWITCH=VALUE, such as no_winner=split, not {excerpt(value)}"
                )
            if switch in settings:
                raise ConfigError(f"set: {switch} is given twice")
            if _WORD.fullmatch(raw) is None:
                raise ConfigError(f"set: {switch} cannot be {excerpt(raw)}")
            settings[switch] = _switch_value(switch, raw)
        elif key == "game":
            games.append(value)
    if presets > 1:
        raise ConfigError("preset is given twice")
    if any(key == "table" for key, _ in items):
        raise ConfigError("table goes alone: the table's own rules and games are shown")
    return HouseRules.from_dict({"preset": preset, **settings}), tuple(games)


async def rules_answer(
    request: Request, table_rules: Callable[[str], Awaitable[tuple[HouseRules, tuple[str, ...]]]]
) -> dict[str, Any]:
    """The sheet for the address of ``request``; ``table_rules(id)`` gives a table's rules
    and games when the address is ``table=ID`` alone."""
    items = list(request.query_params.multi_items())
    tables = [value for key, value in items if key == "table"]
    if tables and len(items) == 1:
        rules, games = await table_rules(tables[0])
    else:
        rules, games = read_rules_query(items)
    return sheet_document(rules, games)
