"""The online table: a FastAPI app with a lobby, tables, seats, WebSockets and persistence.

Needs the ``server`` extra: ``pip install "tricktable[server]"``. Build the app with
:func:`create_app`; ``tricktable serve`` (or ``python -m tricktable.server``) runs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["MISSING_EXTRA", "create_app"]

MISSING_EXTRA = (
    'the online table needs the server extra: pip install "tricktable[server]" (missing: {name})'
)

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(*args: Any, **kwargs: Any) -> FastAPI:
    """Build the web application; see :func:`tricktable.server.app.create_app`."""
    require_extra()
    from .app import create_app as build

    return build(*args, **kwargs)


def require_extra() -> None:
    """Raise ImportError naming the pip command when a server dependency is missing."""
    for name in (
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "alembic",
        "pydantic",
        "platformdirs",
        "argon2",
        "openskill",
        "orjson",
        "asyncpg",
    ):
        try:
            __import__(name)
        except ImportError as exc:
            raise ImportError(MISSING_EXTRA.format(name=name)) from exc
