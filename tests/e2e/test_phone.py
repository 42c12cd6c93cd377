"""A player on a phone (390 by 844, touch) joins, draws, declares and sees the showdown."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.table import PASSIVE, click_and_wait, offered, play_until, screenshot
from tests.web import loopback

WIDTH, HEIGHT = 390, 844

TABLE = {
    "games": ["five-card-draw-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {
        "structure": "fixed-limit",
        "small_blind": 1,
        "big_blind": 2,
        "small_bet": 2,
        "big_bet": 4,
    },
    "seats": 6,
    "buy_in": {"min": 20, "max": 200},
}

CARD_NAME = re.compile(r"^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of ")


def inside_the_screen(element: Locator) -> None:
    """The element is drawn, big enough to tap, and not cut off left or right."""
    expect(element).to_be_visible()
    box = element.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= WIDTH + 0.5
    assert min(box["width"], box["height"]) >= 24


def no_sideways_scrolling(page: Page) -> None:
    """The page is no wider than the phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def set_up(base: str) -> dict[str, Any]:
    """A draw declare table with a bot sitting in it, made through the API as a host would."""
    created: dict[str, Any] = loopback.post(f"{base}/api/tables", json=TABLE).json()
    added = loopback.post(
        f"{base}/api/host",
        json={"host": created["host"], "command": "add-bot", "seat": 3, "bot": "calling"},
    )
    assert added.status_code == 200, added.text
    return created


def test_a_hand_on_a_phone(browser: Browser, base: str, artifacts: Path) -> None:
    created = set_up(base)
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.goto(base + created["links"]["invite"])
    expect(page.locator("[data-testid=join-seat-3]")).to_be_disabled()
    inside_the_screen(page.locator("[data-testid=join-seat-0]"))
    page.tap("[data-testid=join-seat-0]")
    page.fill("[data-testid=join-name]", "Dee")
    page.fill("[data-testid=join-buy-in]", "100")
    page.tap("[data-testid=join-submit]")
    page.wait_for_url("**/play/**")
    expect(page.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    no_sideways_scrolling(page)
    started = loopback.post(f"{base}/api/host", json={"host": created["host"], "command": "start"})
    assert started.status_code == 200, started.text

    cards = page.locator("[data-testid=my-cards] .card")
    expect(cards).to_have_count(5)
    for index in range(5):
        inside_the_screen(cards.nth(index))
        assert CARD_NAME.match(cards.nth(index).get_attribute("aria-label") or "")
    expect(page.locator("[data-testid=seat-3] .card-back")).to_have_count(5)
    play_until([page], "[data-testid=action-stand-pat]")
    screenshot(page, str(artifacts / "phone-draw.png"))
    throw = page.locator("[data-testid=my-cards] button.card").first
    inside_the_screen(throw)
    throw.tap()
    expect(throw).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=action-draw]")).to_have_text("Draw 1")
    inside_the_screen(page.locator("[data-testid=action-draw]"))
    click_and_wait(page, "action-draw", tap=True)
    expect(cards).to_have_count(5)

    play_until([page], "[data-testid=declare-low]")
    for choice in ("high", "low", "both"):
        inside_the_screen(page.locator(f"[data-testid=declare-{choice}]"))
    no_sideways_scrolling(page)
    screenshot(page, str(artifacts / "phone-declare.png"))
    page.tap("[data-testid=declare-low]")
    for _ in range(50):
        if page.locator("[data-testid=result]").is_visible():
            break
        testid = offered(page, PASSIVE)
        if testid is not None:
            click_and_wait(page, testid, tap=True)
        else:
            page.wait_for_timeout(50)
    expect(page.locator("[data-testid=result]")).to_be_visible()
    expect(page.locator("[data-testid=declaration-0]")).to_have_attribute("data-direction", "low")
    expect(page.locator("[data-testid=declaration-3]")).to_be_visible()
    expect(page.locator("[data-testid=referee]")).to_contain_text("Rules: strict")
    no_sideways_scrolling(page)
    screenshot(page, str(artifacts / "phone-showdown.png"))
    screenshot(page, str(artifacts / "phone-showdown-full.png"), full_page=True)
