"""The table shows each deal's commitment and links to "How deals are made"."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from table_support import base_url, browser, create_table, new_context, sit_down, watch_errors

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
    assert shown.get_attribute("href") == "/fair"
    fair = context.new_page()
    fair.goto(f"{base_url}/fair")
    assert fair.locator("h2").first.inner_text() == "How deals are made"
    assert "tricktable verify" in fair.locator("[data-testid=fair-deals]").inner_text()
    assert errors == []
    context.close()
