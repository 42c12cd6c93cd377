"""Two friends play Anaconda on phones (375 px, touch): they pass three, two and one,
throw two away, arrange their five and roll them up, declare, and see the showdown."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.table import PASSIVE, ROUNDS, click_and_wait, offered, screenshot
from tests.e2e.test_declare_table import join
from tests.web import loopback

WIDTH, HEIGHT = 375, 740

TABLE = {
    "games": ["anaconda-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4},
    "seats": 2,
    "buy_in": {"min": 20, "max": 200},
}

CHOICES = ("action-pass", "action-discard", "action-arrange", "action-roll")
DECLARE = ("declare-high", "declare-low")


def on_a_phone(browser: Browser) -> Page:
    """A fresh page the size of a small phone, with a touch screen."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True
    )
    return context.new_page()


def fits(element: Locator) -> None:
    """The element is drawn, not cut off left or right, and big enough to tap."""
    expect(element).to_be_visible()
    box = element.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= WIDTH + 0.5
    assert min(box["width"], box["height"]) >= 24


def unpicked(page: Page) -> Locator:
    """The player's own cards not yet tapped."""
    return page.locator("[data-testid=my-cards] button.card[aria-pressed=false]")


def tap(page: Page, count: int) -> None:
    """Tap ``count`` of the player's own cards, first to last."""
    for _ in range(count):
        card = unpicked(page).first
        fits(card)
        card.tap()


def choose(page: Page, testid: str) -> None:
    """Tap as many cards as the choice asks for ("Pass 3 of 3"), then send them."""
    chosen = page.locator(f'[data-testid="{testid}"]')
    count = int(re.findall(r"of (\d+)", chosen.inner_text())[0])
    tap(page, count)
    click_and_wait(page, testid, tap=True)


def step(pages: list[Page]) -> bool:
    """One decision on whichever page offers one; False when none does."""
    for page in pages:
        # a choice's button is disabled until its cards are tapped
        testid = next((t for t in CHOICES if page.locator(f'[data-testid="{t}"]').count()), None)
        if testid is not None:
            choose(page, testid)
            return True
        testid = offered(page, (*PASSIVE, *DECLARE))
        if testid is not None:
            click_and_wait(page, testid)
            return True
    return False


def play_until(pages: list[Page], done: str) -> None:
    """Pass, throw away, arrange, roll, check and call until ``done`` shows on a page."""
    for _ in range(ROUNDS):
        if any(page.locator(done).count() for page in pages):
            return
        if not step(pages):
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"the hand never reached {done!r}")


def test_anaconda_on_phones_from_the_first_pass_to_the_showdown(
    browser: Browser, base: str, artifacts: Path
) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    ann, bob = on_a_phone(browser), on_a_phone(browser)
    join(ann, f"{base}/join/{created['invite']}", 0, "Ann")
    join(bob, f"{base}/join/{created['invite']}", 1, "Bob")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200

    play_until([ann, bob], "[data-testid=action-pass]")
    passing = ann.locator("[data-testid=action-pass]")
    expect(passing).to_have_text("Pass 3 of 3")
    expect(passing).to_be_disabled()
    expect(ann.locator("[data-testid=hand-note]")).to_contain_text("Pick 3 cards to pass left")
    tap(ann, 1)
    expect(ann.locator("[data-testid=hand-note]")).to_contain_text("(1 picked)")
    tap(ann, 2)
    expect(passing).to_be_enabled()
    fits(passing)
    screenshot(ann, str(artifacts / "anaconda-pass-phone.png"))
    click_and_wait(ann, "action-pass", tap=True)
    waiting = ann.locator("[data-testid=actions-waiting]")
    expect(waiting).to_have_text("You have chosen. Waiting for Bob to pass…")
    passed = ann.locator("[data-testid=my-cards] .card-selected")
    expect(passed).to_have_count(3)  # the cards chosen stay marked until everyone has passed
    expect(passed.first).to_have_attribute("data-mark", "pass")
    screenshot(ann, str(artifacts / "anaconda-waiting-phone.png"))
    choose(bob, "action-pass")
    expect(ann.locator("[data-testid=log]")).to_contain_text("Ann passes 3 to")

    play_until([ann, bob], "[data-testid=action-discard]")
    # keyboard: a card is a button; Enter picks it, the shortcut D sends the choice
    page = next(p for p in (bob, ann) if p.locator("[data-testid=action-discard]").count())
    expect(page.locator("[data-testid=hand-note]")).to_contain_text("Pick 2 cards to throw away")
    for _ in range(2):
        unpicked(page).first.focus()
        page.keyboard.press("Enter")
    expect(page.locator("[data-testid=action-discard]")).to_be_enabled()
    before = int(page.locator("[data-testid=log]").get_attribute("data-events") or 0)
    page.keyboard.press("d")
    page.wait_for_function(
        "before => Number(document.querySelector('[data-testid=log]').dataset.events) > before",
        arg=before,
    )

    play_until([ann, bob], "[data-testid=action-arrange]")
    arranging = next(p for p in (ann, bob) if p.locator("[data-testid=action-arrange]").count())
    expect(arranging.locator("[data-testid=hand-note]")).to_contain_text(
        "Tap all 5 cards in the order they are to turn up"
    )
    tap(arranging, 2)
    marks = arranging.locator("[data-testid=my-cards] button.card[aria-pressed=true]")
    expect(marks.nth(0)).to_have_attribute("data-mark", "1")
    expect(marks.nth(1)).to_have_attribute("data-mark", "2")
    screenshot(arranging, str(artifacts / "anaconda-arrange-phone.png"))
    tap(arranging, 3)
    click_and_wait(arranging, "action-arrange", tap=True)

    play_until([ann, bob], "[data-testid=result]:visible")
    for page in (ann, bob):
        expect(page.locator("[data-testid=result]")).to_be_visible()
    expect(ann.locator("[data-testid=log]")).to_contain_text("turns up")
    screenshot(ann, str(artifacts / "anaconda-showdown-phone.png"), full_page=True)

    # The replay steps through every pass, throw, arrangement and roll in words.
    ann.click("[data-testid=tab-history]")
    ann.click("[data-testid=history-1]")
    replay = ann.locator("[data-testid=replay]")
    expect(replay).to_be_visible()
    told = []
    while ann.locator("[data-testid=replay-next]").is_enabled():
        ann.click("[data-testid=replay-next]")
        told.append(replay.locator(".replay-event").inner_text())
    said = "\n".join(told)
    for words in ("has chosen what to pass", "passes 3 to", "throws away 2", "turns up"):
        assert words in said, words
    expect(replay.locator("[data-testid=referee]")).to_be_visible()
    screenshot(ann, str(artifacts / "anaconda-replay-phone.png"))
