"""A table made at one of several processes is that process's from before it exists."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hilo.web import homes
from hilo.web.lease import Leases
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client
from tests.web.leased import leased_server, owner
from tests.web.postgres import PostgresCluster
from tests.web.test_app import TABLE


@pytest.fixture
def url(postgres_cluster: PostgresCluster) -> str:
    return postgres_cluster.new_database()


@pytest.fixture
def served(url: str) -> Iterator[str]:
    with leased_server(url) as base:
        yield base


def test_a_new_table_is_locked_before_it_is_written(
    url: str, served: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    owners: list[str | None] = []
    new_table = Store.new_table

    def noted(store: Store, config: Any, table_id: str | None = None, **tokens: Any) -> Any:
        assert table_id is not None  # the id is chosen, and claimed, first
        owners.append(owner(url, table_id))  # what another process's sweep would see
        return new_table(store, config, table_id, **tokens)

    monkeypatch.setattr(Store, "new_table", noted)
    made = loopback.post(f"{served}/api/tables", json=TABLE).json()
    assert owners == [served]
    assert owner(url, made["table"]) == served
    host = Client(served, made["host"], "host")
    host.wait(lambda frame: True)  # played here, at once
    host.close()


def test_a_new_id_whose_lock_another_process_holds_is_passed_over(
    url: str, served: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken, fresh = "00000000000000aa", "00000000000000bb"
    other = Leases(url, "http://10.0.0.9:8001")
    try:
        assert other.claim(taken)
        ids = iter([taken, fresh])
        monkeypatch.setattr(homes, "new_table_id", lambda: next(ids))
        made = loopback.post(f"{served}/api/tables", json=TABLE).json()
        assert made["table"] == fresh
        assert owner(url, fresh) == served
        assert owner(url, taken) == "http://10.0.0.9:8001"
    finally:
        other.close()


def test_no_new_id_at_all_is_said_in_a_sentence(
    url: str, served: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = Leases(url, "http://10.0.0.9:8001")
    try:
        assert other.claim("00000000000000aa")
        monkeypatch.setattr(homes, "new_table_id", lambda: "00000000000000aa")
        answer = loopback.post(f"{served}/api/tables", json=TABLE)
        assert answer.status_code == 503
        assert "no new table could be claimed now" in answer.json()["error"]
    finally:
        other.close()


def test_a_claim_between_forgetting_a_lock_and_unlocking_it_keeps_the_lock(url: str) -> None:
    first, second = Leases(url, "http://10.0.0.1:8001"), Leases(url, "http://10.0.0.2:8001")
    table_id = "00000000000000cc"
    try:
        assert first.claim(table_id)
        first.claimed.discard(table_id)  # a table being dropped: its claim forgotten at once
        assert first.claim(table_id)  # a request takes it again before the unlock is done
        first.unlock(table_id)
        assert not second.claim(table_id)  # the database still counts one taking
        assert table_id in first.claimed
    finally:
        first.close()
        second.close()
