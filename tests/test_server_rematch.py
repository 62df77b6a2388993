"""Rematch: a finished table starts one new table with the same rules and seats; the state
message says who made each move (a person, a bot, or a bot standing in)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import create, join, next_of, play_to_end

SEATS = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory(list_seconds=0.0)) as test_client:
        yield test_client


def _finished_table(client: Any) -> tuple[str, str, str]:
    """A finished two-human table: its id and both players' tokens."""
    table_id = create(client, SEATS)
    ana = join(client, table_id, "Ana")
    bo = join(client, table_id, "Bo")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as first,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bo}") as second,
    ):
        next_of(first, "hello")
        next_of(second, "hello")
        while True:
            for ws, seat in ((first, 0), (second, 2)):
                state = next_of(ws, "state")
                view = state["view"]
                if view["is_over"]:
                    return table_id, ana, bo
                if view["to_move"] == seat:
                    action = {"type": "action", "action": view["legal_actions"][0]}
                    ws.send_json({**action, "seq": state["seq"]})


def test_a_rematch_seats_every_human_again_with_the_same_rules(client: Any) -> None:
    table_id, ana, bo = _finished_table(client)
    old = client.get(f"/api/tables/{table_id}").json()
    with client.websocket_connect(f"/ws/tables/{table_id}?token={bo}") as ws:
        next_of(ws, "hello")
        answer = client.post(f"/api/tables/{table_id}/rematch", json={"token": ana})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        told = next_of(ws, "rematch")
    assert told["table_id"] == body["table_id"] != table_id
    assert body["seat"] == 0 and body["token"] != ana
    new = client.get(f"/api/tables/{body['table_id']}").json()
    assert new["rules"] == old["rules"] and new["status"] == "playing"
    assert [(s["kind"], s["level"], s["name"]) for s in new["seats"]] == [
        (s["kind"], s["level"], s["name"]) for s in old["seats"]
    ]
    # each human's new token holds their own seat at the new table
    for token, seat in ((body["token"], 0), (told["token"], 2)):
        url = f"/ws/tables/{body['table_id']}?token={token}"
        with client.websocket_connect(url) as ws:
            assert next_of(ws, "hello")["seat"] == seat
    # asking again (the other player) finds the same table, with their own seat
    again = client.post(f"/api/tables/{table_id}/rematch", json={"token": bo}).json()
    assert again == {"table_id": body["table_id"], "seat": 2, "token": told["token"]}


def test_a_rematch_is_refused_with_a_wrong_token_or_before_the_end(client: Any) -> None:
    table_id, ana, _ = _finished_table(client)
    playing = create(client)
    token = join(client, playing, "Cy")  # a seat's token, but at another table
    for wrong_token in ("not-a-token", token):
        wrong = client.post(f"/api/tables/{table_id}/rematch", json={"token": wrong_token})
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
    early = client.post(f"/api/tables/{playing}/rematch", json={"token": token})
    assert early.status_code == 409 and early.json()["code"] == "not_over"
    missing = client.post("/api/tables/nope/rematch", json={"token": token})
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    # nothing was started by the refusals: the first real request starts the rematch
    tables = client.get("/api/tables").json()["tables"]
    assert client.get(f"/api/tables/{table_id}").json()["rematch_id"] is None
    assert client.get(f"/api/tables/{playing}").json()["rematch_id"] is None
    started = client.post(f"/api/tables/{table_id}/rematch", json={"token": ana})
    assert started.status_code == 200
    assert len(client.get("/api/tables").json()["tables"]) == len(tables) + 1
    assert client.get(f"/api/tables/{table_id}").json()["rematch_id"] == started.json()["table_id"]


def test_the_rematch_link_and_tokens_survive_a_restart(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id, ana, bo = _finished_table(client)
        started = client.post(f"/api/tables/{table_id}/rematch", json={"token": ana}).json()
    with TestClient(app_factory(list_seconds=0.0)) as again:
        assert again.get(f"/api/tables/{table_id}").json()["rematch_id"] == started["table_id"]
        for token, seat in ((ana, 0), (bo, 2)):
            asked = again.post(f"/api/tables/{table_id}/rematch", json={"token": token}).json()
            assert asked["table_id"] == started["table_id"] and asked["seat"] == seat
            if seat == 0:
                assert asked["token"] == started["token"]
            url = f"/ws/tables/{asked['table_id']}?token={asked['token']}"
            with again.websocket_connect(url) as ws:
                assert next_of(ws, "hello")["seat"] == seat
        listed = again.get("/api/tables").json()["tables"]
        assert len(listed) == 2  # the finished table and one rematch, however often asked


def test_a_state_message_says_who_made_the_move(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        state, moves = play_to_end(ws, 0)
        assert moves > 0
        assert state["moved_by"]["actor"] in ("human", "bot")
        assert state["moved_by"]["seat"] in range(4)


def test_a_bot_standing_in_for_an_absent_player_is_named_as_such(
    app_factory: Callable[..., Any],
) -> None:
    with TestClient(app_factory(grace_seconds=0.0)) as client:
        table_id = create(client, SEATS)
        ana = join(client, table_id, "Ana")
        join(client, table_id, "Bo")  # Bo never connects: after the grace a bot plays for him
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            for _ in range(200):
                state = next_of(ws, "state")
                if state["moved_by"] and state["moved_by"]["seat"] == 2:
                    assert state["moved_by"]["actor"] == "substitute"
                    return
                view = state["view"]
                if view["to_move"] == 0 and not view["is_over"]:
                    action = view["legal_actions"][0]
                    ws.send_json({"type": "action", "action": action, "seq": state["seq"]})
        raise AssertionError("no move was made for the absent player")


def test_a_rematch_started_on_one_server_reaches_the_players_on_the_other(
    pg_url: str, broker_url: str, channel: str
) -> None:
    from scale_support import first_legal, settings_for
    from tricktable.server import create_app

    def server() -> TestClient:
        app = create_app(pg_url, broker_url=broker_url, settings=settings_for(channel))
        return TestClient(app)

    with server() as here, server() as there:
        humans = [{"kind": "human"}] * 4
        table_id = create(here, humans)
        tokens = [join(here, table_id, name) for name in ("Ana", "Bo", "Cy", "Di")]

        async def finish() -> None:  # the players' moves, through the first server
            runtime = await here.app.state.hub.get(table_id)
            while not runtime.game.is_over:
                await runtime.submit(runtime.game.to_move, first_legal(runtime), runtime.seq)

        here.portal.call(finish)
        ws_url = f"/ws/tables/{table_id}?token="
        with (
            there.websocket_connect(ws_url + tokens[2]) as cy,
            there.websocket_connect(ws_url + tokens[3]) as di,
        ):
            for ws in (cy, di):
                assert next_of(ws, "hello")["seat"] in (2, 3)
                assert next_of(ws, "state")["view"]["is_over"]
            answer = here.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
            assert answer.status_code == 200, answer.text
            new_id = answer.json()["table_id"]
            told = {seat: next_of(ws, "rematch") for seat, ws in ((2, cy), (3, di))}
        for seat, message in told.items():
            assert message["table_id"] == new_id and message["token"] != tokens[seat]
            # the new token holds the player's seat at the new table, on either server
            for client in (there, here):
                with client.websocket_connect(
                    f"/ws/tables/{new_id}?token={message['token']}"
                ) as ws:
                    assert next_of(ws, "hello")["seat"] == seat
        asked = here.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[3]}).json()
        assert asked == {"table_id": new_id, "seat": 3, "token": told[3]["token"]}
