"""The HTTP API: games, rules, tables, joining, records and hints."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

import tricktable as tt
from server_helpers import SHORT, create, join, play_to_end


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory()) as test_client:
        yield test_client


def test_games_lists_every_registered_game_with_its_options(client: Any) -> None:
    data = client.get("/api/games").json()
    assert [g["name"] for g in data["games"]] == list(tt.REGISTRY)
    first = data["games"][0]
    names = [o["name"] for o in first["options"]]
    assert names == [o.name for o in tt.REGISTRY[first["name"]].options]
    assert data["levels"] == ["easy", "medium", "hard", "expert"]
    assert data["chat_presets"]


def test_verbs_lists_every_games_own_verbs_as_the_table_offers_them(client: Any) -> None:
    verbs = client.get("/api/verbs").json()["verbs"]
    family = {kind.value for game in tt.REGISTRY.values() for kind in game.verbs}
    assert {"alone", "partner", "in", "exchange"} <= set(verbs) <= family
    assert verbs["partner"]["offer"][0] == "Ask {name}" and verbs["partner"]["values"]["k"] == 2
    assert len(verbs["exchange"]["choice"]["prompt"]) == 2  # a counted message's two forms
    assert "play" not in verbs and "pass" not in verbs  # the core's verbs the page knows itself


def test_rules_check_gives_the_canonical_string_or_the_reason(client: Any) -> None:
    ok = client.post("/api/rules", json={"game": "hasenpfeffer", "options": SHORT})
    assert ok.json() == {
        "rules": "hasenpfeffer(target_score=2)",
        "players": 4,
        "rules_words": [
            {"name": "target score", "value": "2", "description": "Points that win the game."}
        ],
    } | {"table": ok.json()["table"]}
    assert ok.json()["table"]["how_to_play"][-1] == "The first side to 2 points wins."
    bad = client.post("/api/rules", json={"game": "hasenpfeffer", "options": {"min_bid": 99}})
    assert bad.status_code == 400
    assert "min_bid" in bad.json()["detail"]
    unknown = client.post("/api/rules", json={"game": "skat"})
    assert unknown.status_code == 400 and "skat" in unknown.json()["detail"]


def test_the_rules_check_gives_the_games_table_words_for_these_rules(client: Any) -> None:
    """The browser learns a game's words from the server: its how-to-play for these options,
    what each choice means and the templates of its contract line and hand summary."""
    plain = client.post("/api/rules", json={"game": "euchre", "options": {}}).json()["table"]
    short = client.post("/api/rules", json={"game": "euchre(target_score=1)"}).json()["table"]
    assert plain["bidding"] is False and plain["tricks_per_hand"] == 5
    assert plain["how_to_play"][-1] == "The first side to 10 points wins."
    assert short["how_to_play"][-1] == "The first side to 1 point wins."
    assert ["Game", "to 1 point"] in short["facts"]
    assert plain["actions"]["order-up"][0] == "Order up"
    assert set(plain["actions"]["alone"]) == {"maker", "other"}
    assert [when for when, _ in plain["summary"]] == ["thrown_in", "euchred", None]
    three = client.post("/api/rules", json={"game": "euchre", "options": {"cutthroat": True}})
    assert three.json()["table"]["how_to_play"][0] == "Three players, each for himself."


def test_a_tables_description_carries_its_games_words_for_its_rules(client: Any) -> None:
    """The table page reads its game's words from the table's own description."""
    seats = [{"kind": "human"}] * 4  # the table waits: nothing is dealt
    table_id = create(client, seats, game="euchre", options={"target_score": 5})
    public = client.get(f"/api/tables/{table_id}").json()
    assert ["Game", "to 5 points"] in public["table_words"]["facts"]
    asked = client.post("/api/rules", json={"game": "euchre(target_score=5)"}).json()
    assert public["table_words"] == asked["table"]
    other = client.get(f"/api/tables/{create(client)}").json()  # Single Hasenpfeffer
    assert other["table_words"]["bidding"] is True and other["table_words"]["tricks_per_hand"] == 6


@pytest.mark.parametrize("name", sorted(tt.REGISTRY))
def test_every_game_gives_its_table_words(client: Any, name: str) -> None:
    """Every registered game tells the page how it goes and whether its calls are bids, so the
    page needs no game's name."""
    words = client.post("/api/rules", json={"game": name}).json()["table"]
    assert isinstance(words["bidding"], bool)
    assert len(words["how_to_play"]) >= 4 and all(
        line.endswith(".") for line in words["how_to_play"]
    )


def test_a_new_table_shows_its_rules_seats_and_invite_link(client: Any) -> None:
    seats = [
        {"kind": "human"},
        {"kind": "bot", "level": "easy"},
        {"kind": "human"},
        {"kind": "bot", "level": "expert"},
    ]
    response = client.post(
        "/api/tables",
        json={"game": "hasenpfeffer", "options": SHORT, "seats": seats, "turn_seconds": 30},
    )
    body = response.json()
    table_id = body["table_id"]
    assert body["invite_url"].endswith(f"/t/{table_id}")
    public = client.get(f"/api/tables/{table_id}").json()
    assert public["rules"] == "hasenpfeffer(target_score=2)"
    assert public["options"]["target_score"] == 2
    assert [(s["kind"], s["level"]) for s in public["seats"]] == [
        ("human", None),
        ("bot", "easy"),
        ("human", None),
        ("bot", "expert"),
    ]
    assert public["turn_seconds"] == 30 and public["status"] == "playing"
    assert "seed" not in public
    assert client.get(f"/t/{table_id}").status_code == 200


def test_table_creation_refuses_bad_seats_and_options(client: Any) -> None:
    three = client.post("/api/tables", json={"game": "hasenpfeffer", "seats": [{}, {}, {}]})
    assert three.status_code == 400 and "4 players" in three.json()["detail"]
    level = client.post(
        "/api/tables",
        json={"game": "hasenpfeffer", "seats": [{"kind": "bot", "level": "godlike"}] * 4},
    )
    assert level.status_code == 422
    option = client.post("/api/tables", json={"game": "hasenpfeffer", "options": {"nope": 1}})
    assert option.status_code == 400 and "nope" in option.json()["detail"]


def test_joining_gives_a_token_per_seat_and_refuses_taken_seats(client: Any) -> None:
    table_id = create(
        client, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]
    )
    first = client.post(f"/api/tables/{table_id}/join", json={"name": "Ana"}).json()
    assert first["seat"] == 0 and len(first["token"]) > 20
    same_name = client.post(f"/api/tables/{table_id}/join", json={"name": "ana"})
    assert same_name.status_code == 409 and same_name.json()["code"] == "name_taken"
    bot_seat = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 1})
    assert bot_seat.json()["code"] == "seat_taken"
    second = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 2}).json()
    assert second["seat"] == 2 and second["token"] != first["token"]
    full = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert full.json()["code"] == "table_full"
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ana", None, "Bo", None]
    assert client.post("/api/tables/nope/join", json={"name": "Di"}).status_code == 404


def test_record_is_published_only_once_the_game_is_over(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    refused = client.get(f"/api/tables/{table_id}/record")
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        final, moves = play_to_end(ws, 0)
    assert moves > 0
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["scores"] == final["view"]["scores"]
    assert record["seats"][0]["name"] == "Ana"
    assert record["options"]["target_score"] == 2
    assert tt.replay(record).is_over
    for _ in range(200):  # the server notices the closed socket a moment later
        if table_id not in client.app.state.hub.tables:
            break
        time.sleep(0.02)
    assert table_id not in client.app.state.hub.tables  # finished and nobody there: unloaded
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"
    assert client.get(f"/api/tables/{table_id}/record").json() == record
    late = client.post(f"/api/tables/{table_id}/join", json={"name": "Late"})
    assert late.status_code == 409 and late.json()["code"] == "game_over"


def test_hint_is_a_legal_action_and_only_for_the_seat_to_move(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    assert client.post(f"/api/tables/{table_id}/hint", json={"token": "x"}).status_code == 403
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        while True:
            state = ws.receive_json()
            if state["type"] != "state":
                continue
            view = state["view"]
            response = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
            if view["to_move"] == 0:
                assert response.json()["action"] in view["legal_actions"]
                break
            # refused, unless the bots moved on to Ana's turn before the hint was asked for
            assert response.status_code == 409 or response.json()["seq"] > state["seq"]


def test_unknown_paths_and_bodies_get_clear_errors(client: Any) -> None:
    assert client.get("/api/tables/does-not-exist").status_code == 404
    bad = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert bad.status_code == 422
    assert client.get("/api/health").json() == {"status": "ok"}
    assert "tricktable" in client.get("/").text


def test_a_missing_server_extra_names_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.server import require_extra

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # makes "import uvicorn" fail
    with pytest.raises(ImportError, match=r'pip install "tricktable\[server\]"') as missing:
        require_extra()
    assert "uvicorn" in str(missing.value)
