"""Criss-cross on a phone: the board is laid as a cross, the row across and the column down,
the centre card last and in both."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.e2e.table import PASSIVE, ROUNDS, click_and_wait, offered, screenshot
from tests.e2e.test_anaconda_table import on_a_phone
from tests.e2e.test_declare_table import join
from tests.web import loopback

TABLE = {
    "games": ["criss-cross-hilo"],
    "rules": {"preset": "cards-speak"},
    "stakes": {"structure": "fixed-limit", "small_blind": 1, "big_blind": 2, "small_bet": 2,
               "big_bet": 4},
    "seats": 2,
    "buy_in": {"min": 20, "max": 400},
}  # fmt: skip


def test_the_criss_cross_board_is_a_cross(browser: Browser, base: str, artifacts: Path) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    added = loopback.post(
        f"{base}/api/host",
        json={"host": created["host"], "command": "add-bot", "seat": 1, "bot": "calling"},
    )
    assert added.json()["ok"]
    ann = on_a_phone(browser)
    join(ann, f"{base}/join/{created['invite']}", 0, "Ann")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
    board = ann.locator("[data-testid=board]")
    expect(board.locator(".card-space")).to_have_count(5)  # nothing dealt in the middle yet
    for _ in range(ROUNDS):
        if ann.locator("[data-testid=result]").is_visible():
            break
        testid = offered(ann, PASSIVE)
        if testid is None:
            ann.wait_for_timeout(50)
        else:
            click_and_wait(ann, testid)
    expect(board.locator(".card-space")).to_have_count(0)
    for place in ("top", "left", "centre", "right", "bottom"):
        expect(board.locator(f".cross-{place} [data-card]")).to_have_count(1)
    left = board.locator(".cross-left").bounding_box()
    centre = board.locator(".cross-centre").bounding_box()
    top = board.locator(".cross-top").bounding_box()
    assert left is not None
    assert centre is not None
    assert top is not None
    assert left["x"] < centre["x"]  # the row, across
    assert abs(left["y"] - centre["y"]) < 1
    assert top["y"] < centre["y"]  # the column, down
    assert abs(top["x"] - centre["x"]) < 1
    screenshot(ann, str(artifacts / "criss-cross-phone.png"))
