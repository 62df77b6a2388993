"""The browser client in a real Chromium: from the lobby to the game-over banner with the
keyboard, and two players at one table who are both taken to the rematch.

Runs Debian's chromium through Playwright; skipped (saying why) when /usr/bin/chromium or the
playwright package is missing. More of the table: test_browser_table.py.
"""

from __future__ import annotations

import httpx
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

__all__ = ["base_url", "browser"]  # the fixtures, used by name


def _play_until_over(pages: list[Page], use_keys: bool = False) -> None:
    for step in turns(300):
        if all(p.locator("[data-testid=game-over]").count() for p in pages):
            return
        for page in pages:
            playable = page.locator("[data-testid=hand] button:not([disabled])")
            if (
                use_keys
                and step % 2
                and playable.count()
                and not page.locator(".choices .primary").count()
            ):
                page.keyboard.press("1")
            else:
                take_turn(page)
        pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")


def test_a_whole_game_from_the_lobby_with_the_keyboard(browser: Browser, base_url: str) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(base_url + "/")
    page.fill("#name", "Ana")
    page.select_option("#game", "hasenpfeffer")
    page.click("#more-options summary")  # the full options are folded under the presets
    page.fill("#opt-target_score", "2")
    page.locator("#opt-target_score").dispatch_event("change")
    page.wait_for_function(
        "() => document.querySelector('#rules-string').textContent.includes('2')"
    )
    assert page.locator("#seats select").count() == 4
    page.select_option("#seat-1", "bot:easy")
    with page.expect_response("**/api/rules"):
        page.locator("#opt-target_score").dispatch_event("change")
    page.wait_for_timeout(50)
    assert page.locator("#seat-1").input_value() == "bot:easy", "an option change reset the seats"
    page.click("#create-button")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("[data-testid=hand] svg.card")
    page.click("text=Settings")
    page.check("text=Four-colour deck")
    assert "four-colour" in (page.get_attribute("body", "class") or "")
    page.check("text=Hints")
    page.click("text=Close")
    # a key plays a card, and the focus stays on the hand for the next one
    for _ in turns():
        if page.locator("[data-testid=hand] button:not([disabled])").count():
            break
        take_turn(page)
        page.wait_for_timeout(50)
    # the first hint of a new server's pool starts a process that loads the bots and the
    # solver's kernel: on a loaded machine that took more than the default 30 s
    page.wait_for_selector(".hint", timeout=120_000)
    before = page.locator("[data-testid=hand] [data-card]").count()
    page.keyboard.press("1")
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=hand] [data-card]').length < {before}"
    )
    page.wait_for_function(
        "() => document.querySelector('[data-testid=hand] button:not([disabled])') !== null"
        " || document.querySelector('[data-testid=hand-summary], [data-testid=game-over]') !== null"
    )
    if page.locator("[data-testid=hand] button:not([disabled])").count():
        assert page.evaluate("document.activeElement.closest('[data-testid=hand]') !== null"), (
            page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
        )
    _play_until_over([page], use_keys=True)
    banner = page.locator("[data-testid=game-over]")
    assert banner.locator("[data-testid=score-sheet] tbody tr").count() >= 1
    assert banner.locator("[data-testid=rematch]").count() == 1
    assert page.locator("#announce").inner_text().strip()
    table_id = page.url.rsplit("/", 1)[1]
    record = httpx.get(f"{base_url}/api/tables/{table_id}/record").json()
    assert record["seats"][0]["name"] == "Ana" and record["is_over"]
    assert record["seats"][1]["level"] == "easy"
    page.click("[data-testid=review]")  # the solver's review, in words (not raw notation)
    page.wait_for_url(f"**/review/{table_id}")
    costs = page.locator("[data-testid=review-costs]")
    costs.wait_for(timeout=120_000)
    assert "Tricks lost to the solver: Ana " in costs.inner_text() and "−" not in costs.inner_text()
    assert errors == []
    context.close()


def test_two_players_play_to_the_end_and_both_go_to_the_rematch(
    browser: Browser, base_url: str
) -> None:
    created = create_table(base_url, "hasenpfeffer", {"target_score": 1}, humans=(0, 2))
    contexts = [new_context(browser, PHONE), new_context(browser)]
    pages = [context.new_page() for context in contexts]
    errors = [watch_errors(page) for page in pages]
    for page, name in zip(pages, ("Ana", "Bo"), strict=True):
        sit_down(page, created["invite_url"], name)
    assert pages[0].locator("[data-testid=seat-0] .name-text").inner_text() == "Ana"
    assert pages[0].locator("[data-testid=seat-2] .name-text").inner_text() == "Bo"
    assert pages[0].get_attribute("[data-testid=seat-2]", "data-partner") == "true"
    pages[0].fill("#chat-text", "hello Bo")
    pages[0].press("#chat-text", "Enter")
    pages[1].wait_for_selector(".chat-log >> text=hello Bo")
    _play_until_over(pages)
    sheets = [p.locator("[data-testid=game-over] tfoot").inner_text() for p in pages]
    assert sheets[0] == sheets[1]
    old = pages[0].url
    pages[1].click("[data-testid=rematch]")
    for page in pages:
        page.wait_for_url(lambda url: url != old)
        page.wait_for_selector("[data-testid=hand] [data-card]")
    assert pages[0].url == pages[1].url
    assert pages[0].locator("[data-testid=seat-0] .tag").first.inner_text() == "you"
    assert pages[1].locator("[data-testid=seat-2] .tag").first.inner_text() == "you"
    new_id = pages[0].url.rsplit("/", 1)[1]
    table = httpx.get(f"{base_url}/api/tables/{new_id}").json()
    assert [s["name"] for s in table["seats"]] == ["Ana", None, "Bo", None]
    assert table["rules"] == created["table"]["rules"]
    assert errors == [[], []]
    for context in contexts:
        context.close()
