"""A hand that ends before the test's goal: the clock answers for the bot, which folds.

Ann is dealt the lowest card up and brings it in; the calling bot facing it is answered by
the clock at once (its deadline is nothing), so it folds. Ann's page says she won nobody
calling and asks her to show or muck, and `play_until`, waiting for a seventh card that will
never come, says at once how the hand ended instead of waiting out its patience.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from hilo.web.store import Store
from tests.e2e.conftest import SETTINGS
from tests.e2e.stacked import stack_decks
from tests.e2e.table import play_until
from tests.e2e.test_table_talk import DESKTOP, STUD, at_the_table
from tests.web.server import running

RUSHED = replace(SETTINGS, bot_deadline=0.0)
"""Every bot is answered by the clock as soon as it is asked."""


@pytest.fixture
def rushed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A server of the test's own whose bots never answer in time, dealing Ann the 2c up."""
    stack_decks(monkeypatch, "Ah Kh Qs 3d 4s 2c")
    with running(Store(f"sqlite:///{tmp_path / 'hilo.db'}"), RUSHED) as url:
        yield url


def test_a_hand_that_ends_early_is_said_at_once(browser: Browser, rushed: str) -> None:
    page = at_the_table(browser, rushed, STUD, 1, DESKTOP)
    seventh = "[data-testid=my-cards] [data-card]:nth-child(7)"
    with pytest.raises(AssertionError, match=r"^the hand ended before .*nth-child\(7\)'") as ended:
        play_until([page], seventh)
    assert "Ann wins 2" in str(ended.value)
    expect(page.locator("[data-testid=showing]")).to_have_attribute("data-state", "deciding")
    expect(page.locator("[data-testid=action-show]")).to_be_enabled()
    expect(page.locator("[data-testid=log]")).to_contain_text("Calling bot 1 folds")
