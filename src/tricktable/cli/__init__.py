"""The ``tricktable`` command line: play, rules, replay, verify (and the commands other modules
register).

It needs the optional ``[cli]`` extra (typer and rich); without it ``main`` says what to install.
Each command module has a ``register(app)`` function; add new ones to the block below.
"""

from __future__ import annotations

import sys

CLI_EXTRA_MISSING = (
    "the tricktable command line needs the [cli] extra; "
    'install it with: pip install "tricktable[cli]"'
)

try:
    import rich  # noqa: F401
    import typer
except ModuleNotFoundError as missing:  # the core works without the extra
    _MISSING: ModuleNotFoundError | None = missing
else:
    _MISSING = None

if _MISSING is None:
    from typing import Any

    from typer.core import TyperCommand, TyperOption

    class _FlagsShownAsFlags(TyperCommand):
        """A command whose help shows an on/off option as a flag (``--hints``), never with a
        value's type after it (``--hints <bool>``): a flag takes no value."""

        def get_params(self, ctx: Any) -> Any:
            params = super().get_params(ctx)
            for param in params:
                if isinstance(param, TyperOption) and param.is_flag:
                    param.metavar = ""
            return params

    app = typer.Typer(
        name="tricktable",
        help="Single and Double Hasenpfeffer, Rams, Bierspiel and Rounce.",
        no_args_is_help=True,
        add_completion=False,
    )

    from . import play, replay_cmd, rules_cmd, verify_cmd

    play.register(app)
    rules_cmd.register(app)
    replay_cmd.register(app)
    verify_cmd.register(app)

    from . import serve

    serve.register(app)

    from . import analysis

    analysis.register(app)

    from . import arena

    arena.register(app)

    from . import train_cmd

    train_cmd.register(app)

    from . import compile_cmd

    compile_cmd.register(app)

    for _command in app.registered_commands:
        if _command.cls in (None, TyperCommand):
            _command.cls = _FlagsShownAsFlags


def main() -> None:
    """The console script: run the app, or explain how to install the missing extra."""
    if _MISSING is not None:
        sys.exit(f"{CLI_EXTRA_MISSING} (missing module: {_MISSING.name})")
    app()
