"""A blind table's straddle and ways of joining over HTTP: the create request's settings read
strictly, the seat commands that answer the straddle and choose to wait or post."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from hilo.engine.journal import restore
from hilo.web.store import Store
from tests.web import loopback

HOLDEM = {
    "games": ["holdem"],
    "rules": "cards-speak",
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
    "seats": 6,
    "straddle": True,
    "joining": "post",
}


def seated(base: str, *names: str) -> tuple[dict[str, Any], dict[str, str]]:
    created = loopback.post(f"{base}/api/tables", json=HOLDEM).json()
    tokens = {}
    for seat, name in enumerate(names):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
        ).json()
        tokens[name] = joined["token"]
    return created, tokens


def seat(base: str, token: str, command: str) -> httpx.Response:
    return loopback.post(f"{base}/api/seat", json={"token": token, "command": command})


def table_state(base: str, token: str) -> dict[str, Any]:
    state: dict[str, Any] = loopback.get(f"{base}/api/view", params={"token": token}).json()
    return state


def test_the_settings_are_journaled_and_told_to_every_watcher(base: str, store: Store) -> None:
    created, tokens = seated(base, "Ann", "Bob")
    config = restore(store.journal(created["table"])).table.config
    assert (config.straddle, config.joining) == (True, "post")
    state = table_state(base, tokens["Ann"])["table"]
    assert (state["straddle"], state["joining"], state["straddler"]) == (True, "post", None)
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
    assert (lobby["straddle"], lobby["joining"]) == (True, "post")


def test_the_straddle_is_answered_before_the_deal(base: str) -> None:
    created, tokens = seated(base, "Ann", "Bob", "Cy", "Dee")
    started = loopback.post(f"{base}/api/host", json={"host": created["host"], "command": "start"})
    assert started.json() == {"ok": True, "status": "playing"}
    straddler = table_state(base, tokens["Ann"])["table"]["straddler"]
    assert straddler["seat"] == 3
    assert (straddler["name"], straddler["amount"]) == ("Dee", 4)
    refused = seat(base, tokens["Ann"], "straddle")
    assert refused.status_code == 400
    assert refused.json() == {"error": "The next straddle is not yours to post: it is Dee's."}
    assert seat(base, tokens["Dee"], "straddle").json() == {"ok": True}
    deadline = time.monotonic() + 10
    while table_state(base, tokens["Ann"])["view"] is None:
        assert time.monotonic() < deadline, "the hand was not dealt"
        time.sleep(0.05)
    view = table_state(base, tokens["Ann"])["view"]
    posts = [
        (event["seat"], event["amount"]) for event in view["events"] if event["kind"] == "posted"
    ]
    assert posts == [(1, 1), (2, 2), (3, 4)]
    assert view["to_act"] == [0]
    nothing_owed = seat(base, tokens["Ann"], "wait-for-big-blind")
    assert nothing_owed.status_code == 400
    assert nothing_owed.json() == {"error": "Ann is in the game: there is nothing to post."}
    eve = loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": "Eve", "seat": 5, "buy_in": 200},
    ).json()["token"]
    owes = table_state(base, eve)["table"]["seats"][5]["owes"]
    assert owes == {"waits": False, "live": 2, "dead": 0}  # she posts to play the next hand
    assert seat(base, eve, "wait-for-big-blind").json() == {"ok": True}
    assert table_state(base, eve)["table"]["seats"][5]["owes"]["waits"] is True
    assert seat(base, eve, "post-big-blind").json() == {"ok": True}
    assert table_state(base, eve)["table"]["seats"][5]["owes"]["waits"] is False


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"straddle": 1}, "straddle"),
        ({"straddle": "yes"}, "straddle"),
        ({"joining": "later"}, "joining"),
        ({"joining": True}, "joining"),
        (
            {"games": ["razz"], "stakes": None, "joining": "deal-in"},
            "a straddle needs a game played with a big blind, and this table has none",
        ),
        (
            {"games": ["razz"], "stakes": None, "straddle": False},
            "posting a big blind to play now needs a game played with a big blind",
        ),
    ],
)
def test_bad_blind_settings_are_refused_in_a_sentence(
    base: str, change: dict[str, Any], sentence: str
) -> None:
    body = {key: value for key, value in {**HOLDEM, **change}.items() if value is not None}
    answer = loopback.post(f"{base}/api/tables", json=body)
    assert answer.status_code == 400
    assert sentence in answer.json()["error"]
