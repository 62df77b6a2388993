"""The text mode and the learning mode in every language, in a real Chromium: a hand of Euchre
played in text mode and the lessons of the learning mode leave no visible text unmarked in the
pseudo-locale, and read in German in German (the lesson's reason said from the parts the
server sends, with German numbers).

Skipped (saying why) when /usr/bin/chromium or the playwright package is missing.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

from playwright.sync_api import Browser, BrowserContext, Page

from table_support import FAST, base_url, browser, create_table, take_turn, turns, watch_errors
from test_browser_languages import unmarked
from test_browser_table_languages import NAMES

__all__ = ["base_url", "browser"]  # the fixtures, used by name

COMMAND = "[data-testid=text-command]"
CHOICES = "[data-testid=text-choices] button"
LOG = "[data-testid=text-log] p"
SHOWN_LESSON = """() => {
  const lesson = document.querySelector('[data-testid=lesson]');
  return lesson && [lesson.dataset.played, lesson.textContent];
}"""


def context_in(
    browser: Browser, locale: str, saved: str | None = None, **prefs: object
) -> BrowserContext:
    """A profile whose browser speaks ``locale`` (a saved choice over it), with table prefs."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    script = "".join(
        f"localStorage.setItem('tricktable:pref:{k}', '{json.dumps(v)}');"
        for k, v in {**FAST, **prefs}.items()
    )
    if saved is not None:
        script += f"localStorage.setItem('tricktable:lang', '{saved}');"
    context.add_init_script(script)
    return context


def sit_at_text_table(page: Page, invite_url: str) -> None:
    page.goto(invite_url)
    page.fill("[data-testid=join-name]", "Ana")
    page.click("[data-testid=join]")
    page.wait_for_selector("[data-testid=text-mode]")


LOG_TEXT = f"() => [...document.querySelectorAll('{LOG}')].map((p) => p.textContent)"


def ask(page: Page, line: str) -> str:
    """Type ``line`` at the command field and return the log's new answer (the log keeps six
    lines, so the new one is seen as a change of them all)."""
    before = page.evaluate(LOG_TEXT)
    page.fill(COMMAND, line)
    page.press(COMMAND, "Enter")
    page.wait_for_function(f"(old) => JSON.stringify(({LOG_TEXT})()) !== JSON.stringify(old)",
                           arg=before)  # fmt: skip
    return page.locator(LOG).last.inner_text()


def play_in_text_mode(page: Page, check: object = None) -> None:
    """Take every turn from the text mode's list (a card first, else ordering up, else the
    first choice) until the hand summary shows; ``check(page)`` at each step."""
    for _ in turns(240):
        if page.locator("[data-testid=hand-summary]").count():
            return
        if callable(check):
            check(page)
        buttons = page.locator(CHOICES)
        actions = buttons.evaluate_all("els => els.map((e) => e.dataset.action)")
        if actions:
            pick = next((a for a in actions if a.startswith("play ")), None)
            pick = pick or ("order-up" if "order-up" in actions else actions[0])
            try:
                page.click(f"{CHOICES}[data-action='{pick}']", timeout=3_000)
            except Exception:  # the list was drawn again under the click: look again
                continue
        page.wait_for_timeout(80)
    raise AssertionError("the hand did not end")


COMMANDS = ("hand", "trick", "last", "contract", "scores", "turn", "moves", "help", "dance", "99")


def test_the_text_mode_leaves_no_text_unmarked_in_the_pseudo_locale(
    browser: Browser, base_url: str
) -> None:
    context = context_in(browser, "en-US", saved="xx", textMode=True)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "euchre", {"target_score": 1})
    sit_at_text_table(page, created["invite_url"])
    seen: set[str] = set(unmarked(page, NAMES))
    answers = []
    for command in COMMANDS:  # every part read again, a help and two refusals, into the log
        answers.append(ask(page, command))
        seen.update(unmarked(page, NAMES))
    assert all("⟦" in answer for answer in answers), answers
    assert "hand, trick, last" in answers[COMMANDS.index("help")]  # typed words stay as typed
    play_in_text_mode(page, check=lambda p: seen.update(unmarked(p, NAMES)))
    seen.update(unmarked(page, NAMES))  # the hand summary over the text table
    assert "⟦" in ask(page, "last")
    seen.update(unmarked(page, NAMES))
    assert sorted(seen) == [], " | ".join(sorted(seen))
    assert errors == []
    context.close()


def test_the_text_mode_reads_in_german(browser: Browser, base_url: str) -> None:
    context = context_in(browser, "de-DE", textMode=True)
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, "euchre", {"target_score": 1})
    sit_at_text_table(page, created["invite_url"])
    assert re.match(r"Dein Blatt, 5 Karten\. ", page.inner_text("[data-testid=text-hand]"))
    contract = page.inner_text("[data-testid=text-contract]")
    assert "Trumpf: " in contract and ("Geber: " in contract or "Du bist Geber." in contract)
    assert "Aufgedeckt: " in contract
    assert ask(page, "scores").startswith("Punktestand (Punkte), Runde 1: ")
    assert ask(page, "help").startswith("Tippe die Nummer einer Möglichkeit")
    refused = ask(page, "dance")
    assert "ist gerade keine Möglichkeit" in refused or refused.startswith("Du bist nicht dran: ")
    text = page.inner_text("[data-testid=text-mode]")
    english = ("Your hand", "Dealer", "Scores (", "Type a choice", "Turn-up", "Command or move")
    assert [word for word in english if word in text] == [], text
    assert errors == []
    context.close()


def solo_page(browser: Browser, base_url: str, locale: str, saved: str | None = None) -> Page:
    """A solo Hasenpfeffer table (three bots) with the learning mode on."""
    page = context_in(browser, locale, saved=saved).new_page()
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30})
    page.goto(created["invite_url"])
    page.fill("[data-testid=join-name]", "Ana")
    page.click("[data-testid=join]")
    page.wait_for_selector("[data-testid=solo-controls]")
    page.check("[data-testid=learning]")
    return page


def lessons(page: Page, check: object = None) -> list[str]:
    """Play on until a lesson on a played card shows (and one on a choice, if the hand brings
    one first): every lesson's text, ``check(page)`` with each one shown."""
    shown: dict[str, str] = {}
    for _ in turns(240):
        lesson = page.evaluate(SHOWN_LESSON)  # at once: a new one may replace it any time
        if lesson:
            played, text = lesson
            if played not in shown:
                shown[played] = text
                if callable(check):
                    check(page)
            if played.startswith("play "):
                return list(shown.values())
        take_turn(page, prefer="pass")
        page.wait_for_timeout(120)
    raise AssertionError(f"no lesson on a card came: {shown}")


def test_the_learning_mode_leaves_no_text_unmarked_in_the_pseudo_locale(
    browser: Browser, base_url: str
) -> None:
    page = solo_page(browser, base_url, "en-US", saved="xx")
    errors = watch_errors(page)
    seen: set[str] = set()
    said = lessons(page, check=lambda p: seen.update(unmarked(p, NAMES)))
    assert said and all(text.startswith("⟦") for text in said), said
    assert sorted(seen) == [], " | ".join(sorted(seen))
    assert errors == []
    page.context.close()


def test_a_lesson_reads_in_german(browser: Browser, base_url: str) -> None:
    page = solo_page(browser, base_url, "de-DE")
    errors = watch_errors(page)
    said = lessons(page)
    card = said[-1]
    assert card.startswith("Du hast ") and "stärkste" in card, card  # stärkste Bot, stärksten Bots
    assert "gezogene Verteilung" in card or "einzige erlaubte Zug" in card, card
    if "Verteilung" in card:
        assert re.search(r"\d,\d", card), card  # 3,2: a German decimal
    english = ("You played", "You chose", "strongest", "sampled", "tricks left", "next best")
    assert [word for word in english if any(word in text for text in said)] == [], said
    assert errors == []
    page.context.close()
