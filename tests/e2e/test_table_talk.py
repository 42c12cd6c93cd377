"""Talking and noticing at the browser table: chat, the host's mute, turn alerts, the log
following the newest entry, and the action bar never over your own cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.table import PASSIVE, click_and_wait, offered, play_until, screenshot
from tests.web import loopback

HOLDEM = {
    "games": ["holdem"],
    "rules": "cards-speak",
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
    "seats": 4,
}
STUD = {
    "games": ["seven-card-stud-hilo"],
    "rules": "cards-speak",
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 4,
}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


def new_table(base: str, settings: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A table made through the API, with ``names`` seated; their seat links under "seats"."""
    created: dict[str, Any] = loopback.post(f"{base}/api/tables", json=settings).json()
    created["seats"] = []
    for seat, name in enumerate(names):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
        ).json()
        created["seats"].append(joined["link"])
    return created


def host(base: str, created: dict[str, Any], command: str, **fields: Any) -> None:
    """A host command through the API."""
    body = {"host": created["host"], "command": command, **fields}
    answer = loopback.post(f"{base}/api/host", json=body)
    assert answer.status_code == 200, answer.text


def opened(browser: Browser, url: str, viewport: ViewportSize, **options: Any) -> Page:
    """A page of its own browser, connected to the table."""
    page = browser.new_context(viewport=viewport, reduced_motion="reduce", **options).new_page()
    page.goto(url)
    expect(page.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    return page


def test_two_players_chat_the_host_mutes_one_and_alerts_are_remembered(
    browser: Browser, base: str, artifacts: Path
) -> None:
    created = new_table(base, HOLDEM, ["Ann", "Bob"])
    ann = opened(browser, base + created["seats"][0], DESKTOP)
    bob = opened(browser, base + created["seats"][1], DESKTOP)
    boss = opened(browser, base + created["links"]["host"], DESKTOP)

    ann.fill("[data-testid=chat-input]", "  <b>good luck</b> <img src=x onerror=alert(1)>")
    ann.press("[data-testid=chat-input]", "Enter")
    line = bob.locator("[data-testid=chat-line]").last
    expect(line).to_contain_text("Ann (seat 1)<b>good luck</b> <img src=x onerror=alert(1)>")
    assert bob.locator("[data-testid=chat-lines] b, [data-testid=chat-lines] img").count() == 0
    expect(ann.locator("[data-testid=chat-input]")).to_have_value("")
    bob.click("[data-testid=chat-emote-wow]")
    expect(ann.locator("[data-testid=chat-line]").last).to_contain_text("Bob (seat 2)😮 wow")
    expect(boss.locator("[data-testid=chat-line]")).to_have_count(2)

    boss.click("[data-testid=chat-mute-1]")
    expect(bob.locator("[data-testid=chat-note]")).to_have_text(
        "The host has muted you in the chat."
    )
    expect(bob.locator("[data-testid=chat-input]")).to_be_disabled()
    expect(boss.locator("[data-testid=chat-mute-1]")).to_have_text("Unmute Bob")
    screenshot(bob, str(artifacts / "chat-muted.png"))
    boss.click("[data-testid=chat-mute-1]")
    expect(bob.locator("[data-testid=chat-input]")).to_be_enabled()

    # Bob turns his turn alerts off; the choice outlives a reload. Ann keeps hers on.
    body = bob.locator("body")
    expect(body).to_have_attribute("data-turn-alerts", "on")
    bob.click("[data-testid=turn-alerts]")
    expect(body).to_have_attribute("data-turn-alerts", "off")
    assert bob.evaluate("localStorage.getItem('hilo.turn-alerts')") == "off"
    bob.reload()
    expect(bob.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    expect(body).to_have_attribute("data-turn-alerts", "off")
    expect(bob.locator("[data-testid=chat-line]")).to_have_count(2)  # the latest lines, again

    # The log panel is made short so that it scrolls; it follows the newest entry.
    for page in (ann, bob):
        page.add_style_tag(content="#panel-log { max-height: 90px !important; flex: none; }")
    host(base, created, "start")
    turns = 0
    while ann.locator("[data-testid=result]").is_hidden():
        for page in (ann, bob):
            testid = offered(page, PASSIVE)
            if testid is not None:
                turns += page is ann
                click_and_wait(page, testid)
                break
        if turns == 2:
            break
    assert int(ann.locator("body").get_attribute("data-turn-alerts-fired") or 0) >= 1
    expect(bob.locator("body")).to_have_attribute("data-turn-alerts-fired", "0")
    follows = "p => p.scrollHeight - p.scrollTop - p.clientHeight < 40 && p.scrollTop > 0"
    assert bob.locator("#panel-log").evaluate(follows)
    # Scrolled up, the log stays put and offers the new entries instead.
    bob.locator("#panel-log").evaluate("p => { p.scrollTop = 0; }")
    expect(bob.locator("[data-testid=log-new]")).to_be_hidden()
    play_until([ann, bob], "[data-testid=result]:visible")
    expect(bob.locator("[data-testid=log-new]")).to_be_visible()
    assert bob.locator("#panel-log").evaluate("p => p.scrollTop") == 0
    screenshot(bob, str(artifacts / "chat-desktop.png"))
    bob.click("[data-testid=log-new]")
    assert bob.locator("#panel-log").evaluate(follows)
    expect(bob.locator("[data-testid=log-new]")).to_be_hidden()


def cards_clear_of_the_bar(page: Page, count: int) -> None:
    """Every one of your ``count`` cards is drawn clear of the action bar wherever the page is
    scrolled; on the screen as the page opens, and whenever the bar waits at the foot of it."""
    cards = page.locator("[data-testid=my-cards] [data-card]")
    expect(cards).to_have_count(count)
    bar = page.locator("[data-testid=actions]")
    expect(bar).to_be_visible()
    height = page.viewport_size["height"] if page.viewport_size else 0
    bottom = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    for scroll in sorted({0, bottom // 3, bottom // 2, bottom}):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        bar_box = bar.bounding_box()
        assert bar_box is not None
        in_sight = scroll == 0 or abs(bar_box["y"] + bar_box["height"] - height) < 1
        for index in range(count):
            box = cards.nth(index).bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= bar_box["y"] + 0.5, (scroll, index, box, bar_box)
            if in_sight:
                assert box["y"] >= 0, (scroll, index, box)
                assert box["y"] + box["height"] <= height + 0.5, (scroll, index, box)
    page.evaluate("window.scrollTo(0, 0)")


VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])


def at_the_table(
    browser: Browser, base: str, game: dict[str, Any], bots: int, viewport: ViewportSize
) -> Page:
    """Ann's page at a new table of ``game`` with ``bots`` calling bots, the first hand dealt."""
    created = new_table(base, game, ["Ann"])
    for seat in range(1, bots + 1):
        host(base, created, "add-bot", seat=seat, bot="calling")
    phone = {"is_mobile": True, "has_touch": True} if viewport is PHONE else {}
    page = opened(browser, base + created["seats"][0], viewport, **phone)
    host(base, created, "start")
    return page


@VIEWPORTS
def test_the_action_bar_never_covers_your_holdem_cards(
    browser: Browser, base: str, artifacts: Path, viewport: ViewportSize
) -> None:
    page = at_the_table(browser, base, HOLDEM, 3, viewport)
    page.wait_for_selector("[data-testid=action-fold]")
    cards_clear_of_the_bar(page, 2)
    screenshot(page, str(artifacts / f"bar-holdem-{viewport['width']}.png"))
    # The chat waits folded away on a phone, open at a desk.
    chat = page.locator("[data-testid=chat]")
    assert chat.evaluate("details => details.open") is (viewport is DESKTOP)
    if viewport is PHONE:
        page.tap("[data-testid=chat-toggle]")
    page.click("[data-testid=chat-emote-good-game]")
    expect(page.locator("[data-testid=chat-line]")).to_contain_text("Ann (seat 1)🤝 good game")
    page.locator("[data-testid=chat]").scroll_into_view_if_needed()
    screenshot(page, str(artifacts / f"chat-{viewport['width']}.png"))


@VIEWPORTS
def test_the_action_bar_never_covers_seven_stud_cards(
    browser: Browser, base: str, artifacts: Path, viewport: ViewportSize
) -> None:
    page = at_the_table(browser, base, STUD, 1, viewport)
    play_until([page], "[data-testid=my-cards] [data-card]:nth-child(7)")
    page.wait_for_selector("[data-testid=actions] button")
    cards_clear_of_the_bar(page, 7)
    screenshot(page, str(artifacts / f"bar-stud-{viewport['width']}.png"))
