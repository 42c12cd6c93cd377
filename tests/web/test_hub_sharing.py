"""Frames built once for each kind of watcher: shared where they may be, never across people.

Two players (one of them on two tabs) and two spectators watch a hand. Each frame is
checked against what its person may see, worked out from the journal; frames of one kind
of watcher are the very same text, and a change is serialised once per kind.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from hilo.engine.journal import restore
from hilo.engine.table import SPECTATOR, Table, Viewer
from hilo.web import frames, hub
from hilo.web.homes import table_config
from hilo.web.protocol import CreateTableRequest
from hilo.web.store import Store
from hilo.web.view_frames import Watcher, viewer_class
from tests.web import loopback
from tests.web.clients import Client, Frame, play_until
from tests.web.server import running
from tests.web.test_leaks import TABLE, cards_in, deals


def join(base: str, created: dict[str, Any], name: str, seat: int) -> str:
    joined = loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
    ).json()
    token: str = joined["token"]
    return token


def everybody_connected(frame: Frame) -> bool:
    return all(seat is None or seat["connected"] for seat in frame["table"]["seats"])


def by_seq(client: Client) -> dict[int, str]:
    return {frame["seq"]: text for frame, text in zip(client.frames, client.texts, strict=True)}


def test_each_kind_of_watcher_shares_one_frame_and_sees_only_its_own_cards(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    serialised: list[dict[str, Any]] = []

    def counted(message: dict[str, Any]) -> str:
        serialised.append(message)
        return frames.frame(message)

    monkeypatch.setattr(hub, "frame", counted)
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        ann_token, bob_token = join(base, created, "Ann", 0), join(base, created, "Bob", 1)
        ann, ann_again = Client(base, ann_token, "Ann"), Client(base, ann_token, "Ann")
        bob = Client(base, bob_token, "Bob")
        spectators = [Client(base, created["spectator"], f"spectator {n}") for n in (1, 2)]
        everyone = [ann, ann_again, bob, *spectators]
        for client in everyone:
            client.wait(
                lambda frame: all(
                    seat is None or seat["connected"] for seat in frame["table"]["seats"]
                )
            )
        assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
        for client in everyone:
            client.wait(lambda frame: frame["view"] is not None)
        # One change, five connections, three kinds of watcher: three frames written. The
        # change is found by the frames that first show it (another frame of the deal may
        # still be on its way: starting the table and dealing its hand are two changes).
        dealt = len(ann.latest["view"]["events"])
        acting = ann.latest["view"]["to_act"][0]
        (ann, bob)[acting].send({"type": "act", "action": {"kind": "bring-in"}})
        for client in everyone:
            client.wait(lambda frame: len(frame["view"]["events"]) > dealt)
        seq = min(
            frame["seq"]
            for client in everyone
            for frame in client.frames
            if frame["view"] is not None and len(frame["view"]["events"]) > dealt
        )
        written = [message for message in serialised if message.get("seq") == seq]
        assert Counter(message["you"] for message in written) == {0: 1, 1: 1, None: 1}
        done = lambda frame: frame["view"]["phase"] == "complete"  # noqa: E731
        play_until({0: ann, 1: bob}, [ann_again, *spectators], done, spectators[0])
        for client in everyone:
            client.drain(wait=0.2)
            client.close()

    table = restore(store.journal(created["table"])).table
    (deal,) = deals(table)
    people = {"Ann": table.players[0].number, "Bob": table.players[1].number}  # type: ignore[union-attr]
    checked = 0
    for client in everyone:
        person = people.get(client.name)
        for frame, text in zip(client.frames, client.texts, strict=True):
            view = frame["view"]
            allowed = deal.allowed(person, len(view["events"])) if view is not None else set()
            leaked = cards_in(text) - allowed
            assert not leaked, f"{client.name} was sent {sorted(leaked)}"
            checked += view is not None
    assert checked > 50
    assert set(deal.owner) - deal.allowed(people["Ann"], 0)  # Bob's cards were kept from Ann
    # Frames of one kind of watcher are the same text; two people never share one.
    shared = [(ann, ann_again), (spectators[0], spectators[1])]
    for one, other in shared:
        ones, others = by_seq(one), by_seq(other)
        common = set(ones) & set(others)
        assert len(common) > 10
        assert all(ones[seq] == others[seq] for seq in common)
    anns, bobs = by_seq(ann), by_seq(bob)
    assert all(anns[seq] != bobs[seq] for seq in set(anns) & set(bobs))


def _watcher(role: str, viewer: Viewer) -> Watcher:
    return Watcher(None, role, viewer)  # type: ignore[arg-type]  # no socket is needed


def test_watchers_of_one_class_are_one_person_or_nobody_in_one_role() -> None:
    table = Table(table_config(CreateTableRequest.model_validate(TABLE)))
    table.sit(0, "Ann", 100)
    table.sit(1, "Bob", 100)
    ann, bob = (Viewer(player.number) for player in table.players[:2] if player is not None)
    assert viewer_class(table, _watcher("seat", ann)) == ("seat", 0, None)
    table.start_hand()
    classes = {
        name: viewer_class(table, _watcher(role, viewer))
        for name, role, viewer in [
            ("Ann", "seat", ann),
            ("Bob", "seat", bob),
            ("spectator", "spectator", SPECTATOR),
            ("host", "host", SPECTATOR),
        ]
    }
    assert classes["Ann"] == viewer_class(table, _watcher("seat", ann))  # her other tab
    assert len(set(classes.values())) == 4
    assert classes["Ann"][2] != classes["Bob"][2]  # the seats whose cards each may see
