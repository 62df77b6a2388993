"""The one registry of game families: names, aliases, and rules built from a name or a string.

Each family is a package here (``games/<family>/``) holding everything about its games and
exporting ``GAMES``, its :class:`~tricktable.options.GameDef` s. Every name-keyed table elsewhere
is derived from :data:`REGISTRY`; adding a family is one line in :data:`FAMILIES`.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any, Final

from ..errors import RulesError
from ..options import GameDef, Option, OptionValue, Rules
from ..view import view_schema_of
from ..view_parts import Section
from . import euchre, hasenpfeffer, rams

__all__ = [
    "FAMILIES",
    "GAME_NAMES",
    "REGISTRY",
    "GameDef",
    "Option",
    "OptionValue",
    "Rules",
    "family_of",
    "find_game",
    "rules",
    "view_schema",
    "view_sections",
]

FAMILIES: Final = (hasenpfeffer, rams, euchre)

REGISTRY: Final[dict[str, GameDef]] = {
    game.name: game for family in FAMILIES for game in family.GAMES
}

GAME_NAMES: Final[tuple[str, ...]] = tuple(REGISTRY)

_CANONICAL = re.compile(r"^\s*([\w-]+)\s*(?:\((.*)\))?\s*$")


def family_of(game: GameDef | str) -> ModuleType:
    """The family package of a registered game (or of its name)."""
    found = find_game(game) if isinstance(game, str) else game
    return next(family for family in FAMILIES if found in family.GAMES)


def find_game(name: str) -> GameDef:
    """The game registered under ``name`` or one of its aliases."""
    key = name.strip().lower().replace("_", "-")
    for game in REGISTRY.values():
        if key == game.name or key in game.aliases:
            return game
    raise RulesError(
        "there is no game {name}; the games are: {games}",
        name=repr(name),
        games=", ".join(REGISTRY),
    )


def rules(name: str | Rules, **options: object) -> Rules:
    """Rules of a game from its name or canonical string, with options given as keywords.

    ``rules("rams", players=5)`` and ``rules("rams(players=5)")`` are equal; keywords override
    options in the string. Raises :class:`RulesError` for an unknown game or a bad option.
    """
    if isinstance(name, Rules):
        return name.replace(**options) if options else name
    match = _CANONICAL.match(name)
    if match is None:
        raise RulesError(
            "{name} is not a game name or a rules string such as 'rams(players=5)'",
            name=repr(name),
        )
    game = find_game(match.group(1))
    given: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in (match.group(2) or "").split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise RulesError(
                "{item} in {name} is not an option written as name=value",
                item=repr(item),
                name=repr(name),
            )
        if key.strip() in given:
            raise RulesError(
                "{name} gives the option {key} twice", name=repr(name), key=repr(key.strip())
            )
        given[key.strip()] = value.strip()
    given.update(options)
    return Rules.build(game, given)


def view_sections() -> dict[type[Section], tuple[str, ...]]:
    """Each view section of the registered games, with the games whose views carry it."""
    sections: dict[type[Section], tuple[str, ...]] = {}
    for name in REGISTRY:
        section = rules(name).flow.VIEW_SECTION
        sections[section] = (*sections.get(section, ()), name)
    return sections


def view_schema() -> dict[str, Any]:
    """The JSON schema of every registered game's ``View.to_dict``.

    Regenerate ``docs/view-schema.json`` from it when a view's fields change (a test compares).
    """
    return view_schema_of(view_sections())
