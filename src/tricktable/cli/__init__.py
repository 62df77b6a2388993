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

    from typer.core import TyperCommand, TyperGroup, TyperOption

    from .help_words import help_language, say_command, say_params, say_usage

    def _shown(params: Any) -> Any:
        """The parameters as the help shows them: in the player's language, and an on/off
        option as a flag (``--hints``), never with a value's type after it (``--hints <bool>``):
        a flag takes no value."""
        for param in params:
            if isinstance(param, TyperOption) and param.is_flag:
                param.metavar = ""
        say_params(params, help_language())
        return params

    class _Command(TyperCommand):
        """A command whose help is in the player's language."""

        def get_params(self, ctx: Any) -> Any:
            return _shown(super().get_params(ctx))

        def format_help(self, ctx: Any, formatter: Any) -> None:
            say_command(self, help_language())
            super().format_help(ctx, formatter)

        def get_usage(self, ctx: Any) -> str:
            return say_usage(super().get_usage(ctx), help_language())

    class _Group(TyperGroup):
        """The command list, its commands' short help in the player's language."""

        def get_params(self, ctx: Any) -> Any:
            return _shown(super().get_params(ctx))

        def format_help(self, ctx: Any, formatter: Any) -> None:
            words = help_language()
            say_command(self, words)
            for command in self.commands.values():
                say_command(command, words)
            super().format_help(ctx, formatter)

        def get_usage(self, ctx: Any) -> str:
            return say_usage(super().get_usage(ctx), help_language())

    app = typer.Typer(
        name="tricktable",
        # no list of games here: a family installed as a plug-in is listed by `rules`
        help="Trick-taking card games of the Euchre/Rams family; 'tricktable rules' lists every"
        " game installed.",
        no_args_is_help=True,
        add_completion=False,
        cls=_Group,
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

    from . import learn_cmd

    learn_cmd.register(app)

    from . import compile_cmd

    compile_cmd.register(app)

    for _command in app.registered_commands:
        if _command.cls in (None, TyperCommand):
            _command.cls = _Command


def main() -> None:
    """The console script: run the app, or explain how to install the missing extra."""
    if _MISSING is not None:
        sys.exit(f"{CLI_EXTRA_MISSING} (missing module: {_MISSING.name})")
    app()
