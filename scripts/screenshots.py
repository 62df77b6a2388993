"""Take the table's screenshots in docs/screens/: every game at 1280x800 and 390x844.

    python scripts/screenshots.py [--chromium /usr/bin/chromium] [--out docs/screens]

Starts a server on loopback with a fresh SQLite file, seats "Ana" with easy bots at each game
and plays (first legal choices, as a test would) until it is her turn to play to a trick that
already has cards in it, then photographs the page. Needs the server and dev extras.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import Page, sync_playwright

from tricktable.server import create_app
from tricktable.server.config import Settings

GAMES: dict[str, dict[str, Any]] = {
    "hasenpfeffer": {"target_score": 10},
    "double-hasenpfeffer": {},
    "rams": {},
    "bierspiel": {},
    "rounce": {"players": 5},
    "euchre": {},
}
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
NAMES = ["Ana", "Ben", "Chiara", "Dev", "Emil"]


def serve(folder: Path) -> tuple[str, uvicorn.Server]:
    settings = dataclasses.replace(Settings(), bot_delay=0.15, grace_seconds=600.0)
    app = create_app(f"sqlite:///{folder / 'tables.db'}", settings=settings, rng=random.Random(3))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def step(page: Page) -> None:
    """One move of the seated player, if it is her turn (first choices, as a test would)."""
    if page.locator("[data-testid=continue]").count():
        page.click("[data-testid=continue]")
        return
    confirm = page.locator(".choices .primary[data-testid=action]")
    if confirm.count():
        text = page.locator("[data-testid=prompt]").inner_text()
        wanted = int(text.split(" of ")[1].split()[0]) if " of " in text else 1
        cards = page.locator("[data-testid=hand] button:not([disabled])")
        for index in range(wanted):
            cards.nth(index).click()
        confirm.click()
        return
    actions = page.locator(".choices [data-testid=action]")
    if actions.count():
        actions.first.click()
        return
    cards = page.locator("[data-testid=hand] button:not([disabled])")
    if cards.count():
        cards.first.click()


def ready(page: Page) -> bool:
    """Her turn to play, with cards already on the trick."""
    return bool(
        page.locator("[data-testid=trick] [data-card]").count() >= 2
        and page.locator("[data-testid=hand] button:not([disabled])").count()
        and not page.locator("[data-testid=trick][data-complete=true]").count()
    )


def shoot(base: str, browser: Any, game: str, options: dict[str, Any], out: Path) -> None:
    players = httpx.post(f"{base}/api/rules", json={"game": game, "options": options}).json()[
        "players"
    ]
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "medium"}] * (players - 1)
    if players >= 4:
        seats[2] = {"kind": "human"}
    table = httpx.post(
        f"{base}/api/tables", json={"game": game, "options": options, "seats": seats}
    ).json()
    friends = []
    for seat, spec in enumerate(seats):
        if spec["kind"] == "human":
            friends.append(
                httpx.post(
                    f"{base}/api/tables/{table['table_id']}/join",
                    json={"name": NAMES[seat], "seat": seat},
                ).json()["token"]
            )
    # one page for both sizes: a seat is played from its newest page alone
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    script = f"localStorage.setItem('tricktable:token:{table['table_id']}', '{friends[0]}');"
    context.add_init_script(script)
    # the friend at seat 2 plays through the API so the table moves on
    helper = browser.new_context()
    helper.add_init_script(
        f"localStorage.setItem('tricktable:token:{table['table_id']}', '{friends[-1]}');"
    )
    friend = helper.new_page()
    friend.goto(f"{base}/t/{table['table_id']}")
    page = context.new_page()
    page.goto(f"{base}/t/{table['table_id']}")
    page.wait_for_selector("[data-testid=hand]")
    for _ in range(400):
        if ready(page):
            break
        step(page)
        if len(friends) > 1:
            step(friend)
        page.wait_for_timeout(120)
    page.wait_for_timeout(400)
    for name, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(400)
        path = out / f"{game}-{name}.png"
        page.screenshot(path=str(path))
        shrink(path)
    context.close()
    helper.close()


def shrink(path: Path) -> None:
    """256 colours (an octree keeps the suits' and sides' colours true) are plenty for a page
    of flat colours: a tenth of the bytes in the repository."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", type=Path, default=Path("docs/screens"))
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        base, server = serve(Path(folder))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            for game, options in GAMES.items():
                if args.game and game not in args.game:
                    continue
                shoot(base, browser, game, options, args.out)
                print(f"{game}: {args.out}/{game}-desktop.png, {game}-phone.png")
            browser.close()
        server.should_exit = True


if __name__ == "__main__":
    main()
