"""A request's validation problems said in the reader's language.

Pydantic words its problems in English ("Input should be a valid integer"); a player who sent a
form the server refuses (an event of 0 rounds, a club's name too long) reads them at the table.
Each problem's kind (pydantic's ``type``) has a sentence here, naming the field as the API
names it; a kind without one says only that the field is not valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import N_, Translator

__all__ = ["field_of", "said"]

SENTENCES: Mapping[str, str] = {
    "missing": N_("{field} is missing"),
    "extra_forbidden": N_("{field} is not a field of this request"),
    "int_parsing": N_("{field} should be a whole number"),
    "int_type": N_("{field} should be a whole number"),
    "int_from_float": N_("{field} should be a whole number"),
    "float_parsing": N_("{field} should be a number"),
    "float_type": N_("{field} should be a number"),
    "bool_parsing": N_("{field} should be true or false"),
    "bool_type": N_("{field} should be true or false"),
    "string_type": N_("{field} should be text"),
    "string_too_short": N_("{field} needs at least {min_length} characters"),
    "string_too_long": N_("{field} has at most {max_length} characters"),
    "too_short": N_("{field} needs at least {min_length} items"),
    "too_long": N_("{field} has at most {max_length} items"),
    "greater_than_equal": N_("{field} should be at least {ge}"),
    "greater_than": N_("{field} should be more than {gt}"),
    "less_than_equal": N_("{field} should be at most {le}"),
    "less_than": N_("{field} should be less than {lt}"),
    "literal_error": N_("{field} should be one of {expected}"),
    "enum": N_("{field} should be one of {expected}"),
    "list_type": N_("{field} should be a list"),
    "dict_type": N_("{field} should be an object"),
    "model_type": N_("{field} should be an object"),
    "model_attributes_type": N_("{field} should be an object"),
    "json_invalid": N_("the body is not JSON"),
}
NOT_VALID = N_("{field} is not valid")
SCOPES = ("body", "query", "path")
"""Where FastAPI says a field came from: left out of the field's name."""


def field_of(location: tuple[Any, ...] | list[Any]) -> str:
    """``("body", "seats", 2, "kind")`` → ``seats[2].kind``; the request itself when empty."""
    parts = list(location)
    if parts and parts[0] in SCOPES:
        parts = parts[1:]
    name = ""
    for part in parts:
        name += f"[{part}]" if isinstance(part, int) else f".{part}" if name else str(part)
    return name or "request"


def said(problem: Mapping[str, Any], words: Translator) -> str:
    """One problem of a pydantic ``ValidationError`` as a sentence in ``words``' language."""
    kind = str(problem.get("type", ""))
    values = {key: _shown(value) for key, value in dict(problem.get("ctx") or {}).items()}
    values["field"] = field_of(problem.get("loc", ()))
    sentence = words.gettext(SENTENCES.get(kind, NOT_VALID))
    try:
        return sentence.format(**values)
    except (KeyError, IndexError):  # a kind whose context lacks a value: say the plain kind
        return words.gettext(NOT_VALID).format(field=values["field"])


def _shown(value: Any) -> str:
    """A context value as the sentence shows it (pydantic lists choices as "'a' or 'b'")."""
    return str(value).replace(" or ", ", ")[:80]
