"""Two friends play declared high Chicago in the browser: the chips say high, spade, both."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import open_table, play_until, screenshot
from tests.e2e.test_declare_table import join


def create_chicago_table(host: Page, base: str) -> str:
    """A high Chicago declare table of two seats; return its invitation link."""
    host.goto(base + "/")
    host.select_option("[data-testid=create-game]", "high-chicago-declare")
    host.fill("[data-testid=create-seats]", "2")
    host.select_option("[data-testid=create-structure]", "fixed-limit")
    for field, chips in (("ante", 1), ("bring_in", 1), ("small_bet", 2), ("big_bet", 4)):
        host.fill(f"[data-testid=stake-{field}]", str(chips))
    host.fill("[data-testid=buy-in-min]", "20")
    host.fill("[data-testid=buy-in-max]", "200")
    host.select_option("[data-testid=rules-preset]", "strict")
    return open_table(host, base)


def test_chicago_declares_high_spade_or_both(browser: Browser, base: str, artifacts: Path) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    invite = create_chicago_table(host, base)
    players = []
    for seat, name in enumerate(("Ann", "Bob")):
        page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
        join(page, invite, seat, name)
        players.append(page)
    expect(host.locator("[data-testid=seat-1]")).to_contain_text("Bob")
    host.click("[data-testid=host-start]")
    play_until(players, "[data-testid=declare-low]")
    for page in players:
        expect(page.locator("[data-testid=declare-panel]")).to_contain_text(
            "Declare in secret: high, spade or both?"
        )
        expect(page.locator("[data-testid=declare-low]")).to_contain_text("Spade")
        expect(page.locator("[data-testid=declare-high]")).to_contain_text("High")
    screenshot(players[0], str(artifacts / "chicago-declare.png"))
    players[0].click("[data-testid=declare-low]")
    expect(players[0].locator("[data-testid=my-fist]")).to_contain_text("You declared spade")
    players[1].click("[data-testid=declare-high]")
    for page in players:
        expect(page.locator("[data-testid=declaration-0]")).to_contain_text("Spade")
        expect(page.locator("[data-testid=result]")).to_be_visible()
    expect(players[0].locator("[data-testid=referee]")).to_contain_text("Ann declared spade")
    expect(players[1].locator("[data-testid=log]")).to_contain_text("Ann spade")
    screenshot(players[0], str(artifacts / "chicago-reveal.png"))
