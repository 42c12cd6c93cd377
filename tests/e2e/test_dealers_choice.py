"""Game night: three friends play dealer's choice, each dealer naming a different game.

Ann, Bob and Cy (on a phone) sit down at a table whose dealer names the game, and may say
how it is declared. Before each deal the dealer gets a chooser of the table's games with a
line on each and a countdown, while the others read who is choosing; then everybody reads
the choice and how the game goes. Each hand is folded round to the bring-in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.e2e.table import fold_round as fold_hands
from tests.e2e.table import open_table, screenshot, sit_down
from tests.web.server import running

NAMES = ("Ann", "Bob", "Cy")
GAMES = ("razz", "five-card-stud-hilo", "seven-card-stud")
NIGHT = ServerSettings(bot_delay=0.0, next_hand_delay=0.2, choice_delay=0.5)
"""The next dealer chooses as soon as a hand ends; the choice shows for half a second."""


@pytest.fixture
def night(tmp_path: Path) -> Iterator[str]:
    """A hilo server of the test's own that deals hand after hand."""
    with running(Store(f"sqlite:///{tmp_path / 'hilo.db'}"), NIGHT) as url:
        yield url


def create_night(host: Page, base: str) -> str:
    """Fill in the create page for dealer's choice of three stud games; the invitation link."""
    host.goto(base + "/")
    host.select_option("[data-testid=create-mode]", "choice")
    for game in GAMES:
        host.check(f"[data-testid=choice-{game}]")
    host.select_option("[data-testid=create-picking]", "dealer-names")
    host.check("[data-testid=create-dealer-declares]")
    host.select_option("[data-testid=game-rules-five-card-stud-hilo]", "cards-speak")
    host.fill("[data-testid=create-seats]", "4")
    host.select_option("[data-testid=create-structure]", "fixed-limit")
    for field, chips in (("ante", 1), ("bring_in", 1), ("small_bet", 2), ("big_bet", 4)):
        host.fill(f"[data-testid=stake-{field}]", str(chips))
    host.fill("[data-testid=buy-in-min]", "20")
    host.fill("[data-testid=buy-in-max]", "200")
    return open_table(host, base)


def join(page: Page, invite: str, seat: int, name: str) -> None:
    """Open the invitation, click a free seat, and sit down."""
    sit_down(page, invite, seat, name, 100)


def everybody_reads(pages: list[Page], announcement: str, summary: str) -> None:
    """Every page shows the dealer's choice and how the game goes."""
    for page in pages:
        expect(page.locator("[data-testid=choice-announcement]")).to_have_text(announcement)
        expect(page.locator("[data-testid=choice-summary]")).to_contain_text(summary)


def fold_round(pages: list[Page], dealer_next: Page) -> None:
    """The bring-in is posted and everybody else folds, until the next dealer is asked."""
    fold_hands(
        pages,
        dealer_next.locator("[data-testid=choice-chooser]"),
        ("action-bring-in", "action-fold"),
    )


def test_three_dealers_name_three_games(night: str, browser: Browser, artifacts: Path) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 860})
    host = host_context.new_page()
    invite = create_night(host, night)
    pages = []
    for seat, name in enumerate(NAMES):
        phone = seat == 2
        context = browser.new_context(
            viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800},
            is_mobile=phone,
            has_touch=phone,
        )
        page = context.new_page()
        join(page, invite, seat, name)
        pages.append(page)
    ann, bob, cy = pages
    host.click("[data-testid=host-start]")

    # Ann deals first: her chooser lists the games, the first one the default.
    expect(ann.locator("[data-testid=choice-chooser]")).to_be_visible()
    expect(ann.locator("[data-testid=choose-razz]")).to_contain_text("Stud, seven cards each")
    expect(ann.locator(".choice-default")).to_contain_text("(default)")
    expect(ann.locator("[data-testid=choice-clock]")).to_have_text(re.compile(r"^\d+ s$"))
    for page in (bob, cy):
        expect(page.locator("[data-testid=choice-waiting]")).to_contain_text(
            "Ann is choosing the game…"
        )
        expect(page.locator("[data-testid=choice-chooser]")).to_have_count(0)
    screenshot(ann, str(artifacts / "choice-desktop-chooser.png"))
    screenshot(cy, str(artifacts / "choice-phone-waiting.png"))
    ann.click("[data-testid=choose-razz]")
    everybody_reads(pages, "Ann chose Razz", "low only, ace-to-five")
    expect(ann.locator("[data-testid=my-cards]")).to_be_visible()
    fold_round(pages, bob)

    # Bob names five-card stud high-low and says cards speak.
    bob.click("[data-testid=choose-five-card-stud-hilo]")
    bob.click("[data-testid=choose-method-cards-speak]")
    everybody_reads(
        pages, "Bob chose Five-card stud high-low — cards speak", "high-low, cards speak"
    )
    fold_round(pages, cy)

    # Cy, on the phone, names seven-card stud.
    expect(ann.locator("[data-testid=choice-waiting]")).to_contain_text("Cy is choosing")
    screenshot(cy, str(artifacts / "choice-phone-chooser.png"))
    cy.locator("[data-testid=choose-seven-card-stud]").tap()
    everybody_reads(pages, "Cy chose Seven-card stud", "seven cards each")
    expect(cy.locator("[data-testid=my-cards]")).to_be_visible()
    screenshot(cy, str(artifacts / "choice-phone-chosen.png"))
    screenshot(bob, str(artifacts / "choice-desktop-chosen.png"))
