"""The table in every language, in a real Chromium: a whole hand of every game played in
English, German, French and Malay finds that language's words (the page's own and the game's,
which the server says in the page's language); the pseudo-locale leaves no visible text unmarked
at the table; two players at one table each read it in their own language.

Skipped (saying why) when /usr/bin/chromium or the playwright package is missing.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from browser_support import served_quick_bots
from conftest import first_legal_factory
from table_support import FAST, WATCH_HELD, browser, create_table, take_turn, watch_errors
from test_browser_languages import unmarked
from tricktable.i18n import translator

__all__ = ["browser"]  # the fixture, used by name


def heading(code: str) -> str:
    """The hand summary's heading of the first hand, as the catalog (the terminal's too) says it."""
    return translator(code).gettext("Hand {number}").format(number=1)


# words each language shows at a hand of Euchre: the page's own, then the game's (the server's)
WORDS = {
    code: (trump, heading(code), bower, sheet)
    for code, trump, bower, sheet in (
        ("en", "Trump", "right bower", "Score sheet"),
        ("de", "Trumpf", "rechter Bauer", "Punkteliste"),
        ("fr", "Atout", "bower droit", "Feuille de marque"),
        ("ms", "Truf", "bower kanan", "Helaian skor"),
    )
}
LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "ms": "ms-MY"}
PLAYER_SHOWN = """() => document.getElementById("player-error").textContent
  || document.getElementById("player-games").children.length"""
NAMES = ("Ana", "Bo", "Ada", "Bruno", "Cleo", "Dario")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Bots that take their first legal action: they pass while they may, so the human seat
    is asked to order up and the hand is played."""
    with served_quick_bots(tmp_path_factory.mktemp("table-languages"), seed=3,
                           bot_factory=first_legal_factory) as url:  # fmt: skip
        yield url


def context_in(browser: Browser, locale: str, saved: str | None = None) -> BrowserContext:
    """A profile whose browser speaks ``locale`` (a saved choice over it when given)."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    prefs = "".join(
        f"localStorage.setItem('tricktable:pref:{k}', '{json.dumps(v)}');" for k, v in FAST.items()
    )
    if saved is not None:
        prefs += f"localStorage.setItem('tricktable:lang', '{saved}');"
    context.add_init_script(prefs + WATCH_HELD)
    return context


def sit(page: Page, invite_url: str, name: str) -> None:
    page.goto(invite_url)
    page.fill("[data-testid=join-name]", name)
    page.click("[data-testid=join]")
    page.wait_for_selector("[data-testid=hand]")


def play_until_summary(page: Page, seconds: float = 240, check: Any = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("[data-testid=hand-summary]").count():
            return
        if check is not None:
            check(page)
        take_turn(page, prefer="order-up", dismiss=False)
        page.wait_for_timeout(60)
    raise AssertionError("the hand did not end")


# every game, each under options that end it soon; the bowers are the words of the games
# that have them
GAMES: dict[str, dict[str, Any]] = {
    "euchre": {"target_score": 1},
    "hasenpfeffer": {"target_score": 5},
    "double-hasenpfeffer": {"target_score": 5},
    "rams": {},
    "bierspiel": {},
    "rounce": {},
}
BOWERS = {"euchre", "hasenpfeffer"}  # "right bower" is their rules' word


def assert_summary_heads_agree(page: Page, code: str) -> None:
    """The summary's column heads are the catalog's words, each written the same way (with a
    capital, not "Tricks | points | Total")."""
    words = translator(code).gettext
    heads = page.locator("[data-testid=hand-summary] thead th").all_inner_texts()[1:]
    assert heads[0] == words("Tricks") and heads[2] == words("Total"), heads
    assert heads[1] in (words("Points"), words("Chips")), heads
    assert all(head[:1].isupper() for head in heads), heads


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("code", sorted(WORDS))
def test_a_whole_hand_in_each_language(
    browser: Browser, base_url: str, code: str, game: str
) -> None:
    context = context_in(browser, LOCALES[code])
    page = context.new_page()
    errors = watch_errors(page)
    created = create_table(base_url, game, GAMES[game])
    sit(page, created["invite_url"], "Ana")
    trump, hand, bower, sheet = WORDS[code]
    assert trump in page.inner_text("[data-testid=contract]")
    if game in BOWERS:
        assert bower in (page.locator("[data-testid=rules]").text_content() or "")
    assert sheet in page.inner_text("[data-testid=score-sheet]")
    play_until_summary(page)
    assert hand in page.inner_text("[data-testid=hand-summary]")
    assert_summary_heads_agree(page, code)
    if code != "en":
        english = ("Trump", "Hand 1", "Score sheet", "right bower", "Continue", "See the result")
        text = page.inner_text("body")
        assert [word for word in english if re.search(rf"\b{word}\b", text)] == [], text
    assert errors == []
    context.close()


def pseudo_hand(browser: Browser, base_url: str, game: str) -> tuple[Page, Any, list[Any]]:
    """A hand of ``game`` played in the pseudo-locale with its rules open, every text it left
    unmarked asserted absent: the page, the table created and the page's errors."""
    page = context_in(browser, "en-US", saved="xx").new_page()
    errors = watch_errors(page)
    created = create_table(base_url, game, GAMES[game])
    sit(page, created["invite_url"], "Ana")
    page.click("[data-testid=rules] summary")
    seen: set[str] = set()
    play_until_summary(page, check=lambda p: seen.update(unmarked(p, NAMES)))
    seen.update(unmarked(page, NAMES))
    assert sorted(seen) == [], " | ".join(sorted(seen))
    return page, created, errors


def test_the_pseudo_locale_leaves_no_table_text_unmarked(browser: Browser, base_url: str) -> None:
    page, created, errors = pseudo_hand(browser, base_url, "euchre")
    context = page.context
    page.goto(f"{base_url}/review/{created['table_id']}")
    page.locator("#review-hand .headline").wait_for(timeout=60_000)
    page.goto(f"{base_url}/review/{created['table_id']}")  # the review stored, as it is read later
    page.locator("#review-hand .headline").wait_for(timeout=60_000)
    left = unmarked(page, NAMES)
    assert left == [], " | ".join(left)
    page.goto(f"{base_url}/leaderboard")
    page.locator("#board tr").first.wait_for()
    left = unmarked(page, NAMES)
    assert left == [], " | ".join(left)
    page.goto(f"{base_url}/players/Ana")
    page.wait_for_function(PLAYER_SHOWN)
    left = unmarked(page, NAMES)
    assert left == [], " | ".join(left)
    assert [error for error in errors if "404" not in error] == []
    context.close()


def test_two_players_at_one_table_read_it_in_two_languages(browser: Browser, base_url: str) -> None:
    created = create_table(base_url, "euchre", {"target_score": 1}, humans=(0, 2))
    german, french = context_in(browser, "de-DE"), context_in(browser, "en-US", saved="fr")
    ana, bo = german.new_page(), french.new_page()
    sit(ana, created["invite_url"], "Ana")
    sit(bo, created["invite_url"], "Bo")
    for page, (trump, _hand, bower, _sheet) in ((ana, WORDS["de"]), (bo, WORDS["fr"])):
        page.wait_for_selector("[data-testid=contract]")
        assert trump in page.inner_text("[data-testid=contract]")
        assert bower in (page.locator("[data-testid=rules]").text_content() or "")
    deadline = time.monotonic() + 240
    while not (ana.locator("[data-testid=hand-summary]").count()
               and bo.locator("[data-testid=hand-summary]").count()):  # fmt: skip
        assert time.monotonic() < deadline, "the hand did not end"
        for page in (ana, bo):
            if not page.locator("[data-testid=hand-summary]").count():
                take_turn(page, prefer="order-up", dismiss=False)
        ana.wait_for_timeout(60)
    assert heading("de") in ana.inner_text("[data-testid=hand-summary]")
    assert heading("fr") in bo.inner_text("[data-testid=hand-summary]")
    german.close()
    french.close()


@pytest.mark.parametrize("game", sorted(set(GAMES) - {"euchre"}))
def test_the_pseudo_locale_leaves_no_text_unmarked_in_any_game(
    browser: Browser, base_url: str, game: str
) -> None:
    """A hand of every other game (Euchre's, with the review and the other pages: above)."""
    page, _created, errors = pseudo_hand(browser, base_url, game)
    assert errors == []
    page.context.close()
