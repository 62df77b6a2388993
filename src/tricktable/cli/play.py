"""``tricktable play``: a game in the terminal against computer players."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..bots import Bot, make_bot
from ..bots.hints import HintBot
from ..engine import Game
from ..errors import TricktableError
from ..games import rules
from ..i18n import Translator, translator
from .help_words import command_words
from .paths import default_record_dir
from .table import TerminalTable

__all__ = ["computer_players", "parse_options", "register"]

ENGLISH = translator("en")


def parse_options(items: list[str], words: Translator = ENGLISH) -> dict[str, str]:
    """``["target_score=5", "pepper_bidding=true"]`` as a dict; quotes a malformed item."""
    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            refusal = words.gettext("{item} is not an option written as name=value")
            raise typer.BadParameter(refusal.format(item=repr(item)))
        options[name.strip()] = value.strip()
    return options


def computer_players(
    names: str, game: Game, human: int, words: Translator = ENGLISH
) -> dict[int, Bot]:
    """Bots for every seat but the human's: one name for all, or a comma list seat by seat."""
    seats = [s for s in range(game.player_count) if s != human]
    chosen = [name.strip() for name in names.split(",")]
    if len(chosen) == 1:
        chosen *= len(seats)
    if len(chosen) != len(seats):
        refusal = words.gettext(
            "--bots {names} names {count} players; there are {seats} other seats"
        )
        raise typer.BadParameter(
            refusal.format(names=repr(names), count=len(chosen), seats=len(seats))
        )
    return {s: make_bot(name, seed=game.seed + s) for s, name in zip(seats, chosen, strict=True)}


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name or rules string.")],
    *,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option as name=value (repeatable)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deals (random if left out).")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat (0 is the first seat).")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            help="Computer players: random, heuristic or a level easy/medium/hard/expert; "
            "one for all, or a comma list for the other seats in order."
        ),
    ] = "heuristic",
    hints: Annotated[
        bool, typer.Option("--hints", help="Show a suggestion at every turn.")
    ] = False,
    record_dir: Annotated[
        Path | None, typer.Option(help="Folder for game records (default: your data folder).")
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language: en, de, fr or ms (else LANG).")
    ] = None,
) -> None:
    """Play GAME against computer players; moves are read line by line from the keyboard."""
    words = command_words(lang)
    console = Console(highlight=False)
    try:
        game = Game(rules(game_name, **parse_options(option or [], words)), seed=seed)
        if not 0 <= seat < game.player_count:
            refusal = words.gettext("seat {seat} is not a seat of 0..{last}")
            raise typer.BadParameter(refusal.format(seat=repr(seat), last=game.player_count - 1))
        players = computer_players(bots, game, seat, words)
    except TricktableError as exc:
        raise typer.BadParameter(exc.said(words.gettext)) from None
    hint_bot = HintBot(seed=game.seed)
    folder = record_dir or default_record_dir()
    TerminalTable(
        game,
        seat,
        bots=players,
        console=console,
        record_dir=folder,
        hint_bot=hint_bot,
        show_hints=hints,
        words=words,
    ).run()


def register(app: typer.Typer) -> None:
    app.command()(play)
