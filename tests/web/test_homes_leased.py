"""Home games with several server processes on one PostgreSQL database: a night started by one
process and ended at another (after the first stopped) is added to the season there."""

from __future__ import annotations

import contextlib

from hilo.web.runner import ServerSettings
from tests.web import loopback
from tests.web.leased import leased_server
from tests.web.postgres import PostgresCluster
from tests.web.test_homes import HOME, TONIGHT, post, sit

SETTINGS = ServerSettings(bot_delay=0.0, next_hand_delay=3600.0, today=lambda: TONIGHT)


def test_a_night_started_at_one_process_is_added_up_at_the_one_that_took_it_over(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    with contextlib.ExitStack() as first_only, leased_server(url, SETTINGS) as second:
        first = first_only.enter_context(leased_server(url, SETTINGS))  # the night's process
        made = post(first, "/api/homes", HOME).json()
        opened = post(first, "/api/home/tonight", {"host": made["host"]}).json()
        sit(second, opened["invite"], ["Ann", "Bob"])  # relayed to the first, its owner
        adjust = {"command": "adjust", "seat": 0, "chips": -25, "reason": "side bet"}
        assert post(second, "/api/host", {"host": opened["host"], **adjust}).json()["ok"]
        during = loopback.get(f"{second}/api/home", params={"token": made["host"]}).json()
        assert during["nights"][0]["nets"][0] == {"player": "Ann", "net": -25}

        first_only.close()  # the first process stops: the second plays the table on
        ended = post(second, "/api/home/end-night", {"host": made["host"]})
        assert ended.status_code == 200, ended.text
        assert ended.json()["tonight"] is None
        home = loopback.get(f"{second}/api/home", params={"token": made["host"]}).json()
        assert home["nights"][0]["over"] is True
        assert home["nights"][0]["nets"] == [
            {"player": "Ann", "net": -25},
            {"player": "Bob", "net": 0},
        ]
        assert {row["player"]: row["net"] for row in home["season"]}["Ann"] == -25
        again = post(second, "/api/home/tonight", {"host": made["host"]})
        assert again.status_code == 200, again.text
        assert again.json()["night"] == 2
