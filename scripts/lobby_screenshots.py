"""Take the lobby's screenshots in docs/screens/: each page at 1280x800 and 390x844.

    python scripts/lobby_screenshots.py [--base http://127.0.0.1:8000] [--chromium PATH]

Walks the site as new users would, in real browsers: Ana signs up (after a refused short
password), plays a short game against bots by clicking the table (learning mode on), opens a
table for a friend; Bo finds it in the lobby. Then it photographs the lobby, the sign-up bar,
My tables, Ana's player page, the leaderboard, the review of her game and a table of bots with
undo, claim, bot speed and learning mode. Without ``--base`` it starts a server on loopback
with a fresh SQLite file; with it, it uses that server (whose database must not know Ana or Bo
yet), e.g. one started by ``tricktable serve``. Needs the server and dev extras.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from screenshots import VIEWPORTS, serve, shrink

PASSWORD = "a good long password"
FAST = "localStorage.setItem('tricktable:pref:trickPause', '600');"
PLAYABLE = "[data-testid=hand] button[data-action^='play ']:not([disabled])"


def click_card(card: Any) -> None:
    card.click(position={"x": 6, "y": 40})  # where an overlapped card of the hand shows


def step(page: Page) -> str | None:
    """One move of the seated player if it is her turn (first choices), or close a summary."""
    if page.locator("[data-testid=continue]").count():
        page.click("[data-testid=continue]")
        return "continue"
    confirm = page.locator(".choices .primary[data-testid=action]")
    if confirm.count():
        found = re.search(r"of (\d+) chosen", page.locator("[data-testid=prompt]").inner_text())
        cards = page.locator("[data-testid=hand] button:not([disabled])")
        for index in range(int(found.group(1)) if found else 1):
            click_card(cards.nth(index))
        confirm.click()
        return "confirm"
    actions = page.locator(".choices [data-testid=action]")
    if actions.count():
        actions.first.click()
        return "action"
    cards = page.locator(PLAYABLE)
    if cards.count():
        click_card(cards.first)
        return "play"
    return None


def sign_up(page: Page, base: str, name: str, refused: Path | None = None) -> None:
    page.goto(base + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "short")
    page.click("#sign-up")
    page.wait_for_selector("#account-error:has-text('8 characters')")
    if refused is not None:
        shoot(page, refused)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector(f"#me:has-text('{name}')")


def short_table(page: Page, base: str, seats: dict[int, str]) -> str:
    """Set up Single Hasenpfeffer to 1 point in the lobby and sit down; the table's id."""
    page.goto(base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "hasenpfeffer")
    page.click("#more-options summary")
    page.fill("#opt-target_score", "1")
    page.locator("#opt-target_score").dispatch_event("change")
    page.wait_for_function("() => document.getElementById('rules-string').innerText.includes('1')")
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#create-button")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("[data-testid=hand]")
    return page.url.rsplit("/", 1)[1]


def play(page: Page, solo_shot: Path | None = None, seconds: float = 600) -> None:
    """Play to the end by clicking; photograph the bots' table once a lesson shows."""
    if solo_shot is not None:
        page.check("[data-testid=learning]")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("[data-testid=game-over]").count():
            return
        if step(page) == "play" and solo_shot is not None:
            page.wait_for_selector("[data-testid=lesson]", timeout=120_000)
            page.wait_for_selector(PLAYABLE)
            page.locator("[data-testid=solo-controls]").scroll_into_view_if_needed()
            shoot(page, solo_shot)
            solo_shot = None
        page.wait_for_timeout(100)
    raise TimeoutError("the game did not end")


def shoot(page: Page, path: Path) -> None:
    page.wait_for_timeout(300)  # let the last redraw settle before the photograph
    page.screenshot(path=str(path))
    shrink(path)
    print(path)


def walk(base: str, browser: Browser, out: Path) -> None:
    ana = browser.new_context(viewport=VIEWPORTS["desktop"])
    ana.add_init_script(FAST)
    page = ana.new_page()
    sign_up(page, base, "Ana", refused=out / "signup-desktop.png")
    mine = short_table(page, base, {1: "bot:easy", 2: "bot:easy", 3: "bot:easy"})
    play(page, solo_shot=out / "solo-desktop.png")
    short_table(page, base, {1: "bot:easy", 2: "human", 3: "bot:easy"})  # for a friend
    phone = browser.new_context(viewport=VIEWPORTS["phone"], storage_state=ana.storage_state())
    phone.add_init_script(FAST)
    table = phone.new_page()
    short_table(table, base, {1: "bot:medium", 2: "bot:medium", 3: "bot:medium"})
    play(table, solo_shot=out / "solo-phone.png")
    bo = browser.new_context(viewport=VIEWPORTS["desktop"])
    bo.add_init_script(FAST)
    friend = bo.new_page()
    friend.goto(base + "/")
    friend.wait_for_selector("[data-testid=open-table]", timeout=15_000)
    shoot(friend, out / "lobby-desktop.png")
    guest = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    guest.goto(base + "/")
    guest.wait_for_selector("[data-testid=open-table]", timeout=15_000)
    shoot(guest, out / "lobby-phone.png")
    guest.fill("#account-name", "Bo")
    guest.fill("#account-password", "short")
    guest.click("#sign-up")
    guest.wait_for_selector("#account-error:has-text('8 characters')")
    shoot(guest, out / "signup-phone.png")
    sign_up(friend, base, "Bo")
    short_table(friend, base, {1: "bot:medium", 2: "bot:medium", 3: "bot:medium"})
    play(friend)
    for name, context in (("desktop", ana), ("phone", phone)):
        pages(context.new_page(), base, mine, name, out)


def pages(page: Page, base: str, table_id: str, size: str, out: Path) -> None:
    page.goto(base + "/")
    page.wait_for_selector(f"[data-testid=my-table][data-table-id='{table_id}']")
    page.evaluate("document.getElementById('mine-title').scrollIntoView()")
    shoot(page, out / f"my-tables-{size}.png")
    page.goto(base + "/players/Ana")
    page.wait_for_selector("[data-stat='Rating']")
    shoot(page, out / f"player-{size}.png")
    page.goto(base + "/leaderboard?game=hasenpfeffer")
    page.wait_for_selector("[data-testid=leaderboard] >> text=Bo")
    shoot(page, out / f"leaderboard-{size}.png")
    page.goto(f"{base}/review/{table_id}")
    page.wait_for_selector("[data-testid=review-trick] .review-card", timeout=120_000)
    page.click("#trick-next")
    page.wait_for_selector("h3:has-text('Trick 2')")
    shoot(page, out / f"review-{size}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a running server's URL (default: start one)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", type=Path, default=Path("docs/screens"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        base, server = (args.base, None) if args.base else serve(Path(folder))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            walk(base, browser, args.out)
            browser.close()
        if server is not None:
            server.should_exit = True


if __name__ == "__main__":
    main()
