"""The table log reads grammatically whatever the players are called: a player named You
sees "You post", "You get", "You call" on their own page, and so does everybody watching
(the join page first says which seats are free). The browser's port of the rule answers
exactly as the server's on the same cases."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from hilo.grammar import possessive, says
from tests.e2e.table import PASSIVE, PATIENCE, click_and_wait, offered, screenshot
from tests.e2e.test_anaconda_table import on_a_phone
from tests.e2e.test_declare_table import join
from tests.grammar_cases import FORMS, NAMES
from tests.web import loopback

TABLE = {
    "games": ["holdem"],
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
    "seats": 2,
    "buy_in": {"min": 20, "max": 400},
}

WRONG = re.compile(r"\bYou (posts|gets|calls|checks|bets|raises|folds|has|wins|shows)\b")
"""A verb that does not agree with the name You."""

BROWSER_GRAMMAR = """async ([names, forms]) => {
  const grammar = await import("/static/grammar.js");
  const said = (name) => forms.map((form) => grammar.says(name, form));
  return names.map((name) => [grammar.possessive(name), said(name)]);
}"""


def test_the_browser_puts_names_in_sentences_as_the_server_does(
    browser: Browser, base: str
) -> None:
    page = browser.new_page()
    page.goto(base + "/")
    answers = page.evaluate(BROWSER_GRAMMAR, [list(NAMES), list(FORMS)])
    assert answers == [[possessive(name), [says(name, form) for form in FORMS]] for name in NAMES]
    page.context.close()


def log_text(page: Page) -> str:
    """Every line of the page's table log."""
    return "\n".join(page.locator("[data-testid=log] li").all_inner_texts())


def test_a_player_named_you_reads_their_own_lines_and_others_read_them_too(
    browser: Browser, base: str, artifacts: Path
) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    added = loopback.post(
        f"{base}/api/host",
        json={"host": created["host"], "command": "add-bot", "seat": 1, "bot": "calling"},
    )
    assert added.json()["ok"]
    you = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    you.goto(f"{base}/join/{created['invite']}")  # the bot sits in the second seat
    expect(you.locator("[data-testid=join-seats-line]")).to_have_text("2 seats, 1 free: 1")
    join(you, f"{base}/join/{created['invite']}", 0, "You")
    watcher = on_a_phone(browser)
    watcher.goto(f"{base}/watch/{created['spectator']}")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200

    deadline = time.monotonic() + PATIENCE
    while (testid := offered(you, PASSIVE)) is None and time.monotonic() < deadline:
        you.wait_for_timeout(50)
    assert testid is not None, "You was never offered a check or a call"
    click_and_wait(you, testid)
    verb = "call" if testid == "action-call" else "check"
    for page in (you, watcher):
        log = page.locator("[data-testid=log]")
        expect(log).to_contain_text("You post")
        expect(log).to_contain_text("You get")
        expect(log).to_contain_text(f"You {verb}")
        assert WRONG.search(log_text(page)) is None, log_text(page)
    assert "Calling bot 1 posts" in log_text(you)
    screenshot(you, str(artifacts / "log-grammar-desktop.png"))
    screenshot(watcher, str(artifacts / "log-grammar-phone.png"))
    you.context.close()
    watcher.context.close()
