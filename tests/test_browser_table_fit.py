"""The table fits its screen (table-fit.css) in a real Chromium: at 1280x800 the page does not
scroll, every chat preset shows whole; on a phone the header shows the game's whole name and a
long hand takes two rows of cards a finger can pick and a short one leaves no empty felt; text
mode puts the focus on its command line and the hand summary follows its text instead of
covering it; a table waiting for a player shows nothing of a deal."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page

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
)

__all__ = ["base_url", "browser"]  # the fixtures, used by name

# Each card of the hand: the width of the part that shows (up to the next card in its row).
VISIBLE_WIDTHS = """() => {
  const cards = [...document.querySelectorAll('[data-testid=hand] .hand-card')];
  return cards.map((card, i) => {
    const box = card.getBoundingClientRect();
    const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
    const sameRow = next && Math.abs(next.top - box.top) < 2;
    return sameRow ? Math.min(box.width, next.left - box.left) : box.width;
  });
}"""


def test_the_desktop_page_does_not_scroll_and_the_chat_presets_show_whole(
    browser: Browser, base_url: str
) -> None:
    page = new_context(browser, DESKTOP).new_page()
    sit_down(page, create_table(base_url, "double-hasenpfeffer", {})["invite_url"], "Ana")
    page.wait_for_selector(".chat-presets button")
    assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP["height"]
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.chat-presets button')].filter((b) => {
          const box = b.getBoundingClientRect();
          const panel = b.closest('.chat-presets').getBoundingClientRect();
          return box.right > panel.right + 0.5 || b.scrollWidth > b.clientWidth;
        }).map((b) => b.textContent)"""
    )
    assert cut == []
    page.context.close()


def test_a_phone_shows_the_whole_game_name_and_a_long_hand_in_two_rows(
    browser: Browser, base_url: str
) -> None:
    page = new_context(browser, PHONE).new_page()
    sit_down(page, create_table(base_url, "double-hasenpfeffer", {})["invite_url"], "Ana")
    title = page.locator("header.bar h1")
    assert title.inner_text() == "Double Hasenpfeffer"
    assert page.evaluate("(() => { const h = document.querySelector('header.bar h1');"
                         " return h.scrollWidth <= h.clientWidth; })()")  # fmt: skip
    widths = page.evaluate(VISIBLE_WIDTHS)
    assert len(widths) == 12 and min(widths) >= 55, widths  # was 44 px squeezed in one row
    bottom = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=hand] .hand-card')]"
        ".map((c) => c.getBoundingClientRect().bottom))"
    )
    assert bottom <= PHONE["height"]
    page.context.close()


def open_summary(page: Page) -> None:
    for _ in turns(240):
        if page.locator("[data-testid=hand-summary]").count():
            return
        take_turn(page, dismiss=False)
        page.wait_for_timeout(60)
    raise AssertionError("no hand summary came")


def test_text_mode_takes_the_focus_and_its_summary_covers_nothing(
    browser: Browser, base_url: str
) -> None:
    page = new_context(browser, DESKTOP).new_page()
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30})
    sit_down(page, created["invite_url"], "Ana")
    open_summary(page)  # summaryWait 0: it stays until closed
    heads = page.locator("[data-testid=hand-summary] thead th").all_inner_texts()
    assert heads[1:] == ["Tricks", "Points", "Total"]  # one way of writing, capitalised
    page.focus("[data-testid=text-mode-toggle]")  # the keyboard's way: the summary lies over it
    page.keyboard.press("Enter")
    page.wait_for_selector("#text-command")
    page.wait_for_function("() => document.activeElement.id === 'text-command'")
    page.keyboard.type("hand")  # an answer in the log, where the summary must not lie
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=text-log] >> text=Your hand")
    covered = page.evaluate(
        """() => { const log = document.querySelector('[data-testid=text-log]');
          log.scrollIntoView({ block: 'center' });
          const box = log.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
          return top && !log.contains(top) ? top.outerHTML.slice(0, 120) : null; }"""
    )
    assert covered is None
    assert page.locator("[data-testid=hand-summary]").is_visible()
    page.context.close()


def test_a_waiting_table_shows_nothing_of_a_deal(browser: Browser, base_url: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}] * 2
    body = {"game": "bierspiel", "options": {}, "seats": seats}
    created = httpx.post(f"{base_url}/api/tables", json=body).json()
    page = new_context(browser, PHONE).new_page()
    page.goto(created["invite_url"])
    page.fill("[data-testid=join-name]", "Ana")
    page.click("[data-testid=join]")
    page.wait_for_selector("[data-testid=waiting]")
    for absent in ("deal-commitment", "turnup", "score-sheet"):
        assert page.locator(f"[data-testid={absent}]").count() == 0, absent
    invite = page.locator("[data-testid=waiting] .invite-line a")
    clear = invite.evaluate(
        """(a) => { const text = document.createRange(); text.selectNodeContents(a);
          const copy = a.parentElement.querySelector('button').getBoundingClientRect();
          const beside = (line) => line.right <= copy.left + 0.5
            || line.bottom <= copy.top || copy.bottom <= line.top;
          return [...text.getClientRects()].every(
            (line) => line.right <= window.innerWidth && beside(line)); }"""
    )
    assert clear and created["table_id"] in invite.inner_text()  # whole, not under Copy link
    page.context.close()


def test_a_six_player_score_sheet_fits_the_side_panel(browser: Browser, base_url: str) -> None:
    page = new_context(browser, DESKTOP).new_page()
    sit_down(page, create_table(base_url, "rounce", {"players": 6})["invite_url"], "Ana")
    sheet = page.locator(".side-column .sheet-scroll")
    assert sheet.evaluate("(s) => s.scrollWidth <= s.clientWidth")
    assert page.locator("[data-testid=score-scroll]").count() == 0  # no "scroll sideways"
    assert page.locator(".side-column [data-testid=score-sheet] thead th").count() == 7
    page.context.close()


# The room between the table (the felt's oval) and what follows it (the prompt, the choices).
FELT_GAP = """() => {
  const felt = document.querySelector('.felt').getBoundingClientRect();
  const next = document.querySelector('.felt-wrap').nextElementSibling.getBoundingClientRect();
  return next.top - felt.bottom;
}"""


@pytest.mark.parametrize("game", ["rams", "rounce"])
def test_a_short_hand_on_a_phone_leaves_no_empty_felt(
    browser: Browser, base_url: str, game: str
) -> None:
    """Five cards are as wide as a hand's card may be: the table takes the height they leave."""
    page = new_context(browser, PHONE).new_page()
    sit_down(page, create_table(base_url, game, {})["invite_url"], "Ana")
    page.wait_for_selector("[data-testid=hand] [data-card]")
    assert page.locator("[data-testid=hand] [data-card]").count() == 5
    assert page.evaluate(FELT_GAP) < 24
    hand = page.locator("[data-testid=hand]").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= PHONE["height"]  # on screen
    page.context.close()


@pytest.mark.parametrize("game", ["rams", "rounce"])
def test_the_contract_shows_whole_on_a_phone(browser: Browser, base_url: str, game: str) -> None:
    """The Rams family on a phone: beside the turn-up, the widow and the pot, the trump and the
    pot lines read whole ("Trump ♦ diamonds"), neither cut to "Trump ♦ d…" nor running out of
    their box into the next."""
    page = new_context(browser, PHONE).new_page()
    sit_down(page, create_table(base_url, game, {})["invite_url"], "Ana")
    page.wait_for_selector(".contract dd")
    cut = page.evaluate(
        "[...document.querySelectorAll('.contract dd')]"
        ".filter((d) => d.scrollWidth > d.clientWidth + 0.5).map((d) => d.textContent)"
    )
    assert cut == []
    outside = page.evaluate(
        "(() => { const box = document.querySelector('.contract').getBoundingClientRect();"
        " return [...document.querySelectorAll('.contract dd, .contract dt')]"
        ".filter((d) => d.getBoundingClientRect().right > box.right + 0.5)"
        ".map((d) => d.textContent); })()"
    )
    assert outside == []
    widths = page.evaluate(
        "[document.querySelector('.contract').getBoundingClientRect().width,"
        " document.querySelector('.felt-info').getBoundingClientRect().width]"
    )
    assert widths[0] >= 0.95 * widths[1]  # a row of its own, whatever the trump's name
    page.context.close()
