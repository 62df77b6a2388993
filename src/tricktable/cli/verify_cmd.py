"""``tricktable verify``: check that a record's deals follow from their secrets and its actions
from the rules (exit 0), or name the first hand that does not (exit 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import RecordError
from ..record import load_record
from ..verify import verify_record
from .help_words import command_words

__all__ = ["register"]


def verify_command(
    file: Annotated[Path, typer.Argument(help="A game record saved by tricktable.")],
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language: en, de, fr or ms (else LANG).")
    ] = None,
) -> None:
    """Recompute every deal from its revealed secret, check it against the commitment shown
    at the table, and check every action against the rules."""
    words = command_words(lang)
    try:
        record = load_record(file)
    except RecordError as exc:
        typer.echo(f"{file}: {exc.said(words.gettext)}", err=True)
        raise typer.Exit(1) from None
    mismatch = verify_record(record)
    if mismatch is not None:
        typer.echo(f"{file}: {mismatch.said(words.gettext)}", err=True)
        raise typer.Exit(1)
    hands = len(record["deals"])
    verified = words.ngettext(
        "{count} hand verified: every deal follows from its secret and matches its commitment, "
        "and every action is legal",
        "{count} hands verified: every deal follows from its secret and matches its commitment, "
        "and every action is legal",
        hands,
    )
    typer.echo(f"{file}: {verified.format(count=hands)}")


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)
