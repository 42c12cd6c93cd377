"""Baseball on two phones (375 px, touch), dealt from a stacked deck: a four face up offers an
extra card, bought by one player for the house's price and declined by the other; a three
face up is matched by one player and folded to by the other; threes and nines are marked wild
on every card they apply to, and the chips come out to the chip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.stacked import stack_decks
from tests.e2e.table import click_and_wait, screenshot
from tests.e2e.test_anaconda_table import fits, on_a_phone
from tests.e2e.test_declare_table import BUY_IN, join
from tests.web import loopback

FOUR_PRICE = 2

TABLE = {
    "games": ["baseball-hilo-declare"],
    "rules": {"preset": "strict", "four_price": FOUR_PRICE},
    "stakes": {"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4},
    "seats": 2,
    "buy_in": {"min": 20, "max": 200},
}

# Ann (seat 0) has the button, so Bob (seat 1) is dealt first. Third street: Bob Kc Kd with
# the 4h up, Ann 9c 2d with the 4s up; the 7h is the extra card Ann buys. Fourth street:
# Bob 8d, Ann the 3c (a three face up: match or fold). Fifth street: Bob the 3h, Ann 5s.
DECK = "Kc Kd 4h  9c 2d 4s  7h  8d 3c  3h 5s"


def tap(page: Page, testid: str, words: str) -> None:
    """Tap the button ``testid`` once it is offered with ``words``, on the phone's screen."""
    button = page.locator(f'[data-testid="{testid}"]')
    expect(button).to_have_text(words)
    expect(button).to_be_enabled()
    fits(button)
    click_and_wait(page, testid, tap=True)


def stacks_are(pages: list[Page], ann: int, bob: int) -> None:
    """Every page shows Ann's and Bob's stacks as these chips."""
    for page in pages:
        expect(page.locator("[data-testid=stack-0]")).to_have_text(str(ann))
        expect(page.locator("[data-testid=stack-1]")).to_have_text(str(bob))


def wild_marked(page: Page, wild: set[str]) -> None:
    """Of the faces drawn on the page, exactly the cards ``wild`` are marked wild."""
    faces = page.locator(".card[data-card]")
    expect(faces.first).to_be_visible()
    marked = {
        code
        for index in range(faces.count())
        if "card-wild" in (faces.nth(index).get_attribute("class") or "")
        and (code := faces.nth(index).get_attribute("data-card"))
    }
    assert marked == wild


def test_baseball_fours_buy_an_extra_card_and_threes_pay_or_fold(
    browser: Browser, base: str, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stack_decks(monkeypatch, DECK)
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    ann, bob = on_a_phone(browser), on_a_phone(browser)
    join(ann, f"{base}/join/{created['invite']}", 0, "Ann")
    join(bob, f"{base}/join/{created['invite']}", 1, "Bob")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
    pages = [ann, bob]
    for page in pages:
        expect(page.locator("[data-testid=wild]")).to_have_text("Wild: 3, 9")
    stacks_are(pages, BUY_IN - 1, BUY_IN - 1)  # the antes

    # Bob's 4h was dealt first: he is offered the extra card first, and declines it.
    expect(bob.locator("[data-testid=offer-note]")).to_have_text(
        "You were dealt a four face up: you may take one extra card."
    )
    fits(bob.locator("[data-testid=action-extra]"))
    tap(bob, "action-decline", "No extra card")
    # Ann buys hers: the 7h comes face up, the price goes in the pot.
    screenshot(ann, str(artifacts / "baseball-four-phone.png"))
    tap(ann, "action-extra", f"Buy the extra card for {FOUR_PRICE}")
    expect(bob.locator('[data-testid=seat-0] .card[data-card="7h"]')).to_be_visible()
    expect(ann.locator('[data-testid=my-cards] .card[data-card="7h"]')).not_to_have_class(
        re.compile(r"card-private")
    )
    expect(ann.locator("[data-testid=my-cards] .card[data-card]")).to_have_count(4)
    expect(bob.locator("[data-testid=my-cards] .card[data-card]")).to_have_count(3)  # declined
    stacks_are(pages, BUY_IN - 1 - FOUR_PRICE, BUY_IN - 1)
    expect(ann.locator("[data-testid=log]")).to_contain_text(
        f"Ann buys an extra card for {FOUR_PRICE}"
    )
    expect(ann.locator("[data-testid=log]")).to_contain_text("Bob declines")

    tap(bob, "action-bring-in", "Bring in 1")  # the 4h is the lowest card showing
    tap(ann, "action-call", "Call 1")

    # Fourth street: Ann's 3c comes up. She matches the pot (antes 2, her 2, bets 2).
    expect(ann.locator("[data-testid=offer-note]")).to_have_text(
        "You were dealt a three face up: match the pot, or fold."
    )
    fits(ann.locator("[data-testid=action-fold]"))
    expect(ann.locator("[data-testid=pots]")).to_have_attribute("data-total", "6")
    wild_marked(ann, {"9c", "3c"})  # her nine in the hole and her three up
    wild_marked(bob, {"3c"})  # Bob cannot see Ann's nine
    screenshot(ann, str(artifacts / "baseball-three-phone.png"), full_page=True)
    tap(ann, "action-match", "Match 6")
    stacks_are(pages, BUY_IN - 1 - FOUR_PRICE - 1 - 6, BUY_IN - 2)
    for page in pages:
        expect(page.locator("[data-testid=pots]")).to_have_attribute("data-total", "12")
    expect(bob.locator("[data-testid=log]")).to_contain_text("Ann matches the pot with 6")

    tap(bob, "action-check", "Check")  # his 8 high showing beats her 7 high: he speaks first
    tap(ann, "action-check", "Check")

    # Fifth street: Bob's 3h comes up; he will not match 12 and folds.
    expect(bob.locator("[data-testid=offer-note]")).to_have_text(
        "You were dealt a three face up: match the pot, or fold."
    )
    wild_marked(bob, {"3c", "3h"})
    tap(bob, "action-fold", "Fold")

    for page in pages:
        expect(page.locator("[data-testid=result]")).to_be_visible()
        expect(page.locator("[data-testid=won-0]")).to_have_text("+12")
    stacks_are(pages, BUY_IN + 2, BUY_IN - 2)
    wild_marked(ann, {"9c", "3c", "3h"})
    screenshot(ann, str(artifacts / "baseball-result-phone.png"), full_page=True)
