"""``tricktable arena``: bots against each other on duplicate deals, with a progress bar."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..arena import ArenaResult, Backend, Mode, run_arena
from ..errors import TricktableError
from ..games import rules
from .play import parse_options

__all__ = ["arena", "decision_lines", "plot_result", "register", "summary_table"]

PLOT_EXTRA_MISSING = "--plot needs the [plot] extra: pip install 'tricktable[plot]'"


def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name or rules string.")],
    *,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option as name=value (repeatable)."),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Two or more bots, comma separated; parameters after colons, "
            "e.g. 'pimc:samples=8,heuristic'."
        ),
    ] = "pimc,heuristic",
    deals: Annotated[int, typer.Option(help="Deals to play (each once per rotation).")] = 20,
    workers: Annotated[int, typer.Option(help="Worker processes (or Ray CPUs).")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the deals.")] = 0,
    mode: Annotated[
        str, typer.Option(help="'hand': one hand per deal; 'game': a whole game per deal.")
    ] = "hand",
    backend: Annotated[
        str, typer.Option(help="'process' (local processes) or 'ray' (the \\[ray] extra).")
    ] = "process",
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the full results as JSON here.")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw the results as a PNG here.")
    ] = None,
) -> None:
    """Play bots against each other on duplicate deals and report win rates with 95 % CIs."""
    console = Console(highlight=False)
    try:
        text = str(rules(game_name, **parse_options(option or [])))
        result = _run(text, bots, deals=deals, workers=workers, seed=seed, mode=_mode(mode),
                      backend=_backend(backend), console=console)  # fmt: skip
    except TricktableError as exc:
        raise typer.BadParameter(str(exc)) from None
    console.print(summary_table(result))
    for line in decision_lines(result):
        console.print(line)
    console.print(
        f"{result.deals} deals in {result.seconds:.1f} s: "
        f"{result.deals_per_second:.2f} deals/s with {result.workers} worker(s)"
    )
    if json_out is not None:
        json_out.write_text(json.dumps(result.to_dict(), indent=2))
        console.print(f"Results written to {json_out}")
    if plot is not None:
        plot_result(result, plot)
        console.print(f"Plot written to {plot}")


def _mode(text: str) -> Mode:
    if text not in ("hand", "game"):
        raise typer.BadParameter(f"--mode {text!r} is not 'hand' or 'game'")
    return "hand" if text == "hand" else "game"


def _backend(text: str) -> Backend:
    if text not in ("process", "ray"):
        raise typer.BadParameter(f"--backend {text!r} is not 'process' or 'ray'")
    return "process" if text == "process" else "ray"


def _run(
    text: str,
    bots: str,
    *,
    deals: int,
    workers: int,
    seed: int,
    mode: Mode,
    backend: Backend,
    console: Console,
) -> ArenaResult:
    specs = [spec.strip() for spec in bots.split(",") if spec.strip()]
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{text}: {' vs '.join(specs)}", total=deals)
        return run_arena(
            text, specs, deals, seed=seed, workers=workers, mode=mode, backend=backend,
            progress=lambda done: progress.update(task, completed=done),
        )  # fmt: skip


def summary_table(result: ArenaResult) -> Table:
    """Each bot's win rate and mean value per hand (per game), with their 95 % intervals."""
    unit = "games won" if result.mode == "game" else "hands won"
    table = Table(title=f"{result.rules}, {result.deals} duplicate deals ({result.mode} mode)")
    points = f"mean points / {result.mode}"
    for name in ("bot", unit, "95 % CI", points, "95 % CI", "plays"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for s in result.summaries():
        table.add_row(
            s.spec, f"{s.win_rate:.1%}", f"{s.win_ci[0]:.1%} – {s.win_ci[1]:.1%}",
            f"{s.mean_value:+.2f}", f"{s.value_ci[0]:+.2f} – {s.value_ci[1]:+.2f}", str(s.plays),
        )  # fmt: skip
    return table


def decision_lines(result: ArenaResult) -> list[str]:
    """One line per bot: its longest and mean decision (what a time cap is checked against)."""
    return [
        f"{s.spec}: worst decision {s.worst_decision:.2f} s, mean {s.mean_decision:.3f} s"
        for s in result.summaries()
    ]


def plot_result(result: ArenaResult, path: Path) -> None:
    """Win rates and mean points per bot with 95 % error bars, as a PNG (matplotlib, Agg)."""
    plt = _pyplot()
    summaries = result.summaries()
    names = [s.spec for s in summaries]
    figure, (wins, points) = plt.subplots(1, 2, figsize=(10, 4))
    _bars(wins, names, [s.win_rate for s in summaries], [s.win_ci for s in summaries])
    wins.set_ylabel("win rate")
    wins.axhline(1 / len(names), color="grey", linewidth=0.8, linestyle="--")
    _bars(points, names, [s.mean_value for s in summaries], [s.value_ci for s in summaries])
    points.set_ylabel(f"mean points per {result.mode}")
    figure.suptitle(f"{result.rules}: {result.deals} duplicate deals")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _bars(axes: Any, names: list[str], values: list[float], cis: list[Any]) -> None:
    low = [v - ci[0] for v, ci in zip(values, cis, strict=True)]
    high = [ci[1] - v for v, ci in zip(values, cis, strict=True)]
    axes.bar(names, values, yerr=[low, high], capsize=6, color="#4a7ab5")
    axes.tick_params(axis="x", labelrotation=15)


def _pyplot() -> Any:
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise typer.BadParameter(PLOT_EXTRA_MISSING) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def register(app: typer.Typer) -> None:
    app.command()(arena)
