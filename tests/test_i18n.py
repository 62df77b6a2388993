"""The player's language: choosing it, the catalogs' words, CLDR plurals, numbers, pseudo-locale."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tricktable.i18n import (
    LANGUAGES,
    LanguageError,
    accept_language,
    catalog_path,
    choose_language,
    pseudo,
    translator,
)


@pytest.mark.parametrize(
    ("flag", "environ", "code"),
    [
        ("de", {"LANG": "fr_FR.UTF-8"}, "de"),
        (" MS ", {}, "ms"),
        (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
        (None, {"LC_ALL": "de_AT.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
        (None, {"LANGUAGE": "ms:en", "LC_ALL": "de_DE"}, "ms"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "ja_JP.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_flag_then_the_locale_variables_then_english(
    flag: str | None, environ: dict[str, str], code: str
) -> None:
    assert choose_language(flag, environ) == code


def test_an_unknown_language_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(LanguageError, match=r"'klingon' is not known; use one of en, de, fr, ms"):
        choose_language("klingon", {})
    with pytest.raises(LanguageError, match="'zz'"):
        translator("zz")


def test_every_language_has_its_catalog() -> None:
    for code in LANGUAGES[1:]:
        assert catalog_path(code).is_file(), code


def test_the_catalogs_translate_and_english_is_the_source() -> None:
    assert translator("de").gettext("values and meaning") == "Werte und Bedeutung"
    assert translator("fr").gettext("values and meaning") == "valeurs et sens"
    assert translator("ms").gettext("values and meaning") == "nilai dan maksud"
    assert translator("en").gettext("values and meaning") == "values and meaning"
    # A message no catalog holds falls back to its English.
    assert translator("de").gettext("no such message") == "no such message"


@pytest.mark.parametrize(
    ("code", "count", "text"),
    [
        ("en", 0, "{count} options"),
        ("de", 0, "{count} Optionen"),
        ("de", 1, "{count} Option"),
        ("fr", 0, "{count} option"),  # CLDR: French counts 0 as singular
        ("fr", 2, "{count} options"),
        ("ms", 1, "{count} pilihan"),  # Malay has one form
        ("ms", 7, "{count} pilihan"),
    ],
)
def test_plurals_follow_each_languages_cldr_rule(code: str, count: int, text: str) -> None:
    assert translator(code).ngettext("{count} option", "{count} options", count) == text


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert translator("en").number(1000000) == "1,000,000"
    assert translator("de").number(1000000) == "1.000.000"
    assert translator("fr").number(1000000) == "1\u202f000\u202f000"
    assert translator("ms").number(1000000) == "1,000,000"


def test_the_pseudo_locale_wraps_accents_and_keeps_placeholders() -> None:
    text = pseudo("Also called: {names} (%(count)s)")
    assert text.startswith("⟦") and text.endswith("⟧")
    assert "{names}" in text and "%(count)s" in text
    assert not re.search(r"[A-Za-z]", text.replace("{names}", "").replace("%(count)s", ""))
    assert translator("xx").ngettext("{count} option", "{count} options", 2) == pseudo(
        "{count} options"
    )


def test_the_core_imports_no_babel() -> None:
    probe = "import sys, tricktable.i18n, tricktable; print('babel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("header", "given", "code"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", None, "de"),
        ("en;q=0.5, fr;q=0.9", None, "fr"),
        ("ja, zh;q=0.9, ms;q=0.2", None, "ms"),
        ("fr;q=0, de;q=0.1", None, "de"),
        ("ja", None, "en"),
        (None, None, "en"),
        ("de;q=oops, fr", None, "fr"),
        ("de", "ms", "ms"),
        ("de", "tlh", "de"),
        ("de", "xx", "xx"),
    ],
)
def test_a_requests_language_is_its_lang_else_the_best_accept_language(
    header: str | None, given: str | None, code: str
) -> None:
    assert accept_language(header, given) == code
