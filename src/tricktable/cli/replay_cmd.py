"""``tricktable replay``: a saved game record, hand by hand."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..engine import Game
from ..errors import TricktableError
from ..i18n import Translator
from ..record import hand_text, load_record
from ..replay import replay
from .help_words import command_words

__all__ = ["register"]


def _load(path: Path, words: Translator) -> Game:
    try:
        return replay(load_record(path))
    except TricktableError as exc:
        raise typer.BadParameter(exc.said(words.gettext)) from None


def _deal_numbers(game: Game, hand: int | None, words: Translator) -> list[int]:
    count = len(game.deals)
    if hand is None:
        return list(range(count))
    if not 1 <= hand <= count:
        refusal = words.gettext("--hand {hand}: the record has hands 1 to {count}")
        raise typer.BadParameter(refusal.format(hand=repr(hand), count=count))
    return [hand - 1]


def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record saved by tricktable.")],
    hand: Annotated[
        int | None, typer.Option(help="Show only this deal (1 is the first in the record).")
    ] = None,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter after each hand.")] = False,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language: en, de, fr or ms (else LANG).")
    ] = None,
) -> None:
    """Show a game record hand by hand: the deal, the calls, every trick and the result."""
    words = command_words(lang)
    _ = words.gettext
    console = Console(highlight=False)
    game = _load(file, words)
    numbers = _deal_numbers(game, hand, words)
    deals = words.ngettext("{count} deal", "{count} deals", len(game.deals))
    head = _("{rules} · seed {seed} · {deals} · seats numbered from 1")
    console.print(
        head.format(rules=game.rules, seed=game.seed, deals=deals.format(count=len(game.deals))),
        markup=False,
    )
    for position, number in enumerate(numbers):
        console.print("\n" + _("— Hand {number} —").format(number=number + 1), markup=False)
        # the hand's text is the record's notation (its tags and moves), alike in every language
        console.print(hand_text(game, number, first_seat=1), markup=False, end="")
        if step and position < len(numbers) - 1:
            console.print(_("Press Enter for the next hand: "), end="", markup=False)
            if not sys.stdin.readline():
                return
    console.print("\n" + _final(game, words), markup=False)


def _final(game: Game, words: Translator) -> str:
    scores = " ".join(str(s) for s in game.scores)
    if not game.is_over:
        return words.gettext("Scores: {scores} · not finished").format(scores=scores)
    seats = [str(s + 1) for s in game.winners]
    if len(seats) == 1:
        said = words.gettext("Scores: {scores} · won by seat {seat}")
        return said.format(scores=scores, seat=seats[0])
    said = words.gettext("Scores: {scores} · won by seats {seats} and {last}")
    return said.format(scores=scores, seats=", ".join(seats[:-1]), last=seats[-1])


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
