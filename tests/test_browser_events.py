"""The duplicate events issue's walk, in a real Chromium driven as its users would: Ana founds a
club and holds a two-round duplicate event of one board a round; she and Ben (in a second
browser) register on its page, as do four more players by the API (who stay away: bots play
for them), bots fill the empty places; Ana starts it, both play their hands at the tables the
event page sends them to, and once it is over the standings and a board's page show every
table's result and its solver review, and the stored records show the board dealt the same hands
at every table. The same pages are then walked in the pseudo-locale (no English word left
untranslated) and read in German."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

import httpx
import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import served_quick_bots
from table_support import browser, new_context, take_turn, turns, watch_errors
from test_browser_event_tables import SHOWN_HANDS, hands_of
from test_browser_languages import unmarked

__all__ = ["browser"]  # the fixture, used by name

PASSWORD = "a good long password"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A real server whose bots move at once and play for a player away for a second."""
    folder = tmp_path_factory.mktemp("events")
    with served_quick_bots(folder, seed=11, grace_seconds=1.0, substitute_level="easy",
                           event_seconds=0.2) as url:  # fmt: skip
        yield url, folder / "tables.db"


def sign_up(page: Page, name: str) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector(f"#me:has-text('{name}')")


def register_away(base_url: str, event_id: str, name: str) -> None:
    """A player who registers by the API and never comes to the table."""
    with httpx.Client(base_url=base_url) as client:
        made = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        headers = {"X-CSRF-Token": made.json()["csrf"]}
        response = client.post(f"/api/events/{event_id}/register", headers=headers)
        assert response.status_code == 200, response.text


def create_event(page: Page, base_url: str) -> tuple[str, str]:
    """Ana founds the club and holds the event: (the club's id, the event's)."""
    page.goto(base_url + "/clubs")
    sign_up(page, "Ana")
    page.fill("[data-testid=club-name]", "Tuesday Pepper")
    page.click("[data-testid=create-club]")
    page.wait_for_selector("[data-testid=club-title]:has-text('Tuesday Pepper')")
    club_id = page.url.rsplit("/", 1)[1]
    page.fill("[data-testid=event-name]", "Two-round duplicate")
    page.select_option("[data-testid=event-game]", "hasenpfeffer")
    page.fill("[data-testid=event-target]", "2")
    page.fill("[data-testid=event-rounds]", "2")
    page.fill("[data-testid=event-boards]", "1")
    page.click("[data-testid=create-event]")
    page.wait_for_url("**/events/**")
    page.wait_for_selector("[data-testid=event-title]:has-text('Two-round duplicate')")
    return club_id, page.url.rsplit("/", 1)[1]


def event_state(base_url: str, event_id: str) -> dict[str, Any]:
    state: dict[str, Any] = httpx.get(f"{base_url}/api/events/{event_id}").json()
    return state


def play_the_event(pages: list[Page], base_url: str, event_id: str) -> list[int]:
    """Each player goes to the table the event page gives them and plays there, and to the
    next one when a new round starts, until the event is over: the moves each made."""
    at_round, moves = [0] * len(pages), [0] * len(pages)
    for _ in turns(400):
        state = event_state(base_url, event_id)
        if state["status"] == "over":
            return moves
        for index, page in enumerate(pages):
            if at_round[index] != state["round"]:
                page.goto(f"{base_url}/events/{event_id}")
                page.wait_for_selector("[data-testid=my-table]:visible, [data-status=over]")
                if page.locator("[data-status=over]").count():
                    return moves  # the round (and the event) ended meanwhile
                page.click("[data-testid=my-table]")
                page.wait_for_url("**/t/**")
                at_round[index] = state["round"]
            moves[index] += take_turn(page) is not None
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"the event did not end: {event_state(base_url, event_id)}")


def go_to_my_table(page: Page, event_url: str) -> None:
    """Open the event page until it offers the player's table (a page loaded while the tables
    were being made shows none until it is loaded again), then go there."""
    for _ in range(6):
        page.goto(event_url)
        try:
            page.wait_for_selector("[data-testid=my-table]:visible", timeout=5_000)
        except PlaywrightTimeout:
            continue
        page.click("[data-testid=my-table]")
        page.wait_for_url("**/t/**")
        return
    raise AssertionError(f"the event page never offered a table: {page.content()[:300]}")


@dataclasses.dataclass
class Played:
    """The event once played through: where it is, and Ana's browser (its club's admin)."""

    base_url: str
    database: Path
    club_id: str
    event_id: str
    ana: BrowserContext
    moves: list[int]
    errors: list[str]


@pytest.fixture(scope="module")
def played(browser: Browser, server: tuple[str, Path]) -> Iterator[Played]:
    base_url, database = server
    ana_context, ben_context = new_context(browser), new_context(browser)
    ana, ben = ana_context.new_page(), ben_context.new_page()
    ana_errors, ben_errors = watch_errors(ana), watch_errors(ben)
    club_id, event_id = create_event(ana, base_url)
    ana.click("[data-testid=register]")
    ana.wait_for_selector("[data-testid=event-players]:has-text('Ana')")
    ben.goto(f"{base_url}/events/{event_id}")
    sign_up(ben, "Ben")
    ben.click("[data-testid=register]")
    ben.wait_for_selector("[data-testid=unregister]")
    for name in ("Cleo", "Dora", "Emil", "Fritz"):
        register_away(base_url, event_id, name)
    ana.reload()
    ana.wait_for_selector("[data-testid=event-players]:has-text('Fritz')")
    ana.click("[data-testid=start-event]")
    ana.wait_for_selector("[data-testid=event-status][data-status=playing]")
    moves = play_the_event([ana, ben], base_url, event_id)
    ben_context.close()
    ana.close()
    yield Played(base_url, database, club_id, event_id, ana_context, moves, ana_errors + ben_errors)
    ana_context.close()


def test_a_club_holds_a_duplicate_event_that_two_browsers_play_through(played: Played) -> None:
    base_url, database, event_id = played.base_url, played.database, played.event_id
    assert all(played.moves), played.moves  # both played at their tables
    ana = played.ana.new_page()
    errors = watch_errors(ana)
    ana.goto(f"{base_url}/events/{event_id}")
    ana.wait_for_selector("[data-testid=event-status][data-status=over]")
    standings = ana.locator("[data-testid=standings] tbody tr")
    assert standings.count() == 6
    assert ana.locator("[data-testid=event-winners]").inner_text().startswith("Winner")
    names = ana.locator("[data-testid=standings] td.name").all_inner_texts()
    assert sorted(names) == ["Ana", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
    ana.click("[data-testid=boards] a:has-text('Board 1')")
    ana.wait_for_url("**/boards/1")
    ana.wait_for_selector("[data-testid=board-tables] tbody tr")
    state = event_state(base_url, event_id)
    first_round = [t["table_id"] for t in state["schedule"][0]["tables"]]
    rows = ana.locator("[data-testid=board-tables] tbody tr")
    shown = {rows.nth(i).get_attribute("data-table-id") for i in range(rows.count())}
    assert shown == set(first_round) and len(first_round) == 2  # every table's result
    hands = ana.locator("[data-testid=board-deal] [data-testid=board-hand]")
    commitment = state["board_list"][0]["commitment"]
    assert commitment in ana.locator("[data-testid=board-fair]").inner_text()
    dealt = same_hands_in_the_records(database, first_round)
    assert hands.evaluate_all(SHOWN_HANDS) == hands_of(dealt)  # the same cards, seat by seat
    # each table's game was over right after its board: the solver's review of it is shown
    ready = "[data-testid=board-review][data-review=ready]"
    reviewed = ana.locator(ready)
    reviewed.nth(1).wait_for(timeout=60_000)  # both tables' (it asks again while computed)
    assert {reviewed.nth(i).get_attribute("data-table-id") for i in range(2)} == set(first_round)
    assert all("cards;" in text for text in reviewed.all_inner_texts())
    assert played.errors == [] and errors == []
    ana.close()


# the words the players typed: their names, the club's and the event's
NAMES = ("Ana", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Tuesday Pepper", "Two-round duplicate")


def in_language(browser: Browser, played: Played, code: str) -> Page:
    """A page of Ana's browser (signed in, the club's admin) that reads ``code``."""
    context = browser.new_context(storage_state=played.ana.storage_state())
    context.add_init_script(f"localStorage.setItem('tricktable:lang', '{code}')")
    return context.new_page()


def walk(page: Page, base_url: str, played: Played) -> dict[str, list[str]]:
    """The clubs' list, the club's page with the new event's form, the event's page with its
    standings and the board's with its reviews: each page's text left untranslated."""
    left = {}
    page.goto(f"{base_url}/clubs")
    page.wait_for_selector("[data-testid=club-list] li a")
    left["clubs"] = unmarked(page, NAMES)
    page.goto(f"{base_url}/clubs/{played.club_id}")
    page.wait_for_selector("[data-testid=new-event]:visible")
    page.wait_for_selector("[data-testid=event-game] option", state="attached")
    page.wait_for_selector("[data-testid=club-events] li[data-status=over]")
    left["club"] = unmarked(page, NAMES)
    page.goto(f"{base_url}/events/{played.event_id}")
    page.wait_for_selector("[data-testid=event-status][data-status=over]")
    page.wait_for_selector("[data-testid=standings] tbody tr")
    left["event"] = unmarked(page, NAMES)
    page.goto(f"{base_url}/events/{played.event_id}/boards/1")
    page.locator("[data-testid=board-review][data-review=ready]").nth(1).wait_for(timeout=60_000)
    left["board"] = unmarked(page, NAMES)
    return left


def test_the_pseudo_locale_leaves_no_text_unmarked_on_the_event_pages(
    browser: Browser, played: Played
) -> None:
    page = in_language(browser, played, "xx")
    errors = watch_errors(page)
    left = walk(page, played.base_url, played)
    assert left == {"clubs": [], "club": [], "event": [], "board": []}, left
    assert page.locator("[data-testid=language-switch]").count() == 1
    assert errors == []
    page.context.close()


def test_the_club_and_event_pages_read_in_german(browser: Browser, played: Played) -> None:
    page = in_language(browser, played, "de")
    errors = watch_errors(page)
    page.goto(f"{played.base_url}/clubs/{played.club_id}")
    page.wait_for_selector("[data-testid=club-events] li[data-status=over]")
    club = page.inner_text("main")
    assert all(w in club for w in ("Mitglieder", "Turniere", "Ein Duplicate-Turnier veranstalten"))
    assert page.inner_text("[data-testid=club-role]") == "Du bist Admin dieses Klubs."
    assert "Hasenpfeffer · vorbei" in page.inner_text("[data-testid=club-events]")
    page.goto(f"{played.base_url}/events/{played.event_id}")
    page.wait_for_selector("[data-testid=standings] tbody tr")
    assert page.inner_text("[data-testid=event-status]") == "Das Turnier ist vorbei."
    assert page.inner_text("[data-testid=event-winners]").startswith("Sieger: ")
    assert "2 Runden · 1 Board je Runde" in page.inner_text("#event-about")
    # a share of the top with the decimal comma and the space German writes before %
    scores = page.locator("[data-testid=standings] tbody tr td:nth-child(3)").all_inner_texts()
    assert all(re.fullmatch(r"\d{1,3},\d\s%", s) for s in scores), scores
    assert page.get_attribute("html", "lang") == "de"
    assert errors == []
    page.context.close()


def same_hands_in_the_records(database: Path, table_ids: list[str]) -> str:
    """The first deal every table stored (its record's), which must be one and the same."""
    engine = sa.create_engine(f"sqlite:///{database}")
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT table_id, deal, dealer FROM deals WHERE number = 0")
        ).all()
    engine.dispose()
    dealt = {(deal, dealer) for table_id, deal, dealer in rows if table_id in table_ids}
    assert len([r for r in rows if r[0] in table_ids]) == len(table_ids)
    assert len(dealt) == 1, dealt
    return next(iter(dealt))[0]


def test_two_individuals_sit_at_different_tables_and_their_boards_score_against_each_other(
    browser: Browser, server: tuple[str, Path]
) -> None:
    """The issue's walk: two players alone in an event are not seated at one table (where
    every board is a tie); each plays at a table of their own with bots, the same boards."""
    base_url, _ = server
    ida_context, jo_context = new_context(browser), new_context(browser)
    ida, jo = ida_context.new_page(), jo_context.new_page()
    errors = watch_errors(ida) + watch_errors(jo)
    ida.goto(base_url + "/clubs")
    sign_up(ida, "Ida")
    ida.fill("[data-testid=club-name]", "Two of us")
    ida.click("[data-testid=create-club]")
    ida.wait_for_selector("[data-testid=club-title]:has-text('Two of us')")
    ida.fill("[data-testid=event-name]", "Pair of individuals")
    ida.select_option("[data-testid=event-game]", "hasenpfeffer")
    ida.fill("[data-testid=event-target]", "2")
    ida.fill("[data-testid=event-rounds]", "1")
    ida.fill("[data-testid=event-boards]", "1")
    ida.click("[data-testid=create-event]")
    ida.wait_for_url("**/events/**")
    event_id = ida.url.rsplit("/", 1)[1]
    ida.click("[data-testid=register]")
    ida.wait_for_selector("[data-testid=event-players]:has-text('Ida')")
    jo.goto(f"{base_url}/events/{event_id}")
    sign_up(jo, "Jo")
    jo.click("[data-testid=register]")
    jo.wait_for_selector("[data-testid=unregister]")
    ida.reload()
    ida.wait_for_selector("[data-testid=event-players]:has-text('Jo')")
    ida.click("[data-testid=start-event]")
    ida.wait_for_selector("[data-testid=event-status][data-status=playing]")
    tables = []
    for page in (ida, jo):
        go_to_my_table(page, f"{base_url}/events/{event_id}")
        tables.append(page.url.split("/t/", 1)[1].split("?")[0])
    assert tables[0] != tables[1], "each at a table of their own"
    state = event_state(base_url, event_id)
    seated = {t["table_id"]: t["entrants"] for t in state["schedule"][0]["tables"]}
    assert sorted(seated) == sorted(tables)
    assert sorted(e[0] for e in seated.values()) == ["Ida", "Jo"]
    assert all(e[1:] == [None, None, None] for e in seated.values()), "bots fill the rest"
    play_the_event([ida, jo], base_url, event_id)
    board = httpx.get(f"{base_url}/api/events/{event_id}/boards/1").json()
    held = [next(s for s in t["scores"] if s["place"] == 0) for t in board["tables"]]
    assert sorted(s["names"] for s in held) == ["Ida", "Jo"]
    assert sum(s["percent"] for s in held) == 100.0, "their boards scored against each other"
    assert errors == []
    ida_context.close()
    jo_context.close()
