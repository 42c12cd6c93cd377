"""A player passes, throws away and turns up cards at the browser table, by tapping them."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import PASSIVE, click_and_wait, offered, screenshot
from tests.web import loopback

TABLE = {
    "games": ["pass-the-trash-hilo"],
    "rules": {"preset": "cards-speak"},
    "stakes": {"ante": 1, "small_bet": 2, "big_bet": 4},
    "seats": 2,
}


def through_the_betting(page: Page, done: str) -> None:
    """Check or call until ``done`` (a button's test id) is offered."""
    for _ in range(100):
        if page.locator(f'[data-testid="{done}"]').count():
            return
        testid = offered(page, PASSIVE)
        if testid is None:
            page.wait_for_timeout(50)
            continue
        click_and_wait(page, testid)
    raise AssertionError(f"{done} was never offered")


def tap_cards(page: Page, count: int) -> None:
    cards = page.locator("[data-testid=my-cards] .card-private")
    for index in range(count):
        cards.nth(index).click()


def test_pass_throw_away_and_turn_up_by_tapping(
    browser: Browser, base: str, artifacts: Path
) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    added = loopback.post(
        f"{base}/api/host",
        json={"host": created["host"], "command": "add-bot", "seat": 1, "bot": "calling"},
    )
    assert added.json()["ok"]
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base}/join/{created['invite']}")
    page.click("[data-testid=join-seat-0]")
    page.fill("[data-testid=join-name]", "Ann")
    page.click("[data-testid=join-submit]")
    page.wait_for_url("**/play/**")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200

    through_the_betting(page, "action-pass")
    passing = page.locator('[data-testid="action-pass"]')
    expect(passing).to_be_disabled()
    expect(passing).to_have_text("Pass 3 of 3")
    tap_cards(page, 3)
    expect(passing).to_be_enabled()
    screenshot(page, str(artifacts / "passing-chosen.png"))
    click_and_wait(page, "action-pass")
    expect(page.locator("[data-testid=log]")).to_contain_text("Ann passes 3 to")

    through_the_betting(page, "action-discard")
    tap_cards(page, 2)
    click_and_wait(page, "action-discard")
    expect(page.locator('[data-testid="action-roll"]')).to_have_text("Turn up 1 of 1")
    tap_cards(page, 1)
    click_and_wait(page, "action-roll")
    expect(page.locator("[data-testid=log]")).to_contain_text("Ann turns up")
