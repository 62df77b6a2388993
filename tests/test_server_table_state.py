"""A table's pure state: turn checks, a move carried out in place with the rows it stores, one
view per seat per move, and when a table plays on by itself (no event loop here)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

import sqlalchemy as sa

import tricktable as tt
from tricktable.actions import Action
from tricktable.server import db as store
from tricktable.server.config import Settings
from tricktable.server.refusals import TableError
from tricktable.server.table_state import Move, SeatState, TableInfo, TableState


def table(*kinds: str, named: bool = True, role: str = "single") -> TableState:
    """A Single Hasenpfeffer table with seats of ``kinds``; its people named Ana, Bo, …."""
    game = tt.new_game("hasenpfeffer", seed=11)
    names = iter(["Ana", "Bo", "Cy", "Di"])
    seats = [
        SeatState(n, kind, None if kind == "human" else "easy", next(names) if named else None)
        for n, kind in enumerate(kinds)
    ]
    info = TableInfo("t1", True, 0, "2026-01-01T00:00:00", len(game.deals))
    return TableState(info, game, seats, Settings(bot_delay=0.5, grace_seconds=30.0), role)


def solo() -> TableState:
    return table("human", "bot", "bot", "bot")


def at_seat(state: TableState) -> int:
    seat = state.game.to_move
    assert seat is not None
    return seat


def test_a_move_gives_its_rows_and_changes_the_game_in_place_once_stored() -> None:
    state = solo()
    game, seat = state.game, at_seat(state)
    before = game.copy()
    action = game.legal_actions()[0]
    move = state.play(seat, action, "bot")
    assert game == before and state.seq == 0, "nothing shows before it is stored"
    assert move.rows == [{"deal_number": 0, "seat": seat, "action": str(action), "actor": "bot"}]
    first = move.statements[0]
    assert first[0] is store.INSERT_ACTIONS and first[1]["number"] == 0  # type: ignore[index]
    assert move.moved_by == {"seat": seat, "actor": "bot"}
    assert state.stored(move) is game, "no copy of the whole game per move"
    assert state.seq == 1 and game.log[-1][2] == action and state.moved_by == move.moved_by


def test_stored_moves_number_the_log_rows_on() -> None:
    state = solo()
    for _ in range(3):
        seat = at_seat(state)
        state.stored(state.play(seat, state.game.legal_actions()[0], "bot"))
    assert state.info.stored_actions == 3
    move = state.play(at_seat(state), state.game.legal_actions()[0], "bot")
    assert move.statements[0][1]["number"] == 3  # type: ignore[index]


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    state = solo()
    seat = at_seat(state)
    before = state.game.copy()
    with pytest.raises(TableError) as refused:
        state.play(seat, "play 2C", "human")
    assert refused.value.code == "illegal_action" and "'play 2C'" in refused.value.message
    assert state.game == before


def test_turn_checks_name_what_is_wrong() -> None:
    state = solo()
    seat = at_seat(state)
    codes = []
    for asked_seat, seq in ((seat, 5), ((seat + 1) % 4, 0)):
        with pytest.raises(TableError) as refused:
            state.check_turn(asked_seat, seq, "human")
        codes.append(refused.value.code)
    assert codes == ["stale_seq", "not_your_turn"]
    state.check_turn(seat, 0, "human")  # the right seat at the current state passes
    waiting = table("human", "bot", "human", "bot", named=False)
    with pytest.raises(TableError, match="waits"):
        waiting.check_turn(at_seat(waiting), 0, "human")


def test_a_move_that_ends_a_hand_stores_the_next_deal_and_leaves_the_game_as_it_was() -> None:
    state = solo()
    while True:
        before = state.game.copy()
        move = state.play(at_seat(state), state.game.legal_actions()[0], "bot")
        assert state.game == before
        if len(move.statements) > 1:  # the hand's last card: the next deal is stored with it
            break
        state.stored(move)
    deals = move.statements[1][1]
    assert isinstance(deals, list) and deals[0]["number"] == len(before.deals)
    state.stored(move)
    assert len(state.game.deals) == len(before.deals) + 1


def test_the_bot_to_move_gets_the_view_built_for_the_state_messages() -> None:
    state = solo()
    state.seats[0].connections = 1
    bot = at_seat(state)
    texts = state.state_texts({0, None})
    assert set(texts) == {0, None}
    built = state.view_of(bot)
    assert built is state.view_of(bot), "built once, then handed out"
    assert built == state.game.view(bot)
    state.stored(state.play(bot, state.game.legal_actions()[0], "bot"))
    assert state.view_of(bot) == state.game.view(bot), "a view of an older state is not used"


def test_an_action_object_is_applied_as_it_is() -> None:
    state = solo()
    seat = at_seat(state)
    chosen = Action.parse(str(state.game.legal_actions()[-1]))
    move = state.play(seat, chosen, "bot")
    assert move.rows[0]["action"] == str(chosen)


def test_a_solo_table_its_player_left_pauses_until_she_is_back() -> None:
    state = solo()
    while state.game.to_move == 0:
        state.stored(state.play(0, state.game.legal_actions()[0], "human"))
    clock = lambda: 100.0  # noqa: E731
    assert state.automatic_plan(clock) == (0.5, "bot"), "never connected: the bots play"
    state.seats[0].connections = 1
    state.settle_presence(clock())
    state.seats[0].connections = 0
    state.settle_presence(clock())
    assert state.paused and state.automatic_plan(clock) is None
    assert state.public()["paused"] is True
    state.seats[0].connections = 1
    state.settle_presence(clock())
    assert not state.paused and state.automatic_plan(clock) == (0.5, "bot")


def test_a_table_stored_as_left_pauses_from_its_load() -> None:
    state = solo()
    while state.game.to_move == 0:
        state.stored(state.play(0, state.game.legal_actions()[0], "human"))
    assert state.automatic_plan(lambda: 0.0) is not None
    state.away_stored = True
    assert state.paused and state.automatic_plan(lambda: 0.0) is None


def test_a_friend_who_drops_is_still_replaced_while_another_plays() -> None:
    state = table("human", "human", "bot", "bot")
    for seat in state.seats[:2]:
        seat.connections = 1
    state.settle_presence(10.0)
    state.seats[1].connections = 0
    state.settle_presence(10.0)
    assert not state.paused
    while state.game.to_move != 1:
        state.stored(state.play(at_seat(state), state.game.legal_actions()[0], "bot"))
    assert state.automatic_plan(lambda: 15.0) == (25.0, "grace")


def test_an_event_table_plays_on_when_its_player_leaves() -> None:
    state = solo()
    state.info.event = {"event_id": "e", "round": 1, "board": 1, "boards": 2, "name": "Cup"}
    state.seats[0].seen = True
    assert not state.paused
    assert state.public()["event"]["board"] == 1


def job_statements(move: Move) -> list[Any]:
    return [
        q for q, _ in move.statements if getattr(getattr(q, "table", None), "name", "") == "jobs"
    ]


def test_no_job_is_written_for_a_table_its_players_left() -> None:
    here = table("human", "bot", "bot", "bot", role="server")
    playing = job_statements(here.play(at_seat(here), here.game.legal_actions()[0], "bot"))
    assert any(isinstance(q, sa.Insert) for q in playing), "the next bot's job is written"
    left = table("human", "bot", "bot", "bot", role="server")
    left.seats[0].seen = True
    paused = job_statements(left.play(at_seat(left), left.game.legal_actions()[0], "bot"))
    assert paused and all(isinstance(q, sa.Delete) for q in paused), "only the old job goes"
