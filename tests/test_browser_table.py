"""The card table in a real Chromium, one whole hand of each game against bots: every complete
trick is held on the felt with all its cards and the winner marked, partners are marked,
every game-specific choice explains itself, and the hand ends with a summary."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from table_support import (
    PHONE,
    base_url,
    browser,
    click_card,
    create_table,
    explanations_missing,
    held_tricks,
    new_context,
    sit_down,
    take_turn,
    turns,
    watch_errors,
)

__all__ = ["base_url", "browser"]  # the fixtures, used by name

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("hasenpfeffer", {"target_score": 3, "going_alone": "maker"}),
    ("double-hasenpfeffer", {"target_score": 8}),
    ("rams", {}),
    ("bierspiel", {}),
    ("rounce", {}),
]


def _play_one_hand(page: Page, seconds: float = 240) -> set[str]:
    """Play this page's seat until the first hand summary shows; the choices made."""
    made: set[str] = set()
    deadline = time.monotonic() + seconds  # bots think slowly on a busy machine
    while time.monotonic() < deadline:
        if page.locator("[data-testid=hand-summary]").count():
            return made
        missing = explanations_missing(page)
        assert missing == [], f"choices without an explanation: {missing}"
        done = take_turn(page, dismiss=False)
        if done:
            made.add(done.split(" ")[0])
        page.wait_for_timeout(60)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_hand_of_each_game(
    browser: Browser, base_url: str, game: str, options: dict[str, Any]
) -> None:
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, game, options)
    sit_down(page, created["invite_url"], "Ana")
    players = page.locator("[data-testid^=seat-]").count()
    assert players == len(created["table"]["seats"])
    # partners share a side: only the seat opposite is marked in a four-seat partnership game
    partners = [
        page.get_attribute(f"[data-testid=seat-{n}]", "data-partner") for n in range(players)
    ]
    if game in ("hasenpfeffer", "double-hasenpfeffer"):
        assert partners == ["false", "false", "true", "false"]
        assert page.locator("[data-testid=score-sheet] thead th").count() == 3  # hand + 2 sides
    else:
        assert partners == ["false"] * players
        assert page.locator("[data-testid=score-sheet] thead th").count() == players + 1
    assert page.locator("[data-testid=seat-0]").get_attribute("data-state") in ("playing", "lone")
    _play_one_hand(page)
    summary = page.locator("[data-testid=hand-summary]")
    assert "Hand 1" in summary.inner_text()
    assert summary.locator("tbody tr").count() == (2 if game.endswith("hasenpfeffer") else players)
    held = held_tricks(page)
    assert held, "no complete trick was held on the felt"
    for trick in held:
        seats = [c["seat"] for c in trick]
        assert len(seats) == len(set(seats)) >= 2, trick
        assert sum(c["winner"] for c in trick) == 1, f"one winner marked: {trick}"
        assert all(c["card"] for c in trick)
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=hand-summary]", state="detached")
    assert errors == []
    context.close()


def reach_a_lone_discard(page: Page, base_url: str) -> None:
    """Ana's Double Hasenpfeffer table, until she has bid all 12, gone alone and is asked
    for her two discards."""
    created = create_table(base_url, "double-hasenpfeffer", {"target_score": 30})
    sit_down(page, created["invite_url"], "Ana")
    for _ in turns():
        if page.locator(".choices .primary[data-testid=action]").count():
            return
        done = take_turn(page, prefer="bid 12")
        if done in ("trump C", "trump D", "trump H", "trump S"):
            page.wait_for_selector("[data-testid=action][data-action=alone]")
            page.click("[data-testid=action][data-action=alone]")
        page.wait_for_timeout(60)
    raise AssertionError("no discard came")


def test_the_turn_helper_chooses_the_card_a_lost_click_missed_before_it_confirms(
    browser: Browser, base_url: str
) -> None:
    """The flaky run of the issue: a card click lost to a redraw left fewer cards chosen than
    the prompt's count, and the helper clicked the disabled confirm for 30 s. From one card of
    two chosen, the helper chooses the missing one and only then confirms."""
    page = new_context(browser).new_page()
    reach_a_lone_discard(page, base_url)
    click_card(page.locator("[data-testid=hand] button:not([disabled])").first)  # one of two
    prompt = page.locator("[data-testid=prompt]")
    assert "1 of 2 chosen" in prompt.inner_text()
    assert page.locator(".choices .primary[data-testid=action]").is_disabled()
    assert take_turn(page) == "confirm"
    page.wait_for_selector("text=Face down from your hand")
    assert len(page.locator(".note").inner_text().split(":")[1].split()) == 2  # two, not three
    page.context.close()


def test_discards_are_chosen_by_clicking_cards(browser: Browser, base_url: str) -> None:
    """A lone hand in Double Hasenpfeffer: bid all 12, go alone, click two cards to discard."""
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    reach_a_lone_discard(page, base_url)
    prompt = page.locator("[data-testid=prompt]")
    assert "Choose 2 to discard: 0 of 2 chosen (from 12)" in prompt.inner_text()
    confirm = page.locator(".choices .primary[data-testid=action]")
    assert confirm.is_disabled()
    cards = page.locator("[data-testid=hand] button:not([disabled])")
    assert cards.count() == 12
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    click_card(cards.nth(0))
    assert "1 of 2 chosen" in prompt.inner_text() and confirm.is_disabled()
    click_card(cards.nth(1))
    assert cards.nth(0).get_attribute("aria-pressed") == "true"
    assert confirm.get_attribute("data-actions") == f"discard {first};discard {second}"
    assert confirm.locator(".explain").inner_text()
    confirm.click()
    page.wait_for_selector("text=Face down from your hand")
    assert len(page.locator(".note").inner_text().split(":")[1].split()) == 2
    assert page.get_attribute("[data-testid=seat-0]", "data-state") == "lone"
    assert page.get_attribute("[data-testid=seat-2]", "data-state") == "sitting-out"
    assert errors == []
    context.close()


def test_the_phone_layout_fits_the_whole_hand_and_the_trick(
    browser: Browser, base_url: str
) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    created = create_table(base_url, "double-hasenpfeffer", {"target_score": 30})
    sit_down(page, created["invite_url"], "Ana")
    page.wait_for_selector("[data-testid=hand] [data-card]")
    assert page.locator("[data-testid=hand] [data-card]").count() == 12
    for _ in turns():  # on to the play, so the trick has cards
        if page.locator("[data-testid=trick] [data-card]").count():
            break
        take_turn(page)
        page.wait_for_timeout(60)
    width = PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.locator("[data-testid=hand] [data-card], [data-testid=trick] [data-card]")
    for index in range(boxes.count()):
        box = boxes.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    context.close()


def test_a_spectator_sees_no_hand_hints_or_keys(browser: Browser, base_url: str) -> None:
    context = new_context(browser)
    page = context.new_page()
    created = create_table(base_url, "rams", {})
    page.goto(created["invite_url"])
    assert "Who sits where" in page.inner_text("main")
    assert page.locator("[data-testid=rules]").inner_text()
    page.click("[data-testid=watch]")
    page.wait_for_selector("[data-testid=table]")
    assert page.locator("[data-testid=hand]").count() == 0
    assert page.locator(".key, .hint").count() == 0
    page.click("text=Settings")
    assert page.locator("text=Hints").count() == 0
    context.close()


def test_a_lost_connection_locks_the_hand_until_it_is_back(browser: Browser, base_url: str) -> None:
    context = new_context(browser)
    page = context.new_page()
    sockets: list[Any] = []

    def through(route: Any) -> None:
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket("**/ws/tables/**", through)
    created = create_table(base_url, "hasenpfeffer", {"target_score": 3})
    sit_down(page, created["invite_url"], "Ana")
    for _ in turns():  # on to a turn of ours
        if page.locator("[data-testid=action], [data-testid=hand] button:not([disabled])").count():
            break
        page.wait_for_timeout(50)
    assert page.locator("[data-testid=disconnected]").count() == 0
    sockets[-1].close()
    page.wait_for_selector("[data-testid=disconnected]")
    assert page.locator("[data-testid=hand] button:not([disabled])").count() == 0
    assert page.locator(".choices [data-testid=action]").count() == 0
    page.wait_for_selector("[data-testid=disconnected]", state="detached")  # reconnected
    assert len(sockets) >= 2
    page.wait_for_selector("[data-testid=action], [data-testid=hand] button:not([disabled])")
    context.close()
