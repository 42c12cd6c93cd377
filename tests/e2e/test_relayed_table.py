"""A table played in two browsers through two server processes on one PostgreSQL database: Ann's
page is on the process that owns the table, Bob's on the other, which relays every frame both
ways; each sees the other's actions as they happen, to the end of the hand."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SETTINGS
from tests.e2e.table import PASSIVE, click_and_wait, events_seen, offered, play_until, screenshot
from tests.e2e.test_table_talk import DESKTOP, STUD, new_table, opened
from tests.web import loopback
from tests.web.conftest import postgres_cluster  # noqa: F401 - the throwaway PostgreSQL
from tests.web.leased import leased_server, owner
from tests.web.postgres import PostgresCluster


def log_text(page: Page) -> list[str]:
    """The lines of the page's log of the hand that every player reads alike (not the cards
    dealt face down, which each reads as only they may)."""
    lines = page.locator("[data-testid=log] li").all_inner_texts()
    return [line for line in lines if "face down" not in line]


def test_a_hand_played_through_the_relay_shows_both_players_actions_on_both_pages(
    browser: Browser,
    postgres_cluster: PostgresCluster,  # noqa: F811 - the fixture imported above
    artifacts: Path,
) -> None:
    url = postgres_cluster.new_database()
    with leased_server(url, SETTINGS) as first, leased_server(url, SETTINGS) as second:
        created = new_table(first, STUD, ["Ann", "Bob"])  # made, and owned, by the first
        assert owner(url, created["table"]) == first
        ann = opened(browser, first + created["seats"][0], DESKTOP)  # at the owner
        bob = opened(browser, second + created["seats"][1], DESKTOP)  # relayed by the second
        deal = loopback.post(f"{second}/api/deal", json={"host": created["host"]})
        assert deal.status_code == 200, deal.text

        pages = {"Ann": ann, "Bob": bob}
        acted: set[str] = set()
        deadline = time.monotonic() + 90
        while acted != {"Ann", "Bob"}:  # each acts once at least; the other page shows it
            assert time.monotonic() < deadline, "the two players were not both asked"
            for name, page in pages.items():
                testid = offered(page, PASSIVE)
                if testid is None:
                    continue
                click_and_wait(page, testid)
                other = pages["Bob" if name == "Ann" else "Ann"]
                expect(other.locator("[data-testid=log]")).to_have_attribute(
                    "data-events", str(events_seen(page))
                )
                assert log_text(other) == log_text(page)
                acted.add(name)
            time.sleep(0.05)

        play_until([ann, bob], "[data-testid=result]")
        expect(bob.locator("[data-testid=log]")).to_have_attribute(
            "data-events", str(events_seen(ann))
        )
        assert log_text(ann) == log_text(bob)
        assert any("Ann" in line for line in log_text(bob))
        assert any("Bob" in line for line in log_text(ann))
        screenshot(bob, str(artifacts / "relayed-table.png"))
        assert owner(url, created["table"]) == first  # played at its owner all along
