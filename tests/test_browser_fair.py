"""The table shows each deal's commitment and links to "How deals are made", a page that speaks
the reader's language."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from table_support import base_url, browser, create_table, new_context, sit_down, watch_errors
from test_browser_languages import unmarked

__all__ = ["base_url", "browser"]  # the fixtures, used by name


def test_the_table_shows_the_deals_commitment_and_links_to_the_page(
    browser: Browser, base_url: str
) -> None:
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "hasenpfeffer", {})
    sit_down(page, created["invite_url"], "Ana")
    shown = page.locator("[data-testid=deal-commitment]")
    shown.wait_for()
    commitment = shown.get_attribute("data-commitment") or ""
    assert re.fullmatch("[0-9a-f]{64}", commitment), commitment
    assert shown.inner_text() == f"Deal #1 · commitment {commitment[:4]}…"
    shown.click()  # the whole commitment opens, with the page that explains it
    assert page.locator("[data-testid=commitment-digits]").inner_text() == commitment
    assert page.locator("[data-testid=commitment-full] a").get_attribute("href") == "/fair"
    fair = context.new_page()
    fair.goto(f"{base_url}/fair")
    fair.wait_for_selector("[data-testid=fair-check] code")  # its script wrote the command in
    assert fair.locator("h2").first.inner_text() == "How deals are made"
    assert "tricktable verify" in fair.locator("[data-testid=fair-deals]").inner_text()
    assert errors == []
    context.close()


def test_the_fair_page_leaves_no_text_unmarked(browser: Browser, base_url: str) -> None:
    """In the pseudo-locale every word of the page passed through a translation (the command
    and the formula's symbols stay as typed), and its header has the language switch."""
    context = browser.new_context()
    context.add_init_script("localStorage.setItem('tricktable:lang', 'xx')")
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base_url}/fair")
    page.wait_for_selector("[data-testid=fair-check] code")
    left = unmarked(page)
    assert left == [], left
    assert page.locator("header [data-testid=language-switch]").count() == 1
    assert errors == []
    context.close()


def test_the_fair_page_reads_in_french(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base_url}/fair")
    page.wait_for_selector("[data-testid=fair-check] code")
    assert page.locator("h2").first.inner_text() == "Comment on distribue"
    check = page.inner_text("[data-testid=fair-check]")
    assert check.startswith("tricktable verify game.json recalcule chaque donne"), check
    assert page.title() == "tricktable — comment on distribue"
    assert errors == []
    context.close()
