"""The turn timer a player controls (WCAG 2.2, 2.2.1): the player to move takes more time (the
countdown starts again, and the clients are told), any seated player switches the timer off for
the table (stored: it stays off after a restart), and anybody else is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import create, join, next_of, state_at_turn

FRIENDS = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


def _timer(client: Any, table_id: str, token: str, action: str) -> Any:
    return client.post(f"/api/tables/{table_id}/timer", json={"token": token, "action": action})


def _pending_timer(client: Any, table_id: str) -> bool:
    """Whether the table's runtime has an automatic move planned for a person's turn."""
    runtime = client.app.state.hub.tables[table_id]
    plan = runtime._automatic_plan()
    return plan is not None and plan[1] == "timer"


def test_the_player_to_move_takes_more_time(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id = create(client, seats=FRIENDS, turn_seconds=60)
        ana, bo = join(client, table_id, "Ana", 0), join(client, table_id, "Bo", 2)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            first = state_at_turn(ws, 0)
            mover = first["view"]
            assert mover["to_move"] == 0 and _pending_timer(client, table_id)
            refused = _timer(client, table_id, bo, "extend")  # Bo is not to move
            assert refused.status_code == 409 and "not your turn" in refused.json()["detail"]
            done = _timer(client, table_id, ana, "extend")
            assert done.status_code == 200, done.text
            assert done.json() == {"turn_seconds": 60, "turn_extended": 1}
            told = next_of(ws, "table")["table"]
            assert told["turn_seconds"] == 60 and told["turn_extended"] == 1
            assert _timer(client, table_id, ana, "extend").json()["turn_extended"] == 2
            assert _pending_timer(client, table_id)  # the countdown runs again
            action = mover["legal_actions"][0]
            ws.send_json({"type": "action", "action": action, "seq": first["seq"]})
            while next_of(ws, "state")["seq"] <= first["seq"]:
                pass  # (a state resent as it was is no move)
        public = client.get(f"/api/tables/{table_id}").json()
        assert public["turn_extended"] == 0  # a new move: a new turn's full time


def test_a_seated_player_switches_the_timer_off_for_good(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id = create(client, seats=FRIENDS, turn_seconds=30)
        ana, bo = join(client, table_id, "Ana", 0), join(client, table_id, "Bo", 2)
        assert _timer(client, table_id, "not-a-token", "off").status_code == 403
        bad = client.post(f"/api/tables/{table_id}/timer", json={"token": bo, "action": "pause"})
        assert bad.status_code == 422
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            state_at_turn(ws, 0)
            assert _pending_timer(client, table_id)
            done = _timer(client, table_id, bo, "off")  # anyone seated, to move or not
            assert done.status_code == 200 and done.json()["turn_seconds"] == 0
            assert next_of(ws, "table")["table"]["turn_seconds"] == 0
            assert not _pending_timer(client, table_id)
            assert _timer(client, table_id, ana, "extend").status_code == 409  # nothing to extend
    with TestClient(app_factory()) as again:  # a restart reads the table from the database
        assert again.get(f"/api/tables/{table_id}").json()["turn_seconds"] == 0
