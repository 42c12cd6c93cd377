"""Reading the command line's options: whole numbers, ``KEY=VALUE`` settings, rules, stakes.

Every reader raises `HiloError` with one line naming the option and what was wrong.

>>> whole("1_000", "--hands", 1)
1000
>>> pairs(["no_winner=split", "second-best=yes"], "--set", "no_winner=split")
{'no_winner': 'split', 'second_best': True}
>>> whole("0", "--bots", 1, 9)
Traceback (most recent call last):
...
hilo.errors.HiloError: --bots takes a whole number from 1 to 9, not '0'
"""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any

import typer

from hilo.bots.factory import BOT_KINDS
from hilo.errors import HiloError
from hilo.rules.house_rules import PRESETS, HouseRules
from hilo.rules.stakes import Stakes

__all__ = [
    "RulesOption",
    "SettingOption",
    "bot_kinds",
    "house_rules",
    "pairs",
    "stakes_with",
    "whole",
]

RulesOption = Annotated[
    str, typer.Option(metavar="PRESET", help=f"House rules preset: {', '.join(PRESETS)}.")
]
"""``--rules``: the preset the house rules start from."""

SettingOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="SWITCH=VALUE",
        help="Change one house rule, such as --set no_winner=split.",
    ),
]
"""``--set``: one house rule changed from the preset (give it again for more)."""


def whole(text: str, option: str, least: int, most: int | None = None) -> int:
    """A whole number given to ``option``, from ``least`` (to ``most``)."""
    cleaned = text.strip().replace("_", "").replace(",", "")
    number = int(cleaned) if cleaned.lstrip("-").isdigit() else None
    if number is None or number < least or (most is not None and number > most):
        span = f"from {least} to {most}" if most is not None else f"of at least {least}"
        raise HiloError(f"{option} takes a whole number {span}, not '{text}'")
    return number


def _value(raw: str) -> Any:
    """A setting's value: true/false, none, a whole number, or the text."""
    value = raw.strip()
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    if value.isdigit():
        return int(value)
    return value


def pairs(texts: list[str], option: str, example: str) -> dict[str, Any]:
    """``KEY=VALUE`` settings given to ``option`` (dashes in keys read as underscores)."""
    settings: dict[str, Any] = {}
    for text in texts:
        key, separator, raw = text.partition("=")
        if not separator or not key.strip():
            raise HiloError(f"{option} takes KEY=VALUE, such as {example}; got '{text}'")
        settings[key.strip().replace("-", "_")] = _value(raw)
    return settings


def house_rules(preset: str, changes: list[str]) -> HouseRules:
    """A preset with ``--set SWITCH=VALUE`` changes."""
    return HouseRules.from_dict({"preset": preset, **pairs(changes, "--set", "no_winner=split")})


def stakes_with(base: Stakes, changes: list[str], example: str) -> Stakes:
    """``base`` with ``FIELD=VALUE`` changes given to ``--stakes``."""
    updates = pairs(changes, "--stakes", example)
    known = {item.name for item in fields(Stakes)}
    for key in updates:
        if key not in known:
            raise HiloError(f"unknown stakes field '{key}': use {', '.join(sorted(known))}")
    return Stakes.from_dict({**base.to_dict(), **updates})


def bot_kinds(text: str, option: str, least: int) -> tuple[str, ...]:
    """Comma-separated kinds of bot, at least ``least`` of them."""
    kinds = tuple(kind.strip().lower() for kind in text.split(",") if kind.strip())
    if len(kinds) < least:
        many = "a kind of bot" if least == 1 else f"at least {least} bots, such as solid,random"
        raise HiloError(f"{option} names {many}; the kinds are {', '.join(BOT_KINDS)}")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise HiloError(f"unknown bot '{kind}': the bots are {', '.join(BOT_KINDS)}")
    return kinds
