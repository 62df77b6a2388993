"""A friends' table in a real Chromium waits while a person's seat is empty (design.md
"Tables that wait"): nothing dealt, no turn timer, the invitation to share (its link whole
and selectable at both sizes), an open seat named as one, and for the creator alone a button
that starts with a bot in the empty seat."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page

from table_support import DESKTOP, PHONE, base_url, browser, new_context, sit_down, watch_errors

__all__ = ["base_url", "browser"]  # the fixtures, used by name

HAND = "[data-testid=hand] [data-card]"


def friends_table(base_url: str, people: tuple[int, ...]) -> dict[str, str]:
    seats = [
        {"kind": "human"} if n in people else {"kind": "bot", "level": "easy"} for n in range(4)
    ]
    body = {
        "game": "hasenpfeffer",
        "options": {"target_score": 30},
        "seats": seats,
        "turn_seconds": 20,
    }
    response = httpx.post(f"{base_url}/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, str] = response.json()
    return created


def sits_waiting(page: Page) -> None:
    page.wait_for_selector("[data-testid=waiting]")
    assert (
        page.locator("[data-testid=prompt]").inner_text() == "Waiting for a player — share the link"
    )
    assert page.locator(HAND).count() == 0
    assert page.locator(".turn-timer").count() == 0
    assert "choosing" not in page.locator("[data-testid=table]").inner_text()
    assert page.locator("[data-testid=action]").count() == 0


def test_a_friends_table_waits_and_its_creator_starts_with_a_bot(
    browser: Browser, base_url: str
) -> None:
    created = friends_table(base_url, (0, 2, 3))
    host, friend = new_context(browser).new_page(), new_context(browser).new_page()
    errors = watch_errors(host)
    host.goto(created["invite_url"])
    host.fill("[data-testid=join-name]", "Ana")
    host.click("[data-testid=join]")
    sits_waiting(host)
    friend.goto(created["invite_url"])
    friend.fill("[data-testid=join-name]", "Bea")
    friend.click("[data-testid=join]")
    sits_waiting(friend)
    assert friend.locator("[data-testid=seat-bot]").count() == 0  # the creator's choice alone
    offer = host.locator("[data-testid=seat-bot]")
    offer.wait_for()
    assert offer.count() == 1 and offer.get_attribute("data-seat") == "3"
    assert "Start with a bot in that seat" in offer.inner_text()
    offer.click()
    for page in (host, friend):
        page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === 6")
        assert page.locator("[data-testid=waiting]").count() == 0
    assert "bot" in host.locator("[data-testid=seat-3]").inner_text()
    assert errors == []
    host.context.close()
    friend.context.close()


def test_a_friend_taking_the_last_seat_starts_the_deal(browser: Browser, base_url: str) -> None:
    created = friends_table(base_url, (0, 2))
    host, friend = new_context(browser).new_page(), new_context(browser).new_page()
    host.goto(created["invite_url"])
    host.fill("[data-testid=join-name]", "Ana")
    host.click("[data-testid=join]")
    sits_waiting(host)
    sit_down(friend, created["invite_url"], "Bea")
    for page in (host, friend):
        page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === 6")
    host.context.close()
    friend.context.close()


# the invite link's text, line by line: inside the window and never under its Copy button
LINK_CLEAR = """(a) => { const text = document.createRange(); text.selectNodeContents(a);
  const copy = a.parentElement.querySelector('button').getBoundingClientRect();
  const beside = (line) => line.right <= copy.left + 0.5
    || line.bottom <= copy.top || copy.bottom <= line.top;
  return [...text.getClientRects()].every((line) => line.left >= 0
    && line.right <= window.innerWidth && beside(line)); }"""
# what a mouse's drag over the link selects: the whole link
SELECTED = """(a) => { const range = document.createRange(); range.selectNodeContents(a);
  const chosen = window.getSelection(); chosen.removeAllRanges(); chosen.addRange(range);
  return chosen.toString(); }"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_invite_link_is_whole_and_an_open_seat_is_named_as_one(
    browser: Browser, base_url: str, size: dict[str, int]
) -> None:
    """A Euchre table of Ana (seat 1) and an open seat 2 whose partner is the bot Dario: the
    link reads whole beside Copy link, and that side is "Dario & open seat" where it is named
    (the score sheet waits for the deal)."""
    seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 2
    body = {"game": "euchre", "options": {"target_score": 10}, "seats": seats}
    created = httpx.post(f"{base_url}/api/tables", json=body).json()
    page = new_context(browser, size).new_page()
    page.goto(created["invite_url"])
    page.fill("[data-testid=join-name]", "Ana")
    page.click("[data-testid=join]")
    page.wait_for_selector("[data-testid=waiting]")
    link = page.locator("[data-testid=waiting] .invite-line a")
    assert link.evaluate(LINK_CLEAR)
    assert link.evaluate(SELECTED) == link.get_attribute("href") == created["invite_url"]
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    assert page.locator("[data-testid=score-sheet]").count() == 0
    assert "Open seat 2 &" not in page.inner_text("body")
    names = page.evaluate(
        """async () => { const { sideNames } = await import('/static/names.js');
          const seats = [{ seat: 0, kind: 'human', name: 'Ana' },
            { seat: 1, kind: 'human', name: null },
            { seat: 2, kind: 'bot', level: 'easy' }, { seat: 3, kind: 'bot', level: 'easy' }];
          return [sideNames(seats, [0, 2]), sideNames(seats, [1, 3]),
            sideNames(seats.map((s) => ({ ...s, kind: 'human', name: null })), [1, 3])]; }"""
    )
    assert names == ["Ana & Cleo", "Dario & open seat", "2 open seats"]
    page.context.close()
