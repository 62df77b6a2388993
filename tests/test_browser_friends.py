"""Friends in a real Chromium, as people use them: two accounts become friends on their pages
(the one sees the other online); one invites the other by name to a seat of a waiting table;
the friend sees the invitation in the lobby and takes the seat in one click. A player's page
lists their finished games with who played, a review and the record."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

from playwright.sync_api import Browser, Page

from browser_support import served_quick_bots
from table_support import browser, new_context, watch_errors
from test_browser_account import create_short_table, play_until_over

__all__ = ["browser"]  # the fixture, used by name

FRIEND_SEAT = "a friend (invite link or the lobby)"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_quick_bots(tmp_path_factory.mktemp("friends"), seed=5) as url:
        yield url


def signed_up(browser: Browser, base_url: str, name: str) -> Page:
    page = new_context(browser).new_page()
    page.goto(base_url + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "a good long password")
    page.click("#sign-up")
    page.wait_for_selector(f"#me:has-text('{name}')")
    return page


def befriend(ana: Page, ben: Page, base_url: str) -> None:
    """Ana asks Ben by name on her page; Ben accepts on his."""
    ana.goto(base_url + "/players/Ana")
    ana.fill("[data-testid=friend-name]", "ben")
    ana.click("[data-testid=friend-add]")
    ana.wait_for_selector("[data-testid=friend-asked][data-name=Ben]")
    ben.goto(base_url + "/players/Ben")
    ben.click("[data-testid=friend-request][data-name=Ana] [data-testid=friend-accept]")
    ben.wait_for_selector("[data-testid=friend-list] [data-testid=friend][data-name=Ana]")


def test_a_friend_invited_by_name_sees_the_invitation_and_takes_the_seat(
    browser: Browser, base_url: str
) -> None:
    ana, ben = signed_up(browser, base_url, "Ana"), signed_up(browser, base_url, "Ben")
    errors = watch_errors(ana) + watch_errors(ben)
    befriend(ana, ben, base_url)
    # Ben's page is open, so Ana sees him online once her list is asked again
    ana.wait_for_selector("[data-testid=friend][data-name=Ben][data-online=true]", timeout=15000)
    ana.goto(base_url + "/")
    ana.select_option("#game", "hasenpfeffer")
    ana.select_option("#seat-1", "bot:easy")
    ana.select_option("#seat-2", label=FRIEND_SEAT)
    ana.select_option("#seat-3", "bot:easy")
    ana.click("#create-button")
    ana.wait_for_selector("[data-testid=waiting]")
    table_id = ana.url.rsplit("/", 1)[1]
    ana.fill("[data-testid=invite-friend-name]", "Ben")
    ana.click("[data-testid=invite-friend]")
    ana.wait_for_selector("[data-testid=invite-note]:has-text('Ben')")

    ben.goto(base_url + "/")
    invitation = ben.locator(f"[data-testid=invitation][data-table-id='{table_id}']")
    invitation.wait_for()
    assert "Ana" in invitation.inner_text()
    invitation.locator("[data-testid=invitation-accept]").click()
    ben.wait_for_url(f"**/t/{table_id}")
    ben.wait_for_selector("[data-testid=hand]")
    ana.wait_for_selector("[data-testid=waiting]", state="detached")
    assert "Ben" in ana.locator("[data-testid=seat-2]").inner_text()
    ben.goto(base_url + "/")
    ben.wait_for_selector("#invitations-panel[hidden]", state="attached")
    assert ben.locator("[data-testid=invitation]").count() == 0  # a taken seat's is gone
    assert not errors, errors


def test_a_players_page_lists_a_finished_game_with_who_played_and_its_record(
    browser: Browser, base_url: str
) -> None:
    cleo = signed_up(browser, base_url, "Cleo")
    errors = watch_errors(cleo)
    table_id = create_short_table(cleo, {1: "bot:easy", 2: "bot:easy", 3: "bot:easy"})
    play_until_over(cleo)
    cleo.goto(base_url + "/players/Cleo")
    game = cleo.locator(f"[data-testid=recent-games] [data-table-id='{table_id}']")
    game.wait_for()
    text = game.inner_text()
    assert "Single Hasenpfeffer" in text and ("won" in text or "lost" in text)
    players = game.locator("[data-testid=recent-players]").inner_text()
    assert players.startswith("Players: Cleo, ") and "(easy bot)" in players
    record = game.locator("[data-testid=download-record]")
    assert record.get_attribute("href") == f"/api/tables/{table_id}/record"
    assert game.locator(f"a[href='/review/{table_id}']").count() == 1
    assert not errors, errors
