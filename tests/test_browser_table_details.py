"""The table's smaller habits in a real Chromium (issue 27's minor items): names instead of
seat numbers, words that agree, the strip's pot text, a setting that plays a lone legal card,
no undo or claim while the connection is lost and a quick reconnect, the newest page of a seat
wins, and a finished table opened elsewhere shows its result."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from browser_support import free_port, served_quick_bots
from table_support import (
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

PLAYABLE = "[data-testid=hand] button[data-action^='play ']:not([disabled])"


def module(page: Page, name: str, call: str) -> Any:
    """Evaluate ``call`` with the table's module ``name`` (as ``m``) loaded in the page."""
    return page.evaluate(
        f"async () => {{ const m = await import('/static/table/{name}.js'); return {call}; }}"
    )


def test_words_name_people_and_agree(browser: Browser, base_url: str) -> None:
    page = new_context(browser).new_page()
    page.goto(f"{base_url}/t/no-such-table")  # the table page's modules and import map
    names = "(s) => ['Ana', 'Bruno', 'Cleo', 'Dan', 'Eve', 'Finn'][s]"
    view = "{ game: 'double-hasenpfeffer', players: 6, sides: [[0, 2, 4], [1, 3, 5]] }"
    ask = module(
        page,
        "games",
        f"m.explain('partner 2', {{ view: {view}, options: {{}}, me: 0, name: {names} }})",
    )
    assert ask[0] == "Ask Cleo" and not re.search(r"seat \d", " ".join(ask)), ask
    assert module(page, "games", f"m.callText('partner 4', {names})") == "Asks Eve"
    one = "{ game: 'bierspiel', legal_actions: ['exchange 9C', 'decline'], turnup: ['7D'] }"
    words = module(page, "games", f"m.cardChoice({{ view: {one}, options: {{}}, me: 0 }}).explain")
    assert "the card you choose goes face down" in words, words
    delays = module(page, "connection", "[1, 2, 3, 4, 5, 6, 10].map(m.retryDelay)")
    assert delays[0] <= 250 and max(delays) <= 3000, delays  # not 12.8 s after a few tries
    page.context.close()


def test_rounces_strip_does_not_say_all_must_play(browser: Browser, base_url: str) -> None:
    """Rounce's simple pot takes only the ante: players may pass, and the strip says so."""
    page = new_context(browser).new_page()
    sit_down(page, create_table(base_url, "rounce", {})["invite_url"], "Ana")
    strip = page.locator("[data-testid=contract]").inner_text()
    assert "Pot" in strip and "all must play" not in strip, strip
    page.context.close()


def test_a_lone_legal_card_plays_itself_when_set(browser: Browser, base_url: str) -> None:
    page = new_context(browser, autoPlay=True).new_page()
    errors = watch_errors(page)
    sit_down(
        page, create_table(base_url, "hasenpfeffer", {"target_score": 30})["invite_url"], "Ana"
    )
    for _ in turns(240):
        if page.locator("[data-testid=hand-summary]").count():
            break
        if (
            page.locator(PLAYABLE).count() == 1
            and not page.locator(".choices [data-testid=action]").count()
        ):
            page.wait_for_timeout(100)  # the setting's to play it: never clicked here
        else:
            take_turn(page, dismiss=False)
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the hand did not end: the lone legal card was not played")
    assert errors == []
    page.context.close()


def test_no_undo_or_claim_while_the_connection_is_lost(browser: Browser, tmp_path: Path) -> None:
    port = free_port()
    page = new_context(browser).new_page()
    with served_quick_bots(tmp_path, seed=3, port=port) as url:
        created = create_table(url, "hasenpfeffer", {"target_score": 30})
        sit_down(page, created["invite_url"], "Ana")
        page.wait_for_selector("[data-testid=solo-controls]")
        assert page.locator("[data-testid=undo]").is_enabled()
    page.wait_for_selector("[data-testid=disconnected]")
    assert page.locator("[data-testid=undo]").is_disabled()
    assert page.locator("[data-testid=claim]").is_disabled()
    assert page.locator("[data-testid=hand] button:not([disabled])").count() == 0
    with served_quick_bots(tmp_path, seed=3, port=port):
        page.wait_for_selector("[data-testid=disconnected]", state="detached", timeout=30_000)
        assert page.locator("[data-testid=undo]").is_enabled()
    page.context.close()


def test_the_newest_page_of_a_seat_wins_and_the_old_one_is_told(
    browser: Browser, base_url: str
) -> None:
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30})
    old = new_context(browser).new_page()
    sit_down(old, created["invite_url"], "Ana")
    table_id = created["table_id"]
    token = old.evaluate(f"() => localStorage.getItem('tricktable:token:{table_id}')")
    newer_context = new_context(browser)
    newer_context.add_init_script(f"localStorage.setItem('tricktable:token:{table_id}', '{token}')")
    newer = newer_context.new_page()
    newer.goto(created["invite_url"])
    newer.wait_for_selector("[data-testid=hand]")
    banner = old.locator("[data-testid=disconnected]")
    banner.wait_for()
    assert "played from another page" in banner.inner_text()
    assert old.locator("[data-testid=hand] button:not([disabled])").count() == 0
    old.wait_for_timeout(1500)  # it does not reconnect and take the seat back
    assert newer.locator("[data-testid=disconnected]").count() == 0
    old.context.close()
    newer_context.close()


def test_a_finished_table_opened_elsewhere_shows_its_result(
    browser: Browser, base_url: str
) -> None:
    seats = [{"kind": "bot", "level": "easy"}] * 4
    body = {"game": "hasenpfeffer", "options": {"target_score": 2}, "seats": seats}
    created = httpx.post(f"{base_url}/api/tables", json=body).json()
    described: dict[str, Any] = {}
    for _ in turns(120):
        described = httpx.get(f"{base_url}/api/tables/{created['table_id']}").json()
        if described["status"] == "over":
            break
        time.sleep(0.2)
    assert described["status"] == "over"
    page = new_context(browser).new_page()
    page.goto(created["invite_url"])
    result = page.locator("[data-testid=final-result]")
    result.wait_for()
    assert "This game is over" in result.inner_text()
    assert page.locator("[data-testid=join]").count() == 0
    assert "invited" not in page.locator("main").inner_text()
    review = result.locator("[data-testid=review]")
    assert review.get_attribute("href") == f"/review/{created['table_id']}"
    page.context.close()


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
)
def test_the_bid_box_leaves_the_hand_on_screen(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    """At 1280×800 and on a phone the bid box (Double Hasenpfeffer's is long) never covers
    the hand nor pushes it off the screen."""
    page = new_context(browser, viewport).new_page()
    sit_down(
        page,
        create_table(base_url, "double-hasenpfeffer", {"target_score": 30})["invite_url"],
        "Ana",
    )
    for _ in turns(120):
        if page.locator(".choices [data-testid=action]").count() >= 3:
            break
        take_turn(page)
        page.wait_for_timeout(50)
    hand = page.locator("[data-testid=hand]").bounding_box()
    choices = page.locator(".choices").bounding_box()
    assert hand and choices
    assert hand["y"] + hand["height"] <= viewport["height"] + 1, (hand, viewport)
    assert choices["y"] + choices["height"] <= hand["y"] + 1, (choices, hand)
    page.context.close()
