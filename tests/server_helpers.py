"""Helpers for the server tests: create tables, read WebSocket messages, play a game."""

from __future__ import annotations

from typing import Any

GAME = "hasenpfeffer"
SHORT = {"target_score": 2}


def create(client: Any, seats: list[dict[str, Any]] | None = None, **extra: Any) -> str:
    body: dict[str, Any] = {"game": GAME, "options": SHORT, **extra}
    if seats is not None:
        body["seats"] = seats
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table_id: str = response.json()["table_id"]
    return table_id


def join(client: Any, table_id: str, name: str, seat: int | None = None) -> str:
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def next_of(ws: Any, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message of ``kind``; messages of other kinds are kept in ``seen``."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        if seen is not None:
            seen.append(message)


def state_at_turn(ws: Any, seat: int) -> dict[str, Any]:
    """Read states until it is ``seat``'s turn or the game is over."""
    while True:
        state = next_of(ws, "state")
        view = state["view"]
        if view["is_over"] or view["to_move"] == seat:
            return state


def play_to_end(ws: Any, seat: int, pick: int = -1) -> tuple[dict[str, Any], int]:
    """Play ``seat``'s legal action number ``pick`` each turn; the final state and moves made."""
    moves = 0
    while True:
        state = state_at_turn(ws, seat)
        if state["view"]["is_over"]:
            return state, moves
        legal = state["view"]["legal_actions"]
        ws.send_json({"type": "action", "action": legal[pick], "seq": state["seq"]})
        moves += 1


def second_browser(client: Any) -> Any:
    """Another browser (its own cookies) on the running app of ``client``.

    It shares ``client``'s event loop: a TestClient of its own would run each request on a
    new loop, and tasks the server starts there (bot moves) would die with it.
    """
    from fastapi.testclient import TestClient

    other = TestClient(client.app)
    other.portal = client.portal
    return other
