"""Home games over HTTP: created, read, tonight's table in one call, the season ledger."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import httpx
import pytest
from sqlalchemy.exc import OperationalError

from hilo.web.homes import HomeBook
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client
from tests.web.server import QUIET, running
from tests.web.test_lease import Held, answered_meanwhile

TONIGHT = date(2026, 12, 4)
SETTINGS = QUIET.__class__(bot_delay=0.0, next_hand_delay=3600.0, today=lambda: TONIGHT)
HOME = {
    "name": "  Friday hi-lo ",
    "players": ["Ann", "Bob", " Cy ", "Ann"],
    "games": ["holdem-hilo", "omaha-hilo"],
    "rules": {"preset": "cards-speak"},
    "stakes": {"structure": "fixed-limit", "small_blind": 5, "big_blind": 10, "small_bet": 10,
               "big_bet": 20},
    "seats": 6,
    "buy_in": {"min": 100, "max": 500},
}  # fmt: skip


@pytest.fixture
def base(store: Store) -> Iterator[str]:
    with running(store, SETTINGS) as url:
        yield url


def post(base: str, path: str, body: dict[str, Any]) -> httpx.Response:
    return loopback.post(f"{base}{path}", json=body)


def sit(base: str, invite: str, names: list[str]) -> list[str]:
    """Seat ``names`` from seat 0 with 200 chips each; their seat tokens."""
    tokens = []
    for seat, name in enumerate(names):
        joined = post(base, "/api/join", {"invite": invite, "name": name, "seat": seat,
                                           "buy_in": 200})  # fmt: skip
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return tokens


def test_a_home_game_plays_two_nights_and_adds_them_up(base: str) -> None:
    made = post(base, "/api/homes", HOME).json()
    assert made["link"] == f"/home/{made['host']}"
    home = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()
    assert home["name"] == "Friday hi-lo"
    assert home["players"] == ["Ann", "Bob", "Cy"]
    assert home["settings"]["games"] == ["holdem-hilo", "omaha-hilo"]
    assert home["nights"] == []
    assert home["tonight"] is None
    assert [row["net"] for row in home["season"]] == [0, 0, 0]

    # Tonight's table in one call, with the home game's games, rules and stakes.
    opened = post(base, "/api/home/tonight", {"host": made["host"]}).json()
    assert opened["night"] == 1
    lobby = loopback.get(f"{base}/api/lobby", params={"token": opened["host"]}).json()
    assert lobby["games"] == ["holdem-hilo", "omaha-hilo"]
    assert lobby["rules_name"] == "cards-speak"
    assert (lobby["stakes"]["big_blind"], lobby["buy_in"]["max"]) == (10, 500)
    assert len(lobby["seats"]) == 6
    again = post(base, "/api/home/tonight", {"host": made["host"]})
    assert again.status_code == 400
    assert again.json()["error"].startswith("Tonight's table is still open")

    sit(base, opened["invite"], ["Ann", "Bob", "Di"])
    host = {"host": opened["host"]}
    post(base, "/api/host", {**host, "command": "adjust", "seat": 0, "chips": -30,
                             "reason": "side bet"})  # fmt: skip
    post(base, "/api/host", {**host, "command": "adjust", "seat": 2, "chips": 30,
                             "reason": "side bet"})  # fmt: skip
    during = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()
    assert during["tonight"]["links"]["host"] == opened["links"]["host"]
    assert during["nights"][0]["over"] is False
    assert during["nights"][0]["nets"][0] == {"player": "Ann", "net": -30}
    assert [row["net"] for row in during["season"]] == [0, 0, 0]  # only nights that are over

    ended = post(base, "/api/home/end-night", {"host": made["host"]}).json()
    assert ended["tonight"] is None
    assert ended["nights"] == [
        {
            "night": 1,
            "date": "2026-12-04",
            "table": opened["table"],
            "over": True,
            "nets": [
                {"player": "Ann", "net": -30},
                {"player": "Bob", "net": 0},
                {"player": "Di", "net": 30},
            ],
        }
    ]
    view = loopback.get(f"{base}/api/view", params={"token": opened["host"]}).json()
    assert view["table"]["status"] == "ended"

    second = post(base, "/api/home/tonight", {"host": made["host"]}).json()
    assert second["night"] == 2
    sit(base, second["invite"], ["Ann", "Cy"])
    post(base, "/api/host", {"host": second["host"], "command": "adjust", "seat": 0,
                             "chips": -10, "reason": "tipped the dealer"})  # fmt: skip
    post(base, "/api/host", {"host": second["host"], "command": "end"})  # the table's own End
    season = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()["season"]
    assert season == [
        {"player": "Di", "nights": 1, "net": 30},
        {"player": "Bob", "nights": 1, "net": 0},
        {"player": "Cy", "nights": 1, "net": 0},
        {"player": "Ann", "nights": 2, "net": -40},
    ]


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"name": "   "}, "Name the home game."),
        ({"name": "x" * 81}, "A home game's name has at most 80 characters."),
        ({"players": ["Ann\u202e"]}, "A name may not hold U+202E"),
        ({"games": ["canasta"]}, "unknown game 'canasta'"),
        ({"rules": {"preset": "cards-speak", "low": "deuce-to-seven"}}, "holdem-hilo"),
        ({"seats": True}, "seats: "),
        ({"colour": "green"}, "colour: "),
    ],
)
def test_a_home_game_that_could_not_be_played_is_refused(
    base: str, change: dict[str, Any], sentence: str
) -> None:
    answer = post(base, "/api/homes", {**HOME, **change})
    assert answer.status_code == 400
    assert sentence in answer.json()["error"] or answer.json()["error"].startswith(sentence)


def test_only_the_home_games_host_link_opens_it(base: str) -> None:
    made = post(base, "/api/homes", HOME).json()
    opened = post(base, "/api/home/tonight", {"host": made["host"]}).json()
    for token in [opened["host"], opened["invite"], "nope", "a" * 65]:
        answer = loopback.get(f"{base}/api/home", params={"token": token})
        assert answer.status_code == 403
        assert post(base, "/api/home/tonight", {"host": token}).status_code in (400, 403)
    ended = post(base, "/api/home/end-night", {"host": made["host"]})
    assert ended.status_code == 200
    nothing = post(base, "/api/home/end-night", {"host": made["host"]})
    assert nothing.json() == {"error": "No night is being played: start tonight's table first."}


def test_a_night_ended_mid_hand_is_added_when_the_hand_ends_after_a_restart(
    store: Store,
) -> None:
    with running(store, SETTINGS) as base:
        made = post(base, "/api/homes", HOME).json()
        opened = post(base, "/api/home/tonight", {"host": made["host"]}).json()
        tokens = sit(base, opened["invite"], ["Ann", "Bob"])
        post(base, "/api/host", {"host": opened["host"], "command": "start"})
        ending = post(base, "/api/home/end-night", {"host": made["host"]}).json()
        assert ending["tonight"]["status"] == "ended"  # the hand in play finishes first
        assert ending["nights"][0]["over"] is False
    with running(store, SETTINGS) as base:
        view = loopback.get(f"{base}/api/view", params={"token": opened["host"]}).json()
        seat = view["view"]["to_act"][0]
        player = Client(base, tokens[seat], "to act")
        player.send({"type": "act", "action": {"kind": "fold"}})
        player.wait(lambda frame: frame["view"]["phase"] == "complete")
        player.close()
        home = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()
    assert home["tonight"] is None
    (night,) = home["nights"]
    assert night["over"] is True
    assert sum(entry["net"] for entry in night["nets"]) == 0
    assert {row["player"]: row["nights"] for row in home["season"]} == {
        "Ann": 1,
        "Bob": 1,
        "Cy": 0,
    }


def test_a_night_whose_table_ended_before_it_was_added_up_is_added_as_the_server_starts(
    store: Store,
) -> None:
    with running(store, SETTINGS) as base:
        made = post(base, "/api/homes", HOME).json()
        opened = post(base, "/api/home/tonight", {"host": made["host"]}).json()
        sit(base, opened["invite"], ["Ann", "Bob"])
    # The table's end was committed, and the server stopped before the night was added up.
    store.reopen(opened["table"]).set_status("ended")
    with running(store, SETTINGS) as base:
        home = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()
    (night,) = home["nights"]
    assert night["over"] is True
    assert {entry["player"]: entry["net"] for entry in night["nets"]} == {"Ann": 0, "Bob": 0}


def test_a_night_that_cannot_be_added_up_leaves_the_last_action_made_and_is_added_later(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def unwritable(book: HomeBook, table_id: str, nets: Any) -> None:
        raise OperationalError("UPDATE home_nights", {}, OSError("disk I/O error"))

    with running(store, SETTINGS) as base:
        made = post(base, "/api/homes", HOME).json()
        opened = post(base, "/api/home/tonight", {"host": made["host"]}).json()
        tokens = sit(base, opened["invite"], ["Ann", "Bob"])
        post(base, "/api/host", {"host": opened["host"], "command": "start"})
        post(base, "/api/home/end-night", {"host": made["host"]})  # after the hand in play
        view = loopback.get(f"{base}/api/view", params={"token": opened["host"]}).json()
        player = Client(base, tokens[view["view"]["to_act"][0]], "to act")
        player.wait(lambda frame: True)
        monkeypatch.setattr(HomeBook, "add_up", unwritable)
        player.send({"type": "act", "action": {"kind": "fold"}})
        done = player.wait(lambda frame: frame["view"]["phase"] == "complete")
        assert done["table"]["status"] == "ended"  # the fold stands, and is shown
        player.drain(wait=0.3)
        assert player.replies == []  # no error
        player.close()
        home = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()
        assert home["nights"][0]["over"] is False
    assert "a listener failed" in caplog.text
    monkeypatch.undo()
    with running(store, SETTINGS) as base:  # the next start adds the night up
        home = loopback.get(f"{base}/api/home", params={"token": made["host"]}).json()
    assert home["nights"][0]["over"] is True


def test_a_home_games_page_reads_its_tables_links_while_the_server_serves_on(
    base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = post(base, "/api/homes", HOME).json()
    opened = post(base, "/api/home/tonight", {"host": made["host"]}).json()
    spectator = Client(base, opened["spectator"], "spectator")
    spectator.wait(lambda frame: True)
    # The table's links are read from the database (held here), the event loop is not.
    reading = Held(opened["table"])
    monkeypatch.setattr(Store, "tokens_of", reading.wrap(Store.tokens_of))
    home = answered_meanwhile(base, made["host"], spectator, reading, "/api/home")
    assert home.status_code == 200, home.text
    assert home.json()["tonight"]["links"] == opened["links"]
    spectator.close()
