"""The create form on a phone: every shipped game is offered, alone and in dealer's choice,
and a dealer's choice of home games starts a table."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from hilo.rules import VARIANTS
from tests.e2e.test_anaconda_table import WIDTH, on_a_phone


def test_a_dealers_choice_of_home_games_from_a_phone(
    browser: Browser, base: str, artifacts: Path
) -> None:
    host = on_a_phone(browser)
    host.goto(base + "/")
    names = host.locator("[data-testid=create-game] option")
    expect(names).to_have_count(len(VARIANTS))
    titles = set(names.all_inner_texts())
    assert titles == {variant.title for variant in VARIANTS.values()}
    passing = host.locator('[data-testid=create-game] optgroup[label="Pass games"] option')
    assert "Anaconda, high-low declare" in passing.all_inner_texts()
    # a high game alone: the declare switches do not come into play, and are hidden
    host.select_option("[data-testid=create-game]", "holdem")
    expect(host.locator("[data-testid=switch-declare]")).to_be_hidden()
    expect(host.locator("[data-testid=switches-hidden]")).to_contain_text("hidden")
    host.select_option("[data-testid=create-mode]", "choice")
    for game in ("anaconda-hilo-declare", "high-chicago-declare", "criss-cross-hilo-declare"):
        box = host.locator(f"[data-testid=choice-{game}]")
        box.scroll_into_view_if_needed()
        box.tap()
        expect(box).to_be_checked()
    expect(host.locator("[data-testid=switch-declare]")).to_be_visible()
    grid = host.locator(".games-families").bounding_box()
    assert grid is not None
    assert grid["x"] + grid["width"] <= WIDTH + 0.5  # no sideways scrolling
    screenshot_path = artifacts / "create-home-games-phone.png"
    host.screenshot(path=str(screenshot_path), full_page=True)
    host.fill("[data-testid=create-seats]", "3")
    # Anaconda is played for antes: the form asks for one although the others need none
    expect(host.locator("[data-testid=stake-ante]")).not_to_have_value("0")
    host.click("[data-testid=create-submit]")
    host.wait_for_url("**/host/**")
    expect(host.locator("[data-testid=invite-link]")).to_have_value(re.compile(r"/join/"))
