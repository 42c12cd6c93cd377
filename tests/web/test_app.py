"""The server with real clients (httpx, websockets) on loopback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from hilo.cards import parse_cards
from hilo.engine.fairness import verify
from hilo.web.store import Store
from tests.web.server import running

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 5,
    "provably_fair": True,
}


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running(Store(f"sqlite:///{tmp_path / 'hilo.db'}")) as url:
        yield url


def socket(base: str, token: str) -> ClientConnection:
    return connect(base.replace("http", "ws") + f"/ws?token={token}", open_timeout=5)


def receive(connection: ClientConnection) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(connection.recv(timeout=5))
    return data


def set_up(base: str) -> tuple[dict[str, Any], dict[str, str]]:
    created = httpx.post(f"{base}/api/tables", json=TABLE).json()
    seats = {}
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        joined = httpx.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
        ).json()
        seats[name] = joined["token"]
    return created, seats


def test_a_full_declare_hand_over_websockets(base: str) -> None:
    created, seats = set_up(base)
    with ExitStack() as stack:
        sockets = {name: stack.enter_context(socket(base, token)) for name, token in seats.items()}
        watcher = stack.enter_context(socket(base, created["spectator"]))
        play_and_check(base, created, sockets, watcher)


def play_and_check(
    base: str,
    created: dict[str, Any],
    sockets: dict[str, ClientConnection],
    watcher: ClientConnection,
) -> None:
    frames: dict[str, list[dict[str, Any]]] = {name: [] for name in [*sockets, "spectator"]}
    everyone = {**sockets, "spectator": watcher}
    for name, connection in everyone.items():
        frames[name].append(receive(connection))
    assert httpx.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
    latest = {name: receive(connection) for name, connection in everyone.items()}
    for name in everyone:
        frames[name].append(latest[name])
    by_seat = {0: "Ann", 1: "Bob", 2: "Cy"}
    for _ in range(200):
        view = latest["spectator"]["view"]
        if view["phase"] == "complete":
            break
        seat = view["to_act"][0]
        mine = latest[by_seat[seat]]["view"]
        kinds = {option["kind"] for option in mine["legal"]}
        if "declare" in kinds:
            action = {"kind": "declare", "direction": ["high", "low", "both"][seat]}
        elif "bring-in" in kinds:
            action = {"kind": "bring-in"}
        else:
            action = {"kind": "check" if "check" in kinds else "call"}
        sockets[by_seat[seat]].send(json.dumps({"type": "act", "action": action}))
        latest = {name: receive(connection) for name, connection in everyone.items()}
        for name in everyone:
            frames[name].append(latest[name])
    final = latest["spectator"]["view"]
    assert final["phase"] == "complete"
    fairness = latest["spectator"]["fairness"]
    assert verify(fairness["commitment"], parse_cards(fairness["deck"]), fairness["salt"])
    assert final["result"][0] == "Rules: strict."
    assert sum(seat["stack"] for seat in final["seats"]) == 300
    assert [frame["seq"] for frame in frames["Ann"][1:]] == sorted(
        {f["seq"] for f in frames["Ann"][1:]}
    )
    # No frame ever held another seat's face-down cards or a sealed declaration.
    for name, received in frames.items():
        me = None if name == "spectator" else next(s for s, n in by_seat.items() if n == name)
        for frame in received:
            view = frame["view"]
            if view is None:
                continue
            shown = any(event["kind"] == "shown" for event in view["events"])
            for seat in view["seats"]:
                if seat["seat"] != me and not shown:
                    assert seat["down"] == []
                    if view["phase"] == "declaring":
                        assert seat["declaration"] is None
            for event in view["events"]:
                if event.get("hidden") and event.get("seat") != me:
                    assert "cards" not in event
                    assert "direction" not in event


def test_bad_messages_get_clear_errors_and_change_nothing(base: str) -> None:
    created, seats = set_up(base)
    httpx.post(f"{base}/api/deal", json={"host": created["host"]})
    with socket(base, seats["Ann"]) as ann:
        first = receive(ann)
        for text, message in [
            ("{not json", "the message is not JSON"),
            ('{"type": "dance"}', "the type must be act, resync or ping"),
            ('{"type": "act", "action": {"kind": "jump"}}', "bad act message: action.kind"),
            ("x" * 5000, "message too long"),
        ]:
            ann.send(text)
            reply = receive(ann)
            assert reply["type"] == "error"
            assert message in reply["message"]
        ann.send(json.dumps({"type": "resync"}))
        assert receive(ann)["seq"] == first["seq"]
        ann.send(json.dumps({"type": "ping"}))
        assert receive(ann) == {"type": "pong"}
    # A seat that is not to act is refused, and nothing changes.
    waiting = httpx.get(f"{base}/api/view", params={"token": seats["Ann"]}).json()["view"]["to_act"]
    idle = next(name for seat, name in enumerate(("Ann", "Bob", "Cy")) if seat not in waiting)
    with socket(base, seats[idle]) as out_of_turn:
        before = receive(out_of_turn)
        out_of_turn.send(json.dumps({"type": "act", "action": {"kind": "fold"}}))
        reply = receive(out_of_turn)
        assert reply["type"] == "error"
        assert "It is not your turn" in reply["message"]
        out_of_turn.send(json.dumps({"type": "resync"}))
        assert receive(out_of_turn) == before
    # Forged tokens and spectators cannot act; bad requests get a sentence.
    assert httpx.get(f"{base}/api/view", params={"token": "forged"}).json() == {
        "error": "that link or token is not valid here"
    }
    with socket(base, created["spectator"]) as spectator:
        receive(spectator)
        spectator.send(json.dumps({"type": "act", "action": {"kind": "fold"}}))
        assert receive(spectator) == {"type": "error", "message": "spectators cannot act"}
    bad = httpx.post(f"{base}/api/join", json={"invite": created["invite"], "name": "Ann",
                                               "seat": 3, "buy_in": 100})  # fmt: skip
    assert bad.status_code == 400
    assert "already at the table" in bad.json()["error"]
