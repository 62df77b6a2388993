"""Solo comforts at tables of one player and bots: undo, a checked claim, bot speed, learning."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

import tricktable as tt
from server_helpers import create, join, next_of, play_to_end, second_browser, state_at_turn
from tricktable.engine import Phase
from tricktable.solver import solve

SOLO = [{"kind": "human"}] + [{"kind": "bot"}] * 3
PAIR = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def build(app_factory: Callable[..., Any]) -> Callable[..., Any]:
    return app_factory


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


def live(client: Any, table_id: str) -> tt.Game:
    game: tt.Game = client.app.state.hub.tables[table_id].game
    return game


def test_undo_takes_back_your_move_and_the_bots_replies_and_replays_exactly(build: Any) -> None:
    with TestClient(build()) as client:
        table_id = create(client, seats=SOLO)
        token = join(client, table_id, "Ana")
        refused(
            client.post(f"/api/tables/{table_id}/undo", json={"token": token}),
            409,
            "nothing_to_undo",
        )
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            first = state_at_turn(ws, 0)
            ws.send_json(
                {
                    "type": "action",
                    "action": first["view"]["legal_actions"][-1],
                    "seq": first["seq"],
                }
            )
            second = state_at_turn(ws, 0)
            assert second["seq"] > first["seq"]
            undone = client.post(f"/api/tables/{table_id}/undo", json={"token": token})
            assert undone.status_code == 200 and undone.json()["seq"] == first["seq"]
            assert undone.json()["undone"] == second["seq"] - first["seq"]
            back = next_of(ws, "state")
            assert back["seq"] == first["seq"] and back["view"] == first["view"]
            ws.send_json(
                {"type": "action", "action": first["view"]["legal_actions"][0], "seq": back["seq"]}
            )
            state_at_turn(ws, 0)
        before = live(client, table_id).record()
    with TestClient(build()) as again:  # a restart rebuilds the game from the log, undo included
        assert live(again, table_id).record() == before


def play_until_people_wait(client: Any, table_id: str, people: tuple[int, ...]) -> None:
    """Make the first legal move for each person in turn until each has moved once and the
    table waits for one of them (the bots have nothing to do)."""
    runtime = client.app.state.hub.tables[table_id]
    moved: set[int] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        game = runtime.game
        if game.to_move not in people:
            time.sleep(0.02)
            continue
        if moved >= set(people):
            return
        seat = game.to_move
        client.portal.call(runtime.submit, seat, str(game.legal_actions()[0]), runtime.seq)
        moved.add(seat)
    raise AssertionError("the table did not come back to its people")


def stored_rows(client: Any, table_id: str) -> list[tuple[int, str]]:
    stored = client.portal.call(client.app.state.hub.database.load, table_id)
    return [(row.seat, row.action) for row in stored.actions]


def test_undo_claim_and_speed_are_refused_where_they_do_not_belong(build: Any) -> None:
    with TestClient(build()) as client:
        shared = create(client, seats=PAIR)
        ana = join(client, shared, "Ana")
        join(client, shared, "Bo")
        play_until_people_wait(client, shared, people=(0, 2))  # Ana has a move to take back
        before = (live(client, shared).log, stored_rows(client, shared))
        for what in ("undo", "claim"):
            refused(
                client.post(f"/api/tables/{shared}/{what}", json={"token": ana}), 409, "not_solo"
            )
        refused(
            client.post(f"/api/tables/{shared}/speed", json={"token": ana, "speed": "fast"}),
            409,
            "not_solo",
        )
        assert (live(client, shared).log, stored_rows(client, shared)) == before
        assert client.get(f"/api/tables/{shared}").json()["bot_speed"] == "normal"
        solo = create(client, seats=SOLO)
        join(client, solo, "Cy")
        solo_before = (live(client, solo).log, stored_rows(client, solo))
        # Ana's token holds a seat, but at another table: it is no seat of this one
        refused(client.post(f"/api/tables/{solo}/undo", json={"token": ana}), 403, "bad_token")
        refused(client.post(f"/api/tables/{solo}/claim", json={"token": ana}), 403, "bad_token")
        speed = {"token": ana, "speed": "slow"}
        refused(client.post(f"/api/tables/{solo}/speed", json=speed), 403, "bad_token")
        assert client.post(f"/api/tables/{solo}/undo", json={}).status_code == 422
        refused(client.post("/api/tables/nope/undo", json={"token": ana}), 404, "not_found")
        assert (live(client, solo).log, stored_rows(client, solo)) == solo_before
        assert client.get(f"/api/tables/{solo}").json()["bot_speed"] == "normal"


def test_bot_speed_is_set_per_solo_table(build: Any) -> None:
    with TestClient(build()) as client:
        table_id = create(client, seats=SOLO)
        token = join(client, table_id, "Ana")
        fast = client.post(f"/api/tables/{table_id}/speed", json={"token": token, "speed": "fast"})
        assert fast.json() == {"speed": "fast", "bot_delay": 0.15}
        slow = client.post(f"/api/tables/{table_id}/speed", json={"token": token, "speed": "slow"})
        assert slow.json()["bot_delay"] == 2.0
        normal = client.post(
            f"/api/tables/{table_id}/speed", json={"token": token, "speed": "normal"}
        )
        assert normal.json()["bot_delay"] == 0.0  # the server's setting (this test's: no delay)
        bad = client.post(f"/api/tables/{table_id}/speed", json={"token": token, "speed": "warp"})
        assert bad.status_code == 422
        assert client.get(f"/api/tables/{table_id}").json()["bot_speed"] == "normal"


def test_the_bot_speed_is_stored_so_every_server_process_uses_it(build: Any) -> None:
    with TestClient(build()) as first:
        table_id = create(first, seats=SOLO)
        token = join(first, table_id, "Ana")
        runtime = first.app.state.hub.tables[table_id]
        for _ in range(500):  # the bots' first moves, up to Ana's turn (no bot move pending)
            if runtime.game.to_move == 0:
                break
            time.sleep(0.02)
        with TestClient(build()) as second:  # another process on the same database
            answer = second.post(
                f"/api/tables/{table_id}/speed", json={"token": token, "speed": "slow"}
            )
            assert answer.json() == {"speed": "slow", "bot_delay": 2.0}
            assert first.get(f"/api/tables/{table_id}").json()["bot_speed"] == "normal"
            # the process running the bots reads the stored speed before each bot move
            assert first.portal.call(runtime.stored_bot_delay) == 2.0
            assert first.get(f"/api/tables/{table_id}").json()["bot_speed"] == "slow"
    with TestClient(build()) as restarted:
        assert restarted.get(f"/api/tables/{table_id}").json()["bot_speed"] == "slow"


def test_a_claim_is_accepted_only_when_no_defence_beats_it(build: Any) -> None:
    accepted = refused_claims = 0
    with TestClient(build()) as client:
        for _ in range(6):
            table_id = create(client, seats=SOLO)
            token = join(client, table_id, "Ana")
            with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
                while True:
                    state = state_at_turn(ws, 0)
                    if state["view"]["is_over"]:
                        break
                    game = live(client, table_id)
                    if game.phase is Phase.PLAY:
                        holds = max(solve(game).values()) == game.tricks_per_hand - len(game.tricks)
                        answer = client.post(f"/api/tables/{table_id}/claim", json={"token": token})
                        if holds:
                            assert answer.status_code == 200, answer.text
                            accepted += 1
                            after = live(client, table_id)
                            assert after.deal_number > game.deal_number or after.is_over
                            assert after.results[-1].tricks == after.results[-1].tricks
                            continue
                        refused(answer, 409, "claim_refused")
                        assert live(client, table_id).log == game.log
                        refused_claims += 1
                    legal = state["view"]["legal_actions"]
                    ws.send_json({"type": "action", "action": legal[0], "seq": state["seq"]})
            if accepted and refused_claims:
                break
        assert accepted and refused_claims
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200 and tt.replay(record.json()).is_over


def test_learning_mode_explains_the_strong_bots_choice_at_your_last_move(build: Any) -> None:
    with TestClient(build()) as client:
        table_id = create(client, seats=SOLO)
        token = join(client, table_id, "Ana")
        refused(
            client.post(f"/api/tables/{table_id}/learn", json={"token": token}),
            409,
            "nothing_to_explain",
        )
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = state_at_turn(ws, 0)
            played = state["view"]["legal_actions"][0]
            ws.send_json({"type": "action", "action": played, "seq": state["seq"]})
            state_at_turn(ws, 0)
        answer = client.post(f"/api/tables/{table_id}/learn", json={"token": token}).json()
        assert answer["played"] == played and answer["reason"]
        # same: as good as the bot's choice, which a tie may break the other way
        assert answer["same"] or answer["suggested"] != played
        assert answer["suggested"] in state["view"]["legal_actions"]
        why = answer["why"]  # the reason's parts, for the page to say in its own language
        if why.get("only"):
            assert answer["reason"] == "it is the only legal action"
        else:
            number = "{:.1f}" if why["unit"] == "tricks" else "{:+.1f}"
            assert number.format(why["value"]) in answer["reason"]
            assert f"over {why['samples']} sampled" in answer["reason"]
            assert (why["next"] is None) == ("next best" not in answer["reason"])


def test_a_game_with_an_undo_is_not_rated(build: Any) -> None:
    with TestClient(build(list_seconds=0.0)) as client:
        browser = second_browser(client)
        csrf = browser.post(
            "/api/accounts", json={"name": "Ana", "password": "long enough"}
        ).json()["csrf"]
        browser.headers["X-CSRF-Token"] = csrf
        table_id = create(browser, seats=SOLO)
        token = join(browser, table_id, "Ana")
        with browser.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = state_at_turn(ws, 0)
            ws.send_json(
                {"type": "action", "action": state["view"]["legal_actions"][0], "seq": state["seq"]}
            )
            state_at_turn(ws, 0)
            assert (
                browser.post(f"/api/tables/{table_id}/undo", json={"token": token}).status_code
                == 200
            )
            play_to_end(ws, 0)
        for _ in range(200):
            page = client.get("/api/players/Ana").json()
            if page["recent"]:
                break
            time.sleep(0.02)
        [recent] = page["recent"]
        assert recent["rated"] is False and page["games"][0]["rating"] is None
        assert page["games"][0]["games"] == 1
