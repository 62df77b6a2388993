"""The language of each receiver: a refusal is translated at the edge, per request or socket.

The tables keep no translated text: a :class:`~tricktable.server.table.TableError` carries an
English template and its values, and each request (or each player's socket) reads it in its own
language — two players at one table can be refused in two languages. The language is the
``lang`` the client sends (a query parameter), else the language the signed-in account chose,
else the request's ``Accept-Language``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from starlette.requests import HTTPConnection

from ..i18n import LANGUAGES, LanguageError, Translator, accept_language, catalog_path, translator
from .table import TableError

__all__ = ["browser_catalog", "error_body", "language_of", "router", "words_of"]

router = APIRouter(prefix="/api")


def language_of(connection: HTTPConnection) -> str:
    """The code of the language a request or a socket reads: the ``lang`` it sends, else the
    signed-in account's chosen language, else its ``Accept-Language`` (``en`` when all are
    silent)."""
    given = connection.query_params.get("lang") or getattr(
        connection.state, "account_language", None
    )
    return accept_language(connection.headers.get("accept-language"), given)


def words_of(connection: HTTPConnection) -> Translator:
    return translator(language_of(connection))


def error_body(connection: HTTPConnection, exc: TableError) -> dict[str, str]:
    """A refusal's JSON: its ``code`` as it is, its ``detail`` in the reader's language."""
    return {"code": exc.code, "detail": exc.detail(words_of(connection))}


@cache
def browser_catalog(code: str) -> dict[str, Any]:
    """The browser's catalog of a language, from the same ``.po`` as the terminal's: each
    English id (a counted message by its singular) to its translation, or to its plural forms
    in the order of the catalog's plural rule; fuzzy and untranslated entries are left out."""
    if code not in LANGUAGES:
        raise LanguageError(f"language {code!r} is not known; use one of {', '.join(LANGUAGES)}")
    from babel.messages.pofile import read_po

    with catalog_path(code).open("rb") as source:
        catalog = read_po(source, locale=code)
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, str):
            messages[message.id] = str(message.string)
        else:
            messages[message.id[0]] = list(message.string)
    return {"language": code, "plural_forms": catalog.plural_forms, "messages": messages}


@router.get("/i18n/{code}")
async def catalog_of(code: str) -> dict[str, Any]:
    """The words of the browser pages in one language (``en`` has none: it is the source)."""
    if code == "en":
        return {"language": "en", "plural_forms": "nplurals=2; plural=(n != 1);", "messages": {}}
    try:
        return browser_catalog(code)
    except LanguageError as exc:
        known = ", ".join(LANGUAGES)
        raise TableError(
            "unknown_language",
            "there are no words for the language {language}; use one of {known}",
            status=404,
            language=repr(code),
            known=known,
        ) from exc
