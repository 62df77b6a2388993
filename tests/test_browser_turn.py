"""The signal that it is your turn (web/table/turn.js), in a real Chromium: the tab's title
begins with ● exactly while the player may act, a beep sounds when the turn comes (counted on
``body[data-turn-sounds]``) and the sound setting, on by default, silences it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from table_support import base_url, browser, create_table, new_context, sit_down, take_turn, turns

__all__ = ["base_url", "browser"]  # the fixtures, used by name

# In one task, so the title and the page it belongs to are seen together.
MARKED_WHEN_ACTING = """() => {
  const acting = document.querySelectorAll('[data-testid=hand] button:not([disabled]), '
    + '.choices [data-testid=action]:not([disabled])').length > 0;
  return { marked: document.title.startsWith('● '), acting };
}"""


def sounds(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.turnSounds || '0'"))


def test_the_title_and_a_sound_tell_the_player_it_is_their_turn(
    browser: Browser, base_url: str
) -> None:
    page = new_context(browser, trickPause=2500).new_page()
    created = create_table(base_url, "hasenpfeffer", {"target_score": 30})
    sit_down(page, created["invite_url"], "Ana")
    assert page.evaluate("localStorage.getItem('tricktable:pref:sound')") is None  # the default
    seen = set()
    for _ in turns(60):
        now = page.evaluate(MARKED_WHEN_ACTING)
        assert now["marked"] == now["acting"], now
        seen.add(now["marked"])
        if seen == {True, False} and sounds(page) >= 2:
            break
        if now["acting"] and page.locator("[data-testid=hand-summary]").count() == 0:
            take_turn(page)
        page.wait_for_timeout(50)
    assert seen == {True, False}
    assert sounds(page) >= 2  # a beep for each turn that came
    assert "Single Hasenpfeffer" in page.title()

    page.click("button:has-text('Settings')")
    toggle = page.locator("[data-testid=sound-toggle]")
    assert toggle.is_checked()
    toggle.uncheck()
    assert page.evaluate("localStorage.getItem('tricktable:pref:sound')") == "false"
    page.click(".settings-panel button:has-text('Close')")
    quiet = sounds(page)
    turns_taken = 0
    for _ in turns(60):
        if turns_taken >= 2:
            break
        if page.evaluate(MARKED_WHEN_ACTING)["acting"]:
            take_turn(page)
            turns_taken += 1
        page.wait_for_timeout(80)
    assert turns_taken >= 2
    assert sounds(page) == quiet  # the setting off: the turns came without a sound
    page.context.close()


def test_a_spectator_never_sees_the_mark(browser: Browser, base_url: str) -> None:
    body_seats = {"game": "hasenpfeffer", "options": {"target_score": 30}}
    created = create_table(base_url, body_seats["game"], body_seats["options"], humans=())
    page = new_context(browser).new_page()
    page.goto(created["invite_url"])
    page.click("[data-testid=watch]")
    page.wait_for_selector("[data-testid=trick], [data-testid=hand-summary]")
    titles = [page.title() for _ in range(5) if page.wait_for_timeout(100) is None]
    assert titles and not any(title.startswith("●") for title in titles)
    assert sounds(page) == 0
    page.context.close()
