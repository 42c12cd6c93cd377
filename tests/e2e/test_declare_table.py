"""Three friends in three browsers play a seven-card stud declare hand to the showdown."""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, WebSocket, expect

from tests.e2e.table import (
    PASSIVE,
    events_seen,
    offered,
    open_table,
    play_until,
    screenshot,
    sit_down,
)

NAMES = ("Ann", "Bob", "Cy")
CHOICES = ("high", "low", "both")
BUY_IN = 100


def create_table(host: Page, base: str) -> str:
    """Fill in the create page; return the invitation link its host page shows."""
    host.goto(base + "/")
    host.select_option("[data-testid=create-game]", "seven-card-stud-hilo-declare")
    host.fill("[data-testid=create-seats]", "4")
    host.select_option("[data-testid=create-structure]", "fixed-limit")
    for field, chips in (("ante", 1), ("bring_in", 1), ("small_bet", 2), ("big_bet", 4)):
        host.fill(f"[data-testid=stake-{field}]", str(chips))
    host.fill("[data-testid=buy-in-min]", "20")
    host.fill("[data-testid=buy-in-max]", "200")
    host.select_option("[data-testid=rules-preset]", "strict")
    expect(host.locator("[data-testid=switch-swing_ties]")).to_have_value('"lose"')
    invite = open_table(host, base)
    spectator = host.locator("[data-testid=spectator-link]")
    expect(spectator).to_have_value(re.compile(rf"^{re.escape(base)}/watch/[\w-]+$"))
    return invite


def join(page: Page, invite: str, seat: int, name: str) -> None:
    """Open the invitation, click a free seat, and sit down."""
    sit_down(page, invite, seat, name, BUY_IN)


def keep_sent(frames: list[str], socket: WebSocket) -> None:
    """Keep every text frame the page sends on ``socket``."""
    socket.on(
        "framesent", lambda payload: frames.append(payload) if isinstance(payload, str) else None
    )


def number(element: Locator, attribute: str) -> int:
    """A whole number the page keeps in an attribute."""
    return int(element.get_attribute(attribute) or "0")


def no_choice_shown(pages: list[Page], hidden_seats: list[int]) -> None:
    """Nobody sees a declaration yet; everybody sees a closed fist for those who chose."""
    for page in pages:
        expect(page.locator('[data-testid^="declaration-"]')).to_have_count(0)
    for seat in hidden_seats:
        for number, page in enumerate(pages):
            fist = page.locator(f"[data-testid=fist-{seat}]")
            expect(fist).to_be_visible()
            if number != seat:
                expect(fist).not_to_contain_text(CHOICES[seat], ignore_case=True)


def test_three_browsers_play_a_declare_hand(browser: Browser, base: str, artifacts: Path) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 860})
    host = host_context.new_page()
    invite = create_table(host, base)
    players = []
    sent: list[list[str]] = []  # what each player's page sent over its WebSocket
    for seat, name in enumerate(NAMES):
        page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
        frames: list[str] = []
        page.on("websocket", partial(keep_sent, frames))
        sent.append(frames)
        join(page, invite, seat, name)
        players.append(page)
    expect(host.locator("[data-testid=seat-2]")).to_contain_text("Cy")
    host.click("[data-testid=host-start]")

    for page in players:
        expect(page.locator("[data-testid=my-cards] .card-private")).to_have_count(2)
        expect(page.locator("[data-testid=my-cards] .card")).to_have_count(3)
    other_seat = players[0].locator("[data-testid=seat-1]")
    expect(other_seat.locator(".card-back")).to_have_count(2)
    expect(host.locator(".seat .card-back")).to_have_count(6)
    screenshot(players[0], str(artifacts / "declare-table.png"))

    # A double click sends one action, for the decision on screen: the buttons wait for
    # the server's answer.
    seat = next(seat for seat, page in enumerate(players) if offered(page, PASSIVE))
    before = events_seen(players[seat])
    players[seat].locator(f'[data-testid="{offered(players[seat], PASSIVE)}"]').dblclick()
    players[seat].wait_for_function(
        "before => Number(document.querySelector('[data-testid=log]').dataset.events) > before",
        arg=before,
    )
    acts = [message for message in map(json.loads, sent[seat]) if message["type"] == "act"]
    assert len(acts) == 1
    assert isinstance(acts[0]["decision"], int)

    play_until(players, "[data-testid=declare-high]")
    for page in players:
        expect(page.locator("[data-testid=my-cards] .card")).to_have_count(7)
    watchers = [*players, host]
    for seat in (0, 1):
        players[seat].click(f"[data-testid=declare-{CHOICES[seat]}]")
        expect(players[seat].locator("[data-testid=my-fist]")).to_contain_text(
            CHOICES[seat], ignore_case=True
        )
        no_choice_shown(players, list(range(seat + 1)))
        expect(host.locator('[data-testid^="declaration-"]')).to_have_count(0)
    screenshot(players[2], str(artifacts / "declare-choosing.png"))

    players[2].click("[data-testid=declare-both]")
    for page in watchers:
        for seat, choice in enumerate(CHOICES):
            expect(page.locator(f"[data-testid=declaration-{seat}]")).to_have_attribute(
                "data-direction", choice
            )
        expect(page.locator("[data-testid=result]")).to_be_visible()
    expect(players[0].locator(".declaration-flip")).to_have_count(len(CHOICES))
    screenshot(players[0], str(artifacts / "declare-reveal.png"))

    awards = players[0].locator("[data-testid=award]")
    expect(awards.first).to_be_visible()
    awarded = sum(number(awards.nth(index), "data-amount") for index in range(awards.count()))
    pot = number(players[0].locator("[data-testid=pots]"), "data-total")
    assert awarded == pot > 0
    expect(players[0].locator("[data-testid=referee]")).to_contain_text("Rules: strict")
    expect(players[0].locator(".seat-winner")).not_to_have_count(0)

    host.click("[data-testid=tab-ledger]")
    total = host.locator("[data-testid=ledger-total]")
    expect(total).to_have_attribute("data-bought-in", str(BUY_IN * len(NAMES)))
    expect(total).to_have_attribute("data-stack", str(BUY_IN * len(NAMES)))
    stacks = []
    for seat in range(len(NAMES)):
        row = host.locator(f"[data-testid=ledger-row-{seat}]")
        stack, net = number(row, "data-stack"), number(row, "data-net")
        assert net == stack - BUY_IN
        stacks.append(stack)
    assert sum(stacks) == BUY_IN * len(NAMES)
    assert max(stacks) > BUY_IN
    screenshot(host, str(artifacts / "declare-showdown-host.png"))
    screenshot(players[0], str(artifacts / "declare-showdown.png"), full_page=True)
