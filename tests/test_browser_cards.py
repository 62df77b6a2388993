"""Choices made by clicking cards in a real Chromium: a partner's gift to a lone hand (four and
six hands of Double Hasenpfeffer) and the Bierspiel dealer's two-card exchange of a turned 7♦.

The bots here are scripted so the situation comes for sure: an ``expert`` seat bids the most it
may and goes alone, ``easy`` seats pass whenever they may, ``medium`` seats take their first
legal choice. The Bierspiel deal is found by trying table seeds until the first turn-up is 7♦.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

import tricktable as tt
from browser_support import served_quick_bots
from table_support import (
    browser,
    click_card,
    new_context,
    sit_down,
    turns,
    watch_errors,
)
from tricktable.fair import KEY_BYTES, KeyedDeals

__all__ = ["browser"]  # the fixture, used by name


class ScriptedBot:
    """A bot of a fixed habit (see the module's docstring); it sees only its view."""

    def __init__(self, habit: str) -> None:
        self.habit = habit

    def choose(self, view: Any) -> Any:
        legal = list(view.legal)
        texts = [str(action) for action in legal]
        wanted = texts[0]
        if self.habit == "loner":
            bids = [t for t in texts if t.startswith("bid ") and t.split()[1].isdigit()]
            wanted = max(bids, key=lambda t: int(t.split()[1])) if bids else wanted
            wanted = "alone" if "alone" in texts else wanted
        elif self.habit == "passer" and "pass" in texts:
            wanted = "pass"
        return legal[texts.index(wanted)]


def scripted(level: str, seed: int) -> ScriptedBot:
    return ScriptedBot({"expert": "loner", "easy": "passer"}.get(level, "first"))


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_quick_bots(tmp_path_factory.mktemp("cards"), seed=1, bot_factory=scripted) as url:
        yield url


def create(base_url: str, game: str, options: dict[str, Any], seats: list[str]) -> str:
    specs = [{"kind": "human"} if s == "you" else {"kind": "bot", "level": s} for s in seats]
    body = {"game": game, "options": options, "seats": specs}
    response = httpx.post(f"{base_url}/api/tables", json=body)
    assert response.status_code == 201, response.text
    invite: str = response.json()["invite_url"]
    return invite


CONFIRM = ".choices .primary[data-testid=action]"


def prompt(page: Page) -> str:
    return page.locator("[data-testid=prompt]").inner_text()


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator("[data-testid=hand] [data-card]").evaluate_all(
        "els => els.map((e) => e.dataset.card)"
    )
    return cards


def choose_cards(page: Page, count: int) -> tuple[list[str], Any]:
    """Click the first ``count`` cards that may be chosen, checking the counter and that the
    confirm button waits for the last one; the cards and the confirm button."""
    confirm = page.locator(CONFIRM)
    cards = page.locator("[data-testid=hand] button:not([disabled])")
    chosen = []
    for index in range(count):
        assert f"{index} of {count} chosen" in prompt(page)
        assert confirm.is_disabled()
        chosen.append(str(cards.nth(index).get_attribute("data-card")))
        click_card(cards.nth(index))
        assert cards.nth(index).get_attribute("aria-pressed") == "true"
    assert f"{count} of {count} chosen" in prompt(page)
    assert confirm.is_enabled() and confirm.locator(".explain").inner_text()
    return chosen, confirm


def choose_until_cards(page: Page, action: str) -> bool:
    """Click ``action`` whenever it is offered until a choice of cards from the hand comes
    (never making that choice itself); whether it came."""
    for _ in turns():
        if page.locator(CONFIRM).count():
            return True
        offered = page.locator(f".choices [data-testid=action][data-action='{action}']")
        if offered.count():
            offered.first.click()
        page.wait_for_timeout(60)
    return False


def short(card: str) -> str:
    return card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]


@pytest.mark.parametrize("players", [4, 6])
def test_a_partner_gives_the_lone_hand_its_cards_by_clicking_them(
    browser: Browser, base_url: str, players: int
) -> None:
    seats = ["you", "easy", "expert", "easy", "medium", "easy"][:players]
    invite = create(base_url, "double-hasenpfeffer", {"players": players}, seats)
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    sit_down(page, invite, "Ana")
    # Ana passes; her partner opposite bids the most and goes alone
    if not choose_until_cards(page, "pass"):
        raise AssertionError("no gift was asked for")
    assert "give your lone partner" in prompt(page)
    assert page.get_attribute("[data-testid=seat-2]", "data-state") == "lone"
    given: list[str] = []
    gifts = 2 if players == 4 else 1  # four hands: both cards from Ana; six: one from each
    for _ in range(gifts):
        page.wait_for_function(
            "() => document.querySelector('[data-testid=prompt]')"
            ".textContent.includes('0 of 1 chosen')"
        )
        before = hand_cards(page)
        [card], confirm = choose_cards(page, 1)
        assert confirm.get_attribute("data-action") == f"give {card}"
        assert "Give" in confirm.inner_text()
        confirm.click()
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=hand] [data-card]').length"
            f" < {len(before)}"
        )
        given.append(card)
        assert card not in hand_cards(page) or before.count(card) == 2  # a pinochle pack
    note = page.locator("text=You gave")
    note.wait_for()
    assert note.inner_text().split(":")[1].split() == [short(c) for c in given]
    assert page.get_attribute("[data-testid=seat-0]", "data-state") == "sitting-out"
    assert errors == []
    context.close()


def first_table_game(game_name: str, seed: int) -> tt.Game:
    """The game of the first table a server seeded ``random.Random(seed)`` makes: the hub draws
    the table's seed, then its deal key, from that generator."""
    rng = random.Random(seed)
    table_seed = rng.getrandbits(62)
    deals = KeyedDeals(rng.randbytes(KEY_BYTES), "first")
    return tt.Game(tt.rules(game_name), seed=table_seed, deal_source=deals)


def seed_turning_the_seven_of_diamonds() -> int:
    """A seed for the server's seeds whose first table of Bierspiel turns the 7♦ up."""
    for seed in range(5000):
        game = first_table_game("bierspiel", seed)
        if (game.view(None).to_dict().get("turnup") or [None])[0] == "7D":
            return seed
    raise AssertionError("no seed turns the 7♦ up")


def test_the_bierspiel_dealer_takes_a_turned_seven_and_the_card_below_by_clicking_two_cards(
    browser: Browser, tmp_path: Path
) -> None:
    seed = seed_turning_the_seven_of_diamonds()
    first = first_table_game("bierspiel", seed)
    turnup = first.view(None).to_dict()["turnup"]
    seats = ["medium"] * first.player_count
    seats[first.dealer] = "you"  # the dealer may exchange; the others play their hands
    with served_quick_bots(tmp_path, seed=seed, bot_factory=scripted) as url:
        invite = create(url, "bierspiel", {}, seats)
        context = new_context(browser)
        page = context.new_page()
        errors = watch_errors(page)
        sit_down(page, invite, "Ana")
        if not choose_until_cards(page, "in"):
            raise AssertionError("the dealer was not offered the turn-up")
        assert f"Take the turn-up {short(turnup[0])} and {short(turnup[1])}?" in prompt(page)
        chosen, confirm = choose_cards(page, 2)
        assert sorted(str(confirm.get_attribute("data-action")).split()[1:]) == sorted(chosen)
        assert confirm.inner_text().startswith(f"Exchange {short(chosen[0])} and")
        assert page.locator("[data-testid=action][data-action=decline]").count() == 1
        confirm.click()
        note = page.locator("text=Face down from your hand")
        note.wait_for()
        assert sorted(note.inner_text().split(":")[1].split()) == sorted(map(short, chosen))
        held = hand_cards(page)
        assert set(turnup) <= set(held) and not set(chosen) & set(held)
        assert errors == []
        context.close()


def test_DH13_a_lone_player_names_by_a_button_the_partner_who_gives_both_cards(
    browser: Browser, base_url: str
) -> None:
    options = {"players": 6, "six_hand_transfer": "one_partner_two"}
    invite = create(base_url, "double-hasenpfeffer", options, ["you"] + ["easy"] * 5)
    context = new_context(browser)
    page = context.new_page()
    errors = watch_errors(page)
    sit_down(page, invite, "Ana")
    # everyone else passes: Ana bids all eight (or is the forced dealer), names trump, goes alone
    named = page.locator(".choices [data-testid=action][data-action='partner 4']")
    for _ in turns():
        if named.count():
            break
        for action in ("bid 8", "trump H", "alone"):
            offered = page.locator(f".choices [data-testid=action][data-action='{action}']")
            if offered.count():
                offered.first.click()
                break
        page.wait_for_timeout(60)
    else:
        raise AssertionError("Ana was never asked to name a partner")
    other = page.locator(".choices [data-testid=action][data-action='partner 2']")
    assert other.count() == 1
    assert page.locator(".choices [data-testid=action][data-action^='partner']").count() == 2
    seat_4 = page.locator("[data-testid=seat-4] .name-text").inner_text()
    assert f"Ask {seat_4}" in named.inner_text() and "seat 4" not in named.inner_text()
    assert "two seats to your right" in named.inner_text()
    assert "gives you all 2 cards" in named.inner_text()
    assert "two seats to your left" in other.inner_text()
    named.click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=prompt]').textContent.includes('0 of 2')"
    )
    _, confirm = choose_cards(page, 2)
    confirm.click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=hand] [data-card]') &&"
        " document.querySelectorAll('[data-testid=hand] [data-card]').length === 8"
        " && !document.querySelector('.choices [data-testid=action][data-action^=discard]')"
    )
    assert page.get_attribute("[data-testid=seat-0]", "data-state") == "lone"
    for seat in (2, 4):
        assert page.get_attribute(f"[data-testid=seat-{seat}]", "data-state") == "sitting-out"
    assert errors == []
    context.close()
