"""Helpers to write a showdown as a few short strings and settle it."""

from __future__ import annotations

from typing import Any

from hilo.engine.settlement import settle_document

PotSpec = int | list[tuple[int, str]]


def document(
    rules: str | dict[str, Any] | None,
    players: list[str],
    pots: PotSpec,
    *,
    game: str = "stud",
    board: str = "",
) -> dict[str, Any]:
    """Players as ``NAME:DECLARE:CARDS`` (``-`` for no declaration, ``fold`` for folded)."""
    entries: list[dict[str, Any]] = []
    for spec in players:
        name, declare, cards = spec.split(":")
        entry: dict[str, Any] = {"name": name, "cards": cards}
        if declare == "fold":
            entry["folded"] = True
        elif declare != "-":
            entry["declare"] = declare
        entries.append(entry)
    data: dict[str, Any] = {"players": entries, "game": game, "board": board}
    if rules is not None:
        data["rules"] = rules
    if isinstance(pots, int):
        data["pot"] = pots
    else:
        data["pots"] = [{"amount": amount, "players": names.split(",")} for amount, names in pots]
    return data


def settle_case(
    rules: str | dict[str, Any] | None, players: list[str], pots: PotSpec, **options: str
) -> dict[str, Any]:
    """Settle and return the JSON answer (``options``: ``game``, ``board``)."""
    return settle_document(document(rules, players, pots, **options))
