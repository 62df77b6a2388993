"""One live table's commits: a stored action is always applied exactly once, even when the
task that stored it is cancelled or the database's answer to the commit is lost."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa
from fastapi.testclient import TestClient

from server_helpers import create, join, next_of, state_at_turn
from tricktable.server import db as store
from tricktable.server.table import TableError

SOLO = [{"kind": "human"}] + [{"kind": "bot"}] * 3


def wait_until(condition: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        time.sleep(0.02)


def stores_a_bot_move(statements: Any) -> bool:
    for statement, parameters in statements:
        rows = parameters if isinstance(parameters, list) else [parameters or {}]
        if getattr(statement, "table", None) is store.actions:
            return any(row.get("actor") == "bot" for row in rows)
    return False


def start_solo_table(client: Any) -> Any:
    """A table of Ana and three bots, at Ana's first turn; its runtime."""
    table_id = create(client, seats=SOLO)
    join(client, table_id, "Ana")
    runtime = client.app.state.hub.tables[table_id]
    wait_until(lambda: runtime.game.to_move == 0, "it is Ana's turn")
    return runtime


def human_moves(client: Any, runtime: Any) -> None:
    game = runtime.game
    client.portal.call(runtime.submit, 0, str(game.legal_actions()[0]), runtime.seq)


def back_at_the_human(runtime: Any) -> bool:
    return bool(runtime.game.is_over or runtime.game.to_move == 0)


def check_the_log_is_stored_once(client: Any, runtime: Any) -> None:
    stored = client.portal.call(runtime.database.load, runtime.table_id)
    assert [row.number for row in stored.actions] == list(range(len(stored.actions)))
    assert [(row.seat, row.action) for row in stored.actions] == [
        (seat, str(action)) for _, seat, action in runtime.game.log
    ]
    assert runtime.info.stored_actions == len(stored.actions)


def test_a_bot_move_whose_task_is_cancelled_after_its_commit_is_applied_once(
    app_factory: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app_factory(retry_seconds=0.05)) as client:
        runtime = start_solo_table(client)
        real_submit, real_store = runtime.submit, runtime.database.store
        callers: list[asyncio.Task[Any]] = []

        async def submit(seat: int, text: str, seq: int, actor: str = "human") -> None:
            if actor == "bot":
                callers.append(asyncio.current_task())  # type: ignore[arg-type]
            await real_submit(seat, text, seq, actor)

        async def store(statements: Any, notify: Any = None) -> None:
            await real_store(statements, notify)
            if len(callers) == 1 and stores_a_bot_move(statements):
                callers.append(callers[0])  # once
                callers[0].cancel()  # the cancellation arrives just after the commit
                await asyncio.sleep(0)

        monkeypatch.setattr(runtime, "submit", submit)
        monkeypatch.setattr(runtime.database, "store", store)
        human_moves(client, runtime)
        wait_until(lambda: len(callers) >= 2, "a bot move was cancelled")
        # nothing else happens at the table: the stored move itself must carry play on
        wait_until(lambda: back_at_the_human(runtime), "the bots played on to Ana's turn")
        check_the_log_is_stored_once(client, runtime)


def test_a_commit_whose_answer_is_lost_is_found_stored_on_the_retry(
    app_factory: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app_factory(retry_seconds=0.05)) as client:
        runtime = start_solo_table(client)
        real_store = runtime.database.store
        lost: list[bool] = []

        async def store(statements: Any, notify: Any = None) -> None:
            await real_store(statements, notify)
            if not lost and stores_a_bot_move(statements):
                lost.append(True)  # committed, but the connection broke before the answer
                raise sa.exc.OperationalError("COMMIT", {}, Exception("connection lost"))

        monkeypatch.setattr(runtime.database, "store", store)
        human_moves(client, runtime)
        wait_until(lambda: bool(lost), "a bot move's commit answer was lost")
        wait_until(lambda: back_at_the_human(runtime), "the bots played on to Ana's turn")
        check_the_log_is_stored_once(client, runtime)


FRIENDS = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


def first_state(client: Any, table_id: str, token: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        while True:
            message: dict[str, Any] = ws.receive_json()
            if message["type"] == "state":
                return message


def test_a_table_with_an_empty_persons_seat_waits(app_factory: Callable[..., Any]) -> None:
    """design.md "Tables that wait": nothing dealt, no choices, no bot move, no timer."""
    with TestClient(app_factory()) as client:
        table_id = create(client, seats=FRIENDS, turn_seconds=5)
        token = join(client, table_id, "Ana")
        runtime = client.app.state.hub.tables[table_id]
        described = client.get(f"/api/tables/{table_id}").json()
        assert described["waiting"] is True and described["host_seat"] == 0
        view = first_state(client, table_id, token)["view"]
        assert view["hand"] == [] and view["legal_actions"] == [] and view["to_move"] is None
        assert view["hand_sizes"] == [0, 0, 0, 0]
        assert runtime._automatic_plan() is None and runtime._timer is None  # no timer
        with pytest.raises(TableError) as refused:
            client.portal.call(runtime.submit, runtime.game.to_move, "pass", 0)
        assert refused.value.code == "waiting" and runtime.seq == 0
        join(client, table_id, "Bea")
        assert client.get(f"/api/tables/{table_id}").json()["waiting"] is False
        assert len(first_state(client, table_id, token)["view"]["hand"]) == 6


def test_the_creator_gives_the_empty_seat_to_a_bot(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory()) as client:
        table_id = create(client, seats=FRIENDS)
        ana = join(client, table_id, "Ana")
        url = f"/api/tables/{table_id}/seats/2/bot"
        answer = client.post(url, json={"token": ana, "level": "easy"})
        assert answer.status_code == 200, answer.text
        table = answer.json()["table"]
        assert table["waiting"] is False
        assert table["seats"][2]["kind"] == "bot" and table["seats"][2]["level"] == "easy"
        assert len(first_state(client, table_id, ana)["view"]["hand"]) == 6
        stored = client.portal.call(client.app.state.hub.database.load_seats, table_id)
        assert (stored[2].kind, stored[2].level) == ("bot", "easy")


@pytest.mark.parametrize(
    ("who", "seat", "body", "refusal"),
    [
        ("nobody", 2, {}, (403, "bad_token")),
        ("friend", 3, {}, (403, "not_host")),
        ("host", 1, {}, (409, "seat_taken")),
        ("host", 2, {}, (409, "seat_taken")),
        ("host", 9, {}, (400, "no_such_seat")),
        ("host", 3, {"level": "godlike"}, (422, None)),
    ],
)
def test_a_refused_bot_seat_changes_nothing(
    app_factory: Callable[..., Any],
    who: str,
    seat: int,
    body: dict[str, Any],
    refusal: tuple[int, str | None],
) -> None:
    status, code = refusal
    people = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "human"}]
    with TestClient(app_factory()) as client:
        table_id = create(client, seats=people)
        tokens = {"host": join(client, table_id, "Ana"), "friend": join(client, table_id, "Bea")}
        before = client.get(f"/api/tables/{table_id}").json()
        token = tokens.get(who, "not-a-token")
        answer = client.post(
            f"/api/tables/{table_id}/seats/{seat}/bot", json={"token": token, **body}
        )
        assert answer.status_code == status, answer.text
        if code is not None:
            assert answer.json()["code"] == code
        after = client.get(f"/api/tables/{table_id}").json()
        assert after["seats"] == before["seats"] and after["waiting"] is True


def test_a_solo_table_its_player_left_waits_for_her(app_factory: Callable[..., Any]) -> None:
    """design.md "Solo tables pause": no bot, no substitute while she is gone; back, the
    hand is where she left it and the bots play on."""
    with TestClient(app_factory(grace_seconds=0.0, bot_delay=0.2)) as client:
        table_id = create(client, seats=SOLO)
        ana = join(client, table_id, "Ana")
        runtime = client.app.state.hub.tables[table_id]
        url = f"/ws/tables/{table_id}?token={ana}"
        with client.websocket_connect(url) as ws:
            state = state_at_turn(ws, 0)
            move = state["view"]["legal_actions"][0]
            ws.send_json({"type": "action", "action": move, "seq": state["seq"]})
            left_at = next_of(ws, "state")["seq"]  # her move: a bot is to move next
        time.sleep(1.0)  # five bot delays; with no grace a substitute would play at once
        described = client.get(f"/api/tables/{table_id}").json()
        assert runtime.seq == left_at and described["paused"] is True
        assert described["seats"][0]["substituted"] is False
        with client.websocket_connect(url) as ws:
            back = next_of(ws, "state")
            assert back["seq"] == left_at, "the hand is where she left it"
            assert next_of(ws, "state")["seq"] == left_at + 1, "the bots play on"
