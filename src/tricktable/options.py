"""Rule options: declared once per game, validated once, printed in a canonical string.

An :class:`Option` knows its default, its description and how to read a value from Python or
from text (``deal_packets=3+3``, ``bowers=false``). :class:`Rules` is the frozen, validated
set of options of one game; ``str(rules)`` lists the game and every option that differs from
its default, and ``tricktable.games(str(rules)) == rules``.

Options are typed: ``Option[int]``, ``Option[bool]`` …, and a choice's values are a
:class:`~enum.StrEnum` (its values are the option's words, so ``rules.options`` and the canonical
string read as before). Code reads an option with ``rules.value(OPTION)``, typed by the option,
so a misspelt option or choice fails the type check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, cast

from .cards import parse_card
from .errors import RulesError, TricktableError

if TYPE_CHECKING:
    import random

    from .actions import Action
    from .flow import Flow
    from .telling import TerminalLines
    from .verbs import Kind as Verb
    from .view import View
    from .view_parts import SectionFields

__all__ = ["GameDef", "Option", "OptionValue", "Preset", "Rules", "Strategy"]

OptionValue = bool | int | str | tuple[int, ...] | tuple[str, ...]
_FLOWS_KEPT = 64
"""How many rules' flows a game keeps built (the rules of a few tables or tournaments)."""
Kind = Literal["bool", "int", "choice", "ints", "cards"]
V = TypeVar("V", bound=OptionValue)

Preset = tuple[str, Mapping[str, OptionValue]]
"""A common starting point of a game: a label and the options that differ from the defaults."""

Strategy = Callable[["View", "random.Random"], "Action"]
"""A rule-based player: the action to take in a view (the heuristic bot's, per game)."""


@dataclass(frozen=True)
class Option(Generic[V]):
    """One rule option of a game; a ``choice`` has a :class:`~enum.StrEnum` member as its
    default, and that enum's values are its choices."""

    name: str
    kind: Kind
    default: V
    description: str
    low: int | None = None
    high: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == "choice") != isinstance(self.default, StrEnum):
            raise TypeError(f"option {self.name}: a choice, and only a choice, has a StrEnum")

    @property
    def choices(self) -> tuple[str, ...]:
        """The words a choice may take, in declaration order (empty for other kinds)."""
        return tuple(type(self.default)) if isinstance(self.default, StrEnum) else ()

    def of(self, values: Mapping[str, OptionValue]) -> V:
        """This option's value among validated ``values`` (a game's checks read them so)."""
        return cast(V, values[self.name])

    def with_default(self, default: V, description: str | None = None) -> Option[V]:
        """The same option with another game's default (and description)."""
        return replace(self, default=default, description=description or self.description)

    def coerce(self, value: object) -> V:
        """Validate a value given in Python or as text; raise :class:`RulesError` if bad."""
        reader = _READERS[self.kind]
        try:
            result = reader(self, value)
        except (TypeError, ValueError) as exc:
            reason = exc if isinstance(exc, TricktableError) else str(exc)
            raise RulesError(
                "option {name}={value} is not valid: {reason}",
                name=self.name,
                value=repr(value),
                reason=reason,
            ) from None
        return cast(V, result)

    def format(self, value: OptionValue) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple):
            return "+".join(str(v) for v in value)
        return str(value)

    def describe_values(self) -> str:
        if self.kind == "bool":
            return "true, false"
        if self.kind == "choice":
            return ", ".join(self.choices)
        if self.kind == "int":
            return f"{self.low}..{self.high}"
        return "a list joined by '+'"


def _read_bool(option: Option[Any], value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise RulesError("write true or false")


def _read_int(option: Option[Any], value: object) -> int:
    if isinstance(value, bool):
        raise RulesError("expected a whole number")
    if isinstance(value, int):
        number = value
    else:
        try:
            number = int(str(value).strip())
        except ValueError:
            raise _whole_number(option) from None
    if (option.low is not None and number < option.low) or (
        option.high is not None and number > option.high
    ):
        raise RulesError("it must be between {low} and {high}", low=option.low, high=option.high)
    return number


def _whole_number(option: Option[Any]) -> RulesError:
    if option.low is None or option.high is None:
        return RulesError("write a whole number")
    return RulesError("write a whole number from {low} to {high}", low=option.low, high=option.high)


def _read_choice(option: Option[Any], value: object) -> str:
    text = str(value).strip().lower().replace("-", "_")
    if text not in option.choices:
        raise RulesError("choose one of {choices}", choices=", ".join(option.choices))
    choices: type[StrEnum] = type(option.default)
    return choices(text)


def _read_ints(option: Option[Any], value: object) -> tuple[int, ...]:
    items = str(value).replace(",", "+").split("+") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise RulesError("expected a list of whole numbers such as 3+3")
    numbers = tuple(_read_int(option, item) for item in items)
    if not numbers and option.default != ():  # an empty default means "as the deal goes"
        raise RulesError("the list is empty")
    return numbers


def _read_cards(option: Option[Any], value: object) -> tuple[str, ...]:
    items = str(value).replace(",", "+").split("+") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise RulesError("expected a list of cards such as 9C+9D+9H")
    # a card that is not one is a NotationError: coerce says it as this option's reason
    return tuple(str(parse_card(str(item))) for item in items)


_READERS: dict[Kind, Callable[[Option[Any], object], OptionValue]] = {
    "bool": _read_bool,
    "int": _read_int,
    "choice": _read_choice,
    "ints": _read_ints,
    "cards": _read_cards,
}


@dataclass(frozen=True)
class GameDef:
    """A registered game: its options, its cross-option checks and its hand flow."""

    name: str
    title: str
    summary: str
    options: tuple[Option[Any], ...]
    make_flow: Callable[[Rules], Flow]
    check: Callable[[Mapping[str, OptionValue]], None] = lambda options: None
    aliases: tuple[str, ...] = ()
    presets: tuple[Preset, ...] = field(default=(), compare=False)
    """Common starting points (the lobby offers them); the first is the defaults."""
    heuristic: Strategy | None = field(default=None, compare=False)
    """The heuristic bot's strategy for this game, where the game's package has one."""
    table: Callable[[Rules], dict[str, Any]] | None = field(default=None, compare=False)
    """What a table's client needs to know of this game under these rules (JSON-ready: how it
    goes, what each choice means, the contract line, the hand summary's headline), so a
    browser learns it from the server instead of keeping a copy per game name."""
    encoding: Callable[[View], SectionFields] | None = field(default=None, compare=False)
    """What the observation encoder reads of this game's view section (its named fields:
    the bidder, the pot, ...); ``None``: the section adds nothing to an observation."""
    terminal: TerminalLines | None = field(default=None, compare=False)
    """The lines of a table's status at the terminal that say this game's view section (its
    auction, its pot, ...), in the reader's words; ``None``: the section adds none."""
    verbs: tuple[Verb, ...] = field(default=(), compare=False)
    """The game's own verbs (its family's :func:`~tricktable.verbs.verb` registrations) beside
    the core's ``pass``, ``bid``, ``trump``, ``discard`` and ``play``: how each is written,
    said at the terminal and offered at the browser table."""
    batch: Callable[[], ModuleType] | None = field(default=None, compare=False)
    """The game's part of the batch engine (the ``fast`` extra), imported only when a batch
    plays it: a module of its state slots (``PUBLIC``, ``FACE_DOWN``), ``configure``, ``load``
    and ``kernel()``, its compiled steps (docs/batch.md, "A family's kernel")."""
    flows: dict[tuple[tuple[str, OptionValue], ...], Flow] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The flows built for each set of option values: a flow depends on the rules alone (it
    keeps no game's state), and building one (rankings, deal owners, every call of the
    auction) costs more than a whole hand, so every game of the same rules shares one."""

    def option(self, name: str) -> Option[Any]:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options)
        raise RulesError(
            "{game} has no option {name}; its options are: {known}",
            game=self.name,
            name=repr(name),
            known=known,
        )


@dataclass(frozen=True, eq=False)
class Rules:
    """A game with every option validated; immutable, hashable, with a canonical string."""

    game: GameDef
    options: Mapping[str, OptionValue]
    _flow: list[Flow] = field(default_factory=list, repr=False)

    @classmethod
    def build(cls, game: GameDef, given: Mapping[str, object]) -> Rules:
        values: dict[str, OptionValue] = {o.name: o.default for o in game.options}
        for name, value in given.items():
            option = game.option(name.replace("-", "_"))
            values[option.name] = option.coerce(value)
        game.check(values)
        return cls(game, MappingProxyType(values))

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def flow(self) -> Flow:
        """The hand flow of these rules (built once, on first use)."""
        if not self._flow:
            self._flow.append(self._shared_flow())
        return self._flow[0]

    def _shared_flow(self) -> Flow:
        flows, key = self.game.flows, tuple(self.options.items())
        flow = flows.get(key)
        if flow is None:
            if len(flows) >= _FLOWS_KEPT:  # many different rules (a long-running server)
                flows.clear()
            flow = flows[key] = self.game.make_flow(self)
        return flow

    def value(self, option: Option[V]) -> V:
        """The value of ``option`` in these rules, typed by the option."""
        return option.of(self.options)

    def changed(self) -> dict[str, OptionValue]:
        """The options that differ from their defaults, in declaration order."""
        return {
            o.name: self.options[o.name]
            for o in self.game.options
            if self.options[o.name] != o.default
        }

    def __str__(self) -> str:
        changed = self.changed()
        if not changed:
            return self.name
        inner = ",".join(f"{k}={self.game.option(k).format(v)}" for k, v in changed.items())
        return f"{self.name}({inner})"

    def __repr__(self) -> str:
        return f"Rules({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and (self.name, dict(self.options)) == (
            other.name,
            dict(other.options),
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def replace(self, **changes: object) -> Rules:
        """New rules with some options changed (validated again)."""
        return Rules.build(self.game, {**self.options, **changes})
