"""One seat per browser, seat requests the host answers, and new seat links, over HTTP.

A browser is an ``httpx.Client`` (it keeps the cookie the server sets); a bare
``httpx.post`` is a script that keeps no cookies.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from hilo.rules import VARIANTS
from hilo.web.hub import Hub
from hilo.web.journal_batch import NOT_SAVED
from hilo.web.runner import TableRunner
from hilo.web.seats import BROWSER_COOKIE
from hilo.web.store import Store, TokenRecord
from tests.web import loopback
from tests.web.clients import Client
from tests.web.holding import Holder, held
from tests.web.server import running

TABLE: dict[str, Any] = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 5,
    "buy_in": {"min": 50, "max": 400},
}
APPROVING = {**TABLE, "approve_seats": True}


def create(base: str, table: dict[str, Any] = TABLE) -> dict[str, Any]:
    created: dict[str, Any] = loopback.post(f"{base}/api/tables", json=table).json()
    return created


def join(
    client: httpx.Client | None, base: str, invite: str, name: str, seat: int, buy_in: int = 100
) -> httpx.Response:
    """Join as ``client`` (a browser), or as a script without cookies when it is None."""
    body = {"invite": invite, "name": name, "seat": seat, "buy_in": buy_in}
    if client is None:
        return loopback.post(f"{base}/api/join", json=body)
    return client.post(f"{base}/api/join", json=body)


def host(base: str, created: dict[str, Any], command: str, **extra: Any) -> httpx.Response:
    return loopback.post(
        f"{base}/api/host", json={"host": created["host"], "command": command, **extra}
    )


def names(base: str, created: dict[str, Any]) -> list[str | None]:
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["host"]}).json()
    return [seat["name"] for seat in lobby["seats"]]


def request_state(base: str, token: str) -> httpx.Response:
    return loopback.get(f"{base}/api/request", params={"token": token})


def test_a_browser_holds_one_seat_at_a_table(base: str, store: Store) -> None:
    created = create(base)
    with httpx.Client() as browser, httpx.Client() as other:
        first = join(browser, base, created["invite"], "Ann", 0)
        assert first.status_code == 200, first.text
        cookie = first.headers["set-cookie"]
        assert cookie.startswith(f"{BROWSER_COOKIE}=")
        assert "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower()
        assert "Path=/" in cookie
        assert "Max-Age=" in cookie
        mine = browser.cookies[BROWSER_COOKIE]
        assert len(mine) == 32
        record = store.find_token(first.json()["token"])
        assert record is not None
        assert record.browser == mine
        second = join(browser, base, created["invite"], "Bob", 1)
        assert second.status_code == 400
        assert second.json()["error"] == (
            "This browser already holds seat 1 at this table, as Ann: go back to it with your"
            " own link (Back to your seat, on this page), or ask the host for a new link to it."
        )
        assert names(base, created) == ["Ann", None, None, None, None]
        assert join(other, base, created["invite"], "Bob", 1).status_code == 200
        again = join(browser, base, create(base)["invite"], "Ann", 0)
        assert again.status_code == 200  # another table: another seat
        assert "set-cookie" not in again.headers  # the browser keeps its cookie
        # Once Ann has left, her browser may sit down again.
        left = loopback.post(
            f"{base}/api/seat", json={"token": first.json()["token"], "command": "leave"}
        )
        assert left.json() == {"ok": True}
        assert join(browser, base, created["invite"], "Ann", 2).status_code == 200
        assert names(base, created) == [None, "Bob", "Ann", None, None]


@contextmanager
def serving(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Hub]]:
    """A server of ``store``, and its hub."""
    hubs: list[Hub] = []

    class Noted(Hub):
        def __init__(self, *args: Any, **keywords: Any) -> None:
            super().__init__(*args, **keywords)
            hubs.append(self)

    monkeypatch.setattr("hilo.web.app.Hub", Noted)
    with running(store) as base:
        yield base, hubs[0]


class CountedLock(asyncio.Lock):
    """A lock that counts the calls to take it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    async def acquire(self) -> Literal[True]:
        self.asked += 1
        return await super().acquire()


def test_two_joins_from_one_browser_at_once_take_one_seat(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serving(store, monkeypatch) as (base, hub):
        created = create(base)
        seating = hub.runners[created["table"]].seating = CountedLock()
        # The first join's check has read the browser's seats (none) and waits there.
        holder = held(monkeypatch, Store, "seat_tokens", after=True)
        answers: dict[str, httpx.Response] = {}

        def sit_down(name: str, seat: int) -> None:
            with httpx.Client(cookies={BROWSER_COOKIE: "c" * 32}) as browser:
                answers[name] = join(browser, base, created["invite"], name, seat)

        first = threading.Thread(target=sit_down, args=("Ann", 0))
        first.start()
        second = threading.Thread(target=sit_down, args=("Bob", 1))
        try:
            assert holder.started.wait(timeout=20)
            second.start()
            deadline = time.monotonic() + 10
            while seating.asked < 2:  # the second join waits for the first's seat
                assert time.monotonic() < deadline, "the second join never asked for the seat"
                time.sleep(0.01)
        finally:
            holder.released.set()
            first.join(timeout=60)
            if second.ident is not None:  # started
                second.join(timeout=60)
        assert (answers["Ann"].status_code, answers["Bob"].status_code) == (200, 400)
        assert "This browser already holds seat 1 at this table, as Ann" in answers["Bob"].text
        assert names(base, created) == ["Ann", None, None, None, None]


def test_a_join_to_a_table_that_left_play_while_it_waited_is_refused(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serving(store, monkeypatch) as (base, hub):
        created = create(base)
        journal = store.journal(created["table"])
        holder = held(monkeypatch, Store, "seat_tokens", after=True)
        answers: list[httpx.Response] = []
        joining = threading.Thread(
            target=lambda: answers.append(join(None, base, created["invite"], "Ann", 0))
        )
        joining.start()
        runner = hub.runners[created["table"]]
        try:
            assert holder.started.wait(timeout=20)
            hub.runners.pop(created["table"])  # taken out of play here meanwhile
        finally:
            holder.released.set()
            joining.join(timeout=60)
            hub.runners[created["table"]] = runner  # stopped with the others
        assert answers[0].status_code == 503
        assert answers[0].json()["error"] == (
            "this table moved while your request waited: try again"
        )
    assert store.journal(created["table"]) == journal  # nobody was seated
    assert store.seat_tokens(created["table"]) == []


def test_a_seat_whose_link_cannot_be_saved_is_not_taken(
    base: str, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(base)
    journal = store.journal(created["table"])
    # The seat token written with the sit clashes with one already there: the whole commit,
    # the sit's journal entry with it, is refused by the database.
    monkeypatch.setattr("hilo.web.store.new_token", lambda: created["host"])
    refused = join(None, base, created["invite"], "Ann", 0)
    monkeypatch.undo()
    assert refused.status_code == 503
    assert refused.json()["error"] == NOT_SAVED
    assert names(base, created) == [None] * 5
    assert store.journal(created["table"]) == journal
    assert store.seat_tokens(created["table"]) == []
    assert store.find_token(created["host"]) == TokenRecord(created["table"], "host")
    again = join(None, base, created["invite"], "Ann", 0)
    assert again.status_code == 200, again.text
    assert names(base, created) == ["Ann", None, None, None, None]


def test_a_table_may_allow_several_seats_per_browser(base: str) -> None:
    created = create(base, {**TABLE, "several_seats_per_browser": True})
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
    assert lobby["several_seats_per_browser"] is True
    assert lobby["approve_seats"] is False
    with httpx.Client() as browser:
        for seat, name in enumerate(("Ann", "Ann's left hand")):
            assert join(browser, base, created["invite"], name, seat).status_code == 200
    assert names(base, created) == ["Ann", "Ann's left hand", None, None, None]
    plain = loopback.get(f"{base}/api/lobby", params={"token": create(base)["invite"]}).json()
    assert plain["several_seats_per_browser"] is False
    refused = loopback.post(f"{base}/api/tables", json={**TABLE, "approve_seats": 1})
    assert refused.status_code == 400
    assert "approve_seats" in refused.json()["error"]


def test_a_script_without_cookies_is_a_new_browser_each_time(base: str, store: Store) -> None:
    created = create(base)
    answers = [join(None, base, created["invite"], name, seat) for seat, name in enumerate("AB")]
    assert [answer.status_code for answer in answers] == [200, 200]
    cookies = [answer.cookies[BROWSER_COOKIE] for answer in answers]
    assert cookies[0] != cookies[1]
    browsers = [store.find_token(answer.json()["token"]) for answer in answers]
    assert [record.browser if record else None for record in browsers] == cookies


def test_a_cookie_the_server_did_not_set_is_replaced(base: str, store: Store) -> None:
    created = create(base)
    with httpx.Client(cookies={BROWSER_COOKIE: "forged"}) as browser:
        answer = join(browser, base, created["invite"], "Ann", 0)
        assert answer.status_code == 200
        fresh = answer.cookies[BROWSER_COOKIE]
        assert fresh != "forged"
        record = store.find_token(answer.json()["token"])
        assert record is not None
        assert record.browser == fresh


def test_the_host_approves_and_denies_seat_requests(base: str, store: Store) -> None:
    created = create(base, APPROVING)
    watching_host = Client(base, created["host"], "host")
    watching_host.wait(lambda frame: frame["requests"] == [])
    with httpx.Client() as dee:
        asked = join(dee, base, created["invite"], " Dee ", 2, buy_in=150)
        assert asked.status_code == 200, asked.text
        pending = asked.json()
        token = pending.pop("pending")
        assert pending == {"table": created["table"], "seat": 2, "name": "Dee"}
        assert names(base, created) == [None] * 5  # nobody is seated yet
        assert request_state(base, token).json() == {
            "status": "pending",
            "table": created["table"],
            "seat": 2,
            "name": "Dee",
        }
        listed = [{"request": token, "seat": 2, "name": "Dee", "buy_in": 150}]
        assert watching_host.wait(lambda frame: bool(frame["requests"]))["requests"] == listed
        watching_host.close()
        spectator = loopback.get(f"{base}/api/view", params={"token": created["spectator"]})
        assert "requests" not in spectator.json()
        approved = host(base, created, "approve", request=token)
        assert approved.json() == {"ok": True, "status": "waiting", "seat": 2, "name": "Dee"}
        state = request_state(base, token).json()
        assert state["status"] == "approved"
        assert state["link"] == f"/play/{state['token']}"
        view = loopback.get(f"{base}/api/view", params={"token": state["token"]}).json()
        assert view["you"] == 2
        assert view["table"]["seats"][2]["stack"] == 150
        assert view["table"]["approve_seats"] is True
        record = store.find_token(state["token"])
        assert record is not None
        assert record.browser == dee.cookies[BROWSER_COOKIE]
        twice = host(base, created, "approve", request=token)
        assert twice.status_code == 400
        assert "No such request is waiting" in twice.json()["error"]
        # Dee's browser holds seat 2 now: it cannot ask for another.
        greedy = join(dee, base, created["invite"], "Dee again", 3)
        assert "already holds seat 3" in greedy.json()["error"]
    eve = join(None, base, created["invite"], "Eve", 3).json()["pending"]
    assert host(base, created, "deny", request=eve).json() == {"ok": True, "status": "waiting"}
    assert request_state(base, eve).json() == {
        "status": "denied",
        "reason": "The host did not let you sit down.",
    }
    assert names(base, created) == [None, None, "Dee", None, None]
    lobby = loopback.get(f"{base}/api/view", params={"token": created["host"]}).json()
    assert lobby["requests"] == []


def test_the_frame_that_seats_an_approved_player_lists_the_request_no_more(base: str) -> None:
    created = create(base, APPROVING)
    watching_host = Client(base, created["host"], "host")
    token = join(None, base, created["invite"], "Dee", 2).json()["pending"]
    watching_host.wait(lambda frame: bool(frame["requests"]))
    assert host(base, created, "approve", request=token).status_code == 200
    seated = watching_host.wait(lambda frame: frame["table"]["seats"][2] is not None)
    assert (seated["table"]["seats"][2]["name"], seated["requests"]) == ("Dee", [])
    watching_host.close()


def test_a_request_being_seated_is_approved_once_and_waits_for_its_player_till_then(
    base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(base, APPROVING)
    token = join(None, base, created["invite"], "Dee", 2).json()["pending"]
    holder = held(monkeypatch, Store, "seat_tokens")  # the approval's seating waits there
    answers: list[httpx.Response] = []
    approving = threading.Thread(
        target=lambda: answers.append(host(base, created, "approve", request=token))
    )
    approving.start()
    try:
        assert holder.started.wait(timeout=20)
        assert request_state(base, token).json()["status"] == "pending"
        twice = host(base, created, "approve", request=token)  # a second click meanwhile
        assert twice.status_code == 400
        assert "No such request is waiting" in twice.json()["error"]
        lobby = loopback.get(f"{base}/api/view", params={"token": created["host"]}).json()
        assert lobby["requests"] == []
    finally:
        holder.released.set()
        approving.join(timeout=60)
    assert answers[0].status_code == 200, answers[0].text
    assert request_state(base, token).json()["status"] == "approved"
    assert names(base, created) == [None, None, "Dee", None, None]


def test_a_request_whose_seating_fails_unforeseen_is_turned_down_not_left_waiting(
    base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(base, APPROVING)
    token = join(None, base, created["invite"], "Dee", 2).json()["pending"]

    def broken(*args: Any, **keywords: Any) -> Any:
        raise RuntimeError("a failure nobody foresaw")

    monkeypatch.setattr(Store, "seat_tokens", broken)
    assert host(base, created, "approve", request=token).status_code == 500
    monkeypatch.undo()
    assert request_state(base, token).json() == {
        "status": "denied",
        "reason": "The host could not seat you: something went wrong on the server. Ask again.",
    }
    assert names(base, created) == [None] * 5


def test_an_approval_that_fails_unforeseen_after_the_seat_is_committed_says_approved(
    base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(base, APPROVING)
    token = join(None, base, created["invite"], "Dee", 2).json()["pending"]
    sit = TableRunner.sit

    async def sat_then_failed(runner: TableRunner, *args: Any) -> str:
        await sit(runner, *args)  # seated, and its link committed
        raise RuntimeError("a failure nobody foresaw")

    monkeypatch.setattr(TableRunner, "sit", sat_then_failed)
    assert host(base, created, "approve", request=token).status_code == 500
    monkeypatch.undo()
    state = request_state(base, token).json()
    assert state["status"] == "approved"
    view = loopback.get(f"{base}/api/view", params={"token": state["token"]}).json()
    assert (view["you"], view["table"]["seats"][2]["name"]) == (2, "Dee")


def test_a_request_is_checked_when_made_and_again_when_approved(base: str) -> None:
    created = create(base, APPROVING)
    for body, message in [
        (("Fay", 1, 20), "Buy in for at least 50 chips."),
        (("Fay", 9, 100), "There is no seat 10: seats are 1 to"),
    ]:
        refused = join(None, base, created["invite"], body[0], body[1], buy_in=body[2])
        assert refused.status_code == 400
        assert message in refused.json()["error"]
    assert (
        loopback.get(f"{base}/api/view", params={"token": created["host"]}).json()["requests"] == []
    )
    fay = join(None, base, created["invite"], "Fay", 1).json()["pending"]
    gus = join(None, base, created["invite"], "Gus", 1).json()["pending"]
    assert host(base, created, "approve", request=fay).json()["ok"]
    late = host(base, created, "approve", request=gus)
    assert late.status_code == 400
    assert late.json()["error"] == (
        "Gus cannot sit down: Seat 2 is taken. The request is turned down, and Gus is told why."
    )
    assert request_state(base, gus).json() == {
        "status": "denied",
        "reason": "The host could not seat you: Seat 2 is taken.",
    }
    assert names(base, created) == [None, "Fay", None, None, None]


def test_asking_again_from_one_browser_replaces_the_request(base: str) -> None:
    created = create(base, APPROVING)
    with httpx.Client() as browser:
        first = join(browser, base, created["invite"], "Hal", 1).json()["pending"]
        second = join(browser, base, created["invite"], "Hal", 3).json()["pending"]
    assert request_state(base, first).json()["status"] == "denied"
    assert "only your newest request waits" in request_state(base, first).json()["reason"]
    waiting = loopback.get(f"{base}/api/view", params={"token": created["host"]}).json()["requests"]
    assert [(request["request"], request["seat"]) for request in waiting] == [(second, 3)]


def test_pending_requests_are_bounded_per_table(base: str) -> None:
    created = create(base, APPROVING)
    tokens = [
        join(None, base, created["invite"], f"P{number}", number % 5).json()["pending"]
        for number in range(20)
    ]
    one_more = join(None, base, created["invite"], "P20", 0)
    assert one_more.status_code == 400
    assert one_more.json()["error"] == (
        "The host already has 20 requests to sit down at this table to answer;"
        " ask again in a little while."
    )
    waiting = loopback.get(f"{base}/api/view", params={"token": created["host"]}).json()["requests"]
    assert [request["request"] for request in waiting] == tokens
    other_table = create(base, APPROVING)
    assert "pending" in join(None, base, other_table["invite"], "P20", 0).json()
    host(base, created, "deny", request=tokens[0])
    assert "pending" in join(None, base, created["invite"], "P20", 0).json()


def test_bad_and_unknown_request_tokens(base: str) -> None:
    created = create(base, APPROVING)
    token = join(None, base, created["invite"], "Ivy", 0).json()["pending"]
    for params, status, message in [
        ({}, 400, "say which request"),
        ({"token": "x" * 65}, 400, "that is not a request token"),
        ({"token": "not/a/token"}, 400, "that is not a request token"),
        ({"token": "unknown"}, 404, "does not know that request"),
    ]:
        answer = loopback.get(f"{base}/api/request", params=params)
        assert answer.status_code == status
        assert message in answer.json()["error"]
    approvals: list[tuple[dict[str, Any], str]] = [
        ({}, "Say which request to approve."),
        ({"request": "unknown"}, "No such request is waiting at this table"),
        ({"request": 7}, "request:"),
    ]
    for extra, message in approvals:
        answer = host(base, created, "approve", **extra)
        assert answer.status_code == 400
        assert message in answer.json()["error"]
    other = create(base, APPROVING)
    elsewhere = host(base, other, "approve", request=token)
    assert "No such request is waiting at this table" in elsewhere.json()["error"]
    not_host = loopback.post(
        f"{base}/api/host", json={"host": created["invite"], "command": "approve", "request": token}
    )
    assert not_host.status_code == 403
    assert request_state(base, token).json()["status"] == "pending"


def receive_all(client: Client) -> None:
    """Read frames until the connection closes."""
    while True:
        client.connection.recv(timeout=5)


def test_a_new_link_locks_the_old_one_out_and_keeps_seat_and_chips(base: str, store: Store) -> None:
    created = create(base)
    with httpx.Client() as browser:
        joined = join(browser, base, created["invite"], "Ann", 0).json()
        mine = browser.cookies[BROWSER_COOKIE]
        old = joined["token"]
        rebuy = {"token": old, "command": "rebuy", "chips": 30}
        assert loopback.post(f"{base}/api/seat", json=rebuy).json() == {"ok": True}
        join(None, base, created["invite"], "Bob", 1)
        host(base, created, "add-bot", seat=2, bot="calling")
        page = Client(base, old, "Ann")
        page.wait(lambda frame: True)
        answer = host(base, created, "new-link", seat=0).json()
        new = answer["token"]
        assert answer == {
            "ok": True,
            "status": "waiting",
            "seat": 0,
            "token": new,
            "link": f"/play/{new}",
        }
        with pytest.raises(ConnectionClosed) as closed:  # the old page is closed
            receive_all(page)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4401
        assert loopback.get(f"{base}/api/view", params={"token": old}).status_code == 403
        view = loopback.get(f"{base}/api/view", params={"token": new}).json()
        assert view["you"] == 0
        assert view["table"]["seats"][0]["name"] == "Ann"
        assert view["table"]["seats"][0]["stack"] == 130
        assert view["table"]["seats"][0]["bought_in"] == 130
        record = store.find_token(new)
        assert record is not None
        assert (record.seat, record.browser) == (0, mine)
        # The seat is still this browser's: it cannot take another.
        assert "already holds seat 1" in join(browser, base, created["invite"], "A", 3).text
    # The replacement names the person holding the seat (Bob, the second to sit down), and
    # the browser Bob sat down from, too.
    (bobs,) = store.seat_tokens(created["table"], seat=1)
    assert bobs.player == 2
    bob = host(base, created, "new-link", seat=1).json()["token"]
    assert store.find_token(bob) == TokenRecord(created["table"], "seat", 1, 2, bobs.browser)
    for extra, message in [
        ({"seat": 4}, "Nobody sits in seat 5."),
        ({"seat": 2}, "Calling bot 1 is a bot: a bot has no link."),
        ({"seat": 9}, "There is no seat 10: seats are 1 to 5."),
        ({}, "Say which seat for new-link."),
    ]:
        refused = host(base, created, "new-link", **extra)
        assert refused.status_code == 400
        assert refused.json()["error"] == message
    by_the_player = loopback.post(
        f"{base}/api/host", json={"host": new, "command": "new-link", "seat": 0}
    )
    assert by_the_player.status_code == 403
    assert loopback.get(f"{base}/api/view", params={"token": new}).json()["you"] == 0
    unknown = host(base, created, "fly").json()["error"]
    assert "approve, deny, new-link" in unknown


def test_a_connection_opening_with_a_link_revoked_meanwhile_is_closed(
    base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(base)
    old = join(None, base, created["invite"], "Ann", 0).json()["token"]
    opening = Holder()  # the connection's link is found good; it waits to be shown the table
    monkeypatch.setattr(Hub, "committed", opening.wrap_async(Hub.committed))
    pages: list[Client] = []
    connecting = threading.Thread(target=lambda: pages.append(Client(base, old, "Ann")))
    connecting.start()
    try:
        assert opening.started.wait(timeout=20)
        renewed = host(base, created, "new-link", seat=0)
        assert renewed.status_code == 200, renewed.text
    finally:
        opening.released.set()
        connecting.join(timeout=60)
    (page,) = pages
    with pytest.raises(ConnectionClosed) as closed:
        receive_all(page)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4401
    assert page.frames == []  # never shown the table
    view = loopback.get(f"{base}/api/view", params={"token": renewed.json()["token"]})
    assert view.json()["you"] == 0


def test_the_lobby_says_how_many_seats_and_which_are_free_for_every_game(base: str) -> None:
    for game, variant in VARIANTS.items():
        seats = variant.max_players
        created = create(base, {"games": [game], "seats": seats})
        lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
        assert lobby["seats_line"] == f"{seats} seats, all free", game
        least = lobby["buy_in"]["min"]
        assert join(None, base, created["invite"], "Ann", 1, buy_in=least).is_success
        assert join(None, base, created["invite"], "Bob", 3, buy_in=least).is_success
        lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
        free = ", ".join(str(seat) for seat in [1, 3, *range(5, seats + 1)])
        assert lobby["seats_line"] == f"{seats} seats, {seats - 2} free: {free}", game
