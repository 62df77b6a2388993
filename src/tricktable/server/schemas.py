"""The typed messages of the HTTP API and the WebSocket protocol."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, WithJsonSchema

import tricktable as tt

Level = Literal["easy", "medium", "hard", "expert"]
OptionInput = bool | int | str | list[int] | list[str]
Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40, pattern=r"\S")
]
"""A person's name: 1 to 40 characters once stripped, so at least one that is not a space (the
pattern says so in the schema, where the stripping cannot be said)."""


def _game_names() -> list[str]:
    """Every name a game is known by (the registry's, its plug-ins' among them)."""
    return [name for game in tt.REGISTRY.values() for name in (game.name, *game.aliases)]


GameName = Annotated[str, WithJsonSchema({"type": "string", "enum": _game_names()})]
"""A game's name: the schema lists the registered names (the server also takes any case)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Refusal(BaseModel):
    """A refused request: what it was (``code``) and why, in the reader's language."""

    code: str
    detail: Any


REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Refusal, "description": why}
    for status, why in (
        (400, "The rules, the table or the input refuse it (the detail says why)"),
        (401, "No session, or no seat token, or a wrong one"),
        (403, "Not allowed to this account or client"),
        (404, "No such table, club, event, player, board or language"),
        (409, "Not possible now (not your turn, the game is not over, taken …)"),
        (429, "Too many requests: wait and try again"),
    )
}
"""The refusals every route may answer with (beside FastAPI's 422), documented once."""


def _preset_variants(seats: bool) -> list[dict[str, Any]]:
    """One schema per game preset: its name and its options (as the lobby offers them) and,
    with ``seats``, as many seats as it seats. Any valid options are accepted; the schema
    names these so that a generated request is one the rules take."""
    variants = []
    for game in tt.REGISTRY.values():
        for _label, options in game.presets:
            players = tt.rules(game.name, **options).flow.players
            properties: dict[str, Any] = {"game": {"const": game.name},
                                          "options": {"const": dict(options)}}  # fmt: skip
            if seats:
                properties["seats"] = {"anyOf": [{"type": "null"}, {
                    "type": "array", "minItems": players, "maxItems": players}]}  # fmt: skip
            variants.append({"properties": properties})
    return variants


def _with_presets(schema: dict[str, Any]) -> None:
    schema["anyOf"] = _preset_variants("seats" in schema.get("properties", {}))


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: Level = "medium"


class CreateTable(Strict):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_with_presets)
    game: str = Field(min_length=1, max_length=40)
    options: dict[str, OptionInput] = Field(default_factory=dict, max_length=64)
    seats: list[SeatSpec] | None = Field(default=None, max_length=12)
    allow_spectators: bool = True
    turn_seconds: int = Field(default=0, ge=0, le=600)
    private: bool = False
    """A private table is reached only by its invite link: the lobby never lists it."""


class RulesQuery(Strict):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_with_presets)
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
