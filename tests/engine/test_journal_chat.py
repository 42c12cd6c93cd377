"""The table's chat settings in its journal: the host's mutes and whether spectators write."""

from __future__ import annotations

from typing import Any

import pytest

from hilo.engine.journal import JournaledTable, restore
from hilo.errors import IllegalActionError
from tests.engine.test_journal import CONFIG


def test_mutes_and_the_spectator_switch_replay_from_the_journal() -> None:
    entries: list[dict[str, Any]] = []
    journaled = JournaledTable(CONFIG, entries.append)
    journaled.sit(0, "Ann", 100)
    journaled.sit(1, "Bob", 100)
    journaled.mute(1)
    journaled.mute(0)
    journaled.mute(0, muted=False)
    journaled.allow_spectator_chat(True)
    assert entries[-4:] == [
        {"op": "mute", "seat": 1, "muted": True},
        {"op": "mute", "seat": 0, "muted": True},
        {"op": "mute", "seat": 0, "muted": False},
        {"op": "spectator-chat", "allowed": True},
    ]
    table = restore(entries).table
    bob = table.players[1]
    assert bob is not None
    assert table.muted == frozenset({bob.number})
    assert table.spectator_chat is True


def test_a_mute_names_somebody_and_lasts_only_while_they_sit() -> None:
    journaled = JournaledTable(CONFIG, lambda entry: None)
    with pytest.raises(IllegalActionError, match="Nobody sits in seat 3"):
        journaled.mute(2)
    journaled.sit(2, "Cy", 100)
    journaled.mute(2)
    journaled.leave(2)
    journaled.sit(2, "Cy", 100)  # back again: a new sitting, not muted
    table = journaled.table
    cy = table.players[2]
    assert cy is not None
    assert cy.number not in table.muted
