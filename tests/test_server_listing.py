"""The lobby's table list: filters by status and game, private tables hidden, presets valid."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

import tricktable as tt
from server_helpers import create, join

TWO_HUMANS = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory(list_seconds=0.0)) as test_client:
        yield test_client


def ids(client: Any, query: str = "") -> list[str]:
    response = client.get(f"/api/tables{query}")
    assert response.status_code == 200, response.text
    return [t["table_id"] for t in response.json()["tables"]]


def test_open_tables_are_listed_until_full_and_private_ones_never(client: Any) -> None:
    waiting = create(client, seats=TWO_HUMANS)
    hidden = create(client, seats=TWO_HUMANS, private=True)
    rams = client.post("/api/tables", json={"game": "rams", "seats": [{"kind": "human"}] * 4})
    rams_id = rams.json()["table_id"]
    assert client.get(f"/api/tables/{hidden}").json()["private"] is True
    assert ids(client, "?status=open") == []  # nobody waits at them yet
    join(client, rams_id, "Cy")
    join(client, hidden, "Di")
    assert ids(client, "?status=open") == [rams_id]
    join(client, waiting, "Ana")
    assert set(ids(client, "?status=open")) == {waiting, rams_id}
    assert ids(client, "?status=open&game=hasenpfeffer") == [waiting]
    assert ids(client, "?status=open&game=ramscheln") == [rams_id]
    listed = client.get("/api/tables?status=open&game=hasenpfeffer").json()["tables"][0]
    assert listed["free_seats"] == 1 and listed["listing"] == "open"
    assert [s["name"] for s in listed["seats"]] == ["Ana", None, None, None]
    assert listed["title"] == "Single Hasenpfeffer"
    assert listed["rules_words"] == [
        {
            "name": "target score",
            "value": "2",
            "description": listed["rules_words"][0]["description"],
        }
    ]
    join(client, waiting, "Bo")
    assert ids(client, "?status=open&game=hasenpfeffer") == []
    assert ids(client, "?status=playing") == [waiting]
    assert hidden not in ids(client) and hidden not in ids(client, "?status=playing")


def test_finished_tables_are_listed_as_over(client: Any) -> None:
    table_id = create(client, seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3)
    token = join(client, table_id, "Ana")
    from server_helpers import play_to_end

    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        final, _ = play_to_end(ws, 0)
    assert ids(client, "?status=over") == [table_id]
    assert ids(client, "?status=open") == []
    [over] = client.get("/api/tables?status=over").json()["tables"]
    view = final["view"]  # the result is stored with the table: a list needs no replay
    assert over["result"] == {"scores": view["scores"], "winners": view["winners"]}
    assert over["sides"] == [[0, 2], [1, 3]]


def test_bad_filters_are_refused_with_a_code(client: Any) -> None:
    bad = client.get("/api/tables?status=waiting")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_status"
    assert "waiting" in bad.json()["detail"]
    game = client.get("/api/tables?game=skat")
    assert game.status_code == 400 and game.json()["code"] == "bad_game"


def test_every_preset_is_valid_rules(client: Any) -> None:
    presets = client.get("/api/presets").json()["presets"]
    assert set(presets) == set(tt.REGISTRY)
    for game, entries in presets.items():
        assert entries[0]["options"] == {}
        for entry in entries:
            tt.rules(game, **entry["options"])


def test_my_tables_are_the_ones_whose_tokens_are_held(client: Any) -> None:
    first = create(client, seats=TWO_HUMANS)
    second = create(client, seats=TWO_HUMANS)
    create(client, seats=TWO_HUMANS)
    mine = join(client, first, "Ana")
    also = join(client, second, "Ana", seat=2)
    join(client, second, "Bo")
    response = client.post("/api/my-tables", json={"tokens": [mine, also, "not-a-token"]})
    tables = response.json()["tables"]
    assert [(t["table_id"], t["your_seat"]) for t in tables] == [(second, 2), (first, 0)]
    assert client.post("/api/my-tables", json={"tokens": []}).json() == {"tables": []}
    too_many = client.post("/api/my-tables", json={"tokens": ["x"] * 201})
    assert too_many.status_code == 422
