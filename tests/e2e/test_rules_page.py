"""The house-rules sheet in the browser: opened from a table's link, a gallery ruling in the
referee's words, the print view, and the create form's plain words and link."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from hilo.rules.house_rules import HouseRules
from hilo.rules.sheet import sentence
from tests.e2e.table import screenshot
from tests.e2e.test_anaconda_table import on_a_phone
from tests.web import loopback

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict", "no_winner": "split"},
    "seats": 4,
}


def test_the_sheet_from_a_table_s_link_and_on_paper(
    browser: Browser, base: str, artifacts: Path
) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    host = context.new_page()
    host.goto(base + created["links"]["host"])
    link = host.locator("[data-testid=rules-link]")
    expect(link).to_have_attribute("href", f"/rules?table={created['table']}")
    with context.expect_page() as opened:
        link.click()
    sheet = opened.value
    sheet.wait_for_load_state()
    expect(sheet.locator("[data-testid=rules-name]")).to_have_text(
        "House rules: strict with no_winner=split"
    )
    rules = HouseRules.preset("strict", no_winner="split")
    expect(sheet.locator("[data-testid=rules-sentences]")).to_contain_text(
        sentence(rules, "swing_ties")
    )
    nobody = sheet.locator("[data-testid=case-nobody-eligible]")
    expect(nobody.locator("[data-testid=ruling]")).to_contain_text(
        "Nobody can win either side under the declarations: the pot is split among "
        "everybody still in (no_winner=split)."
    )
    expect(nobody.locator(".rules-decided li").last).to_have_text(sentence(rules, "no_winner"))
    screenshot(sheet, str(artifacts / "rules-desktop.png"), full_page=True)
    sheet.emulate_media(media="print")
    expect(sheet.locator(".topbar")).to_be_hidden()
    background = sheet.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(255, 255, 255)"
    screenshot(sheet, str(artifacts / "rules-print.png"), full_page=True)
    context.close()
    phone = on_a_phone(browser)
    phone.goto(f"{base}/rules?table={created['table']}")
    expect(phone.locator("[data-testid=case-swing-ties]")).to_contain_text(
        "Cat takes the whole pot"
    )
    screenshot(phone, str(artifacts / "rules-phone.png"), full_page=True)
    phone.context.close()


def test_the_create_form_says_each_switch_in_plain_words(browser: Browser, base: str) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(base + "/")
    page.select_option("[data-testid=create-game]", "seven-card-stud-hilo-declare")
    expect(page.locator("[data-testid=preset-paragraph]")).to_contain_text(
        "Strict is the most common home rule."
    )
    help_line = page.locator("[data-testid=help-swing_ties]")
    expect(help_line).to_have_text(sentence(HouseRules(), "swing_ties"))
    page.select_option("[data-testid=switch-swing_ties]", '"share"')
    expect(help_line).to_have_text(sentence(HouseRules(swing_ties="share"), "swing_ties"))
    link = page.locator("[data-testid=create-rules-link]")
    href = link.get_attribute("href") or ""
    assert "set=swing_ties%3Dshare" in href
    assert "game=seven-card-stud-hilo-declare" in href
    page.goto(base + href)
    expect(page.locator("[data-testid=rules-name]")).to_have_text(
        "House rules: strict with swing_ties=share"
    )
    expect(page.locator("[data-testid=rules-games]")).to_have_text(
        "For: Seven-card stud high-low, declare"
    )
    page.context.close()
