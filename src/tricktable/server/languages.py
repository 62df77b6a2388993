"""The language of each receiver: a refusal is translated at the edge, per request or socket.

The tables keep no translated text: a :class:`~tricktable.server.table.TableError` carries an
English template and its values, and each request (or each player's socket) reads it in its own
language — two players at one table can be refused in two languages. The language is the
``lang`` the client sends (a query parameter), else the request's ``Accept-Language``.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from ..i18n import Translator, accept_language, translator
from .table import TableError

__all__ = ["error_body", "language_of", "words_of"]


def language_of(connection: HTTPConnection) -> str:
    """The code of the language a request or a socket reads (``en`` when it says nothing)."""
    given = connection.query_params.get("lang")
    return accept_language(connection.headers.get("accept-language"), given)


def words_of(connection: HTTPConnection) -> Translator:
    return translator(language_of(connection))


def error_body(connection: HTTPConnection, exc: TableError) -> dict[str, str]:
    """A refusal's JSON: its ``code`` as it is, its ``detail`` in the reader's language."""
    return {"code": exc.code, "detail": exc.detail(words_of(connection))}
