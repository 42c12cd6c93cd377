"""Game night's end: a home game started in one click, the host adjusting stacks and giving an
add-on, the ledger's settle-up lines on desktop and phone, its CSV, and the season."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import screenshot
from tests.web import loopback


def make_home_game(page: Page, base: str) -> str:
    """Create a home game on /home; the address of its page."""
    page.goto(base + "/home")
    page.fill("[data-testid=home-name]", "Friday hi-lo")
    page.fill("[data-testid=home-players]", "Ann\nBob\nCy")
    page.select_option("[data-testid=home-games]", ["holdem-hilo", "omaha-hilo"])
    page.select_option("[data-testid=home-preset]", "cards-speak")
    page.click("[data-testid=home-create]")
    page.wait_for_url("**/home/**")
    expect(page.locator("[data-testid=home-title]")).to_have_text("Friday hi-lo")
    expect(page.locator("[data-testid=season-row]")).to_have_count(3)
    return page.url


def adjust(page: Page, seat: str, chips: str, reason: str) -> None:
    page.select_option("[data-testid=adjust-seat]", seat)
    page.fill("[data-testid=adjust-chips]", chips)
    page.fill("[data-testid=adjust-reason]", reason)
    page.click("[data-testid=host-adjust]")


def test_a_home_game_night_settles_up(browser: Browser, base: str, artifacts: Path) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    home_page = make_home_game(host, base)
    host.click("[data-testid=home-start]")  # tonight's table, in one click
    host.wait_for_url("**/host/**")
    expect(host.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    invite = host.locator("[data-testid=invite-link]").input_value()
    token = invite.rsplit("/", 1)[1]
    lobby = loopback.get(f"{base}/api/lobby", params={"token": token}).json()
    assert lobby["games"] == ["holdem-hilo", "omaha-hilo"]
    assert lobby["rules_name"] == "cards-speak"
    ann_link = loopback.post(
        f"{base}/api/join", json={"invite": token, "name": "Ann", "seat": 0, "buy_in": 200}
    ).json()["link"]
    loopback.post(
        f"{base}/api/join", json={"invite": token, "name": "Bob", "seat": 1, "buy_in": 200}
    )

    expect(host.locator("[data-testid=host-stacks]")).to_be_visible()
    adjust(host, "0", "-40", "Paid Bob's side bet")
    expect(host.locator("[data-testid=seat-0]")).to_contain_text("160")
    adjust(host, "1", "40", "Paid Bob's side bet")
    host.select_option("[data-testid=add-on-seat]", "1")
    host.fill("[data-testid=add-on-chips]", "50")
    host.click("[data-testid=host-add-on]")
    expect(host.locator("[data-testid=seat-1]")).to_contain_text("290")
    # a mistake is refused in words, and changes nothing
    adjust(host, "0", "-500", "too much")
    expect(host.locator("[data-testid=toast]").last).to_contain_text("a stack cannot go below zero")

    host.click("[data-testid=tab-ledger]")
    expect(host.locator("[data-testid=settle-up-line]")).to_have_text(["Ann pays Bob 40"])
    expect(host.locator("[data-testid=ledger-entries]")).to_contain_text(
        "The host adjusts Ann's stack by -40: Paid Bob's side bet"
    )
    expect(host.locator("[data-testid=ledger-entries]")).to_contain_text(
        "Bob takes an add-on of 50"
    )
    screenshot(host, str(artifacts / "desktop-settle-up.png"))
    with host.expect_download() as download:
        host.click("[data-testid=ledger-csv]")
    assert re.fullmatch(r"hilo-[0-9a-f]+-ledger\.csv", download.value.suggested_filename)
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert list(csv.reader(saved.splitlines())) == [
        ["player", "buy_ins", "rebuys", "add_ons", "adjustments", "cash_out", "net"],
        ["Ann", "200", "0", "0", "-40", "160", "-40"],
        ["Bob", "200", "0", "50", "40", "290", "40"],
    ]

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ).new_page()
    phone.goto(base + ann_link)
    phone.click("[data-testid=tab-ledger]")
    expect(phone.locator("[data-testid=settle-up-line]")).to_have_text(["Ann pays Bob 40"])
    expect(phone.locator("[data-testid=ledger-csv]")).to_be_visible()
    phone.click("[data-testid=tab-log]")
    expect(phone.locator("[data-testid=log-ledger]").first).to_contain_text("adjusts Ann's stack")
    phone.click("[data-testid=tab-ledger]")
    screenshot(phone, str(artifacts / "phone-settle-up.png"))

    # The night ends from the home game's page, and its results join the season.
    host.goto(home_page)
    expect(host.locator("[data-testid=home-tonight]")).to_contain_text("Night 1 is on")
    host.once("dialog", lambda dialog: dialog.accept())
    host.click("[data-testid=home-end-night]")
    expect(host.locator("[data-testid=home-start]")).to_be_visible()
    rows = host.locator("[data-testid=season-row]")
    expect(rows).to_have_count(3)
    nets = {
        rows.nth(index).get_attribute("data-player"): rows.nth(index).get_attribute("data-net")
        for index in range(3)
    }
    assert nets == {"Bob": "40", "Cy": "0", "Ann": "-40"}
    expect(host.locator("[data-testid=home-nights]")).to_contain_text("Ann -40, Bob +40")
    screenshot(host, str(artifacts / "desktop-home-game.png"))
    for page in (host, phone):
        page.context.close()
