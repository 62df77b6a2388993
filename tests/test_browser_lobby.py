"""The lobby in a real Chromium: Play now and My tables. (Finding an open table and joining it
without a link is part of the walk in test_browser_account.py.)

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
