"""``tricktable serve``: run the online table (lobby, tables, bots) in a web server."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.command("worker")(worker)


def serve(
    *,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///file.db or postgresql+psycopg://… (or TRICKTABLE_DB)."
        ),
    ] = None,
    broker: Annotated[
        str | None,
        typer.Option(
            help="Several processes: redis://… or the postgresql://… database itself"
            " (or TRICKTABLE_BROKER); bots then move in `tricktable worker`."
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before it moves.")
    ] = None,
    grace: Annotated[
        float | None, typer.Option(help="Seconds before a bot plays for a disconnected player.")
    ] = None,
) -> None:
    """Serve the lobby and tables; open http://HOST:PORT/ in a browser."""
    from tricktable.server import require_extra

    try:
        require_extra()
    except ImportError as exc:
        raise typer.Exit(_fail(str(exc))) from None
    from tricktable.server.run import serve as run

    typer.echo(f"tricktable: serving on http://{host}:{port}/ (Ctrl+C stops)")
    try:
        run(host=host, port=port, db=db, broker=broker, bot_delay=bot_delay, grace=grace)
    except ValueError as exc:
        raise typer.Exit(_fail(str(exc))) from None


def worker(
    *,
    db: Annotated[
        str | None, typer.Option(help="The servers' PostgreSQL URL (or TRICKTABLE_DB).")
    ] = None,
    broker: Annotated[
        str | None, typer.Option(help="The servers' broker URL (or TRICKTABLE_BROKER).")
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before it moves.")
    ] = None,
) -> None:
    """Play the bots' turns and compute reviews for `tricktable serve --broker` processes."""
    from tricktable.server import require_extra

    try:
        require_extra()
    except ImportError as exc:
        raise typer.Exit(_fail(str(exc))) from None
    from tricktable.server.worker import main as run_worker

    args = [f"--db={db}"] if db else []
    args += [f"--broker={broker}"] if broker else []
    args += [f"--bot-delay={bot_delay}"] if bot_delay is not None else []
    typer.echo("tricktable: worker claiming bot turns and reviews (Ctrl+C stops)")
    run_worker(args)


def _fail(message: str) -> int:
    typer.echo(message, err=True)
    return 2
