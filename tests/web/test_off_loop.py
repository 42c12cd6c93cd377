"""Requests that write or read the database (a new table, the home-game pages, the host's
lobby) ask it in a worker thread: while one waits on the database, the event loop serves
every other table at once. Each test holds the blocking call until a spectator of another
table has been answered."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from hilo.web.homes import HomeBook
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client
from tests.web.holding import answered_while_held, held
from tests.web.test_app import TABLE
from tests.web.test_homes import HOME, post, sit


@pytest.fixture
def watching(base: str) -> Iterator[Client]:
    """A spectator of a table of its own, whose pings show that the loop is free."""
    made = post(base, "/api/tables", TABLE).json()
    spectator = Client(base, made["spectator"], "spectator")
    spectator.wait(lambda frame: True)
    yield spectator
    spectator.close()


def test_a_new_table_is_written_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    holder = held(monkeypatch, Store, "new_table")
    made = answered_while_held(lambda: post(base, "/api/tables", TABLE), watching, holder)
    assert made.status_code == 200, made.text
    lobby = loopback.get(f"{base}/api/lobby", params={"token": made.json()["host"]})
    assert lobby.json()["links"] == {
        "invite": f"/join/{made.json()['invite']}",
        "spectator": f"/watch/{made.json()['spectator']}",
    }


def test_the_host_lobby_reads_its_links_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = post(base, "/api/tables", TABLE).json()
    holder = held(monkeypatch, Store, "tokens_of")
    lobby = answered_while_held(
        lambda: loopback.get(f"{base}/api/lobby", params={"token": made["host"]}),
        watching,
        holder,
    )
    assert lobby.json()["links"]["invite"] == f"/join/{made['invite']}"


@pytest.mark.parametrize("name", ["create", "listed", "find", "nights", "add_night"])
def test_every_home_game_request_asks_the_database_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    home = post(base, "/api/homes", HOME).json()
    holder = held(monkeypatch, HomeBook, name)
    requests: dict[str, Callable[[], httpx.Response]] = {
        "create": lambda: post(base, "/api/homes", HOME),
        "listed": lambda: post(base, "/api/homes/mine", {"hosts": [home["host"]]}),
        "find": lambda: loopback.get(f"{base}/api/home", params={"token": home["host"]}),
        "nights": lambda: loopback.get(f"{base}/api/home", params={"token": home["host"]}),
        "add_night": lambda: post(base, "/api/home/tonight", {"host": home["host"]}),
    }
    answer = answered_while_held(requests[name], watching, holder)
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize(("owner", "name"), [(Store, "tokens_of"), (HomeBook, "add_up")])
def test_ending_the_night_and_adding_it_up_ask_the_database_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch, owner: type, name: str
) -> None:
    home = post(base, "/api/homes", HOME).json()
    tonight = post(base, "/api/home/tonight", {"host": home["host"]}).json()
    sit(base, tonight["invite"], ["Ann", "Bob"])
    holder = held(monkeypatch, owner, name)
    ended = answered_while_held(
        lambda: post(base, "/api/home/end-night", {"host": home["host"]}), watching, holder
    )
    assert ended.status_code == 200, ended.text
    assert ended.json()["nights"][0]["over"] is True


def test_two_clicks_on_start_tonight_at_once_start_one_night(
    base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = post(base, "/api/homes", HOME).json()
    holder = held(monkeypatch, Store, "new_table")  # the first click waits on the database
    answers: list[httpx.Response] = []

    def click() -> None:
        answers.append(post(base, "/api/home/tonight", {"host": home["host"]}))

    first = threading.Thread(target=click)
    first.start()
    assert holder.started.wait(timeout=20)
    second = threading.Thread(target=click)
    second.start()
    time.sleep(0.2)  # the second click reaches the server while the first is held
    holder.released.set()
    first.join(timeout=60)
    second.join(timeout=60)
    assert sorted(answer.status_code for answer in answers) == [200, 400], [
        answer.text for answer in answers
    ]
    refused = next(answer for answer in answers if answer.status_code != 200)
    assert "Tonight's table is still open" in refused.json()["error"]
    page = loopback.get(f"{base}/api/home", params={"token": home["host"]}).json()
    assert [night["night"] for night in page["nights"]] == [1]


def test_a_join_reads_the_browsers_seats_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = post(base, "/api/tables", TABLE).json()
    holder = held(monkeypatch, Store, "seat_tokens")
    joined = answered_while_held(lambda: sit_one(base, made["invite"]), watching, holder)
    assert joined.status_code == 200, joined.text


def test_a_new_link_revokes_and_writes_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = post(base, "/api/tables", TABLE).json()
    old = sit_one(base, made["invite"]).json()["token"]
    holder = held(monkeypatch, Store, "renew_seat_token")
    answer = answered_while_held(
        lambda: post(base, "/api/host", {"host": made["host"], "command": "new-link", "seat": 0}),
        watching,
        holder,
    )
    assert answer.status_code == 200, answer.text
    assert loopback.get(f"{base}/api/view", params={"token": old}).status_code == 403
    new = loopback.get(f"{base}/api/view", params={"token": answer.json()["token"]})
    assert new.json()["you"] == 0


def sit_one(base: str, invite: str) -> httpx.Response:
    """Ann sits down in seat 1 from a browser of her own."""
    return post(base, "/api/join", {"invite": invite, "name": "Ann", "seat": 0, "buy_in": 100})


def test_a_table_page_looks_up_a_link_it_does_not_keep_off_the_loop(
    base: str, watching: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = post(base, "/api/tables", TABLE).json()
    monkeypatch.setattr(Store, "kept_token", lambda store, token: None)  # as after a restart
    holder = held(monkeypatch, Store, "find_token")
    page = answered_while_held(
        lambda: loopback.get(f"{base}/join/{made['host']}"), watching, holder
    )
    assert page.status_code == 307  # a host link opens the host's page
    assert page.headers["location"] == f"/host/{made['host']}"
