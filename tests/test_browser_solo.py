"""Playing alone against bots in a real Chromium, through the table's own buttons only: undo,
a claim the solver accepts and one it refuses, the bot speed (stored with the table) and the
learning mode."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from browser_support import served_quick_bots
from table_support import (
    base_url,
    browser,
    click_card,
    create_table,
    new_context,
    sit_down,
    take_turn,
    turns,
    watch_errors,
)

__all__ = ["base_url", "browser"]  # the fixtures, used by name

PLAYABLE = "[data-testid=hand] button[data-action^='play ']:not([disabled])"
CLAIM = "[data-testid=claim]"
YOUR_TURN = (
    "[data-testid=hand] button:not([disabled]), .choices [data-testid=action]:not([disabled])"
)


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator("[data-testid=hand] [data-card]").evaluate_all(
        "els => els.map((e) => e.dataset.card)"
    )
    return cards


def to_a_card_of_ours(page: Page, at_least: int = 2) -> None:
    """Play on (first choices) until we are to play a card with ``at_least`` in the hand."""
    for _ in turns():
        if page.locator(PLAYABLE).count() and len(hand_cards(page)) >= at_least:
            return
        if page.locator(PLAYABLE).count():  # our last card of the hand: play it
            click_card(page.locator(PLAYABLE).first)
        else:
            take_turn(page)
        page.wait_for_timeout(60)
    raise AssertionError("no card of ours to play came")


def solo_table(browser: Browser, base_url: str, name: str) -> tuple[Page, Any, list[str]]:
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30})
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    sit_down(page, created["invite_url"], name)
    page.wait_for_selector("[data-testid=solo-controls]")
    return page, created, errors


def test_undo_takes_back_a_played_card_and_the_bots_replies(
    browser: Browser, base_url: str
) -> None:
    page, created, errors = solo_table(browser, base_url, "Di")
    page.check("[data-testid=learning]")
    to_a_card_of_ours(page)
    before = hand_cards(page)
    click_card(page.locator(PLAYABLE).first)
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=hand] [data-card]').length < {len(before)}"
    )
    lesson = page.locator("[data-testid=lesson]")
    lesson.wait_for(timeout=120_000)  # the strongest bot thinks it over
    assert "strongest bot" in lesson.inner_text()
    page.click("[data-testid=undo]")
    page.wait_for_selector("[data-testid=solo-message]:has-text('Taken back')")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] [data-card]').length"
        f" === {len(before)}"
    )
    assert sorted(hand_cards(page)) == sorted(before)
    page.wait_for_selector(PLAYABLE)  # our turn again, at the same card
    table = httpx.get(f"{base_url}/api/tables/{created['table_id']}").json()
    assert table["status"] == "playing"
    assert errors == []
    page.context.close()


def test_a_claim_is_accepted_only_when_no_defence_beats_it(browser: Browser, base_url: str) -> None:
    page, _, errors = solo_table(browser, base_url, "Eve")
    outcomes: set[int] = set()
    for _ in turns(300):
        if outcomes == {200, 409}:
            break
        to_a_card_of_ours(page, at_least=1)
        claim = page.locator(CLAIM)
        claim.wait_for()
        page.wait_for_function(f"() => !document.querySelector('{CLAIM}').disabled")
        before = hand_cards(page)
        with page.expect_response(lambda r: r.url.endswith("/claim")) as answer:
            claim.click()
        response = answer.value
        outcomes.add(response.status)
        message = page.locator("[data-testid=solo-message]")
        if response.status == 409:  # refused: the solver found a defence; nothing changed
            assert response.json()["code"] == "claim_refused"
            page.wait_for_selector("[data-testid=solo-message]:has-text('defence holds')")
            assert hand_cards(page) == before and page.locator(PLAYABLE).count()
            click_card(page.locator(PLAYABLE).first)  # play on
        else:  # accepted: the solver plays the hand out, up to its summary
            assert response.status == 200, response.text()
            page.wait_for_selector("[data-testid=solo-message]:has-text('Claim accepted')")
            page.wait_for_selector("[data-testid=hand-summary], [data-testid=game-over]")
            assert "trick" in message.inner_text()  # "1 trick left", "3 tricks left"
            if page.locator("[data-testid=continue]").count():
                page.click("[data-testid=continue]")
        page.wait_for_timeout(60)
    assert outcomes == {200, 409}, f"claims answered {outcomes}"
    assert errors == [e for e in errors if "status of 409" in e]  # the refusals' requests
    page.context.close()


def test_the_bot_speed_is_chosen_at_the_table_and_stays_with_it(
    browser: Browser, base_url: str
) -> None:
    page, created, errors = solo_table(browser, base_url, "Flo")
    api = f"{base_url}/api/tables/{created['table_id']}"
    assert page.input_value("[data-testid=bot-speed]") == "normal"
    with page.expect_response(lambda r: r.url.endswith("/speed")):
        page.select_option("[data-testid=bot-speed]", "slow")
    assert httpx.get(api).json()["bot_speed"] == "slow"
    page.reload()
    page.wait_for_selector("[data-testid=solo-controls]")
    assert page.input_value("[data-testid=bot-speed]") == "slow"  # stored, not this browser's
    with page.expect_response(lambda r: r.url.endswith("/speed")):
        page.select_option("[data-testid=bot-speed]", "fast")
    assert httpx.get(api).json()["bot_speed"] == "fast"
    assert errors == []
    page.context.close()


def table_now(base_url: str, table_id: str) -> dict[str, Any]:
    described: dict[str, Any] = httpx.get(f"{base_url}/api/tables/{table_id}").json()
    return described


def until_table(base_url: str, table_id: str, done: Any, what: str) -> dict[str, Any]:
    for _ in range(400):
        described = table_now(base_url, table_id)
        if done(described):
            return described
        time.sleep(0.05)
    raise AssertionError(f"the table never got there: {what}")


def test_a_solo_table_left_does_not_move_until_its_player_is_back(
    browser: Browser, tmp_path: Path
) -> None:
    """The issue's first harm: a player who closes the page finds the hand where she left it,
    however long she was away (here past three graces: a bot would have played for her)."""
    with served_quick_bots(tmp_path, seed=5, grace_seconds=1.0) as base:
        created = create_table(base, "hasenpfeffer", {"target_score": 30})
        table_id = created["table_id"]
        page = new_context(browser).new_page()
        errors = watch_errors(page)
        sit_down(page, created["invite_url"], "Eve")
        page.wait_for_selector(YOUR_TURN)  # the bots moved at once up to her turn
        table_url = page.url
        page.goto(f"{base}/fair")  # she leaves the table (its socket is closed)
        left = until_table(base, table_id, lambda t: t["paused"], "paused")["seq"]
        time.sleep(3.0)
        after = table_now(base, table_id)
        assert after["seq"] == left and after["seats"][0]["substituted"] is False
        page.goto(table_url)
        page.wait_for_selector(YOUR_TURN)
        back = until_table(base, table_id, lambda t: not t["paused"], "not paused")
        assert back["seq"] == left, "the hand is where she left it"
        for _ in turns():
            if take_turn(page) is not None:
                break
            page.wait_for_timeout(60)
        until_table(base, table_id, lambda t: t["seq"] > left + 1, "the bots play on")
        assert errors == []
        page.context.close()
