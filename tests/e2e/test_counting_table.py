"""7/27 on a phone: take a card or stand with your total in sight (and the others' visible
totals), by touch and by keyboard, then declare 7 and see it in the result."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from hilo.rules import VARIANTS
from tests.e2e.table import PASSIVE, ROUNDS, click_and_wait, offered, screenshot
from tests.e2e.test_anaconda_table import fits, on_a_phone
from tests.e2e.test_declare_table import join
from tests.web import loopback

pytestmark = pytest.mark.skipif(
    "seven-twenty-seven" not in VARIANTS, reason="7/27 is not among the shipped games yet"
)

SEVEN_TWENTY_SEVEN = {
    "games": ["seven-twenty-seven"],
    "rules": {"preset": "strict"},
    "stakes": {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4},
    "seats": 2,
    "buy_in": {"min": 20, "max": 400},
}


def seated_against_a_bot(browser: Browser, base: str, table: dict[str, object]) -> Page:
    """Ann on a phone at a new table of two, a calling bot in the other seat, dealt in."""
    created = loopback.post(f"{base}/api/tables", json=table).json()
    added = loopback.post(
        f"{base}/api/host",
        json={"host": created["host"], "command": "add-bot", "seat": 1, "bot": "calling"},
    )
    assert added.json()["ok"]
    ann = on_a_phone(browser)
    join(ann, f"{base}/join/{created['invite']}", 0, "Ann")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
    return ann


def until_offered(page: Page, testids: tuple[str, ...]) -> str:
    """Check and call until one of ``testids`` is offered; return it."""
    for _ in range(ROUNDS):
        wanted = offered(page, testids)
        if wanted is not None:
            return wanted
        testid = offered(page, PASSIVE)
        if testid is None:
            page.wait_for_timeout(50)
        else:
            click_and_wait(page, testid)
    raise AssertionError(f"none of {testids} was offered")


def test_7_27_take_or_stand_and_declare(browser: Browser, base: str, artifacts: Path) -> None:
    ann = seated_against_a_bot(browser, base, SEVEN_TWENTY_SEVEN)
    until_offered(ann, ("action-take",))
    expect(ann.locator("[data-testid=offer-note]")).to_have_text(
        "Take one more face-up card, or stand."
    )
    expect(ann.locator("[data-testid=my-points]")).to_contain_text("Your total: ")
    expect(ann.locator("[data-testid=points-1]")).to_contain_text("pts")
    for testid in ("action-take", "action-stand"):
        fits(ann.locator(f"[data-testid={testid}]"))
    screenshot(ann, str(artifacts / "seven-twenty-seven-take-phone.png"))
    click_and_wait(ann, "action-take", tap=True)
    expect(ann.locator("[data-testid=log]")).to_contain_text("Ann takes a card")
    # stand from now on (the keyboard's S), until the declaration
    for _ in range(ROUNDS):
        if offered(ann, ("declare-high",)):
            break
        if offered(ann, ("action-stand",)):
            before = int(ann.locator("[data-testid=log]").get_attribute("data-events") or 0)
            ann.keyboard.press("s")
            ann.wait_for_function(
                "b => Number(document.querySelector('[data-testid=log]').dataset.events) > b",
                arg=before,
            )
            continue
        until_offered(ann, ("action-stand", "declare-high"))
    expect(ann.locator("[data-testid=log]")).to_contain_text("Ann stands")
    expect(ann.locator("[data-testid=declare-high]")).to_contain_text("27")
    expect(ann.locator("[data-testid=declare-low]")).to_contain_text("7")
    screenshot(ann, str(artifacts / "seven-twenty-seven-declare-phone.png"))
    ann.click("[data-testid=declare-low]")
    expect(ann.locator("[data-testid=result]")).to_be_visible()
    expect(ann.locator("[data-testid=referee]")).to_contain_text("Ann declared 7")
    screenshot(ann, str(artifacts / "seven-twenty-seven-result-phone.png"), full_page=True)
