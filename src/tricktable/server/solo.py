"""Comforts of playing alone against bots: undo, learning mode, bot speed and a checked claim.

All of them need a seat token, and undo, claim and speed need a *solo* table: every other seat
is a bot. An undo is a row of the action log (action ``undo``) that replay reads as "take back
this seat's last action and everything after it", so a table with undos still replays exactly
(:func:`tricktable.server.db.effective_actions`); such games are not rated. A claim of the
remaining tricks is checked by the double-dummy solver against best defence and, when no
defence beats it, the hand is played out by the solver (each card stored as an action of the
``claim`` actor).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

import tricktable as tt
from tricktable.engine import Phase

from ..i18n import N_
from . import edge
from .db import UNDO
from .table import TableError, TableRuntime, Term

__all__ = ["router"]

router = APIRouter(prefix="/api")


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=100)


class SpeedIn(SeatToken):
    speed: Literal["fast", "normal", "slow"]


def _seat_of(runtime: TableRuntime, token: str) -> int:
    seat = runtime.seat_for_token(token)
    if seat is None:
        raise TableError("bad_token", "that token holds no seat at this table", 403)
    return seat


def _solo_seat(runtime: TableRuntime, token: str, what: str) -> int:
    seat = _seat_of(runtime, token)
    others = [s for s in runtime.seats if s.seat != seat and s.kind != "bot"]
    if others:
        raise TableError(
            "not_solo",
            "{what} is only for tables where every other seat is a bot",
            409,
            what=Term(what),
        )
    if runtime.game.is_over:
        raise TableError("game_over", "the game is over")
    return seat


def _last_own(game: tt.Game, seat: int) -> int | None:
    """The index in the log of ``seat``'s last action (None: none yet)."""
    for index in range(len(game.log) - 1, -1, -1):
        if game.log[index][1] == seat:
            return index
    return None


async def _hub_table(request: Request, table_id: str) -> Any:
    hub = request.app.state.hub
    return hub, await hub.get(table_id)


def _replayed(game: tt.Game, upto: int) -> tt.Game:
    """The game as it was before action ``upto``, its deals (and so its commitments) still
    coming from the table's key."""
    return tt.replay(game.record(), upto=upto, deal_source=game.deal_source)


@router.post("/tables/{table_id}/undo")
async def undo(table_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
    """Take back your last action (and the bots' moves after it) at a solo table."""
    _, runtime = await _hub_table(request, table_id)
    seat = _solo_seat(runtime, body.token, N_("undo"))
    async with runtime.lock:
        index = _last_own(runtime.game, seat)
        if index is None:
            raise TableError("nothing_to_undo", "you have made no move to take back")
        earlier = _replayed(runtime.game, index)
        row = {"deal_number": runtime.game.deal_number, "seat": seat, "action": UNDO}
        undone = len(runtime.game.log) - index
        await runtime.commit(earlier, [{**row, "actor": "human"}], None)
    return {"seq": runtime.seq, "undone": undone}


@router.post("/tables/{table_id}/speed")
async def bot_speed(table_id: str, body: SpeedIn, request: Request) -> dict[str, Any]:
    """How quickly the bots move at your solo table: fast, normal or slow (stored with the
    table, so it lasts and every server process uses it)."""
    _, runtime = await _hub_table(request, table_id)
    _solo_seat(runtime, body.token, N_("bot speed"))
    await runtime.set_bot_speed(body.speed)
    return {"speed": body.speed, "bot_delay": runtime.bot_delay()}


@router.post("/tables/{table_id}/learn")
async def learn(table_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
    """Learning mode: what the strongest bot would have done at your last move, and why.

    Computed from your own view just before that move (nothing you could not see then).
    """
    await edge.limit(request, "hint")
    hub, runtime = await _hub_table(request, table_id)
    seat = _solo_seat(runtime, body.token, N_("learning mode"))
    index = _last_own(runtime.game, seat)
    if index is None:
        raise TableError("nothing_to_explain", "you have made no move yet")
    before = _replayed(runtime.game, index)
    played = str(runtime.game.log[index][2])
    view = before.view(seat)
    verdict = await hub.services.compute.run(_lesson, view, played, before.seed + index)
    return {"move": index, **verdict}


def _lesson(view: Any, played: str, seed: int) -> dict[str, Any]:
    """The strongest bot's verdict on ``played`` at ``view`` (run in the pool). ``same``: the
    move was as good as the bot's choice (``suggested`` may still differ on a tie); ``why``:
    the reason's parts, which the page puts into its own language (``reason``: the English)."""
    from tricktable.bots.hints import lesson

    verdict = lesson(view, played, seed=seed)
    return {
        "played": verdict.played,
        "suggested": verdict.suggested,
        "same": verdict.as_good,
        "reason": verdict.reason,
        "why": verdict.why.as_dict(),
    }


def _claim_playout(record: dict[str, Any]) -> tuple[int, int, list[str]]:
    """(tricks the side to move can surely take, tricks left, the rest of the hand played by
    the solver with best play by everyone) for the game of ``record`` (run in the pool)."""
    from tricktable.solver import solve

    game = tt.replay(record)
    left = game.tricks_per_hand - len(game.tricks)
    values = solve(game)
    best = max(values.values())
    played = game.copy()
    deal = played.deal_number
    while not played.is_over and played.deal_number == deal and played.phase is Phase.PLAY:
        options = solve(played)
        top = max(options.values())
        played.apply(next(a for a, v in options.items() if v == top))
    return best, left, [str(action) for _, _, action in played.log[len(game.log) :]]


@router.post("/tables/{table_id}/claim")
async def claim(table_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
    """Claim every remaining trick of this hand for your side; the solver checks the claim
    against best defence and, if it holds, plays the hand out."""
    await edge.limit(request, "hint")
    hub, runtime = await _hub_table(request, table_id)
    seat = _solo_seat(runtime, body.token, N_("a claim"))
    game = runtime.game
    if game.phase is not Phase.PLAY or game.to_move != seat:
        raise TableError("not_your_turn", "claim the remaining tricks when it is your turn to play")
    seq = runtime.seq
    best, left, actions = await hub.services.compute.run(_claim_playout, game.record())
    played = game.copy()
    for action in actions:
        played.apply(action)
    if best < left:
        raise TableError(
            "claim_refused",
            "a defence holds your side to {best} of the {left} tricks left; play on",
            best=best,
            left=left,
        )
    async with runtime.lock:
        if runtime.seq != seq:
            raise TableError("stale_seq", "the table moved on while the claim was checked")
        rows = [
            {"deal_number": deal_number, "seat": by, "action": str(action), "actor": "claim"}
            for deal_number, by, action in played.log[seq:]
        ]
        await runtime.commit(played, rows, None)
    return {"seq": runtime.seq, "tricks": left, "accepted": True}
