"""Follow the queen on a phone: the wild ranks are named over the pot, and every card of a
wild rank, the player's own and the others', is marked wild (and no other)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from hilo.rules import VARIANTS
from tests.e2e.table import PASSIVE, ROUNDS, click_and_wait, offered, screenshot
from tests.e2e.test_anaconda_table import on_a_phone
from tests.e2e.test_declare_table import join
from tests.web import loopback

pytestmark = pytest.mark.skipif(
    "follow-the-queen" not in VARIANTS, reason="follow the queen is not among the shipped games yet"
)

TABLE = {
    "games": ["follow-the-queen"],
    "rules": {"preset": "cards-speak"},
    "stakes": {"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4},
    "seats": 2,
    "buy_in": {"min": 20, "max": 400},
}

HANDS = 8
"""Hands to deal at most before one shows a wild card (each does so about 4 times in 5)."""


def wild_ranks(page: Page) -> set[str]:
    """The ranks the line over the pot names as wild ("Wild: Q, 7" -> {"Q", "7"})."""
    line = page.locator("[data-testid=wild]").inner_text()
    match = re.fullmatch(r"Wild: (.+)", line.strip())
    assert match, line
    return {rank.strip().replace("10", "T") for rank in match.group(1).split(",")}


def marks_follow_the_ranks(page: Page) -> int:
    """Every face-up card drawn is marked wild exactly when its rank is wild; how many are."""
    ranks = wild_ranks(page)
    assert "Q" in ranks  # queens are always wild
    marked = 0
    cards = page.locator(".card[data-card]:not([data-card=back])")
    for index in range(cards.count()):
        card = cards.nth(index)
        code = card.get_attribute("data-card") or ""
        is_marked = "card-wild" in (card.get_attribute("class") or "")
        assert is_marked == (code[0] in ranks), f"{code} with {sorted(ranks)} wild"
        marked += is_marked
    return marked


def play_the_hand(page: Page, number: int) -> None:
    """Check and call until hand ``number``'s result is on the page."""
    for _ in range(ROUNDS):
        street = page.locator("[data-testid=street]").inner_text()
        if (
            street.startswith(f"Hand {number} ")
            and page.locator("[data-testid=result]").is_visible()
        ):
            return
        testid = offered(page, PASSIVE)
        if testid is None:
            page.wait_for_timeout(50)
        else:
            click_and_wait(page, testid)
    raise AssertionError(f"hand {number} never ended")


def test_follow_the_queen_marks_every_wild_card(
    browser: Browser, base: str, artifacts: Path
) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    added = loopback.post(
        f"{base}/api/host",
        json={"host": created["host"], "command": "add-bot", "seat": 1, "bot": "calling"},
    )
    assert added.json()["ok"]
    ann = on_a_phone(browser)
    join(ann, f"{base}/join/{created['invite']}", 0, "Ann")
    for number in range(1, HANDS + 1):
        assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
        expect(ann.locator("[data-testid=wild]")).to_contain_text(re.compile(r"Wild: .*Q"))
        play_the_hand(ann, number)
        if marks_follow_the_ranks(ann):
            break
    else:
        raise AssertionError(f"no wild card in {HANDS} hands")
    wild = ann.locator(".card-wild").first
    expect(wild).to_have_attribute("aria-label", re.compile(r", wild"))
    screenshot(ann, str(artifacts / "follow-the-queen-phone.png"), full_page=True)
