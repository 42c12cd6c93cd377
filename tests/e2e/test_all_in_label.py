"""The table's labels: a shove and its call marked All-in, the seats hint, the round after the
declare."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import click_and_wait, offered, open_table, play_until, screenshot, sit_down

BUY_IN = 200


def create_no_limit_table(host: Page, base: str) -> str:
    """A no-limit hold'em table of two seats with 200-chip buy-ins; the seats hint checked
    on the way for a game with fewer seats. Return the invitation link."""
    host.goto(base + "/")
    host.select_option("[data-testid=create-game]", "razz")
    expect(host.locator("[data-testid=create-seats-hint]")).to_have_text(
        "2 to 7: Razz deals to at most 7"
    )
    host.select_option("[data-testid=create-game]", "holdem")
    expect(host.locator("[data-testid=create-seats-hint]")).to_have_text(
        "2 to 10: Texas hold'em deals to at most 10"
    )
    host.fill("[data-testid=create-seats]", "2")
    host.select_option("[data-testid=create-structure]", "no-limit")
    host.fill("[data-testid=buy-in-min]", str(BUY_IN))
    host.fill("[data-testid=buy-in-max]", str(BUY_IN))
    return open_table(host, base)


def sit(page: Page, invite: str, seat: int, name: str) -> None:
    sit_down(page, invite, seat, name, BUY_IN)


def shove_and_call(players: list[Page]) -> None:
    """The first player to bet or raise pushes the whole stack in; the other calls it."""
    for _ in range(200):
        for page in players:
            if offered(page, ("action-raise", "action-bet")) is not None:
                page.locator("[data-testid=preset-max]").click()
                click_and_wait(page, offered(page, ("action-raise", "action-bet")) or "")
                other = players[1 - players.index(page)]
                for _ in range(200):
                    if offered(other, ("action-call",)):
                        click_and_wait(other, "action-call")
                        return
                    time.sleep(0.05)
                raise AssertionError("the shove was never offered a call")
        time.sleep(0.05)
    raise AssertionError("nobody was offered a raise")


def test_a_shove_and_its_call_are_labelled_all_in(
    browser: Browser, base: str, artifacts: Path
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    invite = create_no_limit_table(host, base)
    desktop = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        reduced_motion="reduce",
    ).new_page()
    sit(desktop, invite, 0, "Ann")
    sit(phone, invite, 1, "Bob")
    host.click("[data-testid=host-start]")
    shove_and_call([desktop, phone])
    for page in (desktop, phone):
        expect(page.locator("[data-testid=result]")).to_be_visible()
        labels = page.locator("[data-testid=log] [data-testid=log-all-in]")
        expect(labels).to_have_count(2)  # equal stacks: the shove and the call are both all in
        lines = page.locator("[data-testid=log] li", has=page.locator("[data-testid=log-all-in]"))
        expect(lines.first).to_contain_text(re.compile(r"(raises|bets) .*200"))
        expect(lines.last).to_contain_text("calls")
    screenshot(desktop, str(artifacts / "all-in-desktop.png"))
    screenshot(phone, str(artifacts / "all-in-phone.png"))


def test_the_round_after_the_declare_is_labelled(
    browser: Browser, base: str, artifacts: Path
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    host.goto(base + "/")
    host.select_option("[data-testid=create-game]", "seven-card-stud-hilo-declare")
    host.fill("[data-testid=create-seats]", "2")
    host.select_option("[data-testid=create-structure]", "fixed-limit")
    for field, chips in (("ante", 1), ("bring_in", 1), ("small_bet", 2), ("big_bet", 4)):
        host.fill(f"[data-testid=stake-{field}]", str(chips))
    host.fill("[data-testid=buy-in-min]", str(BUY_IN))
    host.fill("[data-testid=buy-in-max]", str(BUY_IN))
    host.select_option("[data-testid=rules-preset]", "strict")
    host.check("[data-testid=switch-bet_after_declare]")
    host.click("[data-testid=create-submit]")
    host.wait_for_url("**/host/**")
    invite = host.locator("[data-testid=invite-link]").input_value()
    players = [browser.new_context(viewport={"width": 1280, "height": 800}).new_page()]
    players.append(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    for seat, (page, name) in enumerate(zip(players, ("Ann", "Bob"), strict=True)):
        sit(page, invite, seat, name)
    host.click("[data-testid=host-start]")
    play_until(players, "[data-testid=declare-high]")
    for page in players:
        expect(page.locator("[data-testid=log-after-declare]")).to_have_count(0)
    players[0].click("[data-testid=declare-low]")
    players[1].click("[data-testid=declare-high]")
    for page in players:
        expect(page.locator("[data-testid=street]")).to_contain_text("after the declare")
        expect(page.locator("[data-testid=log-after-declare]")).to_have_text(
            "— after the declare —"
        )
    screenshot(players[0], str(artifacts / "after-the-declare.png"))
    play_until(players, "[data-testid=result]")
