"""``tricktable rules``: the games, and every option of one game."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..errors import RulesError
from ..games import GAME_NAMES, REGISTRY, find_game
from ..options import GameDef

__all__ = ["games_table", "options_table", "register"]


def games_table() -> Table:
    """Every game of tricktable, and whether it can be played yet."""
    table = Table(title="tricktable games")
    table.add_column("game", no_wrap=True)
    table.add_column("playable")
    table.add_column("about")
    for name in GAME_NAMES:
        game = REGISTRY.get(name)
        about = f"{game.title}: {game.summary}" if game else "being built"
        table.add_row(name, "yes" if game else "not yet", about)
    return table


def options_table(game: GameDef) -> Table:
    """Every option of a game with its default, its values and its description."""
    table = Table(title=f"{game.title} ({game.name}) options", show_lines=True)
    table.add_column("option", overflow="fold", ratio=3)
    table.add_column("default", overflow="fold", ratio=2)
    table.add_column("values and meaning", overflow="fold", ratio=5)
    for option in game.options:
        default = option.format(option.default)
        about = f"{option.description}\n[dim]values: {option.describe_values()}[/dim]"
        table.add_row(option.name, default, about)
    return table


def rules_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="Show this game's options.")
    ] = None,
) -> None:
    """List the games, or the options of one game (set them with --option name=value)."""
    console = Console(highlight=False)
    if game_name is None:
        console.print(games_table())
        return
    try:
        game = find_game(game_name)
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None
    console.print(f"{game.title}: {game.summary}")
    if game.aliases:
        console.print(f"Also called: {', '.join(game.aliases)}")
    console.print(options_table(game))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
