"""``tricktable replay``: a saved game record, hand by hand."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..engine import Game
from ..errors import TricktableError
from ..record import hand_text, load_record
from ..replay import replay

__all__ = ["register"]


def _load(path: Path) -> Game:
    try:
        return replay(load_record(path))
    except TricktableError as exc:
        raise typer.BadParameter(str(exc)) from None


def _deal_numbers(game: Game, hand: int | None) -> list[int]:
    count = len(game.deals)
    if hand is None:
        return list(range(count))
    if not 1 <= hand <= count:
        raise typer.BadParameter(f"--hand {hand!r}: the record has hands 1 to {count}")
    return [hand - 1]


def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record saved by tricktable.")],
    hand: Annotated[
        int | None, typer.Option(help="Show only this deal (1 is the first in the record).")
    ] = None,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter after each hand.")] = False,
) -> None:
    """Show a game record hand by hand: the deal, the calls, every trick and the result."""
    console = Console(highlight=False)
    game = _load(file)
    numbers = _deal_numbers(game, hand)
    console.print(f"{game.rules} · seed {game.seed} · {len(game.deals)} deals · "
                  "seats numbered from 1", markup=False)  # fmt: skip
    for position, number in enumerate(numbers):
        console.print(f"\n— Hand {number + 1} —", markup=False)
        console.print(hand_text(game, number, first_seat=1), markup=False, end="")
        is_last = position == len(numbers) - 1
        if step and not is_last:
            console.print("Press Enter for the next hand: ", end="", markup=False)
            if not sys.stdin.readline():
                return
    status = f"won by {_seats(game.winners)}" if game.is_over else "not finished"
    scores = " ".join(str(s) for s in game.scores)
    console.print(f"\nScores: {scores} · {status}", markup=False)


def _seats(seats: tuple[int, ...]) -> str:
    """Seats for people, counted from 1: "seat 2", "seats 1 and 3"."""
    numbers = [str(s + 1) for s in seats]
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return f"seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
