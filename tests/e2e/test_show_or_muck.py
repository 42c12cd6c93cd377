"""Show or muck in Chromium: Bob folds to Ann's raise twice; Ann shows the first hand and mucks
the second. Bob's page reads that Ann is deciding, then sees her cards, then does not."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import click_and_wait, open_table, screenshot, sit_down
from tests.web import loopback

BUY_IN = 100
SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def drawn(cards: list[str]) -> str:
    """Cards as the page writes them in a line of text: ``Q♦ 10♠``."""
    return " ".join(("10" if card[0] == "T" else card[0]) + SUITS[card[1]] for card in cards)


def create_table(host: Page, base: str) -> str:
    """A fixed-limit hold'em table of two seats; return the invitation link."""
    host.goto(base + "/")
    host.select_option("[data-testid=create-game]", "holdem")
    host.fill("[data-testid=create-seats]", "2")
    host.select_option("[data-testid=create-structure]", "fixed-limit")
    host.fill("[data-testid=buy-in-min]", str(BUY_IN))
    host.fill("[data-testid=buy-in-max]", str(BUY_IN))
    return open_table(host, base)


def sit(page: Page, invite: str, seat: int, name: str) -> None:
    sit_down(page, invite, seat, name, BUY_IN)


def raise_and_fold(ann: Page, bob: Page) -> list[str]:
    """Bob limps if he is first; Ann raises and Bob folds. Return Ann's two cards."""
    expect(ann.locator("[data-testid=my-cards] [data-card]")).to_have_count(2)
    cards = [
        code
        for code in ann.locator("[data-testid=my-cards] [data-card]").evaluate_all(
            "cards => cards.map((card) => card.dataset.card)"
        )
        if code
    ]
    if bob.locator("[data-testid=action-call]").count():
        click_and_wait(bob, "action-call")
    raise_button = ann.locator("[data-testid=action-raise]")
    expect(raise_button).to_be_enabled()
    click_and_wait(ann, "action-raise")
    expect(bob.locator("[data-testid=action-fold]")).to_be_enabled()
    click_and_wait(bob, "action-fold")
    return cards


def test_ann_shows_one_hand_and_mucks_the_next(
    browser: Browser, base: str, artifacts: Path
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    invite = create_table(host, base)
    host_token = host.url.rsplit("/", 1)[-1]
    ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    bob = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        reduced_motion="reduce",
    ).new_page()
    sit(ann, invite, 0, "Ann")
    sit(bob, invite, 1, "Bob")
    host.click("[data-testid=host-start]")

    # Hand 1: Ann is the button and first to act; Bob folds to her raise; she shows.
    cards = raise_and_fold(ann, bob)
    showing = bob.locator("[data-testid=showing]")
    expect(showing).to_have_attribute("data-state", "deciding")
    expect(showing).to_contain_text(re.compile(r"^Ann wins \d+ — deciding to show or muck…$"))
    expect(bob.locator("[data-testid=action-show]")).to_have_count(0)
    expect(ann.locator("[data-testid=action-show]")).to_be_enabled()
    expect(ann.locator("[data-testid=action-muck]")).to_be_enabled()
    expect(ann.locator("[data-testid=clock-0]")).to_be_visible()
    screenshot(ann, str(artifacts / "show-or-muck-desktop.png"))
    click_and_wait(ann, "action-show")
    expect(showing).to_have_attribute("data-state", "shown")
    expect(showing).to_have_text(f"Ann shows {drawn(cards)}")
    for card in cards:
        expect(bob.locator(f'[data-testid=seat-0] [data-card="{card}"]')).to_be_visible()
    expect(bob.locator("[data-testid=log]")).to_contain_text(f"Ann shows {drawn(cards)}")
    expect(ann.locator("[data-testid=action-show]")).to_have_count(0)
    screenshot(bob, str(artifacts / "show-or-muck-shown-phone.png"))

    # Hand 2: Bob is the button; he limps, Ann raises, he folds; she mucks.
    assert loopback.post(f"{base}/api/deal", json={"host": host_token}).status_code == 200
    expect(bob.locator("[data-testid=showing]")).to_have_count(0)
    mucked = raise_and_fold(ann, bob)
    expect(showing).to_have_attribute("data-state", "deciding")
    click_and_wait(ann, "action-muck")
    expect(showing).to_have_attribute("data-state", "mucked")
    expect(showing).to_have_text("Ann mucks")
    expect(bob.locator("[data-testid=log]")).to_contain_text("Ann mucks")
    for card in mucked:
        expect(bob.locator(f'[data-testid=seat-0] [data-card="{card}"]')).to_have_count(0)
    expect(ann.locator("[data-testid=showing]")).to_have_text("Ann mucks")
    screenshot(bob, str(artifacts / "show-or-muck-mucked-phone.png"))
