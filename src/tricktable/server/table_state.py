"""A table's state without its connections: seats, game, turn checks, and what a move stores
and says.

Nothing here awaits, locks or sends: :class:`TableState` answers what the table is (its public
description, each seat's state message), whether a move may be made, and, for a move it carries
out, the rows to store and the statements that store them. The async actor that holds the lock,
stores, broadcasts and keeps the timers is :class:`tricktable.server.table.TableRuntime`.

A move is checked, then tried on the table's one game with the engine's undoable ``push`` for
what it stores (its row, a new deal, the end, the next job) and taken back with ``pop``; once
stored it is applied for good (no copy of the whole game per move, and nobody reading the table
meanwhile sees a state that is not stored yet).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from tricktable import Game, TricktableError
from tricktable.actions import Action
from tricktable.errors import IllegalActionError
from tricktable.explain import explain_illegal
from tricktable.view import View, build_views

from . import automatic, states
from . import db as store
from .config import BOT_SPEEDS, Settings
from .refusals import TableError, hash_token

__all__ = ["Move", "SeatState", "TableInfo", "TableState"]


@dataclass
class SeatState:
    seat: int
    kind: str
    level: str | None
    name: str | None = None
    token_hash: str | None = None
    connections: int = 0
    """Connections to this seat in this process."""
    remote: int = 0
    """Connections to this seat in the other server processes (as they announced them)."""
    substituted: bool = False
    left_at: float | None = None
    seen: bool = False
    """Whether its player has been connected since the table was loaded: a seat left after
    that is gone (one never opened is only not there yet)."""

    @property
    def present(self) -> bool:
        return self.connections + self.remote > 0

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "connected": self.kind == "bot" or self.present,
            "substituted": self.substituted,
        }


@dataclass
class TableInfo:
    """What is fixed when a table is created."""

    table_id: str
    allow_spectators: bool
    turn_seconds: int
    created_at: str
    stored_deals: int
    private: bool = False
    stored_actions: int = 0
    """Rows in the action log (actions and undos): the next row's number."""
    rematch_id: str | None = None
    """The table this one's rematch started (once the game is over)."""
    turn_extended: int = 0
    """How often the player to move took more time on this turn (0 again at the next move)."""
    event: dict[str, Any] | None = None
    """An event's table: its event, round, board and name (None for other tables)."""


@dataclass(frozen=True)
class Move:
    """An action carried out on the state and not stored yet: its log rows, the statements
    that store them (with the next automatic move's job) and who made it."""

    rows: list[dict[str, Any]]
    statements: list[store.Statement]
    moved_by: dict[str, Any] | None
    action: Action | None = None
    """The action to apply once stored (None: the move replaces the whole game)."""
    game: Game | None = None
    """The game that becomes the table's state once stored (an undo's, a claim's)."""


@dataclass
class TableState:
    info: TableInfo
    game: Game
    seats: list[SeatState]
    settings: Settings
    role: str = "single"
    moved_by: dict[str, Any] | None = None
    """Who made the latest action: its seat and actor (human, bot, substitute or timer)."""
    bot_speed: str = "normal"
    """A solo player's bot speed (a key of :data:`BOT_SPEEDS`), as last read from the table's
    row: the row is the truth, so that a change through any server process counts."""
    away_stored: bool = False
    """The stored mark that everyone had left (read on load): paused until someone returns."""
    _views: tuple[int, dict[int | None, View]] | None = field(default=None, repr=False)
    """The views of the state at a log length, built for the state messages: the bot to move
    is handed its own from here (one view per seat per move)."""

    @property
    def table_id(self) -> str:
        return self.info.table_id

    @property
    def seq(self) -> int:
        return len(self.game.log)

    @property
    def uses_jobs(self) -> bool:
        return self.role != "single"

    @property
    def waiting(self) -> bool:
        """Whether a person's seat is still empty: until it is taken (or given to a bot) the
        table waits — its views show nothing dealt, and nobody moves, bot or timer."""
        if self.game.is_over:
            return False
        return any(s.kind == "human" and s.name is None for s in self.seats)

    @property
    def paused(self) -> bool:
        """Whether every player has gone (each person's seat without a connection, and one
        of them left after being here, or the stored mark says so): no bot, substitute or
        timer moves until one is back. An event's tables play on (a round waits for them)."""
        if self.game.is_over or self.waiting or self.info.event is not None:
            return False
        people = [s for s in self.seats if s.kind == "human" and s.name is not None]
        if not people or any(s.present for s in people):
            return False
        return self.away_stored or any(s.seen for s in people)

    @property
    def host_seat(self) -> int | None:
        """The creator's seat: the table's first person's seat (the lobby sits the creator
        there, and a join without a seat number takes the lowest free one); its token is how
        the creator is recognised."""
        return next((s.seat for s in self.seats if s.kind == "human"), None)

    def solo_seat(self) -> int | None:
        """The one person's seat at a table where every other seat is a bot (else None)."""
        people = [s.seat for s in self.seats if s.kind != "bot"]
        return people[0] if len(people) == 1 else None

    def bot_delay(self) -> float:
        chosen = BOT_SPEEDS.get(self.bot_speed)
        return self.settings.bot_delay if chosen is None else chosen

    # -- what the table says -----------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        rules = self.game.rules
        return {
            "table_id": self.table_id,
            "game": rules.name,
            "title": rules.game.title,
            "rules": str(rules),
            "options": {
                k: list(v) if isinstance(v, tuple) else v for k, v in rules.options.items()
            },
            "players": self.game.player_count,
            "seats": [s.public() for s in self.seats],
            "status": "over" if self.game.is_over else "playing",
            "waiting": self.waiting,
            "paused": self.paused,
            "host_seat": self.host_seat,
            "result": store.result_of(self.game) if self.game.is_over else None,
            "allow_spectators": self.info.allow_spectators,
            "private": self.info.private,
            "turn_seconds": self.info.turn_seconds,
            "turn_extended": self.info.turn_extended,
            "bot_speed": self.bot_speed,
            "rematch_id": self.info.rematch_id,
            "event": self._event(),
            "seq": self.seq,
            "created_at": self.info.created_at,
        }

    def _event(self) -> dict[str, Any] | None:
        """An event's table: its event, round, the board in play (k of n) and the event's name."""
        event = self.info.event
        if event is None:
            return None
        boards = event["boards"]
        board = min(self.game.deal_number + 1, boards)
        return {
            "event_id": event["event_id"],
            "round": event["round"],
            "board": board,
            "boards": boards,
            "name": event["name"],
        }

    def state_texts(self, seats: set[int | None]) -> dict[int | None, str]:
        """The state message of each of ``seats``; the views are kept, with the view of the
        seat to move (a bot's, or a substitute's), for the automatic move that follows."""
        wanted = set(seats)
        if self.game.to_move is not None:
            wanted.add(self.game.to_move)
        views = build_views(self.game, wanted)
        self._views = (self.seq, views)
        shown = {seat: views[seat] for seat in seats}
        return states.texts_of(shown, self.seq, self.moved_by, self.waiting)

    def view_of(self, seat: int) -> View:
        """``seat``'s view of the current state (the one built for the last state messages,
        if they were of this state)."""
        if self._views is not None and self._views[0] == self.seq and seat in self._views[1]:
            return self._views[1][seat]
        return self.game.view(seat)

    # -- seats -------------------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    def free_seat(self, name: str, wanted: int | None) -> SeatState:
        """The seat ``name`` may take (``wanted``, or the lowest free); TableError if none."""
        if self.game.is_over:
            raise TableError("game_over", "the game at this table is over")
        if any(s.name is not None and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(
                "name_taken", "someone at this table is already called {name}", name=repr(name)
            )
        free = [s for s in self.seats if s.kind == "human" and s.name is None]
        if wanted is None:
            if not free:
                raise TableError("table_full", "every human seat at this table is taken")
            return free[0]
        if not 0 <= wanted < len(self.seats):
            raise TableError(
                "no_such_seat", "seat {wanted} is not a seat of this table", 400, wanted=wanted
            )
        seat = self.seats[wanted]
        if seat not in free:
            raise TableError(
                "seat_taken", "seat {wanted} is a bot's or already taken", wanted=wanted
            )
        return seat

    def seat_for_bot(self, token: str, seat_number: int) -> SeatState:
        """The empty person's seat the creator (the holder of ``token``) gives a bot."""
        asking = self.seat_for_token(token)
        if asking is None:
            raise TableError("bad_token", "that token holds no seat at this table", 403)
        if asking != self.host_seat:
            raise TableError("not_host", "only the table's creator may seat a bot", 403)
        if self.game.is_over:
            raise TableError("game_over", "the game at this table is over")
        if not 0 <= seat_number < len(self.seats):
            raise TableError(
                "no_such_seat", "seat {seat} is not a seat of this table", 400, seat=seat_number
            )
        seat = self.seats[seat_number]
        if seat.kind != "human" or seat.name is not None:
            raise TableError(
                "seat_taken", "seat {seat} is a bot's or already taken", seat=seat_number
            )
        return seat

    def seat_statements(self, seat: SeatState, was_waiting: bool) -> list[store.Statement]:
        """Statements storing ``seat``'s row as it now is (names, token, kind, level); with the
        job of the first automatic move if the table stopped waiting with it."""
        values = {
            "name": seat.name,
            "token_hash": seat.token_hash,
            "kind": seat.kind,
            "level": seat.level,
        }
        claim = (
            sa.update(store.seats)
            .where(store.seats.c.table_id == self.table_id)
            .where(store.seats.c.seat == seat.seat)
            .values(**values)
        )
        statements: list[store.Statement] = [(claim, None)]
        if was_waiting and not self.waiting and self.uses_jobs:
            statements += automatic.stored_plan(self, False, self.game, self.info.stored_actions)
        return statements

    # -- moves -------------------------------------------------------------------------------

    def check_turn(self, seat: int, seq: int, actor: str) -> None:
        """Refuse (TableError) a move of ``seat`` by ``actor`` made at state ``seq`` that may
        not be made now."""
        if seq != self.seq:
            raise TableError(
                "stale_seq",
                "seq {seq} is not the current state {current}",
                seq=seq,
                current=self.seq,
            )
        if self.game.is_over:
            raise TableError("game_over", "the game is over")
        if self.waiting:
            raise TableError("waiting", "the table waits for a player to take the empty seat")
        if self.game.to_move != seat:
            raise TableError(
                "not_your_turn",
                "seat {mover} is to move, not {seat}",
                mover=self.game.to_move,
                seat=seat,
            )
        if actor == "substitute" and self._has_player_back(seat):
            raise TableError("returned", "seat {seat} has its player back", seat=seat)

    def _has_player_back(self, seat: int) -> bool:
        # a worker knows nobody's presence: the servers drop the job of a returning player
        return self.role != "worker" and not self.seats[seat].substituted

    def play(self, seat: int, action: Action | str, actor: str) -> Move:
        """The move of ``seat``'s ``action`` (checked: TableError if illegal); the game is
        unchanged until :meth:`stored`. Call :meth:`check_turn` first."""
        was_automatic = automatic.stands_for(self, self.game)
        chosen = self._legal(action)
        game = self.game
        game.push(chosen)
        try:
            deal_number, _, done = game.log[-1]
            row = {"deal_number": deal_number, "seat": seat, "action": str(done), "actor": actor}
            statements = self.statements(game, [row], was_automatic)
        finally:
            game.pop()
        return Move([row], statements, {"seat": seat, "actor": actor}, chosen)

    def _legal(self, action: Action | str) -> Action:
        """``action`` as a legal Action now; TableError (the engine's explanation) if not."""
        game = self.game
        try:
            chosen = action if isinstance(action, Action) else game.parse_action(action)
            if not game.is_legal(chosen):
                raise IllegalActionError(explain_illegal(game, chosen))
        except TricktableError as exc:
            legal = ", ".join(str(a) for a in game.legal_actions())
            raise TableError.worded(
                "illegal_action",
                str(exc),
                "{action} is not a legal move now; legal now: {moves}",
                action=repr(str(action)),
                moves=legal,
            ) from None
        return chosen

    def replacing(
        self, game: Game, rows: list[dict[str, Any]], moved_by: dict[str, Any] | None
    ) -> Move:
        """The move that makes ``game`` (an undo's or a claim's) the table's state."""
        was_automatic = automatic.stands_for(self, self.game)
        return Move(rows, self.statements(game, rows, was_automatic), moved_by, game=game)

    def statements(
        self, game: Game, rows: list[dict[str, Any]], was_automatic: bool
    ) -> list[store.Statement]:
        """Statements storing ``rows`` of the log, ``game``'s new deals, its end, and the
        job of its next automatic move (workers)."""
        first, at = self.info.stored_actions, store.now()
        numbered = [
            {"table_id": self.table_id, "number": first + n, "created_at": at, **row}
            for n, row in enumerate(rows)
        ]
        # one row (a move) as a plain execute: cheaper than an executemany of one
        batch = numbered[0] if len(numbered) == 1 else numbered
        statements: list[store.Statement] = [(store.INSERT_ACTIONS, batch)]
        new_deals = store.deal_rows(self.table_id, game, self.info.stored_deals)
        if new_deals:
            statements.append((store.deals.insert(), new_deals))
        if game.is_over:
            finished = (
                sa.update(store.tables)
                .where(store.tables.c.id == self.table_id)
                .values(status="over", result=store.result_of(game))
            )
            statements.append((finished, None))
        if self.uses_jobs:
            statements += automatic.stored_plan(self, was_automatic, game, first + len(rows))
        return statements

    def stored(self, move: Move) -> Game:
        """``move`` is stored: it becomes the table's state; that game."""
        if move.action is not None:
            self.game.apply(move.action)
        elif move.game is not None:
            self.game = move.game
        self.info.stored_actions += len(move.rows)
        self.info.turn_extended = 0
        # after an undo the game may hold fewer deals than are stored; they deal again alike
        self.info.stored_deals = max(self.info.stored_deals, len(self.game.deals))
        if move.moved_by is not None:
            self.moved_by = move.moved_by
        return self.game

    def take(self, game: Game, moved_by: dict[str, Any] | None) -> None:
        self.game = game
        if moved_by is not None:
            self.moved_by = moved_by

    # -- automatic moves ---------------------------------------------------------------------

    def automatic_plan(self, now: Callable[[], float]) -> tuple[float, str] | None:
        """The next automatic move at loop time ``now()``: (delay, actor) with actor ``bot``,
        ``substitute``, ``grace`` (the wait before a substitute sits in) or ``timer``; None
        when nothing is to happen by itself."""
        seat_number = self.game.to_move
        if seat_number is None or self.waiting or self.paused:
            return None
        seat = self.seats[seat_number]
        if seat.kind == "bot":
            return self.bot_delay(), "bot"
        if seat.substituted:
            return self.settings.bot_delay, "substitute"
        if seat.name is not None and seat.left_at is not None:
            waited = now() - seat.left_at
            return max(0.0, self.settings.grace_seconds - waited), "grace"
        if self.info.turn_seconds and seat.name is not None:
            return float(self.info.turn_seconds), "timer"
        return None

    def settle_presence(self, now: float) -> bool:
        """Take up who is connected at loop time ``now``: a returning player's seat is no
        longer substituted; True if a substitute was sitting in for one."""
        returned = False
        for seat in self.seats:
            if seat.present:
                returned = returned or seat.substituted
                seat.left_at, seat.substituted, seat.seen = None, False, True
            elif seat.left_at is None and seat.name is not None:
                seat.left_at = now
        return returned
