"""Player pages and leaderboards: statistics and ratings read from the database."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

import tricktable as tt

from . import db as store
from .people import STAT_COLUMNS, accounts, game_results, player_stats, ratings
from .schemas import GameName
from .table import TableError

__all__ = ["pages", "router"]

router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)


def shown_rating(mu: float, sigma: float, games: int) -> dict[str, Any]:
    """A rating as players see it: the conservative ``mu - 3 sigma``, and its parts."""
    return {
        "rating": round(mu - 3 * sigma, 2),
        "mu": round(mu, 3),
        "sigma": round(sigma, 3),
        "games": games,
    }


def _player(conn: sa.Connection, name: str) -> dict[str, Any] | None:
    account = conn.execute(
        sa.select(accounts.c.id, accounts.c.name, accounts.c.created_at).where(
            accounts.c.name_key == name.strip().casefold()
        )
    ).first()
    if account is None:
        return None
    stats = conn.execute(player_stats.select().where(player_stats.c.account_id == account.id)).all()
    rated = {
        r.game: shown_rating(r.mu, r.sigma, r.games)
        for r in conn.execute(ratings.select().where(ratings.c.account_id == account.id))
    }
    games = []
    for row in sorted(stats, key=lambda r: r.game):
        entry: dict[str, Any] = {"game": row.game, "title": tt.find_game(row.game).title}
        entry.update({name: int(row._mapping[name]) for name in STAT_COLUMNS})
        entry["points_per_hand"] = round(row.points / row.hands, 2) if row.hands else 0.0
        entry["rating"] = rated.get(row.game)
        games.append(entry)
    recent = conn.execute(
        game_results.select()
        .where(game_results.c.account_id == account.id)
        .order_by(game_results.c.finished_at.desc(), game_results.c.table_id)
        .limit(20)
    ).all()
    players = _players_of(conn, [r.table_id for r in recent])
    return {
        "name": account.name,
        "since": account.created_at.isoformat(),
        "games": games,
        "recent": [
            {
                "table_id": r.table_id,
                "players": players.get(r.table_id, []),
                "game": r.game,
                "title": tt.find_game(r.game).title,
                "seat": r.seat,
                "won": r.won,
                "rated": r.rated,
                "rating_before": r.mu_before,
                "rating_after": r.mu_after,
                "finished_at": r.finished_at.isoformat(),
            }
            for r in recent
        ],
    }


def _players_of(conn: sa.Connection, table_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Who sat at each of the tables, in seat order: a person's name or a bot's level."""
    seats = store.seats
    query = (
        sa.select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.level, seats.c.name)
        .where(seats.c.table_id.in_(table_ids))
        .order_by(seats.c.table_id, seats.c.seat)
    )
    found: dict[str, list[dict[str, Any]]] = {}
    for row in conn.execute(query):
        person = {"seat": row.seat, "kind": row.kind, "name": row.name, "level": row.level}
        found.setdefault(row.table_id, []).append(person)
    return found


@router.get("/players/{name}")
async def player(name: str, request: Request) -> dict[str, Any]:
    """A signed-up player's statistics and rating per game, and their latest games."""
    found: dict[str, Any] | None = await request.app.state.hub.database.read(
        lambda conn: _player(conn, name)
    )
    if found is None:
        raise TableError("not_found", "there is no player {name}", 404, name=repr(name))
    return found


def _board(conn: sa.Connection, game: str, limit: int) -> list[dict[str, Any]]:
    query = (
        sa.select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
        .join(accounts, accounts.c.id == ratings.c.account_id)
        .where(ratings.c.game == game)
        .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts.c.name_key)
        .limit(limit)
    )
    return [{"name": r.name, **shown_rating(r.mu, r.sigma, r.games)} for r in conn.execute(query)]


@router.get("/leaderboard")
async def leaderboard(
    request: Request, game: GameName, limit: int = Query(default=50, ge=1, le=200)
) -> dict[str, Any]:
    """The rated players of a game, best (most surely strong: ``mu - 3 sigma``) first."""
    try:
        name = tt.find_game(game).name
    except tt.RulesError as exc:
        raise TableError.engine("bad_game", exc) from None
    board = await request.app.state.hub.database.run(lambda conn: _board(conn, name, limit))
    return {"game": name, "title": tt.find_game(name).title, "players": board}


def _page(file: str) -> FileResponse:
    from .app import web_folder

    return FileResponse(web_folder() / file)


@pages.get("/players/{name}")
async def player_page(name: str) -> FileResponse:
    return _page("player.html")


@pages.get("/leaderboard")
async def leaderboard_page() -> FileResponse:
    return _page("leaderboard.html")


@pages.get("/clubs")
async def clubs_page() -> FileResponse:
    return _page("clubs.html")


@pages.get("/clubs/{club_id}")
async def club_page(club_id: str) -> FileResponse:
    return _page("clubs.html")


@pages.get("/events/{event_id}")
async def event_page(event_id: str) -> FileResponse:
    return _page("event.html")


@pages.get("/events/{event_id}/boards/{number}")
async def board_page(event_id: str, number: int) -> FileResponse:
    return _page("board.html")


@pages.get("/review/{table_id}")
async def review_page(table_id: str) -> FileResponse:
    return _page("review-page.html")
