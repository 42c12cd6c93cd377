"""A database written by an earlier hilo opens, upgrades and plays on.

``tests/web/saved/release-0.1.db`` was written by hilo 0.1 (see
``tests/web/saved/make_release_database.py``); ``release-0.1.json`` records what each
table and token held then.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

from hilo.web.store import Store
from tests.engine.test_journal import random_move
from tests.web.saved.make_release_database import DATABASE, FACTS
from tests.web.server import running

SAVED: dict[str, Any] = json.loads(FACTS.read_text())


@pytest.fixture
def store(tmp_path: Path) -> Store:
    copy = tmp_path / "hilo.db"
    shutil.copyfile(DATABASE, copy)
    return Store(f"sqlite:///{copy}")


def test_every_saved_table_comes_back_as_it_was(store: Store) -> None:
    tables = store.open_tables()
    assert sorted(tables) == sorted(SAVED["tables"])
    for table_id, facts in SAVED["tables"].items():
        table = tables[table_id].table
        hand = table.hand
        assert table.status == facts["status"]
        assert table.hands_played == facts["hands_played"]
        assert [
            None if player is None else [player.name, player.stack, player.bot]
            for player in table.players
        ] == facts["players"]
        assert [player.name for player in table.departed] == facts["departed"]
        assert (0 if hand is None else len(hand.events)) == facts["hand_events"]
        assert (None if hand is None else hand.is_complete) == facts["hand_complete"]
        assert [list(seats) for seats in table.history_seats] == facts["history_seats"]
        assert table.chips() == facts["chips"]
        assert len(store.journal(table_id)) == facts["journal"]
    store.close()


def test_every_saved_token_still_opens_its_table(store: Store) -> None:
    for token, held in SAVED["tokens"].items():
        found = store.find_token(token)
        assert found is not None, held
        assert (found.table_id, found.role, found.seat) == (
            held["table"],
            held["role"],
            held["seat"],
        )
    store.close()


def test_saved_tables_play_on_with_chips_kept(store: Store) -> None:
    tables = store.open_tables()
    rng = random.Random(7)
    for table_id, journaled in tables.items():
        if journaled.table.status == "ended":
            continue
        before = journaled.table.chips()
        length = len(store.journal(table_id))
        for _ in range(60):
            random_move(journaled, rng)
        assert journaled.table.chips() == before
        assert len(store.journal(table_id)) > length
    again = Store(str(store.engine.url))
    for table_id, journaled in again.open_tables().items():
        assert journaled.table.chips() == tables[table_id].table.chips()
    again.close()
    store.close()


def test_a_server_on_a_saved_database_serves_every_link(store: Store) -> None:
    with running(store) as base:
        for token, held in SAVED["tokens"].items():
            route = "lobby" if held["role"] == "invite" else "view"
            answer = httpx.get(f"{base}/api/{route}", params={"token": token})
            assert answer.status_code == 200, (held, answer.text)
            if held["role"] == "seat":
                seated = SAVED["tables"][held["table"]]["players"]
                still_there = [held["name"]] in [player[:1] for player in seated if player]
                assert answer.json()["you"] == (held["seat"] if still_there else None)
    store.close()


def test_each_old_seat_token_now_names_the_person_who_held_it(store: Store) -> None:
    tables = store.open_tables()
    with running(store):  # the server claims the old tokens as it starts
        pass
    checked = 0
    for token, held in SAVED["tokens"].items():
        found = store.find_token(token)
        assert found is not None
        if held["role"] != "seat":
            assert found.player is None
            continue
        table = tables[held["table"]].table
        named = [player for player in [*table.players, *table.departed] if player is not None]
        (person,) = [player for player in named if player.number == found.player]
        assert person.name == held["name"]
        checked += 1
    assert checked == 7  # Gus among them, who left his seat
    store.close()


def test_a_player_who_left_keeps_their_own_history(store: Store) -> None:
    gus = next(token for token, held in SAVED["tokens"].items() if held["name"] == "Gus")
    with running(store) as base:
        hands = httpx.get(f"{base}/api/history", params={"token": gus}).json()["hands"]
        assert [hand["you"] for hand in hands] == [2, 2, 2, 2]
        first = httpx.get(f"{base}/api/history/1", params={"token": gus}).json()
        assert first["you"] == 2
        assert first["views"][0]["seats"][1]["name"] == "Gus"
        assert first["views"][0]["seats"][1]["down"]  # his own cards
        assert not first["views"][0]["seats"][0]["down"]  # nobody else's
        refused = httpx.post(f"{base}/api/seat", json={"token": gus, "command": "sit-in"})
        assert refused.status_code == 403
    store.close()


def test_a_newcomer_sees_the_hands_before_them_as_the_host_does(store: Store) -> None:
    # Dan took Bob's seat after three hands; the release showed him Bob's hole cards.
    dan = next(token for token, held in SAVED["tokens"].items() if held["name"] == "Dan")
    host = next(
        token
        for token, held in SAVED["tokens"].items()
        if held["role"] == "host" and held["table"] == SAVED["tokens"][dan]["table"]
    )
    with running(store) as base:
        hands = httpx.get(f"{base}/api/history", params={"token": dan}).json()["hands"]
        assert [hand["you"] for hand in hands] == [None, None, None, 1, 1]
        for number in (1, 2, 3):
            seen = [
                httpx.get(f"{base}/api/history/{number}", params={"token": token, "format": kind})
                for token in (dan, host)
                for kind in ("json", "phh")
            ]
            assert seen[0].json() == seen[2].json()
            assert seen[1].text == seen[3].text
        fourth = httpx.get(f"{base}/api/history/4", params={"token": dan}).json()
        assert fourth["views"][0]["seats"][1]["name"] == "Dan"
        assert fourth["views"][0]["seats"][1]["down"]
    store.close()
