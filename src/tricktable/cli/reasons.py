"""The strongest bot's reason for a hint, in the reader's language: the same messages as the
browser's learning mode, said from the reason's parts (:class:`~tricktable.bots.hints.Reason`)."""

from __future__ import annotations

import dataclasses

from ..actions import Action, parse_action
from ..bots.hints import Reason
from ..i18n import PSEUDO, Translator
from .render import move_words

__all__ = ["hint_words", "reason_words", "tenths"]


def tenths(value: float, words: Translator, signed: bool = False) -> str:
    """``value`` to the tenth as the language writes it ("3,2"), with its sign if ``signed``."""
    magnitude = round(abs(value), 1)
    if words.code in ("en", PSEUDO):
        text = f"{magnitude:.1f}"
    else:
        from babel.numbers import format_decimal

        text = str(format_decimal(magnitude, format="#,##0.0", locale=words.code))
    negative = value < 0 and magnitude > 0
    return ("-" if negative else "+" if signed else "") + text


def reason_words(reason: Reason, words: Translator) -> str:
    """Why the bot suggests its move: "it takes 3.2 of the tricks left, on average over 24
    sampled deals (next best: play AS, 2.0)"; the samples are counted with the plural."""
    if reason.only:
        return words.gettext("it is the only legal action")
    points = reason.unit != "tricks"
    n = reason.samples
    values = {"n": words.number(n), "value": tenths(reason.value, words, points)}
    if reason.next is None or reason.next_value is None:
        text = (
            words.ngettext(
                "it is worth {value} points to your side, on average over {n} sampled deal",
                "it is worth {value} points to your side, on average over {n} sampled deals",
                n,
            )
            if points
            else words.ngettext(
                "it takes {value} of the tricks left, on average over {n} sampled deal",
                "it takes {value} of the tricks left, on average over {n} sampled deals",
                n,
            )
        )
        return text.format(**values)
    values["next"] = move_words(parse_action(reason.next), words)
    values["next_value"] = tenths(reason.next_value, words, points)
    return _with_next(points, n, words).format(**values)


def _with_next(points: bool, n: int, words: Translator) -> str:
    if points:
        return words.ngettext(
            "it is worth {value} points to your side, on average over {n} sampled deal"
            " (next best: {next}, {next_value})",
            "it is worth {value} points to your side, on average over {n} sampled deals"
            " (next best: {next}, {next_value})",
            n,
        )
    return words.ngettext(
        "it takes {value} of the tricks left, on average over {n} sampled deal"
        " (next best: {next}, {next_value})",
        "it takes {value} of the tricks left, on average over {n} sampled deals"
        " (next best: {next}, {next_value})",
        n,
    )


def hint_words(action: Action, reason: Reason | None, words: Translator) -> str:
    """A hint's line: the move in the reader's words, and why when the bot said."""
    _ = words.gettext
    if reason is None:
        return _("Hint: {move}").format(move=move_words(action, words))
    plain = dataclasses.replace(action, text="")  # the notation, without the English reason
    return _("Hint: {move} — {reason}").format(
        move=move_words(plain, words), reason=reason_words(reason, words)
    )
