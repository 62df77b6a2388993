"""The text mode for screen-reader users, in a real Chromium driven by the keyboard only: the
table as text (contract, scores, the trick, the hand by suit), choices typed or picked from a
list, commands that read a part again, answers and turns in live regions; a whole hand is
played by typing, and axe-core finds no critical or serious violation in it."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("axe_playwright_python", reason="needs axe-playwright-python (dev extra)")

from playwright.sync_api import Browser, Page

from table_support import base_url, browser, create_table, new_context, turns, watch_errors
from test_browser_a11y import blocking_violations, small_targets

__all__ = ["base_url", "browser"]  # the fixtures, used by name

COMMAND = "[data-testid=text-command]"
CHOICES = "[data-testid=text-choices] button"


def sit_down_by_keyboard(page: Page, invite_url: str, name: str) -> None:
    page.goto(invite_url)
    page.focus("[data-testid=join-name]")
    page.keyboard.type(name)
    page.keyboard.press("Enter")  # the join form's submit
    page.wait_for_selector("[data-testid=text-mode]")


def type_line(page: Page, text: str) -> None:
    """Type a line into the command field, which keeps the focus, and press Enter."""
    assert page.evaluate("document.activeElement.dataset.testid") == "text-command"
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def wait_for_answer(page: Page, *words: str) -> None:
    """Wait until a line of the log says one of ``words`` (the bots' moves may be told after
    it, so it need not be the last line)."""
    page.wait_for_function(
        "(words) => [...document.querySelectorAll('[data-testid=text-log] p')]"
        ".some((p) => words.some((w) => p.textContent.includes(w)))",
        arg=list(words),
    )


def last_answer(page: Page) -> str:
    return page.locator("[data-testid=text-log] p").last.inner_text()


def test_a_whole_hand_is_played_by_keyboard_in_text_mode(browser: Browser, base_url: str) -> None:
    context = new_context(browser, textMode=True, summaryWait=0)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30})
    sit_down_by_keyboard(page, created["invite_url"], "Ana")
    assert page.locator("[data-testid=table], [data-testid=hand]").count() == 0  # text only
    assert page.get_attribute("[data-testid=text-log]", "aria-live") == "polite"
    assert page.get_attribute("#announce", "aria-live") == "polite"
    page.wait_for_function("() => document.activeElement.dataset.testid === 'text-command'")
    hand = page.locator("[data-testid=text-hand]").inner_text()
    assert re.match(r"Your hand, 6 cards\. ", hand), hand
    assert re.search(r"(Spades|Hearts|Clubs|Diamonds|Trumps): ", hand)

    type_line(page, "hand")  # read again, into the live log
    page.wait_for_function("() => document.querySelector('[data-testid=text-log]')"
                           ".textContent.includes('Your hand, 6 cards')")  # fmt: skip
    for command, words in (("contract", "Trump: "), ("scores", "Scores (points), hand 1: ")):
        type_line(page, command)
        wait_for_answer(page, words)
    type_line(page, "dance")  # refused: not a choice, or (while a bot thinks) not our turn
    wait_for_answer(page, "is not a choice now", "Not your turn: ")

    moves = cards = 0
    announced: set[str] = set()
    by_list = False
    for _ in turns(300):
        announced.add(page.inner_text("#announce"))
        if page.locator("[data-testid=hand-summary]").count():
            break
        choices = page.locator(CHOICES)
        if not choices.count():
            page.wait_for_timeout(50)
            continue
        actions = choices.evaluate_all("els => els.map((e) => e.dataset.action)")
        pick = next((a for a in actions if a.startswith("play ")), actions[0])
        if pick.startswith("play ") and cards == 1:
            type_line(page, "trick")  # what is on the table before our card
            page.wait_for_function(
                "() => document.querySelector('[data-testid=text-log] "
                "p:last-child').textContent.match(/^(The trick|No card)/)"
            )
        if pick.startswith("play ") and not by_list and cards >= 2:
            # once, pick from the list by keyboard: Shift+Tab from the field up the list
            by_list = True
            page.keyboard.press("Shift+Tab")
            for _ in actions:
                if page.evaluate("document.activeElement.dataset.action") == pick:
                    break
                page.keyboard.press("Shift+Tab")
            page.keyboard.press("Enter")
        elif pick.startswith("play "):
            type_line(page, pick.split(" ", 1)[1])  # a card alone is enough: "AH"
        else:
            type_line(page, str(actions.index(pick) + 1))  # a call by its number
        cards += pick.startswith("play ")
        moves += 1
        page.wait_for_function(
            f"() => !document.querySelector(\"{CHOICES}[data-action='{pick}']\")"
            " || document.querySelector('[data-testid=hand-summary]')"
        )
        page.wait_for_function(  # the field has the focus back, ready for the next line
            "() => document.activeElement.dataset.testid === 'text-command'"
            " || document.querySelector('[data-testid=hand-summary]')"
        )
    else:
        raise AssertionError("the hand did not end")
    assert cards >= 5 and by_list, (cards, by_list)  # 6 cards, the last may be forced on
    text = " ".join(announced)
    assert "Your turn." in text and re.search(r"(You|\w+) wins? the trick\.", text)
    summary = page.locator("[data-testid=hand-summary]").inner_text()
    assert "Hand 1" in summary
    assert blocking_violations(page) == []
    page.focus(COMMAND)
    type_line(page, "last")
    page.wait_for_function("() => document.querySelector('[data-testid=text-log] p:last-child')"
                           ".textContent.startsWith('Last trick: ')")  # fmt: skip
    type_line(page, "continue")
    page.wait_for_selector("[data-testid=hand-summary]", state="detached")
    assert blocking_violations(page) == [] and small_targets(page) == []
    assert errors == []
    context.close()
