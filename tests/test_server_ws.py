"""The WebSocket protocol: play, bad input, spectators, chat, absence, return and timers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server_helpers import create, join, next_of, play_to_end, state_at_turn

HUMANS_0_2 = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory()) as test_client:
        yield test_client


def test_connect_sends_hello_then_the_seat_view(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["seat"] == 0
        assert hello["table"]["rules"] == "hasenpfeffer(target_score=2)"
        assert hello["presets"]
        state = next_of(ws, "state")
        assert state["view"]["seat"] == 0 and len(state["view"]["hand"]) == 6


def test_a_whole_game_against_bots_ends_with_winners(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        final, moves = play_to_end(ws, 0, pick=0)
    assert final["view"]["winners"] and moves >= 6
    assert final["seq"] == client.get(f"/api/tables/{table_id}").json()["seq"]


def _refusal(ws: Any, payload: Any) -> dict[str, Any]:
    if isinstance(payload, str):
        ws.send_text(payload)
    else:
        ws.send_json(payload)
    return next_of(ws, "error")


def test_bad_input_gets_a_clear_error_and_changes_nothing(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        state = state_at_turn(ws, 0)
        seq, legal = state["seq"], state["view"]["legal_actions"]
        cases = [
            ("{not json", "bad_json"),
            ({"type": "dance"}, "bad_message"),
            ({"type": "action", "action": "play JH"}, "bad_message"),
            ({"type": "action", "action": legal[0], "seq": seq - 1}, "stale_seq"),
            ({"type": "action", "action": legal[0], "seq": seq + 5}, "stale_seq"),
            ({"type": "action", "action": "fly away", "seq": seq}, "illegal_action"),
            ({"type": "action", "action": "x" * 64, "seq": seq}, "illegal_action"),
            ("[" * 9000, "too_large"),
            ({"type": "chat", "text": ""}, "bad_message"),
        ]
        for payload, code in cases:
            error = _refusal(ws, payload)
            assert error["code"] == code, (payload, error)
            assert error["message"]
        unplayable = _unplayable(state["view"])
        if unplayable:
            assert _refusal(ws, {"type": "action", "action": unplayable, "seq": seq})["code"] == (
                "illegal_action"
            )
        assert client.get(f"/api/tables/{table_id}").json()["seq"] == seq
        ws.send_json({"type": "action", "action": legal[0], "seq": seq})
        assert next_of(ws, "state")["seq"] == seq + 1
        replayed = _refusal(ws, {"type": "action", "action": legal[0], "seq": seq})
        assert replayed["code"] == "stale_seq"


def _unplayable(view: dict[str, Any]) -> str | None:
    for card in view["hand"]:
        if f"play {card}" not in view["legal_actions"]:
            return f"play {card}"
    return None


def test_out_of_turn_and_other_tables_tokens_are_refused(client: Any) -> None:
    table_id = create(client, seats=HUMANS_0_2)
    other_table = create(client)
    ana = join(client, table_id, "Ana", 0)
    bo = join(client, table_id, "Bo", 2)
    stranger = join(client, other_table, "Cy")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={stranger}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws_ana,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bo}") as ws_bo,
    ):
        ana_state = next_of(ws_ana, "state")
        while ana_state["view"]["to_move"] not in (0, 2):
            ana_state = next_of(ws_ana, "state")
        bo_state = next_of(ws_bo, "state")
        while bo_state["seq"] < ana_state["seq"]:
            bo_state = next_of(ws_bo, "state")
        assert bo_state["seq"] == ana_state["seq"]
        ana_moves = ana_state["view"]["to_move"] == 0
        mover, waiter = (ws_ana, ws_bo) if ana_moves else (ws_bo, ws_ana)
        state, other = (ana_state, bo_state) if ana_moves else (bo_state, ana_state)
        assert other["view"]["legal_actions"] == []
        legal = state["view"]["legal_actions"]
        error = _refusal(waiter, {"type": "action", "action": legal[0], "seq": state["seq"]})
        assert error["code"] == "not_your_turn"
        mover.send_json({"type": "action", "action": legal[0], "seq": state["seq"]})
        assert next_of(mover, "state")["seq"] == state["seq"] + 1


def test_spectators_watch_without_cards_and_cannot_act(client: Any) -> None:
    table_id = create(client)
    join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello = ws.receive_json()
        assert hello["seat"] is None
        state = next_of(ws, "state")
        assert state["view"]["hand"] == [] and state["view"]["legal_actions"] == []
        error = _refusal(ws, {"type": "action", "action": "pass", "seq": state["seq"]})
        assert error["code"] == "spectator"
        assert _refusal(ws, {"type": "chat", "text": "hi"})["code"] == "spectator"


def test_a_table_can_forbid_watching(client: Any) -> None:
    table_id = create(client, allow_spectators=False)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert ws.receive_json()["code"] == "no_watching"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect("/ws/tables/missing") as ws:
        assert ws.receive_json()["code"] == "not_found"


def test_chat_is_broadcast_stored_and_sent_to_newcomers(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        ws.send_json({"type": "chat", "text": "  Good luck!  "})
        message = next_of(ws, "chat")
        assert (message["name"], message["text"], message["seat"]) == ("Ana", "Good luck!", 0)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello = watcher.receive_json()
        assert [m["text"] for m in hello["chat"]] == ["Good luck!"]


def test_resync_resends_the_current_state(client: Any) -> None:
    table_id = create(client)
    token = join(client, table_id, "Ana")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        state = state_at_turn(ws, 0)
        ws.send_json({"type": "resync"})
        again = next_of(ws, "state")
        assert again == state


def test_a_bot_sits_in_for_an_absent_player_and_hands_the_seat_back(
    app_factory: Callable[..., Any],
) -> None:
    with TestClient(app_factory(grace_seconds=0.0)) as client:
        table_id = create(client, seats=HUMANS_0_2)
        ana = join(client, table_id, "Ana", 0)
        join(client, table_id, "Bo", 2)  # Bo never connects: a bot plays for him
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            seen: list[dict[str, Any]] = []
            state = state_at_turn(ws, 0)
            start = state["seq"]
            ws.send_json(
                {"type": "action", "action": state["view"]["legal_actions"][0], "seq": start}
            )
            state = state_at_turn(ws, 0)
            assert state["seq"] > start + 1 or state["view"]["is_over"]
            seat_two = client.get(f"/api/tables/{table_id}").json()["seats"][2]
            assert seat_two["substituted"] is True and seat_two["connected"] is False
            assert seen == [] or all(m["type"] != "error" for m in seen)
            ana_seat = client.get(f"/api/tables/{table_id}").json()["seats"][0]
            assert ana_seat["connected"] is True and ana_seat["substituted"] is False


def test_returning_player_gets_the_seat_back(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory(grace_seconds=0.0)) as client:
        table_id = create(client)
        ana = join(client, table_id, "Ana", 0)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            state_at_turn(ws, 0)
        # away with zero grace: the substitute plays on until the game ends or she returns
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            hello = next_of(ws, "hello")
            assert hello["seat"] == 0
            table = client.get(f"/api/tables/{table_id}").json()
            assert table["seats"][0]["substituted"] is False
            state = state_at_turn(ws, 0)
            if not state["view"]["is_over"]:
                assert state["view"]["legal_actions"]


def test_turn_timer_plays_for_a_slow_player(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id = create(client, turn_seconds=1)
        ana = join(client, table_id, "Ana", 0)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ana}") as ws:
            first = state_at_turn(ws, 0)
            after = next_of(ws, "state")  # Ana does nothing; the timer moves for her
            assert after["seq"] == first["seq"] + 1
            assert (
                after["view"]["to_move"] != 0
                or after["view"]["hand_number"] > 1
                or (first["view"]["phase"] != after["view"]["phase"])
            )


def test_chat_floods_are_refused(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory(chat_burst=3, chat_window=600.0)) as client:
        table_id = create(client)
        token = join(client, table_id, "Ana")
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            for number in range(3):
                ws.send_json({"type": "chat", "text": f"hi {number}"})
                assert next_of(ws, "chat")["text"] == f"hi {number}"
            assert _refusal(ws, {"type": "chat", "text": "hi again"})["code"] == "chat_too_fast"
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            assert [m["text"] for m in next_of(watcher, "hello")["chat"]] == [
                "hi 0",
                "hi 1",
                "hi 2",
            ]


class _Socket:
    """The two calls a connection's writer makes, recorded."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_the_writer_sends_in_order_and_drops_a_client_too_far_behind() -> None:
    import asyncio

    from tricktable.server.ws import CLOSE_TOO_SLOW, SocketClient

    async def main() -> tuple[_Socket, _Socket]:
        keeping_up, behind = _Socket(), _Socket()
        client = SocketClient(keeping_up, 0, limit=2)  # type: ignore[arg-type]
        writer = asyncio.create_task(client.pump())
        for text in ("a", "b", "c"):
            client.push(text)
            await asyncio.sleep(0)  # the writer sends each before the next comes
        client.finish()
        await asyncio.wait_for(writer, 5)
        slow = SocketClient(behind, 0, limit=2)  # type: ignore[arg-type]
        for text in ("a", "b", "c"):  # three before the writer runs: one past the limit
            slow.push(text)
        await asyncio.wait_for(slow.pump(), 5)
        return keeping_up, behind

    keeping_up, behind = asyncio.run(main())
    assert keeping_up.sent == ["a", "b", "c"] and keeping_up.closed is None
    assert behind.sent == [] and behind.closed is not None and behind.closed[0] == CLOSE_TOO_SLOW
