"""A view older than the one the page shows is dropped, never drawn.

The frames of two changes may cross on their way to different connections, so a page may be
sent a view after a newer one. Ann's connection goes through a route that passes every frame
on, and then hands her page the first view of the hand again: the page keeps the table as it
stands (the newest events, Ann's turn still offered), and draws what comes after.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.e2e.table import PASSIVE, click_and_wait, events_seen, offered
from tests.e2e.test_table_talk import DESKTOP, HOLDEM, host, new_table


def test_a_view_older_than_the_page_shows_is_dropped(browser: Browser, base: str) -> None:
    created = new_table(base, HOLDEM, ["Ann"])
    host(base, created, "add-bot", seat=1, bot="calling")
    frames: list[str] = []
    routes: list[WebSocketRoute] = []

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def passed_on(message: str | bytes) -> None:
            frames.append(str(message))
            socket.send(message)

        server.on_message(passed_on)
        routes.append(socket)

    page = browser.new_context(viewport=DESKTOP).new_page()
    page.route_web_socket(re.compile(r"/ws\?token="), route)
    page.goto(base + created["seats"][0])
    expect(page.locator("[data-testid=connection]")).to_have_attribute("data-state", "open")
    host(base, created, "start")
    expect(page.locator("[data-testid=action-fold]")).to_be_enabled()
    while events_seen(page) < 8 or offered(page, PASSIVE) is None:
        testid = offered(page, PASSIVE)
        if testid is not None:
            click_and_wait(page, testid)
        else:
            page.wait_for_timeout(50)
    seen, log = events_seen(page), page.locator("[data-testid=log]").inner_text()
    views = [json.loads(text) for text in frames if json.loads(text).get("type") == "view"]
    first = next(view for view in views if view["view"] is not None)
    assert len(first["view"]["events"]) < seen
    (socket,) = routes
    socket.send(json.dumps(first))  # late: an older view
    page.fill("[data-testid=chat-input]", "still here")
    page.press("[data-testid=chat-input]", "Enter")  # its line comes after the old view
    expect(page.locator("[data-testid=chat-line]").last).to_contain_text("still here")
    assert events_seen(page) == seen
    assert page.locator("[data-testid=log]").inner_text() == log
    testid = offered(page, PASSIVE)
    assert testid is not None  # still Ann's turn, as the table stands
    click_and_wait(page, testid)  # and the next change is drawn
    assert events_seen(page) > seen
