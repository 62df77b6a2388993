"""The tables of a duplicate event in a real Chromium (web/table/event.js, the clubs page's
event form, the board page's records): an event table reads "Board k of n" and links back to
its event (a real event's table, where the event seated its entrant), and its game over leads
back there; the event form sends the bot level and the rules; a board's page downloads every
table's record, which `tricktable verify` accepts."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

import httpx
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from browser_support import served_quick_bots
from table_support import DESKTOP, PHONE, browser, new_context, take_turn, turns
from tricktable.verify import verify_record

__all__ = ["browser"]  # the fixture, used by name

PASSWORD = "a good long password"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose bots move at once and play for a player away for a second."""
    folder = tmp_path_factory.mktemp("event-tables")
    with served_quick_bots(folder, seed=5, grace_seconds=1.0, substitute_level="easy",
                           event_seconds=0.2) as url:  # fmt: skip
        yield url


@pytest.fixture(scope="module")
def patient_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose bots move at once but wait for a player who is not there yet (no
    bot plays the hands of an event's entrant on her way from the event page to her table)."""
    folder = tmp_path_factory.mktemp("event-tables-patient")
    with served_quick_bots(folder, seed=6, event_seconds=0.2) as url:
        yield url


def an_event(base_url: str, boards: int) -> tuple[str, dict[str, str], Any]:
    """A club's one-round event of ``boards`` boards (Hasenpfeffer to 1 point), one entrant
    registered already who never comes (a bot plays for them): its id, the admin's CSRF
    header and the admin's client (close it when done)."""
    admin = httpx.Client(base_url=base_url)
    made = admin.post("/api/accounts", json={"name": "Kai", "password": PASSWORD}).json()
    headers = {"X-CSRF-Token": made["csrf"]}
    club = admin.post("/api/clubs", json={"name": "Event table club"}, headers=headers).json()
    body = {"name": "Tuesday duplicate", "game": "hasenpfeffer", "rounds": 1, "boards": boards,
            "options": {"target_score": 1}}  # fmt: skip
    made = admin.post(f"/api/clubs/{club['club_id']}/events", json=body, headers=headers)
    assert made.status_code == 201, made.text
    event_id: str = made.json()["event_id"]
    with httpx.Client(base_url=base_url) as away:
        csrf = away.post("/api/accounts", json={"name": "Lena", "password": PASSWORD}).json()
        registered = away.post(
            f"/api/events/{event_id}/register", headers={"X-CSRF-Token": csrf["csrf"]}
        )
        assert registered.status_code == 200, registered.text
    return event_id, headers, admin


def go_to_my_table(page: Page) -> None:
    """The event page's button to one's table, once the event has seated everyone (on a busy
    machine a refresh of the page can wait behind the new tables' bots: load it again)."""
    for _ in turns(60):
        try:
            page.wait_for_selector("#my-table:not([hidden])", timeout=10_000)
        except PlaywrightError:
            page.reload()
            continue
        page.click("#my-table")
        try:
            page.wait_for_url("**/t/**", timeout=2000)
            return
        except PlaywrightError:
            continue  # the round's tables are being made: ask again
    raise AssertionError("the event never sent us to a table")


def test_an_event_table_reads_its_board_and_leads_back_to_the_event(
    browser: Browser, patient_url: str
) -> None:
    event_id, headers, admin = an_event(patient_url, boards=2)
    page = new_context(browser).new_page()
    page.goto(f"{patient_url}/events/{event_id}")
    sign_up(page, "Ana")
    page.click("#register")
    page.wait_for_selector("#unregister:not([hidden])")
    started = admin.post(f"/api/events/{event_id}/start", headers=headers)
    assert started.status_code == 200, started.text
    admin.close()
    go_to_my_table(page)
    page.wait_for_selector("[data-testid=hand]")
    header = page.locator("header.bar")
    header.locator("text=Board 1 of 2").wait_for()
    assert "hand 1" not in header.inner_text()
    link = page.locator("[data-testid=event-link]")
    assert link.get_attribute("href") == f"/events/{event_id}"
    assert "Tuesday duplicate" in link.inner_text()
    assert "to 1 point" not in page.locator("[data-testid=table]").inner_text()
    for _ in turns(300):
        if page.locator("[data-testid=game-over]").count():
            break
        take_turn(page)
        page.wait_for_timeout(60)
    over = page.locator("[data-testid=game-over]")
    assert (
        over.locator("[data-testid=back-to-event]").get_attribute("href") == f"/events/{event_id}"
    )
    assert over.locator("[data-testid=rematch], [data-testid=new-table]").count() == 0
    page.context.close()


def sign_up(page: Page, name: str) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector(f"#me:has-text('{name}')")


def test_the_event_form_sends_the_bot_level_and_the_rules(browser: Browser, base_url: str) -> None:
    page = new_context(browser).new_page()
    page.goto(base_url + "/clubs")
    sign_up(page, "Edda")
    page.fill("[data-testid=club-name]", "Form club")
    page.click("[data-testid=create-club]")
    page.wait_for_selector("[data-testid=club-title]:has-text('Form club')")
    page.fill("[data-testid=event-name]", "Pepper night")
    page.select_option("[data-testid=event-game]", "hasenpfeffer")
    page.select_option("[data-testid=event-rules]", label="Pepper bids and going alone")
    page.select_option("[data-testid=event-bot-level]", "hard")
    page.fill("[data-testid=event-target]", "6")
    page.click("[data-testid=create-event]")
    page.wait_for_url("**/events/**")
    event = httpx.get(f"{base_url}/api/events/{page.url.rsplit('/', 1)[1]}").json()
    assert event["bot_level"] == "hard"
    assert event["options"] == {"pepper_bidding": True, "going_alone": "maker", "target_score": 6}
    page.context.close()


def played_event(base_url: str) -> str:
    """A one-board event whose two entrants never come (bots play for them): its id, once over."""
    with httpx.Client(base_url=base_url) as admin:
        csrf = admin.post("/api/accounts", json={"name": "Hugo", "password": PASSWORD}).json()
        headers = {"X-CSRF-Token": csrf["csrf"]}
        club = admin.post("/api/clubs", json={"name": "Board club"}, headers=headers).json()
        body = {"name": "One board", "game": "hasenpfeffer", "rounds": 1, "boards": 1}
        made = admin.post(f"/api/clubs/{club['club_id']}/events", json=body, headers=headers)
        event_id: str = made.json()["event_id"]
        for name in ("Ilse", "Jonas"):
            with httpx.Client(base_url=base_url) as player:
                made = player.post("/api/accounts", json={"name": name, "password": PASSWORD})
                registered = player.post(
                    f"/api/events/{event_id}/register",
                    headers={"X-CSRF-Token": made.json()["csrf"]},
                )
                assert registered.status_code == 200, registered.text
        started = admin.post(f"/api/events/{event_id}/start", headers=headers)
        assert started.status_code == 200, started.text
    for _ in turns(240):
        if httpx.get(f"{base_url}/api/events/{event_id}").json()["status"] == "over":
            return event_id
        time.sleep(0.3)
    raise AssertionError("the event did not end")


@pytest.fixture(scope="module")
def one_board_event(base_url: str) -> str:
    """The one-board event of :func:`played_event`, once over: its id."""
    return played_event(base_url)


def test_a_boards_page_downloads_every_tables_record(
    browser: Browser, base_url: str, one_board_event: str, tmp_path: Path
) -> None:
    event_id = one_board_event
    page = new_context(browser).new_page()
    page.goto(f"{base_url}/events/{event_id}/boards/1")
    links = page.locator("[data-testid=board-tables] [data-testid=download-record]")
    links.first.wait_for()
    assert links.count() >= 1
    records: list[dict[str, Any]] = []
    for index in range(links.count()):
        with page.expect_download() as event:
            links.nth(index).click()
        saved = tmp_path / f"{index}.json"
        event.value.save_as(saved)
        records.append(json.loads(saved.read_text()))
    assert all(verify_record(r) is None for r in records)
    deals = {json.dumps(r["deals"][0]["deal"], sort_keys=True) for r in records}
    assert len(deals) == 1  # one board: the same hands at every table
    page.locator("[data-testid=board-review][data-review=ready]").first.wait_for(timeout=60_000)
    assert "Seat " not in page.locator("[data-testid=board-reviews]").inner_text()  # names
    page.context.close()
    phone = new_context(browser, PHONE).new_page()
    phone.goto(f"{base_url}/events/{event_id}/boards/1")
    phone.locator("[data-testid=board-fair]:has-text('secret')").wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.context.close()


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_words(card: str) -> str:
    """A card of the notation ("10S", "JK") as the English page writes it ("10♠", "Joker")."""
    return "Joker" if card == "JK" else card[:-1] + SUIT_SYMBOLS[card[-1]]


def hands_of(deal: str) -> list[list[str]]:
    """A deal's notation as the page lists it: each seat's hand, then the cards left over."""
    hands, *rest = deal.split(" | ")
    left = " ".join(rest).split()
    return [[card_words(c) for c in hand.split()] for hand in hands.split(" / ")] + (
        [[card_words(c) for c in left]] if left else []
    )


SHOWN_HANDS = """(lines) => lines.map((line) =>
  [...line.querySelectorAll('.card-text')].map((card) => card.textContent))"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_boards_page_shows_the_hands_as_cards_that_fit_the_screen(
    browser: Browser, base_url: str, one_board_event: str, size: dict[str, int]
) -> None:
    event_id = one_board_event
    board = httpx.get(f"{base_url}/api/events/{event_id}/boards/1").json()
    page = new_context(browser, size).new_page()
    page.goto(f"{base_url}/events/{event_id}/boards/1")
    lines = page.locator("[data-testid=board-deal] [data-testid=board-hand]")
    lines.first.wait_for()
    deal = board["tables"][0]["deal"]
    assert lines.evaluate_all(SHOWN_HANDS) == hands_of(deal)  # every card, seat by seat
    text = page.locator("[data-testid=board-deal]").inner_text()
    assert deal.split(" / ")[0] not in text and "Seat 1 (" in text  # not the notation
    dealer = board["tables"][0]["dealer"]
    assert "Dealer" in lines.nth(dealer).inner_text()
    places = page.locator("[data-testid=board-tables] td.name").all_inner_texts()
    bots = [name for name in places if name.endswith("bot)")]  # "Bruno (easy bot)"
    assert "bot" not in places and len(bots) == len(places) - 2, places  # two entrants
    page.locator("[data-testid=board-fair]:has-text('secret')").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    page.context.close()
