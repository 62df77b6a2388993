"""The one registry of game families: names, aliases, and rules built from a name or a string.

A family is a package exporting ``GAMES``, its :class:`~tricktable.options.GameDef` s, and
registered through the entry-point group :data:`GROUP` (name = the family, value = the package);
tricktable's own (``games/<family>/``) register there too, in its ``pyproject.toml``. Every
name-keyed table elsewhere is derived from :data:`REGISTRY`. A plug-in that cannot be loaded is
skipped with a :class:`~tricktable.errors.PluginWarning` naming its entry point (docs/games.md).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any, Final

from ..errors import PluginWarning, RulesError
from ..options import GameDef, Option, OptionValue, Rules
from ..view import view_schema_of
from ..view_parts import Section

__all__ = [
    "FAMILIES",
    "GAME_NAMES",
    "GROUP",
    "REGISTRY",
    "SHIPPED",
    "GameDef",
    "Option",
    "OptionValue",
    "Rules",
    "family_of",
    "find_game",
    "load_families",
    "rules",
    "view_schema",
    "view_sections",
]

GROUP: Final = "tricktable.games"
"""The entry-point group a game family registers in (name = the family, value = its package)."""

SHIPPED: Final = ("hasenpfeffer", "rams", "euchre")
"""tricktable's own families, first and in this order; plug-ins follow, sorted by name."""


def load_families(points: Iterable[EntryPoint] | None = None) -> tuple[ModuleType, ...]:
    """The family packages of the entry points ``points`` (default: the installed ones of
    :data:`GROUP`), in :data:`SHIPPED` order and then by name.

    A shipped family with no entry point (a source tree run without installed metadata) is
    imported from here, so nothing breaks; a shipped family that fails to import raises (it is
    tricktable's own bug). A plug-in that fails to import, exports no ``GAMES`` or names a game
    already registered is skipped with a :class:`PluginWarning`, so one broken package does
    not stop every other game. Of two entry points of one name, the first found counts.
    """
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP) if points is None else points:
        if point.name in found:
            _skip(point, f"{point.name!r} is registered already, as {found[point.name].value!r}")
        else:
            found[point.name] = point
    families: list[ModuleType] = []
    taken: set[str] = set()
    for name in (*SHIPPED, *sorted(set(found) - set(SHIPPED))):
        shipped = name in SHIPPED
        family = _shipped(name, found.get(name)) if shipped else _plugin(found[name], taken)
        if family is not None:
            families.append(family)
            taken |= _names(family)
    return tuple(families)


def _shipped(name: str, point: EntryPoint | None) -> ModuleType:
    loaded = import_module(f"{__name__}.{name}") if point is None else point.load()
    assert isinstance(loaded, ModuleType), loaded
    return loaded


def _plugin(point: EntryPoint, taken: set[str]) -> ModuleType | None:
    """The family package of a plug-in's entry point, or None (warned) if it does not fit."""
    try:
        loaded = point.load()
    except Exception as error:  # a plug-in's import may fail in any way
        why: str | None = f"importing it failed: {type(error).__name__}: {error}"
    else:
        why = _unfit(loaded, taken)
        if why is None:
            assert isinstance(loaded, ModuleType)
            return loaded
    _skip(point, why)
    return None


def _unfit(loaded: object, taken: set[str]) -> str | None:
    """Why a plug-in's loaded object is not a family package fit to register (None: it is)."""
    games = getattr(loaded, "GAMES", None)
    if not isinstance(loaded, ModuleType) or not isinstance(games, tuple) or not games:
        return "it is not a package exporting GAMES, a tuple of GameDef"
    if not all(isinstance(game, GameDef) for game in games):
        return "its GAMES holds something that is not a GameDef"
    clash = sorted(_names(loaded) & taken)
    return f"it names games already registered: {', '.join(clash)}" if clash else None


def _names(family: ModuleType) -> set[str]:
    """Every name and alias of a family's games."""
    return {name for game in family.GAMES for name in (game.name, *game.aliases)}


def _skip(point: EntryPoint, why: str | None) -> None:
    """Warn that the plug-in of ``point`` is left out, and why."""
    warnings.warn(
        f"the game family {point.name} = {point.value!r} ({GROUP}) is skipped: {why}",
        PluginWarning,
        stacklevel=3,
    )


FAMILIES: Final[tuple[ModuleType, ...]] = load_families()

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
    try:
        key = (name, tuple((k, type(v), v) for k, v in options.items()))  # True is not 1
        found = _RULES_READ[key]
        if REGISTRY.get(found.name) is found.game:  # still registered (tests change it)
            return found
        raise KeyError(name)
    except KeyError:
        found = _RULES_READ[key] = _read_rules(name, options)
        if len(_RULES_READ) > _RULES_KEPT:  # many different strings: forget the oldest
            del _RULES_READ[next(iter(_RULES_READ))]
        return found
    except TypeError:  # an unhashable option value (a list of cards …): read every time
        return _read_rules(name, options)


_RULES_READ: dict[tuple[str, tuple[tuple[str, type, object], ...]], Rules] = {}
"""Rules already read from a name or string and keywords: they are immutable, and a game made
for every deal of a tournament reads the same ones again and again."""
_RULES_KEPT = 256


def _read_rules(name: str, options: dict[str, object]) -> Rules:
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
