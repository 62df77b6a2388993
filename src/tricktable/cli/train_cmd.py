"""``tricktable train DECISION``: rebuild a learned evaluator (data, training, weights): a game's
name for its bid, or a decision key such as ``hasenpfeffer-trump``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import TricktableError
from .paths import user_data_dir

__all__ = ["register", "train"]


def train(
    game: Annotated[
        str,
        typer.Argument(
            metavar="DECISION",
            help="A game (its bid) or a decision: hasenpfeffer-trump, -discard or -play.",
        ),
    ],
    *,
    deals: Annotated[int, typer.Option(help="Hands dealt for training positions.")] = 400_000,
    shards: Annotated[int, typer.Option(help="Data files (a stopped run resumes).")] = 40,
    workers: Annotated[int, typer.Option(help="Local worker processes (or Ray CPUs).")] = 1,
    backend: Annotated[str, typer.Option(help="'process' or 'ray'.")] = "process",
    epochs: Annotated[int, typer.Option(help="Passes over the data.")] = 12,
    prefix: Annotated[
        str, typer.Option(help="How others reach the decision: heuristic, random or mixed.")
    ] = "heuristic",
    seed: Annotated[int, typer.Option(help="Seed of the data and the network.")] = 0,
    data: Annotated[Path | None, typer.Option(help="The data folder.")] = None,
    out: Annotated[
        Path | None, typer.Option(help="The weights file (default: beside its data).")
    ] = None,
) -> None:
    """Generate valued positions, train the MLP and write its weights."""
    from ..learn.train import TrainConfig, rebuild

    folder = (
        data
        or user_data_dir() / "tricktable" / "learn" / f"{game}-{deals}-{shards}-{seed}-{prefix}"
    )
    try:
        rebuild(game, folder, deals=deals, shards=shards, workers=workers, backend=backend,
                prefix=prefix, config=TrainConfig(epochs=epochs, seed=seed),
                # the first pipeline's networks never overwrite the package's, which come
                # from the solver (tricktable learn)
                out=out or folder / "weights.npz",
                say=typer.echo)  # fmt: skip
    except TricktableError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    app.command("train")(train)
