"""The lobby in a real Chromium: open tables found and joined without a link, Play now, My tables.

Skipped (saying why) when /usr/bin/chromium or the playwright package is missing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

from playwright.sync_api import Browser

from browser_support import chromium, served_quick_bots, watch_errors


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_quick_bots(tmp_path_factory.mktemp("lobby"), seed=5) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def test_b_finds_a_table_in_the_lobby_and_joins_it_without_a_link(
    browser: Browser, base_url: str
) -> None:
    contexts = [browser.new_context(), browser.new_context()]
    a, b = (context.new_page() for context in contexts)
    errors = [watch_errors(a), watch_errors(b)]
    b.goto(base_url + "/")
    b.wait_for_selector("[data-testid=open-tables]")
    a.goto(base_url + "/")
    a.fill("#name", "Ana")
    a.select_option("#game", "hasenpfeffer")
    a.select_option("#preset", "1")  # the short game
    a.wait_for_function("document.querySelector('#rules-string').textContent.includes('5')")
    a.select_option("#seat-2", "human")
    a.click("#create-button")
    a.wait_for_url("**/t/**")
    table_id = a.url.rsplit("/", 1)[1]
    row = b.locator(f"[data-testid=open-table][data-table-id='{table_id}']")
    row.wait_for(timeout=10_000)  # the lobby updates by itself
    assert "Ana" in row.inner_text() and "target score: 5" in row.inner_text()
    b.fill("#name", "Bo")
    row.locator("button").click()
    b.wait_for_url(f"**/t/{table_id}")
    b.wait_for_selector("[data-testid=hand] svg.card")
    a.wait_for_selector("[data-testid=seat-2] >> text=Bo")
    b.goto(base_url + "/")
    assert b.locator(f"[data-testid=open-table][data-table-id='{table_id}']").count() == 0
    mine = b.locator(f"[data-testid=my-table][data-table-id='{table_id}']")
    mine.wait_for()
    assert "Bo" in mine.inner_text()
    assert errors == [[], []]
    for context in contexts:
        context.close()


def test_play_now_seats_you_with_bots_in_one_click(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(base_url + "/")
    page.fill("#name", "Cy")
    page.select_option("#game", "rams")
    page.select_option("#quick-level", "easy")
    page.click("#play-now")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("[data-testid=hand] svg.card")
    table_id = page.url.rsplit("/", 1)[1]
    page.goto(base_url + "/")
    page.locator(f"[data-testid=my-table][data-table-id='{table_id}']").wait_for()
    assert errors == []
    page.close()
