"""Reviews: every finished game hand by hand and trick by trick with each card's cost."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa
from fastapi.testclient import TestClient

from server_helpers import create, join, play_to_end
from tricktable.server.db import sync_url
from tricktable.server.people import reviews
from tricktable.solver.review import review_record

SOLO = [{"kind": "human"}] + [{"kind": "bot"}] * 3


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory()) as test_client:
        yield test_client


def ready(client: Any, table_id: str) -> dict[str, Any]:
    for _ in range(500):
        response = client.get(f"/api/tables/{table_id}/review")
        if response.status_code == 200:
            data: dict[str, Any] = response.json()
            return data
        assert response.status_code == 202 and response.json()["status"] == "computing"
        time.sleep(0.02)
    raise AssertionError("the review was not ready")


def test_a_finished_game_is_reviewed_once_and_served_from_the_database(
    client: Any, db_url: str
) -> None:
    table_id = create(client, seats=SOLO)
    token = join(client, table_id, "Ana")
    refused = client.get(f"/api/tables/{table_id}/review")
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        play_to_end(ws, 0)
    data = ready(client, table_id)
    record = client.get(f"/api/tables/{table_id}/record").json()
    expected = review_record(record)
    plays = [p for hand in data["hands"] for t in hand["tricks"] for p in t["plays"]]
    assert [(p["seat"], p["card"], p["cost"]) for p in plays] == [
        (r.seat, r.action.removeprefix("play "), r.cost) for r in expected
    ]
    assert len(data["hands"]) == len(record["deals"])
    first = data["hands"][0]
    assert len(first["hands"]) == 4 and first["calls"] and first["summary"]
    assert all("winner" in trick for hand in data["hands"] for trick in hand["tricks"])
    assert data["seats"][0]["name"] == "Ana"
    assert ready(client, table_id) == data
    engine = sa.create_engine(sync_url(db_url))
    with engine.begin() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(reviews)).scalar() == 1
    engine.dispose()


def test_review_of_an_unknown_table(client: Any) -> None:
    missing = client.get("/api/tables/nothing-here/review")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert client.get("/review/anything").status_code == 200


def test_a_finished_euchre_game_is_reviewed_with_its_games_words(client: Any) -> None:
    """Euchre's review: every card's cost as the solver gives it, and the game's own words for
    the hand summaries (its maker and trump headline)."""
    table_id = create(client, seats=SOLO, game="euchre", options={"target_score": 2})
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        play_to_end(ws, 0)
    data = ready(client, table_id)
    record = client.get(f"/api/tables/{table_id}/record").json()
    expected = review_record(record)
    plays = [p for hand in data["hands"] for t in hand["tricks"] for p in t["plays"]]
    assert [(p["seat"], p["card"], p["cost"]) for p in plays] == [
        (r.seat, r.action.removeprefix("play "), r.cost) for r in expected
    ]
    assert len(data["hands"]) == len(record["deals"])
    assert [when for when, _ in data["table_words"]["summary"]] == ["thrown_in", "euchred", None]
