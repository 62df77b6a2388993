"""Reviews of finished games: every hand trick by trick with what each card cost, double dummy.

The solver's work (:func:`tricktable.solver.review.review_record`) runs in the server's thread
pool, never on the event loop, once per table: the result is stored in the ``reviews`` table and
served from there afterwards. While it is being computed the endpoint answers 202.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import tricktable as tt
from tricktable.cards import format_cards
from tricktable.engine import Phase

from . import db as store
from . import jobs
from .hub import record_with_seats
from .languages import words_of
from .listing import rules_in_words, table_descriptor, worded
from .people import reviews
from .table import TableError

log = logging.getLogger(__name__)

__all__ = ["build_review", "router"]

router = APIRouter(prefix="/api")


def build_review(record: dict[str, Any]) -> dict[str, Any]:
    """The review of a finished game's record: hands, calls and tricks with each card's cost."""
    from tricktable.solver.review import review_record

    costs = iter(review_record(record))
    game = tt.replay(record, upto=0)
    actions = [(int(a["seat"]), str(a["action"])) for d in record["deals"] for a in d["actions"]]
    hands: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    trick: list[dict[str, Any]] = []
    for seat, text in actions:
        if current is None or current["deal_number"] != game.deal_number:
            current = {
                "deal_number": game.deal_number,
                "dealer": game.dealer,
                "hands": [format_cards(h) for h in game.hands],
                "calls": [],
                "tricks": [],
            }
            hands.append(current)
        if game.phase is Phase.PLAY and game.parse_action(text).kind is tt.Kind.PLAY:
            if not trick:
                current["tricks"].append(
                    {"hands": [format_cards(h) for h in game.hands], "plays": trick}
                )
            review = next(costs)
            trick.append(
                {
                    "seat": seat,
                    "card": review.action.removeprefix("play "),
                    "tricks": review.tricks,
                    "best": review.best,
                    "cost": review.cost,
                    "best_cards": [a.removeprefix("play ") for a in review.best_actions],
                }
            )
            deal, done = game.deal_number, len(game.tricks)
            game.apply(text)
            finished = game.deal_number != deal or len(game.tricks) > done
            if finished:
                last = game.tricks[-1] if game.deal_number == deal else game.last_tricks[-1]
                current["tricks"][-1]["winner"] = last.winner
                trick = []
        else:
            current["calls"].append({"seat": seat, "action": text})
            game.apply(text)
    results = {r.deal_number: r for r in game.results}
    for hand in hands:
        result = results.get(hand["deal_number"])
        hand["summary"] = result.summary if result else "thrown in"
        hand["scores"] = list(result.scores) if result else None
        hand["result"] = result.to_dict() if result else None
        hand["cost"] = _costs(hand, game.player_count)
    rules = game.rules
    return {
        "rules": record["rules"],
        "game": record["game"],
        "title": rules.game.title,
        "rules_words": rules_in_words(rules),
        "table_words": table_descriptor(rules),
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in rules.options.items()},
        "seats": record.get("seats", []),
        "players": game.player_count,
        "sides": [list(side) for side in game.flow.sides()],
        "hands": hands,
        "scores": list(game.scores),
        "winners": list(game.winners),
    }


def _costs(hand: dict[str, Any], players: int) -> list[int]:
    totals = [0] * players
    for trick in hand["tricks"]:
        for play in trick["plays"]:
            totals[play["seat"]] += play["cost"]
    return totals


async def _stored(database: store.Database, table_id: str) -> dict[str, Any] | None:
    def work(conn: sa.Connection) -> Any:
        return conn.execute(
            sa.select(reviews.c.data).where(reviews.c.table_id == table_id)
        ).scalar()

    data = await database.run(work)
    return None if data is None else dict(data)


async def store_review(database: store.Database, table_id: str, data: dict[str, Any]) -> None:
    row = {"table_id": table_id, "data": data, "created_at": store.now()}
    await database.execute_all([(reviews.insert(), row)])


async def _ask_workers(database: store.Database, table_id: str) -> None:
    """Leave the review to a worker (once: a pending job of the table stands)."""
    with contextlib.suppress(sa.exc.IntegrityError):
        await database.execute_all([jobs.review_job(table_id)])


async def _compute(app_state: Any, table_id: str, record: dict[str, Any]) -> None:
    hub = app_state.hub
    try:
        data = await hub.services.compute.run(build_review, record)
        await store_review(hub.database, table_id, data)
    except sa.exc.IntegrityError:
        pass  # another process stored it first
    except Exception:
        log.exception("table %s: the review could not be computed", table_id)
        app_state.review_failures.add(table_id)
    finally:
        app_state.reviews_running.pop(table_id, None)


@router.get("/tables/{table_id}/review", response_model=None)
async def review(table_id: str, request: Request) -> dict[str, Any] | JSONResponse:
    """The finished game's review; 202 ``{"status": "computing"}`` until it is ready."""
    state = request.app.state
    hub = state.hub
    stored = await _stored(hub.database, table_id)
    if stored is not None:
        # stored in English; the game's words are said in the language of the page that asks
        words = words_of(request)
        worded_words = worded(stored.get("table_words", {}), words)
        title = words.gettext(stored["title"]) if stored.get("title") else ""
        return {
            "status": "ready",
            "table_id": table_id,
            **stored,
            "title": title,
            "table_words": worded_words,
        }
    runtime = await hub.get(table_id)
    if not runtime.game.is_over:
        raise TableError("not_over", "a game is reviewed once it is over")
    running: dict[str, asyncio.Task[None]] = state.__dict__.setdefault("reviews_running", {})
    failures: set[str] = state.__dict__.setdefault("review_failures", set())
    if table_id in failures:
        raise TableError("review_failed", "this game's review could not be computed", 500)
    if hub.services.uses_jobs:
        await _ask_workers(hub.database, table_id)
    elif table_id not in running:
        record = record_with_seats(runtime)
        work = _compute(state, table_id, record)
        running[table_id] = hub.services.tasks.spawn(f"review of table {table_id}", work)
    return JSONResponse({"status": "computing", "table_id": table_id}, status_code=202)
