"""Between hands in a real Chromium: the finished hand stays on screen through its last trick
and its summary (contract, trump, tricks, the totals after it) and the next deal comes after
*Continue*; a Rams summary says why each chip moved, and its totals are the score sheet's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from table_support import base_url, browser, create_table, new_context, sit_down, take_turn, turns

__all__ = ["base_url", "browser"]  # the fixtures, used by name

# Notes what the page shows at every change while a complete trick is held or a hand summary
# is open, so a test can look at the last trick's pause after the fact.
WATCH_MOMENTS = """
window.__moments = [];
new MutationObserver(() => {
  const trick = document.querySelector('[data-testid="trick"][data-complete="true"]');
  const summary = document.querySelector('[data-testid="hand-summary"]');
  if (!trick && !summary) return;
  const contract = document.querySelector('[data-testid="contract"]');
  const cards = trick ? [...trick.querySelectorAll('[data-card]')] : [];
  const moment = {
    kind: summary ? 'summary' : 'held',
    contract: contract ? contract.innerText : '',
    hand: document.querySelectorAll('[data-testid="hand"] [data-card]').length,
    now: [...document.querySelectorAll('.side-column [data-testid="score-sheet"] tfoot td')]
      .map((td) => td.innerText.trim()),
    rows: document.querySelectorAll('.side-column [data-testid="score-sheet"] tbody tr').length,
    pause: trick ? Number(trick.dataset.pause) : null,
    last: cards.length ? Number(cards[cards.length - 1].dataset.seat) : null,
  };
  const before = window.__moments[window.__moments.length - 1];
  if (before && JSON.stringify(before) === JSON.stringify(moment)) return;
  window.__moments.push(moment);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""


def to_the_summary(page: Page) -> None:
    for _ in turns(240):
        if page.locator("[data-testid=hand-summary]").count():
            return
        take_turn(page, dismiss=False)
        page.wait_for_timeout(50)
    raise AssertionError("the hand did not end")


def summary_totals(page: Page) -> list[str]:
    cells: list[str] = page.locator(
        "[data-testid=hand-summary] tbody tr td:last-child"
    ).evaluate_all("els => els.map((e) => e.innerText.trim())")
    return cells


def open_table(browser: Browser, base_url: str, game: str, options: dict[str, Any]) -> Page:
    context = new_context(browser, trickPause=600, summaryWait=0)
    context.add_init_script(WATCH_MOMENTS)
    page = context.new_page()
    sit_down(page, create_table(base_url, game, options)["invite_url"], "Ana")
    return page


@pytest.mark.parametrize(
    ("game", "options", "unsettled"),
    [
        ("hasenpfeffer", {"target_score": 30}, ("no bid yet", "not named yet")),
        ("rams", {}, ()),
    ],
)
def test_the_finished_hand_stays_until_continue(
    browser: Browser, base_url: str, game: str, options: dict[str, Any], unsettled: tuple[str, ...]
) -> None:
    page = open_table(browser, base_url, game, options)
    to_the_summary(page)
    moments: list[dict[str, Any]] = page.evaluate("window.__moments")
    first = next(n for n, m in enumerate(moments) if m["kind"] == "summary")
    last_trick = [m for m in moments[:first] if m["kind"] == "held"][-1]
    summary = moments[first]
    totals = summary_totals(page)
    for moment in (last_trick, summary):
        assert moment["hand"] == 0, f"the next deal's cards are in the hand: {moment}"
        assert not any(word in moment["contract"] for word in unsettled), moment
        assert moment["rows"] == 1 and moment["now"] == totals, (moment, totals)
    assert "Trump" in summary["contract"] and "—" not in summary["contract"].split("Trump")[1][:3]
    assert page.locator("[data-testid=hand] [data-card]").count() == 0
    page.click("[data-testid=continue]")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] [data-card]').length > 0"
    )
    page.context.close()


def test_a_trick_stays_longer_when_a_bot_played_its_last_card(
    browser: Browser, base_url: str
) -> None:
    """table-anchors.md: about a second, longer when a person is at the table and the last card
    was a bot's (here 0.6 s after your own card, 1.05 s after a bot's)."""
    page = open_table(browser, base_url, "hasenpfeffer", {"target_score": 30})
    to_the_summary(page)
    held = [m for m in page.evaluate("window.__moments") if m["kind"] == "held"]
    assert held and all(m["pause"] == (600 if m["last"] == 0 else 1050) for m in held), held
    assert any(m["last"] != 0 for m in held)
    page.context.close()


def test_a_rams_summary_says_why_each_chip_moved(browser: Browser, base_url: str) -> None:
    page = open_table(browser, base_url, "rams", {})
    to_the_summary(page)
    summary = page.locator("[data-testid=hand-summary]")
    text = summary.inner_text()
    dealer = page.locator("[data-testid^=seat-][data-dealer=true] .name-text").inner_text()
    assert f"{dealer} antes 5." in text
    general = "general" in summary.locator(".headline").inner_text()  # nobody is looed then
    for row in summary.locator("tbody tr").all():
        name = row.locator("th").inner_text().strip()
        tricks = row.locator("td").first.inner_text().strip()
        if general:
            assert "for the general." in text or "made the general" in text, text
        elif tricks == "0":
            assert f"{name} was looed: pays 5 to the pot for the next hand." in text
        elif tricks != "passed":
            assert re.search(rf"{name} wins \d+ from the pot for {tricks} tricks?\.", text), text
    assert page.evaluate("window.__moments").pop()["now"] == summary_totals(page)
    carry = re.search(r"(\d+) chips carry to the next pot", text)
    page.click("[data-testid=continue]")
    parts = page.locator("[data-testid=pot-parts]")
    parts.wait_for()
    ante_by = page.locator("[data-testid^=seat-][data-dealer=true] .name-text").inner_text()
    expected = (
        f"{carry.group(1)} carried in + 5 ante ({ante_by})" if carry else f"5 ante ({ante_by})"
    )
    assert parts.inner_text() == expected
    page.context.close()
