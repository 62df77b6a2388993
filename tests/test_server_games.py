"""Every registered game plays at the server, and every payload is exactly that seat's view.

For each game a human (seat 0) plays against bots with a spectator watching; afterwards the game
is replayed to each payload's ``seq`` and the payload's view must equal ``game.view(seat)`` of
that position: the server adds nothing to a view and sends nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

import tricktable as tt
from server_helpers import join

MOVES = 60


def _collect(ws: Any, log: list[dict[str, Any]], until_seq: int) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        log.append(message)
        if message["type"] == "state" and message["seq"] >= until_seq:
            return message


@pytest.mark.parametrize("game", list(tt.REGISTRY))
def test_each_game_sends_each_receiver_exactly_its_view(
    game: str, app_factory: Callable[..., Any]
) -> None:
    app = app_factory()
    with TestClient(app) as client:
        players = client.post("/api/rules", json={"game": game}).json()["players"]
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
        created = client.post("/api/tables", json={"game": game, "seats": seats})
        assert created.status_code == 201, created.text
        table_id = created.json()["table_id"]
        token = join(client, table_id, "Ana")
        logs: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
        with (
            client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws,
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator,
        ):
            state = _collect(ws, logs[0], 0)
            while state["seq"] < MOVES and not state["view"]["is_over"]:
                view = state["view"]
                if view["legal_actions"]:
                    action = view["legal_actions"][0]
                    ws.send_json({"type": "action", "action": action, "seq": state["seq"]})
                state = _collect(ws, logs[0], state["seq"] + 1)
            _collect(spectator, logs[None], state["seq"])
        served = app.state.hub.tables[table_id].game
        record = served.record()
    states = {receiver: [m for m in log if m["type"] == "state"] for receiver, log in logs.items()}
    assert len(states[0]) > 1 and states[None]
    for receiver, messages in states.items():
        for message in messages:
            # the server deals from the table's key, so its commitments come from it too
            replayed = tt.replay(record, upto=message["seq"], deal_source=served.deal_source)
            view = replayed.view(receiver).to_dict()
            expected = json.loads(json.dumps(view))  # tuples arrive as lists
            assert message["view"] == expected, (game, receiver, message["seq"])
