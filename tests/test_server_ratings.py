"""Statistics and ratings: settled when a game ends, shown per player and game, recomputable."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("openskill", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa
from fastapi.testclient import TestClient

import tricktable as tt
from server_helpers import play_to_end, second_browser
from tricktable.server.accounts import CSRF_HEADER
from tricktable.server.people import game_results, player_stats, ratings
from tricktable.server.ratings import hand_stats, rank_sides, recompute

PASSWORD = "correct horse"
SOLO = [{"kind": "human"}, {"kind": "bot", "level": "easy"}] + [{"kind": "bot"}] * 2


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory(list_seconds=0.0)) as test_client:
        yield test_client


def signed_up(client: Any, name: str) -> TestClient:
    browser = second_browser(client)
    csrf = browser.post("/api/accounts", json={"name": name, "password": PASSWORD}).json()["csrf"]
    browser.headers[CSRF_HEADER] = csrf
    return browser


def play_game(
    browser: Any, seats: list[dict[str, Any]], game: str = "hasenpfeffer", **options: Any
) -> str:
    body = {"game": game, "options": options or {"target_score": 2}, "seats": seats}
    table_id: str = browser.post("/api/tables", json=body).json()["table_id"]
    token = browser.post(f"/api/tables/{table_id}/join", json={"name": "x", "seat": 0}).json()[
        "token"
    ]
    with browser.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        play_to_end(ws, 0)
    return table_id


def wait_settled(client: Any, name: str, games: int) -> dict[str, Any]:
    for _ in range(200):
        page: dict[str, Any] = client.get(f"/api/players/{name}").json()
        if sum(g["games"] for g in page["games"]) >= games:
            return page
        time.sleep(0.02)
    raise AssertionError(f"{name}'s games were not settled")


def test_a_game_against_bots_updates_statistics_and_rating(client: Any) -> None:
    ana = signed_up(client, "Ana")
    table_id = play_game(ana, SOLO)
    page = wait_settled(client, "ana", 1)
    assert page["name"] == "Ana"
    [stats] = page["games"]
    assert stats["game"] == "hasenpfeffer" and stats["games"] == 1 and stats["hands"] >= 1
    assert stats["bids"] == stats["bids_made"] + stats["bids_set"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    game = tt.replay(record)
    assert stats["games_won"] == int(0 in game.winners)
    assert stats["points"] == sum(r.deltas[0] for r in game.results)
    rating = stats["rating"]
    assert rating["games"] == 1 and rating["mu"] != 25.0
    [recent] = page["recent"]
    assert recent["table_id"] == table_id and recent["rated"] and recent["rating_before"] == 25.0
    players = recent["players"]  # who sat there, for the page's history
    assert players[0] == {"seat": 0, "kind": "human", "name": "Ana", "level": None}
    assert [p["seat"] for p in players] == list(range(4)) and players[1]["kind"] == "bot"
    board = client.get("/api/leaderboard?game=sh").json()
    assert board["game"] == "hasenpfeffer" and [p["name"] for p in board["players"]] == ["Ana"]


def test_unknown_players_and_games_are_refused(client: Any) -> None:
    missing = client.get("/api/players/Nobody")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    bad = client.get("/api/leaderboard?game=skat")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_game"
    assert client.get("/api/leaderboard?game=rams").json()["players"] == []


def test_guests_games_are_not_settled(client: Any) -> None:
    guest = second_browser(client)
    table_id = play_game(guest, SOLO)
    assert client.get(f"/api/tables/{table_id}/record").json()["is_over"]
    assert client.get("/api/leaderboard?game=hasenpfeffer").json()["players"] == []


def test_rank_sides_partnerships_and_free_for_all() -> None:
    game = tt.new_game("hasenpfeffer", seed=1, target_score=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    sides, ranks = rank_sides(game)
    assert sides == [(0, 2), (1, 3)]
    assert sorted(ranks) == [1, 2] and ranks[0 if 0 in game.winners else 1] == 1
    stats = hand_stats(game, 0)
    assert stats["games"] == 1 and stats["hands"] == len(game.results)
    rams = tt.new_game("rams", seed=2, session_hands=2)
    while not rams.is_over:
        rams.apply(rams.legal_actions()[0])
    sides, ranks = rank_sides(rams)
    assert sides == [(0,), (1,), (2,), (3,)]
    best = [s for (s,), r in zip(sides, ranks, strict=True) if r == 1]
    assert set(best) == set(rams.winners)


def test_recomputing_from_the_stored_games_equals_the_incremental_updates(
    client: Any, db_url: str
) -> None:
    ana, bo = signed_up(client, "Ana"), signed_up(client, "Bo")
    play_game(ana, SOLO)
    play_game(bo, [{"kind": "human"}, {"kind": "bot", "level": "hard"}] + [{"kind": "bot"}] * 2)
    play_game(ana, [{"kind": "human"}] + [{"kind": "bot", "level": "expert"}] * 3)
    wait_settled(client, "Ana", 2)
    wait_settled(client, "Bo", 1)
    from tricktable.server.db import sync_url

    engine = sa.create_engine(sync_url(db_url))

    def snapshot(conn: sa.Connection) -> list[Any]:
        return [
            sorted(tuple(r) for r in conn.execute(t.select()).all())
            for t in (player_stats, ratings, game_results)
        ]

    with engine.begin() as conn:
        incremental = snapshot(conn)
        assert recompute(conn) == 3
        assert snapshot(conn) == incremental
    engine.dispose()
