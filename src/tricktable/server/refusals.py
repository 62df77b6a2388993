"""Why a table refuses a request: :class:`TableError`, said in each reader's language."""

from __future__ import annotations

import hashlib

from tricktable import TricktableError
from tricktable.i18n import Translator

__all__ = ["TableError", "Term", "hash_token"]


class Term(str):
    """A value of a :class:`TableError` that is itself words to translate ("undo")."""

    __slots__ = ()


class TableError(Exception):
    """A request the table refuses: ``code`` is machine-readable, the message is for people.

    The message is an English template (its ``{name}`` fields in ``values``), so each receiver
    reads it in its own language (:meth:`detail`) and nothing shared holds a translated text;
    ``message`` is the English, for logs.
    """

    def __init__(self, code: str, message: str, status: int = 409, **values: object) -> None:
        self.template = message
        self.values = values
        self.message = message.format(**values) if values else message
        super().__init__(self.message)
        self.code = code
        self.status = status

    @classmethod
    def engine(cls, code: str, error: TricktableError, status: int = 400) -> TableError:
        """A refusal that is the engine's own explanation (a bad option, an unknown game),
        said in each reader's language as the engine's template is."""
        return cls(code, _ENGINE_SAYS, status, reason=error)

    @classmethod
    def worded(
        cls, code: str, english: str, template: str, status: int = 409, **values: object
    ) -> TableError:
        """A refusal whose English is another's full text (the engine's explanation of an
        illegal move) and which the other languages say as ``template``."""
        refusal = cls(code, template, status, **values)
        refusal.message = english
        refusal.args = (english,)
        return refusal

    def detail(self, words: Translator) -> str:
        """The message in the reader's language (a text the catalogs lack stays English)."""
        if words.code == "en":
            return self.message
        said = words.gettext(self.template)
        if not self.values:
            return said
        return said.format(**{name: _said(value, words) for name, value in self.values.items()})


_ENGINE_SAYS = "{reason}"
"""The template of an engine error's refusal (a name, so the catalogs do not take it as a
message: the engine's own template is the one translated)."""


def _said(value: object, words: Translator) -> object:
    if isinstance(value, Term):
        return words.gettext(value)
    if isinstance(value, TricktableError):
        return value.said(words.gettext)
    return value


def hash_token(token: str) -> str:
    """What a table stores of a seat's token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()
