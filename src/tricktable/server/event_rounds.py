"""Duplicate events in the database: the field, its rounds, their boards, tables and scores.

Every step of an event is one transaction that first moves a status on, guarded so that only
one process can: the start (``events.status`` from ``registering`` to ``playing``) and the end
of a round (``event_rounds.status`` from ``playing`` to ``scored``) are ``UPDATE … WHERE status =
…`` whose row count says whether this process made the move; the one that did scores the round
(matchpoints, :mod:`.matchpoints`), pairs the next by Swiss (:mod:`.swiss`) and stores its
tables, all before it commits. Whichever server notices first (its background check, or a read
of the event) does it; the others find nothing left to do.

Every table of a round deals the round's boards, each from one secret drawn with
:mod:`secrets` for the board (:class:`tricktable.fair.BoardDeals` under the event's label, the
same first dealer at every table): the same hands in the same places, one commitment per board.
A table's game is a session of the round's boards (``Game(deal_limit=boards)``): it is over
right after the last board, whatever its scores (a target reached early ends nothing), and a
thrown-in board passes the deal on, so every board has the same dealer at every table. A table
stored before sessions went on past the boards: it is done with the round once it has dealt
past them (or its game ended first), and those hands count for nothing.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

import tricktable as tt
from tricktable.fair import KEY_BYTES, BoardDeals, RoundDeals, commitment

from . import db as store
from .hub import Hub, NewTable
from .matchpoints import board_matchpoints, percentages, result_value
from .people import accounts
from .swiss import History, pair_round
from .table import SeatState, TableError, TableInfo

__all__ = [
    "advance",
    "event_boards",
    "event_players",
    "event_rounds",
    "event_scores",
    "event_tables",
    "events",
    "live_tables",
    "places_of",
    "seatings_of",
    "standings",
    "start",
    "too_few",
]  # fmt: skip

REGISTERING, PLAYING, OVER, SCORED = "registering", "playing", "over", "scored"
INDIVIDUALS, PAIRS = "individuals", "pairs"
BOT = "bot:"
"""The entrant key of a bot's place (a bye's): its results make the field, never a standing."""

events = sa.Table(
    "events",
    store.metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("club_id", sa.String(16), sa.ForeignKey("clubs.id"), nullable=False, index=True),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("kind", sa.String(12), nullable=False),  # individuals or pairs
    sa.Column("rounds", sa.Integer, nullable=False),
    sa.Column("boards", sa.Integer, nullable=False),  # per round
    sa.Column("max_players", sa.Integer, nullable=False),
    sa.Column("bot_level", sa.String(16), nullable=False),
    sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("status", sa.String(12), nullable=False, index=True),
    sa.Column("current_round", sa.Integer, nullable=False),
    sa.Column("created_by", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

event_players = sa.Table(
    "event_players",
    store.metadata,
    sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
    # the entrant the player plays as, from the start on ("a<account>" or a pair's "p<n>")
    sa.Column("entrant", sa.String(16), nullable=True),
)

event_rounds = sa.Table(
    "event_rounds",
    store.metadata,
    sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("status", sa.String(12), nullable=False),  # playing, then scored
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("scored_at", sa.DateTime(timezone=True), nullable=True),
)

event_boards = sa.Table(
    "event_boards",
    store.metadata,
    sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("secret", sa.String(64), nullable=False),  # hex; shown once the round is scored
    sa.Column("commitment", sa.String(64), nullable=False),
)

event_tables = sa.Table(
    "event_tables",
    store.metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    # the entrant at each place (a seat, or a partnership's seats), null for a bot's
    sa.Column("entrants", sa.JSON, nullable=False),
    sa.UniqueConstraint("event_id", "round", "number", name="uq_event_tables_place"),
)

event_scores = sa.Table(
    "event_scores",
    store.metadata,
    sa.Column("event_id", sa.String(16), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("place", sa.Integer, primary_key=True),
    sa.Column("entrant", sa.String(16), nullable=False),
    sa.Column("value", sa.Float, nullable=False),
    sa.Column("matchpoints", sa.Integer, nullable=False),
    sa.Column("percent", sa.Float, nullable=False),
)


def places_of(rules: tt.Rules, kind: str) -> tuple[tuple[int, ...], ...]:
    """The places an entrant takes at a table: a seat each (individuals), or a partnership's
    seats (pairs: only in games of partnerships of two)."""
    players = rules.flow.players
    if kind == INDIVIDUALS:
        return tuple((seat,) for seat in range(players))
    sides = tuple(tuple(side) for side in rules.flow.sides())
    if len(sides) < 2 or any(len(side) != 2 for side in sides):
        raise TableError(
            "bad_kind",
            "{name} has no partnerships of two: hold an individuals event",
            400,
            name=rules.name,
        )
    return sides


def board_label(event_id: str) -> str:
    """The label every table of the event deals its boards under (in the commitments)."""
    return f"event-{event_id}"


def aware(moment: dt.datetime) -> dt.datetime:
    """A stored time as UTC (SQLite gives them back without their zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


# -- the steps -----------------------------------------------------------------------------------


def advance(conn: sa.Connection, hub: Hub, event_id: str) -> list[str]:
    """Take the event's next step if it is due (start at its time, score a finished round and
    pair the next): the ids of the tables it opened."""
    row = conn.execute(events.select().where(events.c.id == event_id)).first()
    if row is None:
        return []
    if row.status == REGISTERING:
        due = row.starts_at is not None and aware(row.starts_at) <= store.now()
        return start(conn, hub, row) if due and _registered(conn, event_id) else []
    if row.status == PLAYING and _round_done(conn, row):
        return _close_round(conn, hub, row)
    return []


def live_tables(conn: sa.Connection, event_id: str) -> list[str]:
    """The tables of the event's current round still playing (every server keeps them, so
    that a table whose server went away goes on: its bots and substitutes are asked for)."""
    query = (
        sa.select(event_tables.c.table_id)
        .join(events, events.c.id == event_tables.c.event_id)
        .join(store.tables, store.tables.c.id == event_tables.c.table_id)
        .where(event_tables.c.event_id == event_id, events.c.status == PLAYING)
        .where(event_tables.c.round == events.c.current_round, store.tables.c.status != OVER)
    )
    return list(conn.execute(query).scalars())


def start(conn: sa.Connection, hub: Hub, row: sa.Row[Any]) -> list[str]:
    """Close registration, form the entrants and seat round 1 (nothing if another process
    started the event first)."""
    moved = conn.execute(
        events.update()
        .where(events.c.id == row.id, events.c.status == REGISTERING)
        .values(status=PLAYING, current_round=1)
    )
    if moved.rowcount != 1:
        return []
    players = _registered(conn, row.id)
    size = 1 if row.kind == INDIVIDUALS else 2
    for index, account_id in enumerate(players):
        entrant = f"a{account_id}" if size == 1 else f"p{index // 2 + 1}"
        conn.execute(
            event_players.update()
            .where(event_players.c.event_id == row.id, event_players.c.account_id == account_id)
            .values(entrant=entrant)
        )
    ranking = list(dict.fromkeys(_entrants(conn, row.id)))
    hub.rng.shuffle(ranking)  # round 1: a draw
    return _open_round(conn, hub, row, 1, ranking)


def _registered(conn: sa.Connection, event_id: str) -> list[int]:
    query = (
        sa.select(event_players.c.account_id)
        .where(event_players.c.event_id == event_id)
        .order_by(event_players.c.registered_at, event_players.c.account_id)
    )
    return [int(a) for a in conn.execute(query).scalars()]


def _entrants(conn: sa.Connection, event_id: str) -> dict[str, list[tuple[int, str]]]:
    """Each entrant's players (account id and name), in registration order."""
    query = (
        sa.select(event_players.c.entrant, accounts.c.id, accounts.c.name)
        .join(accounts, accounts.c.id == event_players.c.account_id)
        .where(event_players.c.event_id == event_id, event_players.c.entrant.is_not(None))
        .order_by(event_players.c.registered_at, event_players.c.account_id)
    )
    out: dict[str, list[tuple[int, str]]] = {}
    for entrant, account_id, name in conn.execute(query):
        out.setdefault(entrant, []).append((int(account_id), name))
    return out


def _open_round(
    conn: sa.Connection, hub: Hub, row: sa.Row[Any], number: int, ranking: list[str]
) -> list[str]:
    """Store round ``number``: its boards' secrets, its tables (Swiss-paired from ``ranking``,
    best first) and their first bot turns; the new tables' ids."""
    rules = tt.rules(row.game, **row.options)
    places = places_of(rules, row.kind)
    seatings = seatings_of(ranking, len(places), _history(conn, row.id))
    boards = _draw_boards(conn, row, number)
    members = _entrants(conn, row.id)
    conn.execute(event_rounds.insert(), {"event_id": row.id, "number": number,
                                         "status": PLAYING, "started_at": store.now()})  # fmt: skip
    opened = []
    for index, seated in enumerate(seatings, start=1):
        entrants: list[str | None] = [str(e) for e in seated]
        entrants += [None] * (len(places) - len(seated))
        opened.append(_store_table(conn, hub, row, where=(number, index), boards=boards,
                                   entrants=entrants, members=members))  # fmt: skip
    return opened


def seatings_of(ranking: list[str], places: int, history: History) -> list[list[str]]:
    """The entrants of each table of a round: Swiss-paired tables of ``places`` entrants, or,
    when they would all sit at one table (a board then has nothing to be compared with), each
    entrant at a table of its own, at the same place, with bots in the others."""
    if 2 <= len(ranking) <= places:
        return [[entrant] for entrant in ranking]
    pairing = pair_round(ranking, places, history)
    tables = [*pairing.tables, *([pairing.bye] if pairing.bye else [])]
    return [[str(entrant) for entrant in table] for table in tables]


def too_few(entrants: int) -> TableError | None:
    """The warning for an event whose entrants cannot be compared (None: they can): one
    entrant plays every board at the only table, and each board scores 50 %."""
    if entrants >= 2:
        return None
    return TableError(
        "too_few_entrants",
        "too few entrants to compare anyone ({count}): every board would be a tie; "
        "an event needs at least two",
        count=entrants,
    )


def _draw_boards(conn: sa.Connection, row: sa.Row[Any], number: int) -> BoardDeals:
    """The round's boards, one secret each drawn with :mod:`secrets`, stored with their
    commitments (the secrets are kept until the round is scored)."""
    first = (number - 1) * row.boards + 1
    label = board_label(row.id)
    drawn = tuple(secrets.token_bytes(KEY_BYTES) for _ in range(row.boards))
    conn.execute(event_boards.insert(), [
        {"event_id": row.id, "number": first + n, "round": number, "secret": s.hex(),
         "commitment": commitment(label, first + n, s)}
        for n, s in enumerate(drawn)
    ])  # fmt: skip
    return BoardDeals(drawn, label, first)


def _store_table(
    conn: sa.Connection,
    hub: Hub,
    row: sa.Row[Any],
    *,
    where: tuple[int, int],
    boards: BoardDeals,
    entrants: list[str | None],
    members: dict[str, list[tuple[int, str]]],
) -> str:
    """One table of a round: every board's hands in the same places (the same first dealer
    everywhere), the entrants' players in their places and bots in the empty ones."""
    rules = tt.rules(row.game, **row.options)
    table_id = secrets.token_urlsafe(9)
    source = RoundDeals(boards, hub.rng.randbytes(KEY_BYTES))
    game = tt.Game(
        rules,
        seed=hub.rng.getrandbits(62),
        dealer=0,
        deal_source=source,
        deal_limit=len(boards.board_secrets),
    )  # the boards are the session
    seats = [SeatState(n, "bot", row.bot_level) for n in range(game.player_count)]
    seated: dict[int, int] = {}
    for place, entrant in zip(places_of(rules, row.kind), entrants, strict=True):
        players = members.get(entrant, []) if entrant is not None else []
        for seat, (account_id, name) in zip(place, players, strict=False):
            seats[seat] = SeatState(seat, "human", None, name=name)
            seated[seat] = account_id
    info = TableInfo(table_id, True, 0, store.now().isoformat(), len(game.deals), private=True)
    table = NewTable(info, game, seats, accounts=seated)
    hub.database.execute_in(conn, hub.storing(table))
    conn.execute(event_tables.insert(), {"table_id": table_id, "event_id": row.id,
                                         "round": where[0], "number": where[1],
                                         "entrants": entrants})  # fmt: skip
    return table_id


def _history(conn: sa.Connection, event_id: str) -> History:
    """Who met whom in the rounds so far, and who had byes (a table with a bot's place)."""
    history = History()
    query = sa.select(event_tables.c.entrants).where(event_tables.c.event_id == event_id)
    for (entrants,) in conn.execute(query):
        present = [e for e in entrants if e is not None]
        history.record([present], present if None in entrants else [])
    return history


def _round_tables(conn: sa.Connection, event_id: str, number: int) -> Sequence[sa.Row[Any]]:
    query = (
        sa.select(event_tables, store.tables.c.status)
        .join(store.tables, store.tables.c.id == event_tables.c.table_id)
        .where(event_tables.c.event_id == event_id, event_tables.c.round == number)
        .order_by(event_tables.c.number)
    )
    return conn.execute(query).all()


def _round_done(conn: sa.Connection, row: sa.Row[Any]) -> bool:
    """Whether every table of the current round is over (or, stored before sessions, has
    dealt past the boards)."""
    for table in _round_tables(conn, row.id, row.current_round):
        if table.status == OVER:
            continue
        dealt = sa.select(sa.func.count()).where(store.deals.c.table_id == table.table_id)
        if int(conn.execute(dealt).scalar() or 0) <= row.boards:
            return False
    return True


def _close_round(conn: sa.Connection, hub: Hub, row: sa.Row[Any]) -> list[str]:
    """Score the current round and pair the next (or end the event); nothing if another
    process closed it first."""
    number = row.current_round
    moved = conn.execute(
        event_rounds.update()
        .where(event_rounds.c.event_id == row.id, event_rounds.c.number == number)
        .where(event_rounds.c.status == PLAYING)
        .values(status=SCORED, scored_at=store.now())
    )
    if moved.rowcount != 1:
        return []
    _score_round(conn, row, number)
    if number >= row.rounds:
        conn.execute(events.update().where(events.c.id == row.id).values(status=OVER))
        return []
    conn.execute(events.update().where(events.c.id == row.id).values(current_round=number + 1))
    ranking = [entrant for entrant, _, _ in standings(conn, row.id)]
    return _open_round(conn, hub, row, number + 1, ranking)


@dataclass(frozen=True)
class _Result:
    table_id: str
    place: int
    entrant: str
    value: float


def _score_round(conn: sa.Connection, row: sa.Row[Any], number: int) -> None:
    """Every board of the round scored against the field: each place of each table compared
    with the same place of every other table that played the board."""
    rules = tt.rules(row.game, **row.options)
    places = places_of(rules, row.kind)
    countdown = rules.flow.score_sign() < 0  # the family's scale: counters count down
    first = (number - 1) * row.boards + 1
    field: dict[tuple[int, int], list[_Result]] = {}
    for table in _round_tables(conn, row.id, number):
        for deal_number, deltas in _board_deltas(_stored_game(conn, table.table_id), row.boards):
            for place, entrant in enumerate(table.entrants):
                key = entrant or f"{BOT}{table.number}:{place}"
                value = result_value(deltas[places[place][0]], countdown)
                found = _Result(table.table_id, place, key, value)
                field.setdefault((first + deal_number, place), []).append(found)
    for (board, _), results in field.items():
        _store_scores(conn, row.id, board, results)


def _board_deltas(game: tt.Game, boards: int) -> list[tuple[int, tuple[int, ...]]]:
    """Each board the table finished and its score changes: a board thrown in (everyone
    passed and the deal was void) scores nothing for anyone, as a passed-out board does."""
    results = {r.deal_number: r.deltas for r in game.results}
    finished = len(game.deals) if game.is_over else len(game.deals) - 1
    nothing = (0,) * game.player_count
    return [(n, results.get(n, nothing)) for n in range(min(boards, finished))]


def _store_scores(conn: sa.Connection, event_id: str, board: int, results: list[_Result]) -> None:
    values = {r.table_id: r.value for r in results}
    points, shares = board_matchpoints(values), percentages(values)
    conn.execute(event_scores.insert(), [
        {"event_id": event_id, "board": board, "table_id": r.table_id, "place": r.place,
         "entrant": r.entrant, "value": r.value, "matchpoints": points[r.table_id],
         "percent": shares[r.table_id]}
        for r in results
    ])  # fmt: skip


def _stored_game(conn: sa.Connection, table_id: str) -> tt.Game:
    table = conn.execute(store.tables.select().where(store.tables.c.id == table_id)).one()
    return store.game_of_rows(table, *store.table_rows(conn, table_id))


def standings(conn: sa.Connection, event_id: str) -> list[tuple[str, float, int]]:
    """Every entrant's average percentage and boards played, best first (an entrant with no
    board scored yet last, in registration order)."""
    query = (
        sa.select(event_scores.c.entrant, sa.func.avg(event_scores.c.percent), sa.func.count())
        .where(event_scores.c.event_id == event_id)
        .where(~event_scores.c.entrant.startswith(BOT))
        .group_by(event_scores.c.entrant)
    )
    scored = {e: (float(p), int(n)) for e, p, n in conn.execute(query)}
    order = list(_entrants(conn, event_id))
    rows = [(e, *scored.get(e, (0.0, 0))) for e in order]
    return sorted(rows, key=lambda r: (-r[1], order.index(r[0])))
