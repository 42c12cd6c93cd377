"""``POST /api/settle``: the referee over HTTP, for a showdown played with real cards.

The body is exactly the document ``hilo settle --json`` reads, read by the same strict
reader (`hilo.engine.settlement.read_request`), and the answer is the same JSON it prints.
The server keeps nothing. On top of the reader's own checks the web edge sets limits: at
most `MAX_PLAYERS` players and `MAX_POTS` pots, no pot over `MAX_CHIPS` chips, and every
name must be a name a player could sit down with at a table
(`hilo.engine.names.player_name`).

>>> answer = settle_body({"pot": 10, "players": [
...     {"name": "You", "cards": "As Ks Qs Js Ts"}, {"name": "Bo", "cards": "2c 3d 4h 5s 7c"}]})
>>> answer["awards"], answer["explanation"][-1]
({'You': 5, 'Bo': 5}, 'Awards: You 5 (high half, cards speak), Bo 5 (low half, cards speak).')
>>> settle_body({"pot": 10, "players": [{"name": "A\\x07", "cards": "As Ks Qs Js Ts"}]})
Traceback (most recent call last):
...
hilo.errors.ConfigError: players[0].name: A name may not hold U+0007 (a control character).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hilo.engine.names import player_name
from hilo.engine.settlement import settle_document
from hilo.errors import ConfigError, HiloError
from hilo.rules.stakes import MAX_CHIPS

__all__ = ["MAX_PLAYERS", "MAX_POTS", "settle_body"]

MAX_PLAYERS = 10
"""The most players one showdown sent to the server may have."""

MAX_POTS = 10
"""The most pots (the main pot and side pots) one showdown sent to the server may have."""


def _check_limits(data: Any) -> None:
    """Refuse a document over the web's limits, naming the field; the rest is the reader's."""
    if not isinstance(data, Mapping):
        return
    players = data.get("players")
    if isinstance(players, list):
        if len(players) > MAX_PLAYERS:
            raise ConfigError(
                f"players: at most {MAX_PLAYERS} players at one showdown, not {len(players)}"
            )
        for index, player in enumerate(players):
            name = player.get("name") if isinstance(player, Mapping) else None
            if isinstance(name, str) and name.strip():
                try:
                    player_name(name)
                except HiloError as error:
                    raise ConfigError(f"players[{index}].name: {error}") from None
    pots = data.get("pots")
    if isinstance(pots, list) and len(pots) > MAX_POTS:
        raise ConfigError(f"pots: at most {MAX_POTS} pots at one showdown, not {len(pots)}")
    amounts = [("pot", data.get("pot"))]
    if isinstance(pots, list):
        amounts += [
            (f"pots[{index}].amount", pot.get("amount"))
            for index, pot in enumerate(pots)
            if isinstance(pot, Mapping)
        ]
    for field, amount in amounts:
        if isinstance(amount, int) and not isinstance(amount, bool) and amount > MAX_CHIPS:
            raise ConfigError(f"{field}: at most {MAX_CHIPS:,} chips, not {amount:,}")


def settle_body(data: Any) -> dict[str, Any]:
    """Settle one showdown document from a request: the answer of ``hilo settle --json``."""
    _check_limits(data)
    return settle_document(data)
