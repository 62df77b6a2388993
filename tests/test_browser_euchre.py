"""Euchre at the table in a real Chromium: one human seat plays a whole hand against bots, every
choice explains itself in Euchre's own words (from the server's descriptor of the game), the
contract line names the maker, the hand is sorted by the view's card facts and the hand
summary's points are the engine's."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import pairwise

import httpx
import pytest
from playwright.sync_api import Browser, Page

import tricktable as tt
from browser_support import served_quick_bots
from conftest import first_legal_factory
from table_support import (
    browser,
    create_table,
    explanations_missing,
    held_tricks,
    new_context,
    sit_down,
    take_turn,
    watch_errors,
)
from tricktable.view import card_facts

__all__ = ["browser"]  # the fixture, used by name

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose bots take their first legal action: they pass while they may, so
    the human seat is asked to order up (and the hand is played, never thrown in)."""
    with served_quick_bots(tmp_path_factory.mktemp("euchre"), seed=3,
                           bot_factory=first_legal_factory) as url:  # fmt: skip
        yield url


def _explanations(page: Page) -> dict[str, str]:
    """Each action button on screen: its action and its explanation."""
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(
          [...document.querySelectorAll('.choices [data-testid="action"]')].map((b) => [
            b.dataset.action, (b.querySelector('.explain') || {}).textContent
            || (document.getElementById(b.getAttribute('aria-describedby')) || {}).textContent
            || '']))"""
    )
    return found


def _play_the_hand(page: Page, seconds: float = 240) -> dict[str, str]:
    """Order up when asked, take every other turn, until the hand summary shows; every
    explanation seen, by action."""
    seen: dict[str, str] = {}
    deadline = time.monotonic() + seconds  # bots think slowly on a busy machine
    while time.monotonic() < deadline:
        if page.locator("[data-testid=hand-summary]").count():
            return seen
        assert explanations_missing(page) == []
        seen.update(_explanations(page))
        take_turn(page, prefer="order-up", dismiss=False)
        page.wait_for_timeout(60)
    raise AssertionError("the hand did not end")


def _hand_order(page: Page) -> list[str]:
    return page.locator("[data-testid=hand] [data-card]").evaluate_all(
        "els => els.map((e) => e.dataset.card)"
    )


def test_a_whole_hand_of_euchre_at_the_table(browser: Browser, base_url: str) -> None:
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "euchre", {"target_score": 1})
    sit_down(page, created["invite_url"], "Ana")
    partners = [page.get_attribute(f"[data-testid=seat-{n}]", "data-partner") for n in range(4)]
    assert partners == ["false", "false", "true", "false"]
    assert page.locator("[data-testid=score-sheet] thead th").count() == 3  # hand + 2 sides
    rules = page.locator("[data-testid=rules]").text_content() or ""
    assert "right bower" in rules and "order up" in rules
    assert len(_hand_order(page)) == 5
    page.wait_for_selector("[data-testid=turnup] svg")
    seen = _play_the_hand(page)
    assert "the dealer takes the" in seen["order-up"]
    assert seen["pass"] == "Leave the turn-up; the next player may order it up"
    summary = page.locator("[data-testid=hand-summary]")
    text = summary.inner_text()
    assert "Hand 1" in text and " trump" in text and "Thrown in" not in text
    shown = summary.locator("tbody tr td:nth-child(3)").all_inner_texts()
    record = httpx.get(f"{base_url}/api/tables/{created['table_id']}/record").json()
    (result,) = tt.replay(record).results
    assert [int(s) for s in shown] == [result.deltas[0], result.deltas[1]]
    assert sum(result.deltas) > 0  # someone scored: the hand was played
    held = held_tricks(page)
    assert held, "no complete trick was held on the felt"
    for trick in held:
        assert sum(c["winner"] for c in trick) == 1, f"one winner marked: {trick}"
    # the review tells the hand in the game's own words too
    page.goto(f"{base_url}/review/{created['table_id']}")
    headline = page.locator("#review-hand .headline")
    headline.wait_for(timeout=60_000)
    assert " trump" in headline.inner_text() and "Thrown in" not in headline.inner_text()
    assert errors == []
    context.close()


def test_the_contract_line_names_the_maker_and_the_hand_sorts_by_the_views_card_facts(
    browser: Browser, base_url: str
) -> None:
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "euchre", {"target_score": 10})
    sit_down(page, created["invite_url"], "Ana")
    deadline = time.monotonic() + 120
    while "Maker" not in page.locator("[data-testid=contract]").inner_text():
        assert time.monotonic() < deadline, "no maker came"
        take_turn(page, prefer="order-up", dismiss=False)
        page.wait_for_timeout(60)
    contract = page.locator("[data-testid=contract]").inner_text()
    assert "Goal" not in contract and "to 10 points" in contract
    trump = next(letter for letter, symbol in SYMBOLS.items() if f"Trump{symbol}" in
                 contract.replace("\n", "").replace(" ", ""))  # fmt: skip
    order = _hand_order(page)
    table = tt.rules("euchre").flow.trump_table("CDHS".index(trump))
    facts = {f.card: f for f in card_facts(table, (tuple(order),))}
    suits = [facts[card].suit for card in order]
    # trumps (the left bower among them) first, each suit together and high to low
    assert suits[0] == trump or trump not in suits
    assert all(a == b or b not in suits[: i + 1] for i, (a, b) in enumerate(pairwise(suits)))
    for a, b in pairwise(order):
        if facts[a].suit == facts[b].suit:
            assert facts[a].rank > facts[b].rank, (a, b, order)
    assert errors == []
    context.close()


@pytest.mark.parametrize("options", [{"cutthroat": True}, {"railroad": True}], ids=str)
def test_cutthroat_and_railroad_hands_play_to_their_summary(
    browser: Browser, base_url: str, options: dict[str, bool]
) -> None:
    """Three-handed cutthroat (one row a player) and railroad (the lone maker takes his
    partner's best card and discards one) at the table, explained all along."""
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "euchre", options)
    sit_down(page, created["invite_url"], "Ana")
    seen = _play_the_hand(page)
    assert "order-up" in seen
    rows = page.locator("[data-testid=hand-summary] tbody tr").count()
    assert rows == (3 if options.get("cutthroat") else 2)
    assert "made" in page.locator("[data-testid=hand-summary] .headline").inner_text()
    assert errors == []
    context.close()
