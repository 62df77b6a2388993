"""Words of the pages, as a reader sees them in a real Chromium: a hand's payments in seat
order, numbers as the page's language writes them (3,4 in French), the words the catalogs were
missing ("or" on the board page, the turn-up you took in German), and "Claim the rest" in a
game without sides saying "you", not "your side"."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from table_support import base_url, browser, create_table, new_context, sit_down

__all__ = ["base_url", "browser"]  # the fixtures, used by name


def page_in(browser: Browser, base_url: str, language: str) -> Page:
    """A table page read in ``language``: its modules are there to be asked."""
    context = new_context(browser)
    context.add_init_script(f"localStorage.setItem('tricktable:lang', '{language}')")
    page = context.new_page()
    page.goto(create_table(base_url, "rams", {})["invite_url"])
    page.wait_for_selector("[data-testid=join-name]")
    return page


def ask(page: Page, module: str, expression: str) -> Any:
    """``expression`` over the page's own module ``module`` (bound as ``m``)."""
    imported = f"await import('/static/{module}')"
    return page.evaluate(f"async () => {{ const m = {imported}; return {expression}; }}")


def test_a_hands_payments_are_told_in_seat_order(browser: Browser, base_url: str) -> None:
    page = page_in(browser, base_url, "en")
    payments = [
        {"for": "ante", "from": 2, "chips": 1}, {"for": "ante", "from": 0, "chips": 1},
        {"for": "tricks", "to": 3, "chips": 2}, {"for": "tricks", "to": 1, "chips": 3},
    ]  # fmt: skip
    call = f"m.paymentLines({payments!r}, {{ tricks: [0, 3, 0, 2] }}, (s) => 'P' + s)"
    lines = ask(page, "table/games.js", call)
    assert lines == [
        "P0 antes 1.", "P2 antes 1.",
        "P1 wins 3 from the pot for 3 tricks.", "P3 wins 2 from the pot for 2 tricks.",
    ]  # fmt: skip
    page.context.close()


def test_french_numbers_and_words_the_catalogs_lacked(browser: Browser, base_url: str) -> None:
    page = page_in(browser, base_url, "fr")
    assert ask(page, "event-words.js", "m.decimal(3.4, 1)") == "3,4"
    assert ask(page, "i18n.js", "m.t('or')") == "ou"
    assert ask(page, "i18n.js", "m.t('Good game!')") == "Bonne partie !"
    page.context.close()
    german = page_in(browser, base_url, "de")
    label = ask(german, "i18n.js", "m.t(', the turn-up you took')")
    assert "die aufgedeckte Karte" in label and "von die" not in label
    german.context.close()


def test_claim_the_rest_says_you_in_a_game_without_sides(browser: Browser, base_url: str) -> None:
    page = new_context(browser).new_page()
    sit_down(page, create_table(base_url, "rams", {})["invite_url"], "Ana")
    help_text = page.locator("#claim-help")
    help_text.wait_for()
    assert help_text.inner_text() == "You take every trick left (checked by the solver)"
    page.context.close()
