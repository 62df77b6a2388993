"""The pages in every language, in a real Chromium: the browser's catalogs (``/api/i18n``), the
language chosen from the browser's languages or the switch, and the pseudo-locale ``xx`` that
finds any visible text left in English (every translated text is wrapped in ⟦ ⟧).

Skipped (saying why) when /usr/bin/chromium or the playwright package is missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

from playwright.sync_api import Browser, Page

from browser_support import chromium, served_quick_bots, watch_errors

# Visible text the pseudo-locale leaves alone: the product's name, numbers and signs, card faces
# (one or several; their rank letters come from the catalog, so accented in the pseudo-locale).
ALLOWED = re.compile(
    r"^(tricktable|[\d\s.,:;·()+−\-–—/%|&#…]+|(?:[AKQJ2-9TBDRV10ÀĶɊĴ]{1,2}[♠♥♦♣]?\s*)+|[♠♥♦♣★☆]+"
    r"|[0-9a-f]{4}|[^\w\s]+)$"  # a deal's commitment (hex), an emoji
)

UNMARKED = r"""([allowed, names]) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    // a table's rules as typed (option names and values stay as they are typed in every language),
    // a command or a deal's notation (code) too
    if (!text || !parent || parent.closest("#language, script, style, svg, #review-rules, code")) {
      continue;
    }
    // one message with elements in its placeholders (data-i18n-filled): marked as a whole
    const whole = parent.closest("[data-i18n-filled]");
    if (whole && whole.textContent.includes("⟦")) continue;
    const shown = parent.tagName === "OPTION" ? parent.selected && parent.parentElement : parent;
    if (!shown || !shown.checkVisibility()) continue;
    const rest = names.reduce((left, name) => left.replaceAll(name, ""), text);
    const named = rest.replace(/[\s&,·:]/g, "") === "" && names.some((n) => text.includes(n));
    if (!text.includes("⟦") && !named && !new RegExp(allowed).test(text)) found.push(text);
  }
  return found;
}"""


def unmarked(page: Page, names: tuple[str, ...] = ()) -> list[str]:
    """The visible text nodes of the page that did not pass through a translation (``names``:
    the players' names, which stay as they are)."""
    found: list[str] = page.evaluate(UNMARKED, [ALLOWED.pattern, list(names)])
    return found


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_quick_bots(tmp_path_factory.mktemp("languages"), seed=7) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def page_in(browser: Browser, locale: str, saved: str | None = None) -> Page:
    """A page of a browser whose languages are ``locale``'s, with a saved choice if given."""
    context = browser.new_context(locale=locale)
    if saved is not None:
        context.add_init_script(f"localStorage.setItem('tricktable:lang', '{saved}')")
    return context.new_page()


LOBBY_WORDS = {
    "en": ("Start a game", "Play now", "you and bots, standard rules, one click"),
    "de": ("Spiel starten", "Sofort spielen", "du und Bots, Standardregeln, ein Klick"),
    "fr": (
        "Commencer une partie",
        "Jouer maintenant",
        "vous et des bots, règles standard, un clic",
    ),
    "ms": ("Mula permainan", "Main sekarang", "anda dan bot, peraturan standard, satu klik"),
}
BROWSER_LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "ms": "ms-MY"}


@pytest.mark.parametrize("code", sorted(LOBBY_WORDS))
def test_the_lobby_speaks_the_browsers_language(browser: Browser, base_url: str, code: str) -> None:
    page = page_in(browser, BROWSER_LOCALES[code])
    errors = watch_errors(page)
    page.goto(base_url + "/")
    page.wait_for_selector("#game option", state="attached")
    text = page.inner_text("main")
    assert all(words in text for words in LOBBY_WORDS[code])
    assert page.get_attribute("html", "lang") == code
    assert page.input_value("[data-testid=language-switch]") == code
    assert errors == []
    page.context.close()


def test_the_switch_is_remembered_over_the_browsers_language(
    browser: Browser, base_url: str
) -> None:
    page = page_in(browser, "de-DE")
    page.goto(base_url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("[data-testid=language-switch]", "ms")
    page.wait_for_function("() => document.documentElement.lang === 'ms'")
    page.wait_for_selector("#game option", state="attached")
    assert "Mula permainan" in page.inner_text("main")
    page.goto(base_url + "/")
    page.wait_for_selector("#game option", state="attached")
    assert "Mula permainan" in page.inner_text("main")
    page.context.close()


def open_lobby(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#game option", state="attached")


def use_account(page: Page, name: str, button: str) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", "correct horse")
    page.click(button)


def test_the_language_chosen_is_stored_with_the_account_and_followed_elsewhere(
    browser: Browser, base_url: str
) -> None:
    page = page_in(browser, "fr-FR")
    open_lobby(page, base_url)
    use_account(page, "Amélie", "#sign-up")
    page.wait_for_selector("#me")
    page.select_option("[data-testid=language-switch]", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    other = page_in(browser, "en-US")  # another device: nothing saved, an English browser
    open_lobby(other, base_url)
    assert other.get_attribute("html", "lang") == "en"
    use_account(other, "amélie", "#sign-in")
    other.wait_for_function("() => document.documentElement.lang === 'de'")
    other.wait_for_selector("#me")
    assert all(words in other.inner_text("main") for words in LOBBY_WORDS["de"])
    assert other.evaluate("localStorage.getItem('tricktable:lang')") == "de"
    page.context.close()
    other.context.close()


def test_the_lobby_leaves_no_text_untranslated(browser: Browser, base_url: str) -> None:
    page = page_in(browser, "en-US", saved="xx")
    errors = watch_errors(page)
    page.goto(base_url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.wait_for_selector("#seats select", state="attached")
    page.wait_for_selector("#my-tables li")
    left = unmarked(page)
    assert left == [], left
    assert errors == []
    page.context.close()


ALL_CHOICES = """() => [...document.querySelectorAll('#options select option')]
  .map((o) => o.textContent.trim()).filter((text) => !text.includes("⟦"))"""


def test_every_games_rule_options_are_translated(browser: Browser, base_url: str) -> None:
    """Each game's options in the lobby (the labels, their help and every value of every
    choice) pass through a translation."""
    page = page_in(browser, "en-US", saved="xx")
    errors = watch_errors(page)
    page.goto(base_url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.click("#more-options summary")
    games = page.eval_on_selector_all("#game option", "(all) => all.map((o) => o.value)")
    assert len(games) == 6
    for game in games:
        page.select_option("#game", game)  # the options are drawn again on the change
        assert (unmarked(page), page.evaluate(ALL_CHOICES)) == ([], []), game
    assert errors == []
    page.context.close()
