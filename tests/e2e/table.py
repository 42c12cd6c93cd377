"""Playing at the browser table the way a person does: by the buttons the page offers."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from playwright.sync_api import Locator, Page, expect

PASSIVE = ("action-check", "action-call", "action-bring-in")
"""Checking and calling through: what a test clicks to reach the showdown."""

ROUNDS = 200
"""More sweeps than any hand of the tests needs."""

PATIENCE = 90.0
"""Seconds a hand may take to reach what a test waits for: bots and the server answer slowly
on a busy machine, so the wait ends on a deadline rather than after a count of idle sweeps."""


def events_seen(page: Page) -> int:
    """How many events of the hand the page has drawn in its log."""
    return int(page.locator("[data-testid=log]").get_attribute("data-events") or 0)


def offered(page: Page, testids: Sequence[str]) -> str | None:
    """The first of ``testids`` the page shows as an enabled button, if any."""
    for testid in testids:
        button = page.locator(f'[data-testid="{testid}"]')
        if button.count() and button.first.is_enabled():
            return testid
    return None


def click_and_wait(page: Page, testid: str, *, tap: bool = False) -> None:
    """Press a button and wait until the server's answer has been drawn."""
    before = events_seen(page)
    button = page.locator(f'[data-testid="{testid}"]').first
    if tap:
        button.tap()
    else:
        button.click()
    page.wait_for_function(
        "before => Number(document.querySelector('[data-testid=log]').dataset.events) > before",
        arg=before,
    )


SETTLED = """() => new Promise((done) => {
  // The clocks' bars move all the time (transitions); keyframe animations and scrolling end.
  const giveUp = Date.now() + 3000;
  let last = -1;
  const look = () => {
    const still = window.scrollY === last;
    last = window.scrollY;
    const moving = document.getAnimations().some(
      (item) => item instanceof CSSAnimation && item.playState === "running"
    );
    if ((still && !moving) || Date.now() > giveUp) done(true);
    else requestAnimationFrame(look);
  };
  look();
})"""


def screenshot(page: Page, path: str, *, full_page: bool = False) -> None:
    """A picture of the page once its animations and scrolling have come to rest."""
    page.evaluate(SETTLED)
    page.screenshot(path=path, full_page=full_page)


ENDED = "[data-testid=result]:visible"
"""What a page shows once the hand is over."""

PRESS_IF_STILL = """([testids, events]) => {
  // Only on the page as it was looked at: a frame drawn since may have moved the hand past
  // what the test waits for (the seventh card is not shown once the hand is over).
  const log = document.querySelector("[data-testid=log]");
  if (Number(log.dataset.events || 0) !== events) return null;
  for (const testid of testids) {
    const button = document.querySelector(`[data-testid="${testid}"]`);
    if (button && !button.disabled) {
      button.click();
      return testid;
    }
  }
  return null;
}"""


def play_until(pages: Sequence[Page], done: str, testids: Sequence[str] = PASSIVE) -> None:
    """Click through ``testids`` on whichever page offers one, until ``done`` shows on all.

    A button is pressed only if the page still shows what was just looked at (in one step in
    the page), so a move the page draws in between (a bot answering at once) is never
    clicked past. Called while a hand is played: a hand that ends before ``done`` shows on a
    page (a bot folded, or the clock answered for it) fails at once, saying how it ended;
    nobody deals the next hand of a test but the test itself.
    """
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        seen = [events_seen(page) for page in pages]
        if all(page.locator(done).count() for page in pages):
            return
        for page in pages:
            if page.locator(ENDED).count() and not page.locator(done).count():
                result = page.locator("[data-testid=result]").inner_text()
                raise AssertionError(f"the hand ended before {done!r}: {result}")
        acted = False
        for page, events in zip(pages, seen, strict=True):
            if page.evaluate(PRESS_IF_STILL, [list(testids), events]) is not None:
                page.wait_for_function(
                    "before => Number(document.querySelector('[data-testid=log]')"
                    ".dataset.events) > before",
                    arg=events,
                )
                acted = True
                break
        if not acted:
            time.sleep(0.05)
    raise AssertionError(f"the hand never reached {done!r}")


def fold_round(pages: Sequence[Page], asked: Locator, testids: Sequence[str]) -> None:
    """Press the first of ``testids`` each page offers (folding a hand round), and muck for the
    winner nobody called, until ``asked`` shows on its page and nobody is still deciding."""
    deciding = asked.page.locator("[data-testid=showing][data-state=deciding]")
    deadline = time.monotonic() + 30
    while not asked.count() or deciding.count():
        assert time.monotonic() < deadline, "the hand never ended"
        for page in pages:
            testid = offered(page, ("action-muck", *testids))
            if testid is not None:
                page.locator(f'[data-testid="{testid}"]').first.click()
        time.sleep(0.05)


def open_table(host: Page, base: str) -> str:
    """Submit the filled-in create page; return the invitation link the host page shows."""
    host.click("[data-testid=create-submit]")
    host.wait_for_url("**/host/**")
    invite = host.locator("[data-testid=invite-link]")
    expect(invite).to_have_value(re.compile(rf"^{re.escape(base)}/join/[\w-]+$"))
    return invite.input_value()


def sit_down(page: Page, invite: str, seat: int, name: str, buy_in: int) -> None:
    """Open the invitation, take ``seat``, buy in for ``buy_in`` chips and sit down."""
    page.goto(invite)
    page.click(f"[data-testid=join-seat-{seat}]")
    page.fill("[data-testid=join-name]", name)
    page.fill("[data-testid=join-buy-in]", str(buy_in))
    page.click("[data-testid=join-submit]")
    page.wait_for_url("**/play/**")
    expect(page.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
