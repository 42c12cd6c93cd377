"""A host who lets each player sit down: the request, the approval, the rejoin link, a new link."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect


def test_the_host_lets_a_player_in_and_gives_them_a_new_link(browser: Browser, base: str) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    host.goto(base + "/")
    host.check("[data-testid=create-approve-seats]")
    host.click("[data-testid=create-submit]")
    host.wait_for_url("**/host/**")
    invite = host.locator("[data-testid=invite-link]").input_value()

    context = browser.new_context(
        viewport={"width": 1280, "height": 860}, permissions=["clipboard-read", "clipboard-write"]
    )
    player = context.new_page()
    player.goto(invite)
    expect(player.locator("[data-testid=join-seat-rules]")).to_have_text(
        "one per browser; the host lets each player sit down"
    )
    player.click("[data-testid=join-seat-0]")
    player.fill("[data-testid=join-name]", "Dee")
    expect(player.locator("[data-testid=join-submit]")).to_have_text("Ask to sit down")
    player.click("[data-testid=join-submit]")
    expect(player.locator("[data-testid=join-waiting]")).to_contain_text(
        "Waiting for the host to let you sit down"
    )
    expect(player.locator("[data-testid=join-waiting-status]")).to_have_text(
        "The host has your request."
    )

    request = host.locator("[data-testid=host-request-0]")
    expect(request).to_contain_text("Dee asks for seat 1 with 2,000 chips")
    host.click("[data-testid=host-approve-0]")
    expect(host.locator("[data-testid=host-requests]")).to_have_count(0)
    player.wait_for_url("**/play/**")
    expect(player.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    expect(player.locator("[data-testid=rejoin-note]")).to_contain_text("your key to your seat")
    player.click("[data-testid=copy-rejoin]")
    expect(player.locator("[data-testid=toast]").last).to_contain_text("rejoin link is copied")
    assert player.evaluate("navigator.clipboard.readText()") == player.url

    host.on("dialog", lambda dialog: dialog.accept())
    host.click("[data-testid=host-new-link-0]")
    fresh = host.locator("[data-testid=new-link-0-link]")
    expect(fresh).to_have_value(re.compile(rf"^{re.escape(base)}/play/[\w-]+$"))
    expect(player.locator("[data-testid=connection]")).to_have_attribute("data-state", "refused")
    player.goto(fresh.input_value())
    expect(player.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    expect(player.locator("[data-testid=ledger-row-0]")).to_have_attribute("data-stack", "2000")
