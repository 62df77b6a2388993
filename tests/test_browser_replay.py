"""The visual replay of a finished game on the review page (web/replay.js), in a real
Chromium: the keys step through the table as it was, and at each step the trick, the cards the
seats still hold and the tricks they won are those of the game's review."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from table_support import base_url, browser, create_table, new_context, sit_down, take_turn, turns

__all__ = ["base_url", "browser"]  # the fixtures, used by name


def trick_shown(page: Page) -> list[tuple[int, str, bool]]:
    cards = page.locator("[data-testid=replay-trick] [data-card]")
    found: list[tuple[int, str, bool]] = cards.evaluate_all(
        "els => els.map((e) => "
        "[Number(e.dataset.seat), e.dataset.card, e.dataset.winner === 'true'])"
    )
    return [tuple(c) for c in found]  # type: ignore[misc]


def held(page: Page, seat: int) -> list[str]:
    cards: list[str] = page.locator(f"[data-testid=replay-seat-{seat}] .replay-card").evaluate_all(
        "els => els.map((e) => e.dataset.card)"
    )
    return cards


def finished_review(browser: Browser, base_url: str) -> tuple[Page, dict[str, Any]]:
    page = new_context(browser).new_page()
    created = create_table(base_url, "hasenpfeffer", {"target_score": 1})
    sit_down(page, created["invite_url"], "Ana")
    for _ in turns(300):
        if page.locator("[data-testid=game-over]").count():
            break
        take_turn(page)
        page.wait_for_timeout(60)
    page.goto(f"{base_url}/review/{created['table_id']}")
    page.wait_for_selector("[data-testid=replay]", timeout=120_000)
    review: dict[str, Any] = httpx.get(f"{base_url}/api/tables/{created['table_id']}/review").json()
    return page, review


def test_the_replay_steps_through_the_table_as_it_was(browser: Browser, base_url: str) -> None:
    page, review = finished_review(browser, base_url)
    first, second = review["hands"][0]["tricks"][:2]
    players = review["players"]
    assert page.get_attribute("[data-testid=replay]", "data-step") == "0"
    assert trick_shown(page) == []
    assert held(page, 0) == first["hands"][0].split()  # the hand as play began

    for _ in range(players):  # the whole first trick, by the keyboard
        page.keyboard.press("ArrowRight")
    plays = [(p["seat"], p["card"], p["seat"] == first["winner"]) for p in first["plays"]]
    assert trick_shown(page) == plays
    leader = first["plays"][0]["seat"]
    assert first["plays"][0]["card"] not in held(page, leader)
    won = page.locator(f"[data-testid=replay-seat-{first['winner']}]").inner_text()
    assert "tricks: 1" in won

    page.keyboard.press("ArrowRight")  # the second trick's first card
    opening = second["plays"][0]
    assert trick_shown(page) == [(opening["seat"], opening["card"], False)]
    assert page.get_attribute("[data-testid=replay]", "data-step") == str(players + 1)
    assert "Trick 2" in page.locator("#review-trick h3").inner_text()  # the costs beside follow

    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert trick_shown(page) == [(seat, card, False) for seat, card, _ in plays[:-1]]
    page.click("[data-testid=replay-next]")
    assert trick_shown(page) == plays
    page.context.close()
