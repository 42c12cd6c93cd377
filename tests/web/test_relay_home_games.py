"""A home game that asks for its own decisions (Anaconda's passes) through the relay and across
a takeover: a player connected to the process that does not own the table passes and bets
through it, and when the owner stops while she is asked to pass, the other process restores
the hand from the journal and she passes there."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from hilo.engine.journal import restore
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, choose
from tests.web.leased import leased_server
from tests.web.postgres import PostgresCluster
from tests.web.test_scale import connect, wait_closed

TABLE = {
    "games": ["anaconda-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4},
    "seats": 3,
    "provably_fair": False,
}


def asked_to_pass(count: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a frame asks Ann (seat 0) to pass ``count`` cards."""

    def asked(frame: dict[str, Any]) -> bool:
        view = frame["view"]
        return (
            view is not None
            and 0 in view["to_act"]
            and {"kind": "pass", "min": count, "max": count} in view["legal"]
        )

    return asked


def answer(view: dict[str, Any]) -> dict[str, Any]:
    """Ann's answer: the first cards she holds for a card decision; else `choose`'s."""
    for option in view["legal"]:
        if option["kind"] in ("pass", "discard", "arrange", "roll"):
            own = view["seats"][0]
            held = own["down"] + ([] if option["kind"] == "roll" else own["up"])
            return {"kind": option["kind"], "cards": " ".join(held[: option["min"]])}
    return choose(view, 0)


def answer_until(ann: Client, done: Callable[[dict[str, Any]], bool], answered: int = -1) -> None:
    """Ann answers whatever she is asked until a frame satisfies ``done`` (``answered``: the
    number of the frame she has answered already)."""
    deadline = time.monotonic() + 90
    while not (ann.frames and done(ann.latest)):
        assert time.monotonic() < deadline, "the hand did not get there"
        frame = ann.latest if ann.frames else None
        if frame and frame["view"] and 0 in frame["view"]["to_act"] and frame["seq"] != answered:
            answered = frame["seq"]
            ann.send({"type": "act", "action": answer(frame["view"])})
        ann.drain(wait=0.05)


def test_anaconda_passes_go_through_the_relay_and_survive_a_takeover(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    with contextlib.ExitStack() as first_only, leased_server(url) as second:
        first = first_only.enter_context(leased_server(url))
        created = loopback.post(f"{first}/api/tables", json=TABLE).json()  # the first owns it
        joined = loopback.post(
            f"{second}/api/join",
            json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 100},
        ).json()
        for seat in (1, 2):
            bot = {"command": "add-bot", "seat": seat, "bot": "calling", "buy_in": 100}
            assert loopback.post(
                f"{second}/api/host", json={"host": created["host"], **bot}
            ).json()["ok"]
        ann = Client(second, joined["token"], "Ann")  # relayed to the first
        ann.wait(lambda frame: True)
        assert (
            loopback.post(f"{second}/api/deal", json={"host": created["host"]}).status_code == 200
        )

        answer_until(ann, asked_to_pass(3))  # she bets through the relay
        ann.send({"type": "act", "action": answer(ann.latest["view"])})  # and passes three
        answer_until(ann, asked_to_pass(2), answered=ann.latest["seq"])
        before = ann.latest["view"]  # the owner stops while she is asked to pass two

        first_only.close()
        wait_closed(ann, time.monotonic() + 20)
        assert ann.connection.close_code == 1012
        again = connect(second, joined["token"], "Ann again", time.monotonic() + 20)
        after = again.latest["view"]  # the same hand (the bots may have passed meanwhile)
        assert after["seats"][0]["down"] == before["seats"][0]["down"]
        assert after["events"][: len(before["events"])] == before["events"]
        assert asked_to_pass(2)(again.latest)  # and she is asked to pass two, as before
        answer_until(again, lambda frame: frame["view"]["phase"] == "complete")

    store = Store(url)
    try:
        table = restore(store.journal(created["table"])).table
    finally:
        store.close()
    assert table.hands_played == 1
    assert table.chips() == 300
