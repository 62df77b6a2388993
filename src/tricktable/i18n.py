"""The player's language: choosing it, and the translated words, plurals and numbers in it.

English is the source language: every message id is the English text itself, so a message
missing from a catalog falls back to readable English and a translator sees what to translate.
The catalogs are gettext ``.po`` files under ``locale/<code>/LC_MESSAGES/tricktable.po``; they
are compiled in memory when first used (no ``.mo`` file can go stale beside its ``.po``).

Babel (the ``[cli]`` and ``[server]`` extras) reads the catalogs and formats numbers by CLDR; it
is imported only when a non-English translator is made, so the core never needs it.
``xx`` is a pseudo-locale for tests: every message wrapped in ``⟦ ⟧`` and accented, so any
English text that did not pass through a translator stands out.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .errors import TricktableError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PLACEHOLDER",
    "PSEUDO",
    "LanguageError",
    "Nn_",
    "Translator",
    "accept_language",
    "catalog_path",
    "choose_language",
    "translator",
]

LANGUAGES = ("en", "de", "fr", "ms")
PSEUDO = "xx"
DOMAIN = "tricktable"
LOCALE_DIR = Path(__file__).parent / "locale"
# The environment variables gettext reads, in the order it reads them.
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)[sd]")
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵ×ýžÀßÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴ✗ÝŽ",
)


class LanguageError(TricktableError):
    """A language code tricktable has no catalog for."""


def N_(message: str) -> str:
    """Marks a message for the catalogs where it is written (a table of words, a game's contract
    names) and returns it untouched: it is translated where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> list[str]:
    """Marks a counted message (its singular and plural) where it is written, as :func:`N_`
    does; returns the pair as a list (JSON-ready), translated where the count is known."""
    return [singular, plural]


def catalog_path(code: str) -> Path:
    """Where the catalog of a language lives."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def choose_language(flag: str | None, environ: Mapping[str, str]) -> str:
    """The language code: ``--lang`` if given, else the first locale variable set, else English.

    >>> choose_language(None, {"LANG": "de_DE.UTF-8"})
    'de'
    >>> choose_language("fr", {"LANG": "de_DE.UTF-8"})
    'fr'
    >>> choose_language(None, {"LC_ALL": "C", "LANG": "ms_MY"})
    'en'
    """
    if flag is not None:
        code = flag.strip().lower()
        if code not in (*LANGUAGES, PSEUDO):
            raise LanguageError(
                f"language {flag!r} is not known; use one of {', '.join(LANGUAGES)}"
            )
        return code
    for variable in _ENVIRONMENT:
        value = environ.get(variable, "")
        if value:
            code = re.split(r"[_.@:-]", value, maxsplit=1)[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def accept_language(header: str | None, given: str | None = None) -> str:
    """The language of a request: ``given`` (a ``lang`` the client sends) if it is one of ours,
    else the best of an ``Accept-Language`` header by its q-values, else English.

    >>> accept_language("fr-CH, fr;q=0.9, de;q=0.8, *;q=0.5")
    'fr'
    >>> accept_language("ja, ms;q=0.4, de;q=0.3")
    'ms'
    >>> accept_language("de", given="fr")
    'fr'
    """
    if given is not None and given.strip().lower() in (*LANGUAGES, PSEUDO):
        return given.strip().lower()
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        code = tag.split("-", 1)[0].strip().lower()
        quality = _quality(params)
        if code in LANGUAGES and quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else "en"


def _quality(params: str) -> float:
    for param in params.split(";"):
        name, _sep, value = param.strip().partition("=")
        if name.strip() == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0


class _Pseudo(gettext.NullTranslations):
    """Every message wrapped and accented, its placeholders left as they are."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def pseudo(message: str) -> str:
    """The pseudo-locale's form of a message.

    >>> pseudo("{title} options")
    '⟦{title} óƥţíóñš⟧'
    """
    parts = PLACEHOLDER.split(message)
    keep = PLACEHOLDER.findall(message)
    accented = [part.translate(_ACCENTED) for part in parts]
    text = accented[0] + "".join(k + a for k, a in zip(keep, accented[1:], strict=True))
    return f"⟦{text}⟧"


class Translator:
    """The words of one language: ``gettext``, ``ngettext`` (CLDR plurals) and ``number``."""

    def __init__(self, code: str, catalog: gettext.NullTranslations) -> None:
        self.code = code
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._catalog.ngettext(singular, plural, count)

    def number(self, value: int | float) -> str:
        """A number as the language writes it (``1.000.000`` in German, ``1 000 000`` in French)."""
        if self.code in ("en", PSEUDO):
            return f"{value:,}"
        from babel.numbers import format_decimal

        return str(format_decimal(value, locale=self.code))


@cache
def translator(code: str) -> Translator:
    """The translator of a language code (``en``, ``de``, ``fr``, ``ms`` or the pseudo ``xx``)."""
    if code == "en":
        return Translator(code, gettext.NullTranslations())
    if code == PSEUDO:
        return Translator(code, _Pseudo())
    if code not in LANGUAGES:
        raise LanguageError(f"language {code!r} is not known; use one of {', '.join(LANGUAGES)}")
    return Translator(code, _compiled(catalog_path(code)))


def _compiled(path: Path) -> gettext.GNUTranslations:
    """A ``.po`` catalog compiled in memory; fuzzy entries are left out, as ``msgfmt`` does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as source:
        catalog = read_po(source)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
