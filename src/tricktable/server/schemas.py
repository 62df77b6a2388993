"""The typed messages of the HTTP API and the WebSocket protocol."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

Level = Literal["easy", "medium", "hard", "expert"]
OptionInput = bool | int | str | list[int] | list[str]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: Level = "medium"


class CreateTable(Strict):
    game: str = Field(min_length=1, max_length=40)
    options: dict[str, OptionInput] = Field(default_factory=dict, max_length=64)
    seats: list[SeatSpec] | None = Field(default=None, max_length=12)
    allow_spectators: bool = True
    turn_seconds: int = Field(default=0, ge=0, le=600)
    private: bool = False
    """A private table is reached only by its invite link: the lobby never lists it."""


class RulesQuery(Strict):
    game: str = Field(min_length=1, max_length=40)
    options: dict[str, OptionInput] = Field(default_factory=dict, max_length=64)


class JoinTable(Strict):
    name: Name
    seat: int | None = Field(default=None, ge=0, le=11)


class HintQuery(Strict):
    token: str = Field(min_length=1, max_length=100)


class SeatBot(Strict):
    """The creator's request to give an empty person's seat to a bot."""

    token: str = Field(min_length=1, max_length=100)
    level: Level = "medium"


# -- WebSocket: client to server ---------------------------------------------------------------


class ActionIn(Strict):
    type: Literal["action"]
    action: str = Field(min_length=1, max_length=64)
    seq: int = Field(ge=0)


class ChatIn(Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=200)


class ResyncIn(Strict):
    type: Literal["resync"]


ClientMessage = Annotated[ActionIn | ChatIn | ResyncIn, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ActionIn | ChatIn | ResyncIn] = TypeAdapter(ClientMessage)


# -- WebSocket: server to client ---------------------------------------------------------------


class StateOut(BaseModel):
    type: Literal["state"] = "state"
    seq: int
    view: dict[str, Any]
    moved_by: dict[str, Any] | None = None
    """The seat and actor of the action that led here, so a client can label a move a bot
    made for an absent or timed-out player; None before the first action."""


class ErrorOut(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str


class ChatOut(BaseModel):
    type: Literal["chat"] = "chat"
    seat: int
    name: str
    text: str
    at: str


class TableOut(BaseModel):
    """The table's public description (seats, presence), sent whenever it changes."""

    type: Literal["table"] = "table"
    table: dict[str, Any]


class HelloOut(BaseModel):
    """The first message of a connection: who you are, the table and the recent chat."""

    type: Literal["hello"] = "hello"
    seat: int | None
    table: dict[str, Any]
    chat: list[ChatOut]
    presets: list[str]
