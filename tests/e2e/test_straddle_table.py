"""A hold'em night with the straddle allowed, where a newcomer waits for the big blind.

Ann, Bob and Cy (on a phone) sit in seats 1, 3 and 5 of a no-limit hold'em table created with
the straddle allowed and newcomers waiting for the big blind. Before the first deal Ann, left
of the big blind (three-handed, on the button), is asked whether to straddle and does; the
others read that she may. Dee sits down in seat 2 during the first hand, just after the big
blind has passed her: she reads that she waits for the big blind, sits out the second hand,
and is dealt into the third as its big blind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.e2e.table import fold_round as fold_hands
from tests.e2e.table import open_table, screenshot, sit_down
from tests.web.server import running

NIGHT = ServerSettings(bot_delay=0.0, next_hand_delay=0.3)
"""The next hand is dealt as soon as a hand ends."""
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def night(tmp_path: Path) -> Iterator[str]:
    """A hilo server of the test's own that deals hand after hand."""
    with running(Store(f"sqlite:///{tmp_path / 'hilo.db'}"), NIGHT) as url:
        yield url


def create_table(host: Page, base: str) -> str:
    """Fill in the create page for no-limit hold'em, straddles allowed, newcomers waiting."""
    host.goto(base + "/")
    host.select_option("[data-testid=create-game]", "razz")
    expect(host.locator("[data-testid=create-blinds]")).to_be_hidden()  # no blinds in razz
    host.select_option("[data-testid=create-game]", "holdem")
    host.fill("[data-testid=create-seats]", "6")
    host.select_option("[data-testid=create-structure]", "no-limit")
    for field, chips in (("ante", 0), ("small_blind", 1), ("big_blind", 2)):
        host.fill(f"[data-testid=stake-{field}]", str(chips))
    host.fill("[data-testid=buy-in-min]", "20")
    host.fill("[data-testid=buy-in-max]", "200")
    expect(host.locator("[data-testid=create-blinds]")).to_be_visible()
    host.select_option("[data-testid=create-joining]", "wait")
    host.check("[data-testid=create-straddle]")
    invite = open_table(host, base)
    expect(host.locator("[data-testid=host-blinds]")).to_have_text(
        "The player left of the big blind may straddle. "
        "A player sitting down or back in waits for the big blind."
    )
    return invite


def join(browser: Browser, invite: str, seat: int, name: str, *, phone: bool = False) -> Page:
    """A player's own browser: open the invitation, take ``seat`` and sit down."""
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    sit_down(page, invite, seat, name, 100)
    return page


def fold_until(pages: list[Page], asked: Page) -> None:
    """Everybody folds (the big blind checks) until ``asked`` is asked whether to straddle."""
    fold_hands(pages, asked.locator("[data-testid=straddle-ask]"), ("action-fold", "action-check"))


def test_the_straddle_and_a_newcomer_waiting_for_the_big_blind(
    night: str, browser: Browser, artifacts: Path
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    invite = create_table(host, night)
    ann = join(browser, invite, 0, "Ann")
    bob = join(browser, invite, 2, "Bob")
    cy = join(browser, invite, 4, "Cy", phone=True)
    host.click("[data-testid=host-start]")

    # Ann, left of the big blind, is asked; the others read that she may straddle.
    expect(ann.locator("[data-testid=straddle-ask]")).to_contain_text("straddle before the deal?")
    expect(ann.locator("[data-testid=straddle-clock]")).to_have_text(re.compile(r"^\d+ s$"))
    for page in (bob, cy):
        expect(page.locator("[data-testid=straddle-waiting]")).to_contain_text(
            "Ann may straddle 4…"
        )
    screenshot(ann, str(artifacts / "straddle-desktop-asked.png"))
    screenshot(cy, str(artifacts / "straddle-phone-waiting.png"))
    ann.click("[data-testid=straddle-yes]")
    expect(bob.locator("[data-testid=log]")).to_contain_text("Ann posts the straddle 4")
    expect(bob.locator("[data-testid=action-fold]")).to_be_enabled()  # first after the straddle

    # Dee sits down during the hand, just after the big blind passed her seat.
    dee = join(browser, invite, 1, "Dee", phone=True)
    fold_until([ann, bob, cy], bob)
    expect(dee.locator("[data-testid=owes-waiting]")).to_contain_text("Waiting for the big blind")
    expect(ann.locator("[data-testid=owes-1]")).to_have_text("waits for the big blind")
    bob.click("[data-testid=straddle-no]")
    expect(ann.locator("[data-testid=log]")).to_contain_text("Cy posts the small blind 1")
    expect(dee.locator("[data-testid=my-cards]")).to_have_count(0)
    screenshot(dee, str(artifacts / "straddle-phone-waiting-for-big-blind.png"))

    # The next hand the big blind reaches her: she is dealt in and posts it.
    fold_until([ann, bob, cy], bob)
    bob.click("[data-testid=straddle-no]")
    expect(ann.locator("[data-testid=log]")).to_contain_text("Dee posts the big blind 2")
    expect(dee.locator("[data-testid=my-cards]")).to_be_visible()
    expect(dee.locator("[data-testid=owes-waiting]")).to_have_count(0)
    screenshot(dee, str(artifacts / "straddle-phone-dealt-in.png"))
    screenshot(ann, str(artifacts / "straddle-desktop-dealt-in.png"))
