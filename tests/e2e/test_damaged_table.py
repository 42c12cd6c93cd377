"""A table whose stored journal was damaged while the server was down: its page says it could
not be restored (and stops knocking), while another table's page plays on."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect
from sqlalchemy import text

from hilo.web.store import Store
from tests.e2e.conftest import SETTINGS
from tests.e2e.table import screenshot
from tests.e2e.test_anaconda_table import on_a_phone
from tests.web import loopback
from tests.web.server import running

TABLE = {"games": ["holdem"], "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2}}


def test_the_page_of_a_table_that_could_not_be_restored_says_so(
    browser: Browser, tmp_path: Path, artifacts: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'hilo.db'}"
    store = Store(url)
    with running(store, SETTINGS) as base:
        damaged, healthy = (loopback.post(f"{base}/api/tables", json=TABLE).json() for _ in "ab")
        for created in (damaged, healthy):
            joined = loopback.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 100},
            )
            assert joined.status_code == 200
    with store.engine.begin() as connection:  # the entry of Ann sitting down, cut short
        connection.execute(
            text("UPDATE journal SET entry = :cut WHERE table_id = :table AND seq = 1"),
            {"cut": '{"op": "sit", "se', "table": damaged["table"]},
        )
    store.close()

    again = Store(url)
    with running(again, SETTINGS) as base:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(f"{base}/host/{damaged['host']}")
        card = page.locator("[data-testid=not-restored]")
        expect(card).to_contain_text("This table could not be restored")
        expect(card).to_contain_text("journal entry 1 (not JSON) is damaged")
        expect(page.locator("[data-testid=connection]")).to_have_text("not restored")
        screenshot(page, str(artifacts / "not-restored-desktop.png"))
        phone = on_a_phone(browser)
        phone.goto(f"{base}/host/{healthy['host']}")
        expect(phone.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
        phone.goto(f"{base}/host/{damaged['host']}")
        expect(phone.locator("[data-testid=not-restored]")).to_be_visible()
        screenshot(phone, str(artifacts / "not-restored-phone.png"))
        page.context.close()
        phone.context.close()
    again.close()
