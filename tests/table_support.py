"""Shared pieces of the table's browser tests: a real server, Debian's Chromium, and a player
that clicks through a table the way a person would, finding everything by its data-testid."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

import httpx
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from browser_support import chromium, served_quick_bots, watch_errors

__all__ = ["watch_errors"]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# Records every complete trick the table holds on the felt (its cards, seats and the marked
# winner), so a test can check each one after the hand without racing the pause.
WATCH_HELD = """
window.__held = [];
new MutationObserver(() => {
  const trick = document.querySelector('[data-testid="trick"][data-complete="true"]');
  if (!trick) return;
  const cards = [...trick.querySelectorAll('[data-card]')].map((c) => ({
    card: c.dataset.card, seat: Number(c.dataset.seat), winner: c.dataset.winner === 'true',
  }));
  const text = JSON.stringify(cards);
  const last = window.__held[window.__held.length - 1];
  if (last && JSON.stringify(last) === text) return;
  window.__held.push(cards);
}).observe(document, { subtree: true, childList: true, attributes: true });
"""

FAST = {"trickPause": 600, "summaryWait": 0}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server on loopback, with real (easy) bots that move without delay."""
    with served_quick_bots(tmp_path_factory.mktemp("browser"), seed=11) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def new_context(
    browser: Browser, viewport: dict[str, int] | None = None, **prefs: Any
) -> BrowserContext:
    """A browser profile with the table's preferences set and held tricks recorded."""
    context = browser.new_context(viewport=viewport or DESKTOP)
    chosen = {**FAST, **prefs}
    settings = "".join(
        f"localStorage.setItem('tricktable:pref:{k}', '{json.dumps(v)}');"
        for k, v in chosen.items()
    )
    context.add_init_script(settings + WATCH_HELD)
    return context


def create_table(
    base_url: str, game: str, options: dict[str, Any], humans: tuple[int, ...] = (0,)
) -> dict[str, Any]:
    players = httpx.post(f"{base_url}/api/rules", json={"game": game, "options": options}).json()[
        "players"
    ]
    seats = [
        {"kind": "human"} if n in humans else {"kind": "bot", "level": "easy"}
        for n in range(players)
    ]
    response = httpx.post(
        f"{base_url}/api/tables", json={"game": game, "options": options, "seats": seats}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def sit_down(page: Page, invite_url: str, name: str) -> None:
    page.goto(invite_url)
    page.fill("[data-testid=join-name]", name)
    page.click("[data-testid=join]")
    page.wait_for_selector("[data-testid=hand]")


def chosen_count(page: Page) -> int:
    """How many cards the prompt asks for ("Choose 2 to discard: 0 of 2 chosen", in any
    language: the prompt's ``data-count``)."""
    count = page.locator("[data-testid=prompt]").get_attribute("data-count")
    return int(count) if count else 1


def explanations_missing(page: Page) -> list[str]:
    """The actions on screen without a visible explanation inside or linked to them."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-testid="action"]')].filter((b) => {
          const inside = b.querySelector('.explain');
          const linked = b.getAttribute('aria-describedby');
          const target = linked ? document.getElementById(linked) : null;
          const text = inside ? inside.textContent : target ? target.textContent : '';
          return !(text && text.trim().length > 8);
        }).map((b) => b.dataset.action || b.textContent)"""
    )


def take_turn(page: Page, prefer: str | None = None, dismiss: bool = True) -> str | None:
    """Make one move if it is this page's turn (or close the hand summary when ``dismiss``):
    what was done, or None."""
    if page.locator("[data-testid=hand-summary]").count():
        if not dismiss:
            return None
        page.click("[data-testid=continue]")
        return "continue"
    confirm = page.locator(".choices .primary[data-testid=action]")
    if confirm.count():
        return choose_and_confirm(page)
    actions = page.locator(".choices [data-testid=action]:not([disabled])")
    if actions.count():
        texts = actions.evaluate_all("els => els.map((e) => e.dataset.action)")
        pick = texts.index(prefer) if prefer in texts else 0
        try:
            actions.nth(pick).click(timeout=5_000)
        except PlaywrightTimeoutError:
            return None  # the page changed under the click (a new state came): look again
        return str(texts[pick])
    cards = page.locator("[data-testid=hand] button:not([disabled])")
    if cards.count():
        click_card(cards.first)
        return "play"
    return None


def choose_and_confirm(page: Page) -> str | None:
    """Choose as many cards as the prompt asks for (those not chosen yet), then confirm once
    the choice is complete: a click lost to a redraw leaves the confirm disabled, and the next
    call chooses the card that is missing."""
    chosen = page.locator("[data-testid=hand] .hand-card.chosen").count()
    cards = page.locator("[data-testid=hand] button:not([disabled]):not(.chosen)")
    for _ in range(max(chosen_count(page) - chosen, 0)):
        click_card(cards.first)  # the first card not chosen yet: a chosen one leaves the list
    ready = page.locator(".choices .primary[data-testid=action]:not([disabled])")
    try:
        ready.first.wait_for(timeout=5_000)
        ready.first.click(timeout=5_000)
    except PlaywrightTimeoutError:
        return None  # not all chosen yet, or the page changed: look again
    return "confirm"


def turns(seconds: float = 180.0) -> Iterator[int]:
    """Count the steps of a loop until a deadline: bots think slowly on a busy machine."""
    deadline = time.monotonic() + seconds
    step = 0
    while time.monotonic() < deadline:
        yield step
        step += 1


def click_card(card: Any) -> None:
    """Click a card of the hand where it shows: near its left edge, as the next card of a
    long hand overlaps the rest of it."""
    card.click(position={"x": 6, "y": 40})


def held_tricks(page: Page) -> list[list[dict[str, Any]]]:
    held: list[list[dict[str, Any]]] = page.evaluate("window.__held")
    return held
