"""The flat numbering of every action a game's rules can ever make legal.

:class:`ActionCodec` numbers them in blocks, cards first (the flow's
:meth:`~tricktable.flow.Flow.action_kinds` say which kinds exist)::

    play <card> | bid <n>, then the named bids | trump C D H S NT | the calls (``pass`` and
    the family's bare verbs, as its flow orders them) | each verb naming a seat, by word |
    each one-card verb (``discard <card>`` …) | each verb of several cards: 1 card, 2 cards …

Cards are the distinct notations of the rules' pack in ascending index order (clubs, diamonds,
hearts, spades, low to high, then the Joker); identical pinochle cards share one number. The
environments (:mod:`tricktable.envs`) and the batched engine (:mod:`tricktable.batch`) both
number actions so, which is why it lives beside them rather than in either.

>>> import tricktable as tt
>>> codec = ActionCodec(tt.rules("hasenpfeffer"))
>>> codec.decode(codec.encode(tt.parse_action("play JH")))
Action('play JH')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import numpy as np

from .actions import Action, Kind, card_action, parse_action
from .cards import COPY_STRIDE, Deck, display_key
from .errors import IllegalActionError
from .flow import Flow
from .options import Rules

__all__ = ["ActionCodec", "card_slots", "max_tricks"]

TRUMP_VALUES = ("C", "D", "H", "S", "NT")


def max_tricks(rules: Rules) -> int:
    """The most cards any seat is dealt (the tricks of a hand) under these rules."""
    flow = rules.flow
    return max(max(flow.hand_sizes(dealer)) for dealer in range(flow.players))


def card_slots(deck: Deck) -> tuple[int, ...]:
    """The distinct copy-0 card indices of ``deck``, ascending (clubs 9 … spades A, Joker)."""
    return tuple(sorted({index % COPY_STRIDE for index in deck.indices}))


def _action_key(action: Action) -> tuple[Kind, tuple[int, ...], str]:
    return action.kind, tuple(sorted(action.cards)), action.value


class ActionCodec:
    """Numbers the actions of one set of rules: ``encode``/``decode`` and legal-action masks."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        flow = rules.flow
        kinds = flow.action_kinds()
        self.cards = card_slots(flow.deck)
        self.tricks = max_tricks(rules)
        self.actions: list[Action] = []
        self.blocks: list[tuple[str, int, int]] = []
        """(label, first index, size) of each block, in order."""
        ordered = [card_action(Kind.PLAY, c) for c in self.cards]
        self._add("play", ordered if Kind.PLAY in kinds else [])
        if Kind.BID in kinds:
            numbers = [Action.bid(n) for n in range(1, self.tricks + 1)]
            self._add("bid", numbers + [Action.bid(word) for word in flow.NAMED_BIDS])
        if Kind.TRUMP in kinds:
            self._add("trump", [Action(Kind.TRUMP, value=v) for v in TRUMP_VALUES])
        self._add("call", [Action(kind) for kind in flow.CALLS if kind in kinds])
        self._add_verbs(flow, kinds)
        self._index = {_action_key(a): n for n, a in enumerate(self.actions)}

    def _add_verbs(self, flow: Flow, kinds: frozenset[Kind]) -> None:
        """The blocks of the verbs that name a seat, one card or several cards (a family's
        verbs mostly), each verb's block labelled with its word."""
        ordered = sorted(kinds)  # a frozenset's order changes with the string hash seed
        for kind in (k for k in ordered if k.takes == "seat"):
            self._add(kind.value, [Action.seat(kind, seat) for seat in range(flow.players)])
        for kind in flow.ONE_CARD_KINDS:
            if kind in kinds:
                self._add(kind.value, [card_action(kind, c) for c in self.cards])
        by_display = sorted(self.cards, key=display_key)
        for kind in (k for k in ordered if k.most_cards > 1):
            for size in range(1, flow.largest_exchange() + 1):
                combos = combinations(by_display, size)
                self._add(f"{kind.value} {size}", [card_action(kind, *c) for c in combos])

    def _add(self, label: str, actions: list[Action]) -> None:
        if actions:
            self.blocks.append((label, len(self.actions), len(actions)))
            self.actions.extend(actions)

    @property
    def size(self) -> int:
        """``num_distinct_actions``: fixed for these rules."""
        return len(self.actions)

    def encode(self, action: Action | str) -> int:
        """The number of an action (or its notation)."""
        if isinstance(action, str):
            action = _parse(action)
        index = self._index.get(_action_key(action))
        if index is None:
            raise IllegalActionError(
                f"{str(action)!r} is not in the action encoding of {self.rules}; no rule of "
                "theirs can make it legal"
            )
        return index

    def decode(self, index: int) -> Action:
        """The action numbered ``index``."""
        if not 0 <= int(index) < self.size:
            raise IllegalActionError(
                f"action number {index!r} is outside 0..{self.size - 1} for {self.rules}"
            )
        return self.actions[int(index)]

    def mask(self, legal: Iterable[Action]) -> np.ndarray:
        """An int8 vector with 1 at the number of every action in ``legal``."""
        out = np.zeros(self.size, dtype=np.int8)
        for action in legal:
            out[self.encode(action)] = 1
        return out

    def pick(self, index: int, legal: Sequence[Action]) -> Action | None:
        """The action of ``legal`` numbered ``index`` (as the flow spells it), or ``None``."""
        for action in legal:
            if self._index.get(_action_key(action)) == int(index):
                return action
        return None

    def labels(self) -> list[str]:
        """The notation of every action, by number."""
        return [str(a) for a in self.actions]


def _parse(text: str) -> Action:
    return parse_action(text)
