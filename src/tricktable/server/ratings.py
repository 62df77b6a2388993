"""Statistics and OpenSkill ratings per player and game, settled when a game ends.

Only signed-up players have statistics and ratings (a guest's name does not last). A game is
rated when it ends normally with at least one account at the table and no undo in its log.
Ratings use OpenSkill's Plackett–Luce model: partnerships are teams, the Rams family is a
free-for-all ranked by the final balances; bots carry fixed ratings by level (and are never
updated), guests play as a new player's rating that is not kept.

Everything here is derived from the stored games: :func:`recompute` rebuilds the statistics
and ratings from scratch, in the order the games ended, and gives the same numbers as the
incremental updates.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

import tricktable as tt

from . import db as store
from .people import STAT_COLUMNS, game_results, player_stats, ratings

__all__ = ["BOT_RATINGS", "hand_stats", "rank_sides", "recompute", "settle", "settle_table"]

BOT_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (16.0, 1.0),
    "medium": (21.0, 1.0),
    "hard": (26.0, 1.0),
    "expert": (28.0, 1.0),
}
"""Fixed (mu, sigma) per bot level, so games against bots count."""


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def hand_stats(game: tt.Game, seat: int) -> dict[str, int]:
    """One seat's statistics over the finished ``game`` (see :data:`STAT_COLUMNS`)."""
    out = dict.fromkeys(STAT_COLUMNS, 0)
    out["games"] = 1
    out["games_won"] = int(seat in game.winners)
    for result in game.results:
        deltas = result.deltas
        details = result.details
        out["hands"] += 1
        out["points"] += deltas[seat]
        if deltas[seat] == max(deltas) and deltas[seat] > min(deltas):
            out["hands_won"] += 1
        if details.get("bidder") == seat:
            out["bids"] += 1
            out["bids_made" if details.get("made") else "bids_set"] += 1
        if details.get("alone") == seat:
            out["lone_tried"] += 1
            out["lone_made"] += int(bool(details.get("made")))
        if details.get("general") == seat:
            out["generals_tried"] += 1
            out["generals_made"] += int(bool(details.get("general_made")))
    return out


def rank_sides(game: tt.Game) -> tuple[list[tuple[int, ...]], list[int]]:
    """The sides (partnerships, or one per player) and their ranks (1 = best, ties shared).

    Winners come first; the others by their final score, in the direction the winners' scores
    show (more is better in most games, less in counting-down ones).
    """
    sides = [tuple(side) for side in game.flow.sides()]
    winners = set(game.winners)
    scores = game.scores
    won = [any(s in winners for s in side) for side in sides]
    side_score = [sum(scores[s] for s in side) / len(side) for side in sides]
    winning = [x for x, w in zip(side_score, won, strict=True) if w]
    losing = [x for x, w in zip(side_score, won, strict=True) if not w]
    direction = 1
    if winning and losing and sum(winning) / len(winning) < sum(losing) / len(losing):
        direction = -1
    keys = [(not w, -direction * x) for w, x in zip(won, side_score, strict=True)]
    ordered = sorted(set(keys))
    return sides, [ordered.index(k) + 1 for k in keys]


def _stored_rating(conn: sa.Connection, account_id: int, game: str) -> sa.Row[Any] | None:
    query = ratings.select().where(ratings.c.account_id == account_id, ratings.c.game == game)
    return conn.execute(query).first()


def settle_table(conn: sa.Connection, table_id: str) -> bool:
    """Settle one finished table's statistics and ratings; False if nothing was to be done."""
    if conn.execute(
        sa.select(game_results.c.seat).where(game_results.c.table_id == table_id)
    ).first():
        return False  # settled already (by this or another process)
    row = conn.execute(store.tables.select().where(store.tables.c.id == table_id)).first()
    if row is None or row.status != "over":
        return False
    seats = conn.execute(
        store.seats.select().where(store.seats.c.table_id == table_id).order_by(store.seats.c.seat)
    ).all()
    if not any(s.account_id is not None for s in seats):
        return False
    deals, actions = store.table_rows(conn, table_id)
    game = store.game_of_rows(row, deals, actions)
    if not game.is_over:
        return False
    finished = actions[-1].created_at if actions else row.created_at
    rated = not store.has_undo(actions)
    _apply(conn, game=game, name=row.game, seats=seats, rated=rated, finished=finished)
    return True


def _apply(
    conn: sa.Connection,
    *,
    game: tt.Game,
    name: str,
    seats: Sequence[sa.Row[Any]],
    rated: bool,
    finished: dt.datetime,
) -> None:
    model = _model()
    before: dict[int, tuple[float, float, int]] = {}
    for seat in seats:
        if seat.account_id is not None and seat.account_id not in before:
            stored = _stored_rating(conn, seat.account_id, name)
            before[seat.account_id] = (
                (stored.mu, stored.sigma, stored.games)
                if stored is not None
                else (model.mu, model.sigma, 0)
            )
    after = dict(before)
    if rated:
        sides, ranks = rank_sides(game)

        def rating_of(seat_number: int) -> Any:
            seat = seats[seat_number]
            if seat.account_id is not None:
                mu, sigma, _ = before[seat.account_id]
            elif seat.kind == "bot":
                mu, sigma = BOT_RATINGS.get(seat.level or "", BOT_RATINGS["medium"])
            else:
                mu, sigma = model.mu, model.sigma
            return model.rating(mu=mu, sigma=sigma)

        teams = [[rating_of(s) for s in side] for side in sides]
        new = model.rate(teams, ranks=ranks)
        for side, team in zip(sides, new, strict=True):
            for seat_number, rating in zip(side, team, strict=True):
                account_id = seats[seat_number].account_id
                if account_id is not None:
                    games = before[account_id][2] + 1
                    after[account_id] = (float(rating.mu), float(rating.sigma), games)
    for seat in seats:
        if seat.account_id is None:
            continue
        _add_stats(conn, seat.account_id, name, hand_stats(game, seat.seat))
        conn.execute(
            game_results.insert().values(
                table_id=seat.table_id,
                seat=seat.seat,
                account_id=seat.account_id,
                game=name,
                won=seat.seat in game.winners,
                rated=rated,
                mu_before=before[seat.account_id][0] if rated else None,
                mu_after=after[seat.account_id][0] if rated else None,
                sigma_after=after[seat.account_id][1] if rated else None,
                finished_at=finished,
            )
        )
    if rated:
        for account_id, rating in after.items():
            _put_rating(conn, account_id, name, rating)


def _add_stats(conn: sa.Connection, account_id: int, game: str, stats: dict[str, int]) -> None:
    key = (player_stats.c.account_id == account_id) & (player_stats.c.game == game)
    if conn.execute(sa.select(player_stats.c.game).where(key)).first() is None:
        conn.execute(player_stats.insert().values(account_id=account_id, game=game, **stats))
        return
    conn.execute(
        player_stats.update()
        .where(key)
        .values({name: player_stats.c[name] + value for name, value in stats.items()})
    )


def _put_rating(
    conn: sa.Connection, account_id: int, game: str, rating: tuple[float, float, int]
) -> None:
    key = (ratings.c.account_id == account_id) & (ratings.c.game == game)
    values = {"mu": rating[0], "sigma": rating[1], "games": rating[2]}
    if conn.execute(sa.select(ratings.c.game).where(key)).first() is None:
        conn.execute(ratings.insert().values(account_id=account_id, game=game, **values))
    else:
        conn.execute(ratings.update().where(key).values(**values))


async def settle(database: store.Database, table_id: str) -> bool:
    """Settle a table that has just ended (one transaction; safe to call twice)."""
    try:
        return await database.run(lambda conn: settle_table(conn, table_id))
    except sa.exc.IntegrityError:  # another process settled it at the same moment
        return False


def unsettled_ids(conn: sa.Connection) -> list[str]:
    """Finished tables with an account seated whose statistics were never settled."""
    seated = (
        sa.select(store.seats.c.table_id)
        .where(store.seats.c.table_id == store.tables.c.id)
        .where(store.seats.c.account_id.is_not(None))
        .exists()
    )
    settled = (
        sa.select(game_results.c.table_id)
        .where(game_results.c.table_id == store.tables.c.id)
        .exists()
    )
    query = (
        sa.select(store.tables.c.id)
        .where(store.tables.c.status == "over")
        .where(seated)
        .where(~settled)
        .order_by(store.tables.c.created_at)
    )
    return [str(r[0]) for r in conn.execute(query)]


def recompute(conn: sa.Connection) -> int:
    """Rebuild every statistic and rating from the stored games; the number of games settled."""
    for table in (game_results, ratings, player_stats):
        conn.execute(table.delete())
    last = (
        sa.select(
            store.actions.c.table_id, sa.func.max(store.actions.c.created_at).label("finished")
        )
        .group_by(store.actions.c.table_id)
        .subquery()
    )
    query = (
        sa.select(store.tables.c.id)
        .join(last, last.c.table_id == store.tables.c.id)
        .where(store.tables.c.status == "over")
        .order_by(last.c.finished, store.tables.c.id)
    )
    return sum(settle_table(conn, table_id) for (table_id,) in conn.execute(query).all())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tricktable.server.ratings --db URL``: recompute statistics and ratings."""
    import argparse

    from .db import sync_url
    from .migrate import upgrade

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--db", required=True, help="database URL (sqlite:///… or postgresql…)")
    args = parser.parse_args(argv)
    upgrade(args.db)
    engine = sa.create_engine(sync_url(args.db))
    with engine.begin() as conn:
        settled = recompute(conn)
    engine.dispose()
    print(f"recomputed statistics and ratings from {settled} finished games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
