"""A browser's list of its home games: only those whose host links it presents."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hilo.web.homes import MAX_LISTED_HOMES
from hilo.web.store import Store
from tests.web import loopback
from tests.web.server import running
from tests.web.test_homes import HOME, SETTINGS, post


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    store = Store(f"sqlite:///{tmp_path / 'hilo.db'}")
    with running(store, SETTINGS) as url:
        yield url
    store.close()


def test_only_the_home_games_whose_host_links_are_presented_are_listed(base: str) -> None:
    friday = post(base, "/api/homes", HOME).json()
    sunday = post(base, "/api/homes", {**HOME, "name": "Sunday stud"}).json()
    secret = post(base, "/api/homes", {**HOME, "name": "Somebody else's"}).json()
    assert post(base, "/api/home/tonight", {"host": sunday["host"]}).status_code == 200
    mine = post(base, "/api/homes/mine", {"hosts": [sunday["host"], "x" * 32, friday["host"]]})
    assert mine.status_code == 200
    assert mine.json() == {
        "homes": [
            {
                "host": sunday["host"],
                "name": "Sunday stud",
                "link": f"/home/{sunday['host']}",
                "nights": 1,
                "playing": True,
            },
            {
                "host": friday["host"],
                "name": "Friday hi-lo",
                "link": f"/home/{friday['host']}",
                "nights": 0,
                "playing": False,
            },
        ]
    }
    assert secret["host"] not in mine.text
    assert "Somebody else's" not in mine.text
    assert post(base, "/api/homes/mine", {"hosts": []}).json() == {"homes": []}
    # a table's host link, or any other token, is no home game's
    table = loopback.post(f"{base}/api/tables", json={"games": ["holdem"]}).json()
    listed = post(base, "/api/homes/mine", {"hosts": [table["host"], table["invite"]]})
    assert listed.json() == {"homes": []}


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({}, "hosts"),
        ({"hosts": "abc"}, "hosts"),
        ({"hosts": [7]}, "hosts.0"),
        ({"hosts": ["ok"], "names": ["x"]}, "names"),
        ({"hosts": ["a" * 65]}, "hosts.0"),
        ({"hosts": ["a"] * (MAX_LISTED_HOMES + 1)}, "hosts"),
    ],
)
def test_a_bad_list_request_is_refused_in_a_sentence(
    base: str, body: dict[str, object], problem: str
) -> None:
    refused = post(base, "/api/homes/mine", body)
    assert refused.status_code == 400
    assert refused.json()["error"].startswith(f"{problem}:"), refused.json()
