"""Accessibility of every page, measured by an outside tool: axe-core (through the
axe-playwright-python package, which carries axe's script) in a real Chromium finds no critical
and no serious violation on the lobby, a table of each game in its auction and in its card
play, the hand summary, the game-over banner, the review and its replay, the player page with its
friends and invitations, the lobby with an invitation, a table waiting for a friend, an event's
page, a board's page and the leaderboard. Targets are at least 24 x 24 px (WCAG 2.2, 2.5.8)
and the focus stays on the hand while the others play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

pytest.importorskip("axe_playwright_python", reason="needs axe-playwright-python (dev extra)")

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from browser_support import served_quick_bots
from table_support import (
    DESKTOP,
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
from test_browser_event_tables import played_event
from test_browser_friends import signed_up

__all__ = ["base_url", "browser"]  # the fixtures, used by name

AXE = Axe()
BLOCKING = ("critical", "serious")

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("hasenpfeffer", {"target_score": 30}),
    ("double-hasenpfeffer", {"target_score": 60}),
    ("rams", {}),
    ("bierspiel", {}),
    ("rounce", {}),
    ("euchre", {}),
]


def blocking_violations(page: Page) -> list[str]:
    """axe-core's critical and serious findings on the page as it is now, one line each."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in BLOCKING
    ]


# Every control a pointer can hit, with the size of the part that shows: a hand card is
# covered by the next one in its row, so its target is the strip up to the next card. A link
# inside a sentence is exempt (2.5.8's inline exception); a checkbox counts with its label.
SMALL_TARGETS = """() => {
  const controls = 'button, a[href], input:not([type=hidden]), select, textarea, summary, '
    + '[role=button]';
  const small = [];
  for (const el of document.querySelectorAll(controls)) {
    const target = el.closest('label') || el;
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    const parentText = (el.parentElement.textContent || '').trim();
    const inline = el.tagName === 'A' && getComputedStyle(el).display === 'inline'
      && parentText.length > (el.textContent || '').trim().length + 3;
    if (inline) continue;
    let width = box.width;
    const next = el.nextElementSibling;
    const nextBox = next && next.getBoundingClientRect();
    const sameRow = nextBox && Math.abs(nextBox.top - box.top) < 2; // a long hand wraps on a phone
    const covered = next && next.classList.contains('hand-card') && sameRow;
    if (el.classList.contains('hand-card') && covered) {
      width = Math.min(width, nextBox.left - box.left);
    }
    if (width < 24 || box.height < 24) {
      const name = el.dataset.testid || el.dataset.card || el.id
        || el.textContent.trim().slice(0, 30);
      const size = `${width.toFixed(1)}x${box.height.toFixed(1)}`;
      small.push(`${el.tagName.toLowerCase()} ${name}: ${size}`);
    }
  }
  return small;
}"""


def small_targets(page: Page) -> list[str]:
    found: list[str] = page.evaluate(SMALL_TARGETS)
    return found


def _summary_open(page: Page) -> bool:
    return bool(page.locator("[data-testid=hand-summary]").count())


def test_the_lobby_has_no_serious_violation(browser: Browser, base_url: str) -> None:
    for viewport in (None, PHONE):
        context = new_context(browser, viewport)
        page = context.new_page()
        page.goto(base_url + "/")
        page.wait_for_selector("#create-button")
        page.click("#more-options summary")  # the full options too
        assert blocking_violations(page) == []
        assert small_targets(page) == []
        context.close()


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_table_in_its_auction_and_its_play_has_no_serious_violation(
    browser: Browser, base_url: str, game: str, options: dict[str, Any]
) -> None:
    """Play on (hand after hand if need be) until this seat has had a call to make and a card
    to play; axe and the target sizes at each, and at the hand summary."""
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    sit_down(page, create_table(base_url, game, options)["invite_url"], "Ana")
    found: dict[str, list[str]] = {}
    for _ in turns(240):
        if "call" not in found and page.locator(".choices [data-testid=action]").count():
            found["call"] = blocking_violations(page) + small_targets(page)
        if (
            "play" not in found
            and page.locator("[data-testid=hand] button:not([disabled])").count()
        ):
            found["play"] = blocking_violations(page) + small_targets(page)
        if "summary" not in found and _summary_open(page):
            found["summary"] = blocking_violations(page) + small_targets(page)
        if len(found) == 3:
            break
        take_turn(page)
        page.wait_for_timeout(60)
    assert sorted(found) == ["call", "play", "summary"], f"not seen: {found}"
    assert found == {"call": [], "play": [], "summary": []}
    assert errors == []
    context.close()


def test_the_hand_fits_24_px_targets_on_the_phone(browser: Browser, base_url: str) -> None:
    """The longest hand of a four-seat game (Double Hasenpfeffer's 12) on a 390 px phone."""
    context = new_context(browser, PHONE)
    page = context.new_page()
    sit_down(
        page,
        create_table(base_url, "double-hasenpfeffer", {"target_score": 60})["invite_url"],
        "Ana",
    )
    page.wait_for_selector("[data-testid=hand] [data-card]")
    assert page.locator("[data-testid=hand] [data-card]").count() == 12
    assert small_targets(page) == []
    context.close()


PLAYABLE = "[data-testid=hand] button:not([disabled])"
IN_HAND = "document.activeElement.closest('[data-testid=hand]')"


def test_the_focus_stays_on_the_hand_while_the_others_play(browser: Browser, base_url: str) -> None:
    """Cards played by key: while the others play (and the trick is held) the focus is on the
    hand, not the page; at our next turn it is on a card we may play."""
    context = new_context(browser, trickPause=1600)
    page = context.new_page()
    sit_down(
        page, create_table(base_url, "hasenpfeffer", {"target_score": 30})["invite_url"], "Ana"
    )
    played = returned = 0
    for _ in turns(240):
        if played >= 4 and returned >= 2:
            break
        if page.locator(".choices [data-testid=action]").count() or _summary_open(page):
            take_turn(page)
            page.wait_for_timeout(60)
            continue
        if not page.locator(PLAYABLE).count():
            page.wait_for_timeout(40)
            continue
        if played:
            returned += 1  # our turn again: the focus came back to a card we may play
            page.wait_for_function(
                f"() => document.activeElement.matches('{PLAYABLE}')"
                " || document.querySelector('[data-testid=hand-summary]')"
            )
        card = page.locator(PLAYABLE).first.get_attribute("data-card")
        page.keyboard.press("1")
        played += 1
        page.wait_for_function(
            f"() => !document.querySelector('[data-testid=hand] [data-card=\"{card}\"]')"
        )
        if page.locator("[data-testid=hand] [data-card]").count():  # not the hand's last card
            assert page.evaluate(f"() => Boolean({IN_HAND})"), page.evaluate(
                "document.activeElement.outerHTML.slice(0, 200)"
            )
    assert played >= 4 and returned >= 2, (played, returned)
    context.close()


def test_the_review_player_page_and_leaderboard_have_no_serious_violation(
    browser: Browser, base_url: str
) -> None:
    context = new_context(browser)
    page = context.new_page()
    page.goto(base_url + "/")
    response = page.request.post(
        base_url + "/api/accounts", data={"name": "Axel", "password": "a good long password"}
    )
    assert response.ok, response.text()
    created = create_table(base_url, "hasenpfeffer", {"target_score": 1})
    sit_down(page, created["invite_url"], "Axel")
    for _ in turns(300):
        if page.locator("[data-testid=game-over]").count():
            break
        take_turn(page)
        page.wait_for_timeout(60)
    assert blocking_violations(page) == [], "the game-over banner"
    assert small_targets(page) == []
    table_id = created["table_id"]
    page.goto(f"{base_url}/review/{table_id}")
    page.wait_for_selector("[data-testid=review-trick] .review-card", timeout=120_000)
    assert blocking_violations(page) == [], "the review"
    assert small_targets(page) == []
    for _ in range(5):  # the visual replay, some steps in: cards on the felt and a trick
        page.click("[data-testid=replay-next]")
    page.wait_for_selector("[data-testid=replay][data-step='5']")
    assert blocking_violations(page) == [], "the review's replay"
    assert small_targets(page) == []
    page.goto(f"{base_url}/players/Axel")
    page.wait_for_selector("[data-stat='Games played']")
    assert blocking_violations(page) == [], "the player page"
    assert small_targets(page) == []
    page.goto(f"{base_url}/leaderboard?game=hasenpfeffer")
    page.wait_for_selector("[data-testid=leaderboard] >> text=Axel")
    assert blocking_violations(page) == [], "the leaderboard"
    assert small_targets(page) == []
    context.close()


def test_a_player_takes_more_time_and_switches_the_timer_off(
    browser: Browser, base_url: str
) -> None:
    """WCAG 2.2.1 at a friends' table with a 60 s turn timer: the player to move restarts her
    countdown with *More time* (both pages redraw the bar), the other switches it off."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}] * 2
    body = {"game": "hasenpfeffer", "options": {"target_score": 30}, "seats": seats,
            "turn_seconds": 60}  # fmt: skip
    created = httpx.post(f"{base_url}/api/tables", json=body).json()
    pages = []
    for name in ("Ana", "Bo"):
        context = new_context(browser)
        page = context.new_page()
        page.goto(created["invite_url"])
        page.fill("[data-testid=join-name]", name)
        page.click("[data-testid=join]")
        page.wait_for_selector("[data-testid=hand]")
        pages.append(page)
    mover = other = None
    for _ in turns(120):
        movers = [p for p in pages if p.locator("[data-testid=timer-extend]").count()]
        if movers:
            mover, other = movers[0], next(p for p in pages if p is not movers[0])
            break
        pages[0].wait_for_timeout(50)
    assert mover is not None and other is not None, "nobody's turn came"
    assert other.locator("[data-testid=timer-extend]").count() == 0  # only for the one to move
    assert blocking_violations(mover) == [] and small_targets(mover) == []
    bar = "[data-seat] .turn-timer"
    for page in pages:
        page.wait_for_selector(bar)
        page.evaluate(f"document.querySelector('{bar}').dataset.old = 'yes'")
    mover.click("[data-testid=timer-extend]")
    for page in pages:  # the countdown starts again on every page
        page.wait_for_selector(f"{bar}:not([data-old])")
    assert "More time" in mover.inner_text("#announce")
    other.click("[data-testid=timer-off]")
    for page in pages:
        page.wait_for_selector("[data-testid=timer-controls]", state="detached")
        assert page.locator(bar).count() == 0
    table = httpx.get(f"{base_url}/api/tables/{created['table_id']}").json()
    assert table["turn_seconds"] == 0
    for page in pages:
        page.context.close()


def test_the_friends_pages_and_a_table_waiting_for_a_friend_have_no_serious_violation(
    browser: Browser, base_url: str
) -> None:
    """Ben's page with Ana's request, both pages with a friend (desktop and phone), Ana's table
    waiting for Ben with her invitation sent, and Ben's lobby showing it."""
    ana, ben = signed_up(browser, base_url, "Ada"), signed_up(browser, base_url, "Bodo")
    ana.goto(base_url + "/players/Ada")
    ana.fill("[data-testid=friend-name]", "Bodo")
    ana.click("[data-testid=friend-add]")
    ana.wait_for_selector("[data-testid=friend-asked]")
    ben.goto(base_url + "/players/Bodo")
    ben.wait_for_selector("[data-testid=friend-request]")
    assert blocking_violations(ben) == [] and small_targets(ben) == [], "a friend request"
    ben.click("[data-testid=friend-accept]")
    ben.wait_for_selector("[data-testid=friend-list] [data-testid=friend]")
    ana.wait_for_selector("[data-testid=friend][data-online=true]", timeout=15000)
    for viewport in (DESKTOP, PHONE):
        ana.set_viewport_size(viewport)
        assert blocking_violations(ana) == [] and small_targets(ana) == [], f"friends {viewport}"
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30}, humans=(0, 2))
    ana.goto(created["invite_url"])
    ana.fill("[data-testid=join-name]", "Ada")
    ana.click("[data-testid=join]")
    ana.fill("[data-testid=invite-friend-name]", "Bodo")
    ana.click("[data-testid=invite-friend]")
    ana.wait_for_selector("[data-testid=invite-note]:has-text('Bodo')")
    for viewport in (DESKTOP, PHONE):
        ana.set_viewport_size(viewport)
        assert blocking_violations(ana) == [] and small_targets(ana) == [], f"waiting {viewport}"
    ben.goto(base_url + "/")
    ben.wait_for_selector("[data-testid=invitation]")
    for viewport in (DESKTOP, PHONE):
        ben.set_viewport_size(viewport)
        assert blocking_violations(ben) == [] and small_targets(ben) == [], f"lobby {viewport}"
    ana.context.close()
    ben.context.close()


@pytest.fixture(scope="module")
def hasty_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots play at once for a player away a second (an event of absentees)."""
    with served_quick_bots(tmp_path_factory.mktemp("a11y-events"), seed=13, grace_seconds=1.0,
                           event_seconds=0.2) as url:  # fmt: skip
        yield url


def test_an_events_page_and_a_boards_page_have_no_serious_violation(
    browser: Browser, hasty_url: str
) -> None:
    event_id = played_event(hasty_url)
    for viewport in (DESKTOP, PHONE):
        page = new_context(browser, viewport).new_page()
        page.goto(f"{hasty_url}/events/{event_id}")
        page.wait_for_selector("[data-testid=event-status][data-status=over]")
        assert blocking_violations(page) == [] and small_targets(page) == [], "the event"
        page.goto(f"{hasty_url}/events/{event_id}/boards/1")
        page.locator("[data-testid=board-review][data-review=ready]").first.wait_for(timeout=60_000)
        assert blocking_violations(page) == [] and small_targets(page) == [], "the board"
        page.context.close()
