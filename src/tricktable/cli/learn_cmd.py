"""``tricktable learn GAME``: rebuild a game's networks from the solver's labels (label, fit,
export); a stopped run resumes from its shards and checkpoints."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..errors import RulesError, TricktableError
from .paths import user_data_dir

__all__ = ["learn", "register"]


def learn(
    game: Annotated[str, typer.Argument(help="A game or rules string, e.g. 'hasenpfeffer'.")],
    *,
    shards: Annotated[int, typer.Option(help="Label files (a stopped run resumes).")] = 3000,
    games: Annotated[int, typer.Option(help="Games played for each label file.")] = 4,
    samples: Annotated[int, typer.Option(help="Worlds the teacher solves a position.")] = 16,
    keep: Annotated[float, typer.Option(help="Share of the turns met that are labelled.")] = 0.3,
    worlds: Annotated[
        str, typer.Option(help="'sampled' from the seat's view, or the one 'dealt'.")
    ] = "sampled",
    calls: Annotated[
        str, typer.Option(help="A call's contract 'solved' double dummy, or 'played' out.")
    ] = "solved",
    workers: Annotated[int, typer.Option(help="Local worker processes (or Ray CPUs).")] = 1,
    backend: Annotated[str, typer.Option(help="'process' or 'ray'.")] = "process",
    epochs: Annotated[int, typer.Option(help="Passes over the labels.")] = 30,
    seed: Annotated[int, typer.Option(help="Seed of the labels and the networks.")] = 0,
    data: Annotated[Path | None, typer.Option(help="The labels' folder.")] = None,
    out: Annotated[
        Path | None, typer.Option(help="The weights' folder (default: the package's).")
    ] = None,
    phases: Annotated[
        str | None, typer.Option(help="Only these decisions, e.g. 'auction,trump' (default: all).")
    ] = None,
    veto: Annotated[
        float | None,
        typer.Option(
            help="The card network only overrules heuristic cards this many points below its best."
        ),
    ] = None,
    stake: Annotated[
        float | None,
        typer.Option(help="Points a label gives for winning the game, in games without a target."),
    ] = None,
) -> None:
    """Label positions with the solver, fit a network per decision, write the weights."""
    from ..distil.fit import FitConfig
    from ..distil.label import LabelSpec
    from ..distil.rebuild import rebuild
    from ..games import rules as make_rules
    from ..learn.model import weights_folder

    try:
        rules = make_rules(game)
        staked = "" if stake is None else f"-stake{_points('stake', stake):g}"
        folder = data or user_data_dir() / "tricktable" / "labels" / _folder_name(
            str(rules), f"{worlds}-{calls}{staked}", samples, seed
        )
        spec = LabelSpec(str(rules), folder, shards, games, samples, keep, seed,
                         worlds=_one_of("worlds", worlds, ("sampled", "dealt")),
                         calls=_one_of("calls", calls, ("solved", "played")),
                         stake=stake)  # fmt: skip
        rebuild(
            spec,
            out or weights_folder(rules.name),
            config=FitConfig(epochs=epochs, seed=seed),
            phases=_phases(phases),
            veto=None if veto is None else _points("veto", veto),
            workers=workers,
            backend=_one_of("backend", backend, ("process", "ray")),
            say=typer.echo,
        )
    except TricktableError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


def _one_of(option: str, name: str, allowed: tuple[str, ...]) -> Any:
    """``name`` if it is one of ``allowed`` (the option's literal values), else a refusal."""
    if name not in allowed:
        choices = ", ".join(repr(a) for a in allowed)
        raise RulesError(f"{option} {name!r} is not one of {choices}")
    return name


def _phases(given: str | None) -> tuple[str, ...] | None:
    """The decisions named in ``--phases`` (each a phase of the observation), or None: all."""
    if given is None:
        return None
    from ..learn.model import PHASE_ORDER

    named = tuple(name.strip() for name in given.split(",") if name.strip())
    for name in named:
        _one_of("phase", name, PHASE_ORDER)
    return named


def _points(option: str, points: float) -> float:
    if not points >= 0:
        raise RulesError(f"{option} {points!r} is not a number of points >= 0")
    return points


def _folder_name(rules: str, worlds: str, samples: int, seed: int) -> str:
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in rules)
    return f"{safe}-{worlds}-k{samples}-s{seed}"


def register(app: typer.Typer) -> None:
    app.command("learn")(learn)
