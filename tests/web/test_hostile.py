"""Input from a hostile client that the server once accepted, journaled and then could not serve.

Each is refused with a sentence (400, 403, or an error frame), nothing of it is journaled,
and the server restarted on the same database still opens every table.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

import hilo.web.app
from hilo.web.edges import MAX_BODY_BYTES
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client

TABLE: dict[str, Any] = {
    "games": ["holdem"],
    "rules": "cards-speak",
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
    "seats": 4,
}
POSTS = ("/api/tables", "/api/join", "/api/host", "/api/deal", "/api/seat")


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hilo.db'}"


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    store = Store(database)
    yield store
    store.close()


def post(base: str, path: str, body: Any) -> httpx.Response:
    """POST ``body`` as JSON written by Python (lone surrogates escaped as ``\\udXXX``)."""
    text = json.dumps(body)
    return loopback.post(
        f"{base}{path}", content=text, headers={"content-type": "application/json"}
    )


def refused(answer: httpx.Response, status: int, words: str) -> None:
    """The answer is ``status`` with a JSON sentence holding ``words`` and no internals."""
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"]
    assert "Traceback" not in answer.text
    assert 'File "' not in answer.text


def new_table(base: str, **changes: Any) -> dict[str, Any]:
    answer = loopback.post(f"{base}/api/tables", json={**TABLE, **changes})
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


def join(base: str, created: dict[str, Any], **body: Any) -> httpx.Response:
    return post(base, "/api/join", {"invite": created["invite"], "seat": 0, "buy_in": 100, **body})


def reopened(database: str, tables: int) -> None:
    """A server started again on the database opens every table."""
    again = Store(database)
    try:
        assert len(again.open_tables()) == tables
        assert again.damaged == {}
    finally:
        again.close()


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("\ud800", "lone surrogate"),
        ("Ann\udc00", "lone surrogate"),
        ("\x07\x08\x1b[2J", "control character"),
        ("\u202eAnn", "bidirectional"),
        ("Ann\u2066", "bidirectional"),
        ("\u200b\u200c\u200d", "U+200B"),
        ("\u200d", "at least one visible character"),
        ("\u2060\ufeff", "U+2060"),
        ("x" * 41, "at most 40 characters"),
        ("", "at least 1 character"),
    ],
)
def test_names_that_are_not_readable_text_are_refused(
    base: str, store: Store, database: str, name: str, words: str
) -> None:
    created = new_table(base)
    refused(join(base, created, name=name), 400, words)
    assert [entry["op"] for entry in store.journal(created["table"])] == ["create"]
    assert loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).status_code == 200
    reopened(database, 1)


def test_a_name_is_kept_in_normal_form(base: str, store: Store) -> None:
    created = new_table(base)
    seated = join(base, created, name="  Zoe\u0308  ")
    assert seated.status_code == 200
    assert store.journal(created["table"])[-1]["name"] == "Zo\u00eb"
    refused(join(base, created, name="Zo\u00eb", seat=1), 400, "already at the table")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"stakes": {**TABLE["stakes"], "lift_cap_heads_up": [1]}}, "stakes.lift_cap_heads_up"),
        ({"stakes": {**TABLE["stakes"], "lift_cap_heads_up": "no"}}, "stakes.lift_cap_heads_up"),
        ({"rules": {"preset": "cards-speak", "second_best": "no"}}, "rules.second_best"),
        ({"rules": {"preset": "cards-speak", "max_draw": True}}, "rules.max_draw"),
        ({"rules": {"preset": "cards-speak", "low_qualifier": "8"}}, "rules.low_qualifier"),
        ({"rules": ["strict"]}, "preset's name or an object"),
        ({"provably_fair": "no"}, "provably_fair"),
        ({"seats": True}, "seats"),
        ({"seats": 4.0}, "seats"),
        ({"games": "holdem"}, "games"),
        ({"stakes": {**TABLE["stakes"], "big_blind": 10**9 + 1}}, "stakes.big_blind"),
        ({"clock": {"action": 30, "bank": True}}, "clock.bank"),
        ({"buy_in": {"min": 1, "max": True}}, "buy_in.max"),
        ({"games": ["holdem\x07"]}, "games.0"),
    ],
)
def test_table_settings_of_the_wrong_type_are_refused(
    base: str, store: Store, database: str, changes: dict[str, Any], words: str
) -> None:
    refused(post(base, "/api/tables", {**TABLE, **changes}), 400, words)
    assert store.table_ids() == []
    new_table(base)  # the server goes on creating tables
    reopened(database, 1)


def test_numbers_beyond_any_sense_are_refused(base: str, store: Store, database: str) -> None:
    created = new_table(base)
    huge = "9" * 4300
    for text in (
        f'{{"invite": "{created["invite"]}", "name": "Ann", "seat": 0, "buy_in": {huge}}}',
        f'{{"invite": "{created["invite"]}", "name": "Ann", "seat": 0, "buy_in": 1{huge}}}',
        f'{{"invite": "{created["invite"]}", "name": "Ann", "seat": 0, "buy_in": 1e999}}',
        f'{{"invite": "{created["invite"]}", "name": "Ann", "seat": 0, "buy_in": NaN}}',
    ):
        answer = loopback.post(f"{base}/api/join", content=text)
        assert answer.status_code == 400
        assert "buy_in" in answer.json()["error"] or "not JSON" in answer.json()["error"]
    refused(join(base, created, name="Ann", buy_in=True), 400, "buy_in")
    refused(join(base, created, name="Ann", seat=True), 400, "seat")
    refused(join(base, created, name="Ann", buy_in=10**9 + 1), 400, "buy_in")
    refused(join(base, created, name="Ann", seat=-1), 400, "seat")
    assert [entry["op"] for entry in store.journal(created["table"])] == ["create"]
    assert join(base, created, name="Ann", buy_in=10**9).status_code == 200
    reopened(database, 1)


@pytest.mark.parametrize("token", ["\ud800", "a\udfffb", "x" * 65, "../../etc", "ab cd", "", 7])
def test_a_token_that_is_not_a_token_is_refused_with_a_sentence(base: str, token: Any) -> None:
    created = new_table(base)
    for path, body in (
        ("/api/join", {"invite": token, "name": "Ann", "seat": 0, "buy_in": 100}),
        ("/api/host", {"host": token, "command": "start"}),
        ("/api/deal", {"host": token}),
        ("/api/seat", {"token": token, "command": "sit-out"}),
    ):
        answer = post(base, path, body)
        assert answer.status_code in (400, 403), answer.text
        assert answer.json()["error"]
    if isinstance(token, str) and "\ud800" not in token and "\udfff" not in token:
        for route in ("lobby", "view", "history", "history/1"):
            answer = loopback.get(f"{base}/api/{route}", params={"token": token})
            refused(answer, 403, "not valid here")
    assert loopback.get(f"{base}/api/lobby", params={"token": created["host"]}).status_code == 200


@pytest.mark.parametrize("path", POSTS)
def test_deep_nesting_and_big_bodies_are_refused_on_every_post_route(base: str, path: str) -> None:
    deep = "[" * 3000 + "]" * 3000
    refused(loopback.post(f"{base}{path}", content=deep), 400, "nested too deeply")
    deep_object = '{"a":' * 2000 + "1" + "}" * 2000
    refused(loopback.post(f"{base}{path}", content=deep_object), 400, "nested too deeply")
    big = json.dumps({"name": "x" * MAX_BODY_BYTES})
    refused(loopback.post(f"{base}{path}", content=big), 400, f"at most {MAX_BODY_BYTES} bytes")
    refused(loopback.post(f"{base}{path}", content=b"\xff\xfe"), 400, "not UTF-8")
    refused(loopback.post(f"{base}{path}", content=b"[1, 2"), 400, "not JSON")
    refused(loopback.post(f"{base}{path}", content=b'"\\ud800"'), 400, "lone surrogate")


def test_an_error_repeats_at_most_a_short_excerpt_of_the_input(base: str) -> None:
    key = "\x1b[31m" + "k" * 500
    answer = post(base, "/api/tables", {key: 1})
    refused(answer, 400, "Extra inputs are not permitted")
    message = answer.json()["error"]
    assert "\x1b" not in message
    assert "k" * 41 not in message
    assert len(message) < 120


def test_websocket_messages_that_broke_the_connection_get_error_frames(base: str) -> None:
    created = new_table(base)
    ann = Client(base, created["spectator"], "watcher")
    ann.wait(lambda frame: True)
    for text in (
        "[" * 2000 + "]" * 2000,  # under the size limit
        '{"type": "act", "action": ' * 600 + "1" + "}" * 600,
        "\u00e9" * 2100,  # 2,100 characters are 4,200 bytes
        '"\\ud800"',
        '{"type": "act", "action": {"kind": "call", "amount": true}}',
    ):
        ann.connection.send(text)
        reply = ann.reply()
        assert reply["type"] == "error"
    ann.connection.send(b"\x00\x01binary")
    assert "binary frames" in ann.reply()["message"]
    ann.connection.send(json.dumps({"type": "ping"}).encode())
    assert "binary frames" in ann.reply()["message"]
    ann.send({"type": "ping"})
    assert ann.reply() == {"type": "pong"}, "the connection is still open"
    ann.close()


@pytest.mark.parametrize("token", ["%ED%A0%80", "%00", "x" * 5000])
def test_a_websocket_with_a_bad_token_is_turned_away(base: str, token: str) -> None:
    url = base.replace("http", "ws", 1) + f"/ws?token={token}"
    with pytest.raises(InvalidStatus, match="403"), connect(url, open_timeout=5):
        pass


def test_an_unforeseen_failure_answers_a_json_sentence_without_internals(
    base: str, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = new_table(base)

    def broken(token: str) -> None:
        raise RuntimeError(f"internal detail at {__file__}")

    monkeypatch.setattr(store, "kept_token", broken)
    monkeypatch.setattr(store, "find_token", broken)
    answer = loopback.get(f"{base}/api/lobby", params={"token": created["host"]})
    assert answer.status_code == 500
    assert answer.json() == {"error": "something went wrong on the server; it has been logged"}
    assert __file__ not in answer.text


def test_an_unforeseen_failure_in_a_message_answers_an_error_frame_and_keeps_the_connection(
    base: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    created = new_table(base)
    watcher = Client(base, created["spectator"], "watcher")
    watcher.wait(lambda frame: True)

    def broken(text: str | bytes) -> None:
        raise KeyError(f"internal detail at {__file__}")

    monkeypatch.setattr(hilo.web.app, "read_client_message", broken)
    with caplog.at_level(logging.ERROR, logger="hilo.web.app"):
        watcher.send({"type": "ping"})
        reply = watcher.reply()
    assert reply == {
        "type": "error",
        "message": "something went wrong on the server; it has been logged",
    }
    assert "could not be handled" in caplog.text
    monkeypatch.undo()
    watcher.send({"type": "ping"})
    assert watcher.reply() == {"type": "pong"}
    watcher.close()
