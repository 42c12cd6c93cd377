"""The referee page on a phone: a showdown played with real cards, entered by tapping,
ruled exactly as ``hilo settle`` rules, and shared as a link that shows the same ruling."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from hilo.engine.settlement import settle_document
from tests.e2e.table import screenshot
from tests.web import loopback

WIDTH, HEIGHT = 390, 844

SHOWDOWN: dict[str, Any] = {
    "game": "five-card-draw-hilo-declare",
    "rules": "strict",
    "players": [
        {"name": "Ann", "declare": "low", "cards": "Ac 2d 3h 4s 6c"},
        {"name": "You", "declare": "high", "cards": "Kc Kd Kh 9s 9c"},
        {"name": "Zoë", "declare": "both", "cards": "5c 6d 7h 8s 9d"},
    ],
    "pots": [
        {"amount": 90, "players": ["Ann", "You", "Zoë"]},
        {"amount": 40, "players": ["You", "Zoë"]},
    ],
}
"""Three players declared; Ann is all in for the main pot, You and Zoë bet on in a side pot."""

SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def as_shown(line: str) -> str:
    """A referee's sentence as the page prints it: each card as its rank and suit symbol."""
    return re.sub(
        r"\b([2-9TJQKA])([cdhs])\b",
        lambda match: ("10" if match[1] == "T" else match[1]) + SYMBOLS[match[2]],
        line,
    )


def ruling_on(page: Page) -> tuple[dict[str, int], list[str]]:
    """The awards and the explanation the page shows."""
    awards = page.locator("[data-testid=referee-award]")
    expect(awards.first).to_be_visible()
    shown = {
        awards.nth(index).get_attribute("data-player") or "": int(
            awards.nth(index).get_attribute("data-amount") or "-1"
        )
        for index in range(awards.count())
    }
    lines = page.locator("[data-testid=referee-explanation] li").all_text_contents()
    return shown, lines


def no_sideways_scrolling(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_showdown_entered_by_tapping_is_ruled_and_shared(
    browser: Browser, base: str, artifacts: Path
) -> None:
    expected = settle_document(SHOWDOWN)
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.goto(f"{base}/referee")
    page.select_option("[data-testid=referee-game]", SHOWDOWN["game"])
    page.select_option("[data-testid=referee-rules]", "strict")
    page.tap("[data-testid=referee-add-player]")
    for index, player in enumerate(SHOWDOWN["players"]):
        page.fill(f"[data-testid=player-name-{index}]", player["name"])
        page.tap(f"[data-testid=row-{index}-cards-target]")
        expect(page.locator("[data-testid=picker-title]")).to_contain_text(player["name"])
        for code in player["cards"].split():
            page.tap(f"[data-testid=pick-{code}]")
            expect(page.locator(f"[data-testid=pick-{code}]")).to_be_disabled()
        page.tap(f"[data-testid=declare-{index}-{player['declare']}]")
        expect(page.locator(f"[data-testid=row-{index}-cards-text]")).to_have_value(player["cards"])
    box = page.locator("[data-testid=pick-2c]").bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= WIDTH
    assert min(box["width"], box["height"]) >= 24
    page.fill("[data-testid=pot-amount-0]", "90")
    page.tap("[data-testid=referee-add-pot]")
    page.fill("[data-testid=pot-amount-1]", "40")
    page.tap("[data-testid=pot-1-player-0]")
    expect(page.locator("[data-testid=pot-1-player-0]")).not_to_be_checked()
    no_sideways_scrolling(page)
    screenshot(page, str(artifacts / "phone-referee-entry.png"), full_page=True)

    page.tap("[data-testid=referee-rule]")
    awards, lines = ruling_on(page)
    assert awards == expected["awards"]
    assert lines == [as_shown(line) for line in expected["explanation"]]
    no_sideways_scrolling(page)
    screenshot(page, str(artifacts / "phone-referee-ruling.png"))

    link = page.locator("[data-testid=referee-share-link]").input_value()
    assert link.startswith(f"{base}/referee#d=")
    encoded = link.partition("#d=")[2]
    document = json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))
    assert document == SHOWDOWN

    shared = context.new_page()
    shared.goto(link)
    assert ruling_on(shared) == (awards, lines)
    expect(shared.locator("[data-testid=player-name-2]")).to_have_value("Zoë")
    expect(shared.locator("[data-testid=declare-1-high]")).to_have_attribute("aria-pressed", "true")
    screenshot(shared, str(artifacts / "phone-referee-shared.png"))
    context.close()

    desktop = browser.new_context(viewport={"width": 1280, "height": 800})
    wide = desktop.new_page()
    wide.goto(link)
    assert ruling_on(wide) == (awards, lines)
    screenshot(wide, str(artifacts / "desktop-referee-shared.png"), full_page=True)
    desktop.close()


def test_a_mistake_is_told_in_a_sentence(browser: Browser, base: str) -> None:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True)
    page = context.new_page()
    page.goto(f"{base}/referee")
    page.select_option("[data-testid=referee-game]", "five-card-draw-hilo-declare")
    page.fill("[data-testid=player-name-0]", "<b>Ann</b>")
    page.fill("[data-testid=row-0-cards-text]", "As Ks Qs")
    page.fill("[data-testid=pot-amount-0]", "10")
    page.tap("[data-testid=referee-rule]")
    error = page.locator("[data-testid=referee-error]")
    expect(error).to_have_text(
        "players[0].cards: <b>Ann</b> has 3 cards; five-card-draw-hilo-declare needs 5"
    )
    expect(page.locator("b")).to_have_count(0)
    context.close()


def test_a_table_link_brings_the_tables_games_and_rules(browser: Browser, base: str) -> None:
    table = {
        "games": ["seven-card-stud-hilo-declare", "high-chicago-declare"],
        "rules": {"preset": "liberal", "no_winner": "split"},
        "stakes": {
            "structure": "fixed-limit",
            "ante": 1,
            "bring_in": 2,
            "small_bet": 4,
            "big_bet": 8,
        },
        "seats": 4,
        "buy_in": {"min": 50, "max": 400},
    }
    created = loopback.post(f"{base}/api/tables", json=table).json()
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True)
    page = context.new_page()
    page.goto(base + created["links"]["spectator"])
    link = page.locator("[data-testid=referee-link]")
    expect(link).to_have_attribute("href", f"/referee?table={created['spectator']}")
    page.goto(base + (link.get_attribute("href") or ""))
    rules = page.locator("[data-testid=referee-rules] option:checked")
    expect(rules).to_have_text("This table's rules (liberal with no_winner=split)")
    assert created["spectator"] not in page.url
    games = page.locator("[data-testid=referee-game] option")
    expect(games).to_have_count(2)
    page.select_option("[data-testid=referee-game]", "high-chicago-declare")
    expect(page.locator("[data-testid=declare-0-low]")).to_have_text("spade")
    expect(page.locator("[data-testid=row-0-down-target]")).to_have_text("Down")
    expect(page.locator("[data-testid=row-0-up-target]")).to_have_text("Up")
    context.close()
