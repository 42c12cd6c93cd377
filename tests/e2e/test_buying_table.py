"""Buying a card on two phones (375 px, touch), from a stacked deck: after the first betting
round one player keeps their cards and the other taps the card to replace and buys; the new
card takes the old one's place, the price goes in, and the bought card wins the pot.

No shipped game buys a card, so the table plays a house game of its own (a table's
``extra_variants``), set up in the store before the server opens it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from hilo.engine.table import TableConfig
from hilo.rules import HouseRules, Stakes, Variant
from hilo.web.store import Store
from tests.e2e.stacked import stack_decks
from tests.e2e.table import click_and_wait, screenshot
from tests.e2e.test_anaconda_table import fits, on_a_phone
from tests.e2e.test_baseball_table import stacks_are, tap
from tests.e2e.test_declare_table import BUY_IN, join
from tests.web import loopback
from tests.web.server import running

PRICE = 3

BUY_A_CARD = Variant.from_dict(
    "five-cards-buy-one",
    {
        "title": "Five cards, buy one",
        "split": "high",
        "forced": "antes",
        "max_players": 6,
        "buy_after": "deal",
        "buy_price": PRICE,
        "streets": [
            {"name": "deal", "down": 5, "bet": True},
            {"name": "last", "bet": True},
        ],
    },
)
"""A house game: five cards down, a bet, a card bought or not, a last bet."""

# Ann (seat 0) has the button, so Bob is dealt first: Bob Ah Ad 5c 5d Js, Ann 2c 7d 8h 9s Th;
# the Jc is the card Ann buys for her 2c, making a straight, jack high.
DECK = "Ah Ad 5c 5d Js  2c 7d 8h 9s Th  Jc"


@pytest.fixture
def links(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """A server with a two-seat table of the house game: (base URL, invite, host token)."""
    store = Store(f"sqlite:///{tmp_path / 'hilo.db'}")
    config = TableConfig(
        games=(BUY_A_CARD.name,),
        rules=HouseRules.preset("strict"),
        stakes=Stakes(structure="fixed-limit", ante=1, small_bet=2, big_bet=4),
        seats=2,
        min_buy_in=20,
        max_buy_in=200,
        extra_variants=(BUY_A_CARD,),
    )
    table_id, _ = store.new_table(config)
    tokens = {role: store.add_token(table_id, role) for role in ("host", "invite", "spectator")}
    with running(store) as base:  # bots act at once; no hand is dealt unasked
        yield base, f"{base}/join/{tokens['invite']}", tokens["host"]


def cards_are(cards: Locator, codes: str) -> None:
    """The faces ``cards`` finds are these, in this order."""
    expect(cards).to_have_count(len(codes.split()))
    assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == codes.split()


def hand_shows(page: Page, codes: str) -> None:
    """The player's own cards are these, in this order."""
    cards_are(page.locator("[data-testid=my-cards] .card[data-card]"), codes)


def test_a_card_bought_by_tapping_replaces_the_one_thrown_for_the_price(
    browser: Browser,
    links: tuple[str, str, str],
    artifacts: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stack_decks(monkeypatch, DECK)
    base, invite, host = links
    ann, bob = on_a_phone(browser), on_a_phone(browser)
    join(ann, invite, 0, "Ann")
    join(bob, invite, 1, "Bob")
    assert loopback.post(f"{base}/api/deal", json={"host": host}).status_code == 200
    pages = [ann, bob]
    tap(bob, "action-check", "Check")
    tap(ann, "action-check", "Check")

    # Bob is asked first, and keeps his cards.
    note = "You may replace one of your cards for 3: tap it, then buy."
    expect(bob.locator("[data-testid=hand-note]")).to_have_text(note)
    expect(bob.locator("[data-testid=action-buy]")).to_be_disabled()
    tap(bob, "action-decline", "Keep my cards")
    hand_shows(bob, "Ah Ad 5c 5d Js")
    expect(ann.locator("[data-testid=log]")).to_contain_text("Bob declines")

    # Ann taps her 2c: it is marked to be replaced, and one card is all she may pick.
    buy = ann.locator("[data-testid=action-buy]")
    expect(buy).to_have_text(f"Buy a card for {PRICE}")
    expect(buy).to_be_disabled()
    expect(ann.locator("[data-testid=hand-note]")).to_have_text(note)
    two = ann.locator('[data-testid=my-cards] .card[data-card="2c"]')
    fits(two)
    two.tap()
    expect(two).to_have_attribute("aria-pressed", "true")
    expect(two).to_have_attribute("data-mark", "replace")
    ann.locator('[data-testid=my-cards] .card[data-card="7d"]').tap()
    expect(ann.locator("[data-testid=my-cards] .card[aria-pressed=true]")).to_have_count(1)
    fits(buy)
    screenshot(ann, str(artifacts / "buy-a-card-phone.png"))
    click_and_wait(ann, "action-buy", tap=True)

    # The Jc takes the 2c's place, face down (hidden from Bob); the price is in the pot.
    hand_shows(ann, "Jc 7d 8h 9s Th")
    expect(ann.locator('[data-testid=my-cards] .card[data-card="Jc"]')).to_have_class(
        re.compile(r"\bcard-private\b")
    )
    expect(bob.locator('.card[data-card="Jc"]')).to_have_count(0)
    stacks_are(pages, BUY_IN - 1 - PRICE, BUY_IN - 1)
    for page in pages:
        expect(page.locator("[data-testid=pots]")).to_have_attribute("data-total", str(2 + PRICE))
    expect(bob.locator("[data-testid=log]")).to_contain_text(f"Ann buys a card for {PRICE}")

    tap(bob, "action-check", "Check")
    tap(ann, "action-check", "Check")
    for page in pages:
        expect(page.locator("[data-testid=result]")).to_be_visible()
        expect(page.locator("[data-testid=won-0]")).to_have_text(f"+{2 + PRICE}")
    expect(bob.locator("[data-testid=referee]")).to_contain_text("Straight, jack high")
    stacks_are(pages, BUY_IN + 1, BUY_IN - 1)
    screenshot(ann, str(artifacts / "buy-a-card-result-phone.png"), full_page=True)

    # The house game's hand replays to its end, with the bought card where the 2c was.
    ann.click("[data-testid=tab-history]")
    ann.click("[data-testid=history-1]")
    replay = ann.locator("[data-testid=replay]")
    expect(replay).to_be_visible()
    told = []
    while ann.locator("[data-testid=replay-next]").is_enabled():
        ann.click("[data-testid=replay-next]")
        told.append(replay.locator(".replay-event").inner_text())
    assert "Bob declines" in told
    assert told[-1] == "Hand over"
    cards_are(replay.locator("[data-testid=seat-0] .card[data-card]"), "Jc 7d 8h 9s Th")
