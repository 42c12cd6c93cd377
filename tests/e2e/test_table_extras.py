"""Around the hand: the create form's errors, bots, a spectator, the history and its replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.table import PASSIVE, play_until, screenshot


def create_with_a_mistake_first(host: Page, base: str) -> None:
    """A declare game with cards-speak rules is refused, in words, beside the form; then
    a dealer's choice of two declare games is made."""
    host.goto(base + "/")
    # The form starts from the house's defaults: the default game and its stakes and buy-in.
    expect(host.locator("[data-testid=create-game]")).to_have_value("seven-card-stud-hilo-declare")
    for name, value in {"ante": "1", "bring_in": "3", "small_bet": "10", "big_bet": "20"}.items():
        expect(host.locator(f"[data-testid=stake-{name}]")).to_have_value(value)
    expect(host.locator("[data-testid=buy-in-min]")).to_have_value("400")
    expect(host.locator("[data-testid=buy-in-max]")).to_have_value("2000")
    host.select_option("[data-testid=create-structure]", "no-limit")
    expect(host.locator("[data-testid=stake-min_bet]")).to_have_value("10")
    host.select_option("[data-testid=create-structure]", "fixed-limit")
    host.select_option("[data-testid=create-game]", "holdem")
    expect(host.locator("[data-testid=stake-big_blind]")).to_have_value("10")
    expect(host.locator("[data-testid=stake-ante]")).to_have_value("0")
    host.select_option("[data-testid=create-game]", "seven-card-stud-hilo-declare")
    host.select_option("[data-testid=rules-preset]", "cards-speak")
    host.click("[data-testid=create-submit]")
    error = host.locator("[data-testid=create-error]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("declare")
    assert "/host/" not in host.url
    host.select_option("[data-testid=rules-preset]", "liberal")
    expect(host.locator("[data-testid=switch-second_best]")).to_be_checked()
    host.select_option("[data-testid=create-mode]", "choice")
    host.check("[data-testid=choice-seven-card-stud-hilo-declare]")
    host.click("[data-testid=create-submit]")
    expect(error).to_contain_text("at least two games")
    host.check("[data-testid=choice-five-card-draw-hilo-declare]")
    host.fill("[data-testid=create-seats]", "3")
    host.click("[data-testid=create-submit]")
    host.wait_for_url("**/host/**")


def test_bots_spectators_and_the_history(browser: Browser, base: str, artifacts: Path) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    create_with_a_mistake_first(host, base)
    host.select_option("[data-testid=bot-seat]", "1")
    host.select_option("[data-testid=bot-kind]", "calling")
    host.click("[data-testid=host-add-bot]")
    expect(host.locator("[data-testid=seat-1]")).to_contain_text("bot")
    invite = host.locator("[data-testid=invite-link]").input_value()
    spectator_link = host.locator("[data-testid=spectator-link]").input_value()

    player_context = browser.new_context(viewport={"width": 1280, "height": 860})
    player = player_context.new_page()
    player.goto(invite)
    expect(player.locator("[data-testid=join-summary]")).to_contain_text("Five-card draw")
    expect(player.locator("[data-testid=join-seat-1]")).to_be_disabled()
    player.click("[data-testid=join-seat-0]")
    player.fill("[data-testid=join-name]", "Eve")
    player.click("[data-testid=join-submit]")
    player.wait_for_url("**/play/**")
    seat_page = player.url
    spectator = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    spectator.goto(spectator_link)
    expect(spectator.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    host.click("[data-testid=host-start]")

    hidden = player.locator("[data-testid=my-cards] .card-private")
    expect(hidden.first).to_be_visible()
    expect(spectator.locator("[data-testid=seat-0] .card-back")).to_have_count(hidden.count())
    expect(spectator.locator(".card-private")).to_have_count(0)
    expect(spectator.locator("[data-testid=actions]")).to_be_hidden()
    expect(spectator.locator("[data-testid=tab-history]")).to_have_count(0)

    play_until([player], "[data-testid=declare-high]", (*PASSIVE, "action-stand-pat"))
    player.click("[data-testid=declare-high]")
    expect(player.locator("[data-testid=result]")).to_be_visible()
    expect(spectator.locator("[data-testid=result]")).to_be_visible()
    expect(spectator.locator("[data-testid=declaration-0]")).to_have_attribute(
        "data-direction", "high"
    )

    host.click("[data-testid=host-pause]")
    expect(host.locator("[data-testid=host-resume]")).to_be_visible()
    expect(player.locator("[data-testid=table-status]")).to_have_text("Paused by the host.")
    host.on("dialog", lambda dialog: dialog.accept())
    host.click("[data-testid=host-remove-1]")
    expect(host.locator("[data-testid=host-remove-1]")).to_have_count(0)
    expect(player.locator("[data-testid=ledger-row-1]")).to_have_count(0)

    player.click("[data-testid=tab-history]")
    player.click("[data-testid=history-1]")
    replay = player.locator("[data-testid=replay]")
    expect(replay).to_be_visible()
    step = player.locator("[data-testid=replay-step]")
    expect(step).to_contain_text(re.compile(r"Step 1 of \d+"))
    expect(player.locator("[data-testid=replay-prev]")).to_be_disabled()
    player.click("[data-testid=replay-next]")
    expect(step).to_contain_text("Step 2 of")
    while player.locator("[data-testid=replay-next]").is_enabled():
        player.click("[data-testid=replay-next]")
    expect(replay.locator("[data-testid=referee]")).to_contain_text("Rules: liberal")
    expect(replay.locator("[data-testid=declaration-0]")).to_have_attribute(
        "data-direction", "high"
    )
    screenshot(player, str(artifacts / "extras-replay.png"))
    with player.expect_download() as saving:
        player.click("[data-testid=download-json]")
    saved = saving.value.path()
    assert saving.value.suggested_filename == "hilo-hand-1.json"
    assert json.loads(saved.read_text())["views"]
    player.click("[data-testid=download-phh]")
    expect(player.locator("[data-testid=toast]").last).to_contain_text("PHH has no code")
    player.click("[data-testid=replay-close]")
    expect(replay).to_have_count(0)

    player.click("[data-testid=tab-seat]")
    player.fill("[data-testid=rebuy-chips]", "100000")
    player.click("[data-testid=seat-rebuy]")
    expect(player.locator("[data-testid=toast]").last).to_contain_text("at most")

    player.goto(invite)
    player.click("[data-testid=join-return]")
    player.wait_for_url(seat_page)
    expect(player.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
