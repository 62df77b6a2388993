"""The lobby issue's walk, in a real Chromium driven only as a person would (clicks and typing):
A signs up, plays a whole short game against bots by clicking the table, then finds it in My
tables, on her player page (statistics and rating changed), on the leaderboard and in review
with the solver's analysis; B, in a second browser, finds A's open table in the lobby and
joins it without a link."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

from playwright.sync_api import Browser, Page

from browser_support import served_quick_bots
from table_support import browser, new_context, take_turn, turns, watch_errors

__all__ = ["browser"]  # the fixture, used by name


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_quick_bots(tmp_path_factory.mktemp("accounts"), seed=3) as url:
        yield url


def sign_up(page: Page, name: str) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", "short")
    page.click("#sign-up")
    page.wait_for_selector("#account-error:has-text('8 characters')")
    page.fill("#account-password", "a good long password")
    page.click("#sign-up")
    page.wait_for_selector(f"#me:has-text('{name}')")


def create_short_table(page: Page, seats: dict[int, str]) -> str:
    """Set up a Single Hasenpfeffer to 1 point in the lobby; sit down; the table's id."""
    page.select_option("#game", "hasenpfeffer")
    page.click("#more-options summary")
    page.fill("#opt-target_score", "1")
    page.locator("#opt-target_score").dispatch_event("change")
    page.wait_for_function(
        "() => document.querySelector('#rules-string').textContent.includes('1')"
    )
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#create-button")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("[data-testid=hand]")
    return page.url.rsplit("/", 1)[1]


def play_until_over(page: Page) -> None:
    for _ in turns(300):
        if page.locator("[data-testid=game-over]").count():
            return
        take_turn(page)
        page.wait_for_timeout(60)
    raise AssertionError("the game did not end")


def test_a_new_user_plays_finds_her_game_everywhere_and_a_friend_joins_from_the_lobby(
    browser: Browser, base_url: str
) -> None:
    context = new_context(browser)
    a = context.new_page()
    errors = watch_errors(a)
    a.goto(base_url + "/")
    sign_up(a, "Ana")
    assert a.input_value("#name") == "Ana"
    cookies = {c["name"]: c for c in context.cookies()}
    assert cookies["tt_session"]["httpOnly"] and cookies["tt_session"]["sameSite"] == "Lax"
    assert "tt_session" not in a.evaluate("document.cookie")

    table_id = create_short_table(a, {1: "bot:easy", 2: "bot:easy", 3: "bot:easy"})
    play_until_over(a)
    banner = a.locator("[data-testid=game-over]")
    assert banner.locator("[data-testid=rematch]").count() == 1
    won = "You win!" in banner.inner_text()

    a.goto(base_url + "/")
    mine = a.locator(f"[data-testid=my-table][data-table-id='{table_id}']")
    mine.wait_for()
    assert ("You won" if won else "You lost") in mine.inner_text()
    assert "final score Ana & Cleo" in mine.inner_text()  # names, never seat numbers
    assert mine.locator("a:has-text('Review')").count() == 1

    a.click("#me")
    a.wait_for_url("**/players/Ana")
    a.wait_for_selector("[data-stat='Games played'] td:has-text('1')")
    assert a.locator("[data-stat='Games won'] td").inner_text() == ("1" if won else "0")
    assert a.locator("[data-stat='Hands played'] td").inner_text() != "0"
    assert "1 rated game" in a.locator("[data-stat='Rating'] td").inner_text()
    recent = a.locator(f"#player-recent [data-table-id='{table_id}']")
    assert "Single Hasenpfeffer" in recent.inner_text() and "25.0 →" in recent.inner_text()

    a.click("#account >> text=Leaderboard")
    a.wait_for_selector("[data-testid=leaderboard] >> text=Ana")

    a.go_back()
    a.click(f"#player-recent [data-table-id='{table_id}'] >> text=Review")
    a.wait_for_url(f"**/review/{table_id}")
    a.wait_for_selector("[data-testid=review-trick] .review-card", timeout=120_000)
    cards = a.locator("[data-testid=review-trick] .review-card")
    assert cards.count() == 4
    assert all(c.get_attribute("data-cost") is not None for c in cards.all())
    assert "Tricks lost to the solver" in a.locator("[data-testid=review-costs]").inner_text()
    page = a.inner_text("main")  # the table's names and words, not seat numbers or notation
    assert "target score: 1" in page and "Bruno" in page and "won. Final score: Ana & Cleo" in page
    assert "seat " not in page.lower() and "bot (" not in page and "(target_score" not in page
    a.click("#trick-next")
    a.wait_for_selector("h3:has-text('Trick 2')")

    # B finds the table A opens for a friend, and sits down without a link
    a.goto(base_url + "/")
    open_id = create_short_table(a, {1: "bot:easy", 2: "human", 3: "bot:easy"})
    friend = new_context(browser)
    b = friend.new_page()
    errors_b = watch_errors(b)
    b.goto(base_url + "/")
    row = b.locator(f"[data-testid=open-table][data-table-id='{open_id}']")
    row.wait_for(timeout=15_000)  # the lobby updates by itself
    assert "Ana" in row.inner_text() and "target score: 1" in row.inner_text()
    b.fill("#name", "Bo")
    row.locator("[data-testid=join-open-table]").click()
    b.wait_for_url(f"**/t/{open_id}")
    b.wait_for_selector("[data-testid=hand] svg.card")
    a.wait_for_selector("[data-testid=seat-2] >> text=Bo")
    b.goto(base_url + "/")
    b.locator(f"[data-testid=my-table][data-table-id='{open_id}']").wait_for()
    row.wait_for(state="detached", timeout=15_000)  # full now: no longer open
    # the refused short password is the one failed request A's browser reports
    assert [e for e in errors if "status of 400" not in e] == [] and errors_b == []
    friend.close()
    context.close()
