"""The browser client in a real Chromium: a whole game against bots, and two players at a table.

Runs Debian's chromium through Playwright; skipped (saying why) when /usr/bin/chromium or the
playwright package is missing.
"""

from __future__ import annotations

import dataclasses
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("playwright", reason="needs the playwright package (dev extra)")

import httpx
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from tricktable.server import create_app
from tricktable.server.config import Settings

CHROMIUM = Path("/usr/bin/chromium")

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
PLAYABLE = "#hand button:not([disabled]), #actions button"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server on loopback, with real (easy) bots that move without delay."""
    db = tmp_path_factory.mktemp("browser") / "tables.db"
    settings = dataclasses.replace(Settings(), bot_delay=0.0, grace_seconds=600.0)
    app = create_app(f"sqlite:///{db}", settings=settings, rng=random.Random(11))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(300):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=20)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(f"no browser: {CHROMIUM} is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def _watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def _play_until_over(pages: list[Page], use_keys: bool = False, limit: int = 400) -> None:
    for step in range(limit):
        if all(p.locator("text=Game over").count() for p in pages):
            return
        for page in pages:
            buttons = page.locator(PLAYABLE)
            if buttons.count():
                if use_keys and step % 2:
                    page.keyboard.press("1")
                else:
                    buttons.first.click()
        pages[0].wait_for_timeout(60)
    raise AssertionError("the game did not end")


def test_a_whole_game_in_the_browser_against_bots(browser: Browser, base_url: str) -> None:
    page = browser.new_page(viewport=PHONE)
    errors = _watch_errors(page)
    page.goto(base_url + "/")
    page.fill("#name", "Ana")
    page.select_option("#game", "hasenpfeffer")
    page.click("#more-options summary")  # the full options are folded under the presets
    page.fill("#opt-target_score", "2")
    page.locator("#opt-target_score").dispatch_event("change")
    page.wait_for_function("document.querySelector('#rules-string').textContent.includes('2')")
    assert page.locator("#seats select").count() == 4
    page.select_option("#seat-1", "bot:easy")
    with page.expect_response("**/api/rules"):
        page.locator("#opt-target_score").dispatch_event("change")
    page.wait_for_timeout(50)
    assert page.locator("#seat-1").input_value() == "bot:easy", "an option change reset the seats"
    page.click("#create-button")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#hand svg.card")
    page.check("#four-colour")
    assert "four-colour" in (page.get_attribute("body", "class") or "")
    page.check("#hints")
    page.wait_for_selector("#hint:has-text('Hint:')")
    _play_until_over([page], use_keys=True)
    assert page.locator("#scores table tr").count() >= 3
    assert page.locator("#announce").inner_text().strip()
    assert "hasenpfeffer(target_score=2)" in page.locator("#rules").inner_text()
    page.click("text=Show the full record")
    page.wait_for_selector("#review details")
    table_id = page.url.rsplit("/", 1)[1]
    record = httpx.get(f"{base_url}/api/tables/{table_id}/record").json()
    assert record["seats"][0]["name"] == "Ana" and record["is_over"]
    assert record["seats"][1]["level"] == "easy"
    assert errors == []
    page.close()


def test_two_players_share_a_table_through_the_invite_link(browser: Browser, base_url: str) -> None:
    seats: list[dict[str, Any]] = [
        {"kind": "human"},
        {"kind": "bot", "level": "easy"},
        {"kind": "human"},
        {"kind": "bot", "level": "easy"},
    ]
    created = httpx.post(
        f"{base_url}/api/tables",
        json={"game": "hasenpfeffer", "options": {"target_score": 1}, "seats": seats},
    ).json()
    contexts = [browser.new_context(viewport=PHONE), browser.new_context()]
    pages = [context.new_page() for context in contexts]
    errors = [_watch_errors(page) for page in pages]
    for page, name in zip(pages, ("Ana", "Bo"), strict=True):
        page.goto(created["invite_url"])
        page.fill("#join-name", name)
        page.click("#join-button")
        page.wait_for_selector("#hand svg.card")
    names = pages[0].locator("#seats .name").all_inner_texts()
    assert names[0] == "Ana" and names[2] == "Bo"
    pages[0].fill("#chat-text", "hello Bo")
    pages[0].press("#chat-text", "Enter")
    pages[1].wait_for_selector("#chat-log >> text=hello Bo")
    pages[1].check("#mute-chat")
    assert pages[1].locator("#chat-log >> text=hello Bo").count() == 0
    pages[1].uncheck("#mute-chat")
    _play_until_over(pages)
    scores = [p.locator("#scores tr").last.inner_text() for p in pages]
    assert scores[0] == scores[1]
    assert errors == [[], []]
    for context in contexts:
        context.close()
