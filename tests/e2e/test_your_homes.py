"""A host finds their home games again: the browser that created or opened a home game lists
it on the front page and on /home ("Your home games"), and can forget it; another browser
lists nothing it has not opened, and nobody's list shows a home game whose link it lacks."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import screenshot
from tests.e2e.test_anaconda_table import on_a_phone
from tests.web import loopback


def create_home(page: Page, base: str, name: str) -> str:
    """Fill in /home's form; the home game's host link the page lands on."""
    page.goto(base + "/home")
    page.fill("[data-testid=home-name]", name)
    page.fill("[data-testid=home-players]", "Ann\nBob")
    page.click("[data-testid=home-create]")
    page.wait_for_url(re.compile(r"/home/[\w-]+$"))
    expect(page.locator("[data-testid=home-title]")).to_have_text(name)
    return page.url.removeprefix(base)


def listed(page: Page) -> list[str]:
    """The names in the page's "Your home games", top first."""
    return page.locator("[data-testid=your-home-link]").all_inner_texts()


def test_a_host_finds_their_home_games_and_forgets_one(
    browser: Browser, base: str, artifacts: Path
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    friday = create_home(host, base, "Friday hi-lo")
    sunday = create_home(host, base, "Sunday stud")
    other = loopback.post(
        f"{base}/api/homes", json={"name": "Somebody else's game", "games": ["razz"]}
    ).json()

    host.goto(base + "/")
    expect(host.locator("[data-testid=your-homes]")).to_be_visible()
    expect(host.locator("[data-testid=your-home-link]")).to_have_count(2)
    assert listed(host) == ["Sunday stud", "Friday hi-lo"]
    links = host.locator("[data-testid=your-home-link]")
    assert [links.nth(index).get_attribute("href") for index in range(2)] == [sunday, friday]
    assert other["host"] not in host.content()
    screenshot(host, str(artifacts / "your-homes-desktop.png"))

    host.locator("[data-testid=your-home]", has_text="Friday hi-lo").locator(
        "[data-testid=your-home-forget]"
    ).click()
    expect(host.locator("[data-testid=your-home-link]")).to_have_count(1)
    host.goto(base + "/home")
    expect(host.locator("[data-testid=your-home-link]")).to_have_count(1)
    assert listed(host) == ["Sunday stud"]
    host.click("[data-testid=your-home-link]")
    expect(host.locator("[data-testid=home-title]")).to_have_text("Sunday stud")

    phone = on_a_phone(browser)  # another browser: it lists nothing it has not opened
    phone.goto(base + "/home")
    expect(phone.locator("[data-testid=home-name]")).to_be_visible()
    expect(phone.locator("[data-testid=your-homes]")).to_be_hidden()
    phone.goto(base + friday)  # the host link still opens the home game it was forgotten by
    expect(phone.locator("[data-testid=home-title]")).to_have_text("Friday hi-lo")
    phone.goto(base + "/")
    expect(phone.locator("[data-testid=your-home-link]")).to_have_count(1)
    assert listed(phone) == ["Friday hi-lo"]
    screenshot(phone, str(artifacts / "your-homes-phone.png"))
    host.context.close()
    phone.context.close()
