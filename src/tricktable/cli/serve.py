"""``tricktable serve``: run the online table (lobby, tables, bots) in a web server."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL: sqlite:///file.db or postgresql+psycopg://…"),
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
    run(host=host, port=port, db=db, bot_delay=bot_delay, grace=grace)


def _fail(message: str) -> int:
    typer.echo(message, err=True)
    return 2
