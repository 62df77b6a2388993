"""``tricktable rules``: the games, and every option of one game, in the player's language."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..errors import RulesError
from ..games import GAME_NAMES, REGISTRY, find_game
from ..i18n import Translator, translator
from ..options import GameDef, Option
from .help_words import command_words

__all__ = ["games_table", "options_table", "register"]

_ENGLISH = translator("en")


def games_table(words: Translator = _ENGLISH) -> Table:
    """Every game of tricktable, and whether it can be played yet."""
    _ = words.gettext
    table = Table(title=_("tricktable games"))
    table.add_column(_("game"), no_wrap=True)
    table.add_column(_("playable"))
    table.add_column(_("about"))
    for name in GAME_NAMES:
        game = REGISTRY.get(name)
        about = _about(game, words) if game else _("being built")
        table.add_row(name, _("yes") if game else _("not yet"), about)
    return table


def _about(game: GameDef, words: Translator) -> str:
    _ = words.gettext
    return _("{title}: {summary}").format(title=_(game.title), summary=_(game.summary))


def _values(option: Option[Any], words: Translator) -> str:
    """The values an option takes; the words a player types stay as they are typed."""
    if option.kind == "int" and option.low is not None and option.high is not None:
        return f"{words.number(option.low)}..{words.number(option.high)}"
    if option.kind in ("ints", "cards"):
        return words.gettext("a list joined by '+'")
    return option.describe_values()


def options_table(game: GameDef, words: Translator = _ENGLISH) -> Table:
    """Every option of a game with its default, its values and its description."""
    _ = words.gettext
    title = _("{title} ({name}) options").format(title=_(game.title), name=game.name)
    count = len(game.options)
    caption = words.ngettext("{count} option", "{count} options", count)
    table = Table(title=title, caption=caption.format(count=words.number(count)), show_lines=True)
    table.add_column(_("option"), overflow="fold", ratio=3)
    table.add_column(_("default"), overflow="fold", ratio=2)
    table.add_column(_("values and meaning"), overflow="fold", ratio=5)
    for option in game.options:
        default = option.format(option.default)
        values = _("values: {values}").format(values=_values(option, words))
        table.add_row(option.name, default, f"{_(option.description)}\n[dim]{values}[/dim]")
    return table


def rules_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="Show this game's options.")
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language: en, de, fr or ms (else LANG).")
    ] = None,
) -> None:
    """List the games, or the options of one game (set them with --option name=value)."""
    words = command_words(lang)
    _ = words.gettext
    console = Console(highlight=False)
    if game_name is None:
        console.print(games_table(words))
        return
    try:
        game = find_game(game_name)
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None
    console.print(_about(game, words), markup=False)
    if game.aliases:
        console.print(_("Also called: {names}").format(names=", ".join(game.aliases)))
    console.print(options_table(game, words))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
