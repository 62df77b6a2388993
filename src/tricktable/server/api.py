"""The HTTP API: games and options, tables, joining, records and hints."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

import tricktable as tt

from ..i18n import Translator
from . import accounts, edge
from .config import CHAT_PRESETS, LEVELS
from .hub import Hub, record_with_seats, rules_from
from .languages import words_of
from .listing import every_games_verbs, rules_in_words, table_descriptor
from .schemas import CreateTable, HintQuery, JoinTable, RulesQuery, SeatBot
from .table import TableError

router = APIRouter(prefix="/api")


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def describe_game(game: Any, words: Translator | None = None) -> dict[str, Any]:
    """A game and its options for the lobby, its words in the reader's language."""
    say = words.gettext if words is not None else str
    options = [
        {
            "name": o.name,
            "kind": o.kind,
            "default": list(o.default) if isinstance(o.default, tuple) else o.default,
            "description": say(o.description),
            "choices": list(o.choices),
            "low": o.low,
            "high": o.high,
        }
        for o in game.options
    ]
    players = tt.rules(game.name).flow.players
    return {
        "name": game.name,
        "title": say(game.title),
        "summary": say(game.summary),
        "players": players,
        "options": options,
    }


@router.get("/games")
async def games(request: Request) -> dict[str, Any]:
    words = words_of(request)
    return {
        "games": [describe_game(g, words) for g in tt.REGISTRY.values()],
        "coming": [name for name in tt.GAME_NAMES if name not in tt.REGISTRY],
        "levels": list(LEVELS),
        "chat_presets": list(CHAT_PRESETS),
    }


@router.get("/verbs")
async def verbs() -> dict[str, Any]:
    """Every game's own verbs as the table page offers them (English message ids the page
    translates), which the page knows before a table's words arrive."""
    return {"verbs": every_games_verbs()}


@router.post("/rules")
async def check_rules(query: RulesQuery, request: Request) -> dict[str, Any]:
    rules = rules_from(query.game, dict(query.options))
    return {
        "rules": str(rules),
        "players": rules.flow.players,
        "rules_words": rules_in_words(rules),
        "table": table_descriptor(rules, words_of(request)),
    }


@router.post("/tables", status_code=201)
async def create_table(spec: CreateTable, request: Request) -> dict[str, Any]:
    await edge.limit(request, "create")
    bot_only = spec.seats is not None and all(s.kind == "bot" for s in spec.seats)
    creator = await edge.check_caps(request, bot_only)
    runtime = await hub_of(request).create(spec, creator)
    return {
        "table_id": runtime.table_id,
        "invite_url": str(request.url_for("table_page", table_id=runtime.table_id)),
        "table": runtime.public(),
    }


@router.get("/tables/{table_id}")
async def describe_table(table_id: str, request: Request) -> dict[str, Any]:
    runtime = await hub_of(request).get(table_id)
    out = runtime.public()
    words = words_of(request)
    out["invite_url"] = str(request.url_for("table_page", table_id=table_id))
    # for its page (not the lobby), in the language of the page that asks
    out["table_words"] = table_descriptor(runtime.game.rules, words)
    return out


@router.post("/tables/{table_id}/join")
async def join_table(table_id: str, body: JoinTable, request: Request) -> dict[str, Any]:
    await edge.limit(request, "join")
    runtime = await hub_of(request).get(table_id)
    name = await accounts.name_for_join(request, body.name)
    seat, token = await runtime.join(name, body.seat)
    await accounts.after_join(request, table_id, seat)
    return {"seat": seat, "token": token, "table_id": table_id}


@router.post("/tables/{table_id}/seats/{seat}/bot")
async def seat_bot(table_id: str, seat: int, body: SeatBot, request: Request) -> dict[str, Any]:
    """The creator (by the token of the table's first person's seat) gives an empty seat to a
    bot, so a table waiting for a friend can start."""
    await edge.limit(request, "join")
    runtime = await hub_of(request).get(table_id)
    await runtime.seat_bot(body.token, seat, body.level)
    return {"table": runtime.public()}


@router.get("/tables/{table_id}/record")
async def table_record(table_id: str, request: Request) -> dict[str, Any]:
    runtime = await hub_of(request).get(table_id)
    if not runtime.game.is_over:
        raise TableError("not_over", "the record is published once the game is over")
    return record_with_seats(runtime)


@router.post("/tables/{table_id}/hint")
async def hint(table_id: str, body: HintQuery, request: Request) -> dict[str, Any]:
    """The suggestion of the bot the learning mode asks too (the same seed for the same move,
    so a hint and the lesson on the move agree), from the asking seat's own view only."""
    await edge.limit(request, "hint")
    hub = hub_of(request)
    runtime = await hub.get(table_id)
    seat = runtime.seat_for_token(body.token)
    if seat is None:
        raise TableError("bad_token", "that token holds no seat at this table", 403)
    if runtime.game.to_move != seat or runtime.waiting:
        raise TableError("not_your_turn", "a hint is given when it is your turn")
    seq, view = runtime.seq, runtime.game.view(seat)
    seed = runtime.game.seed + seq
    choice, reason, why = await hub.services.compute.run(suggestion, view, seed)
    return {"seq": seq, "action": choice, "reason": reason, "why": why}


def suggestion(view: Any, seed: int) -> tuple[str, str, dict[str, Any]]:
    """The strongest bot's choice at ``view`` and why (run in the pool), as the learning mode's
    lesson computes it: the English reason and its parts (which a page says in its language)."""
    from tricktable.bots.hints import suggest

    action, reason = suggest(view, seed=seed)
    return str(action), str(reason), reason.as_dict()
