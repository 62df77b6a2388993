"""Records from the page (web/table/records.js and the review page), in a real Chromium: a
finished game's record downloads from the game-over banner, from the finished table opened
elsewhere and from the review, and `tricktable verify` accepts each file; the deal's whole
commitment is readable and copyable on a phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from table_support import (
    PHONE,
    base_url,
    browser,
    create_table,
    new_context,
    sit_down,
    take_turn,
    turns,
    watch_errors,
)
from tricktable.verify import verify_record

__all__ = ["base_url", "browser"]  # the fixtures, used by name


def downloaded_record(page: Page, folder: Path, scope: str = "") -> dict[str, Any]:
    """Click the page's download-record link (inside ``scope``) and read the file it saves."""
    with page.expect_download() as event:
        page.locator(f"{scope} [data-testid=download-record]".strip()).first.click()
    download = event.value
    assert download.suggested_filename.endswith(".json"), download.suggested_filename
    saved = folder / download.suggested_filename
    download.save_as(saved)
    record: dict[str, Any] = json.loads(saved.read_text())
    return record


def same_game(record: dict[str, Any], other: dict[str, Any]) -> bool:
    """The same game: its rules, every deal with its moves, and the result (the table's
    description beside them may be read back from the database in another form)."""
    keys = ("rules", "seed", "deals", "scores", "winners")
    return verify_record(record) is None and all(record[k] == other[k] for k in keys)


def play_until_over(page: Page) -> None:
    for _ in turns(300):
        if page.locator("[data-testid=game-over]").count():
            return
        take_turn(page)
        page.wait_for_timeout(60)
    raise AssertionError("the game did not end")


def test_the_record_downloads_from_every_page_of_a_finished_game_and_verifies(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    page = new_context(browser).new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "hasenpfeffer", {"target_score": 1})
    assert page.locator("[data-testid=download-record]").count() == 0
    sit_down(page, created["invite_url"], "Ana")
    assert page.locator("[data-testid=download-record]").count() == 0  # not while it is played
    play_until_over(page)
    over = downloaded_record(page, tmp_path, "[data-testid=game-over]")
    assert verify_record(over) is None
    assert over["is_over"] and over["game"] == "hasenpfeffer" and over["deals"]

    elsewhere = new_context(browser).new_page()
    elsewhere.goto(created["invite_url"])
    elsewhere.locator("[data-testid=final-result]").wait_for()
    assert same_game(downloaded_record(elsewhere, tmp_path, "[data-testid=final-result]"), over)
    elsewhere.context.close()

    page.goto(f"{base_url}/review/{created['table_id']}")
    page.wait_for_selector("#review-record [data-testid=download-record]", timeout=120_000)
    assert same_game(downloaded_record(page, tmp_path, "#review-record"), over)
    assert errors == []
    page.context.close()


def test_the_whole_commitment_reads_and_copies_on_a_phone(browser: Browser, base_url: str) -> None:
    context = new_context(browser, PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    sit_down(page, create_table(base_url, "hasenpfeffer", {})["invite_url"], "Ana")
    shown = page.locator("[data-testid=deal-commitment]")
    commitment = shown.get_attribute("data-commitment") or ""
    assert re.fullmatch("[0-9a-f]{64}", commitment), commitment
    box = shown.bounding_box()
    assert box and box["height"] >= 24, box  # a target a thumb can hit (WCAG 2.5.8)
    shown.click()
    digits = page.locator("[data-testid=commitment-digits]")
    assert digits.inner_text().replace("\n", "") == commitment
    inside = page.evaluate(
        """() => { const d = document.querySelector('[data-testid=commitment-digits]');
          const r = d.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth && d.scrollWidth <= d.clientWidth; }"""
    )
    assert inside  # wrapped to the screen, nothing cut off
    page.click("[data-testid=copy-commitment]")
    page.wait_for_function("() => document.getElementById('announce').textContent.length > 0")
    assert page.evaluate("navigator.clipboard.readText()") == commitment
    assert page.locator("[data-testid=commitment-full] a[href='/fair']").count() == 1
    context.close()
