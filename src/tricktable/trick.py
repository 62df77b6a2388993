"""A trick with an incremental winner, and the play-obligation policies of the two families.

The winner follows rules.md §3.3: the highest trump wins, else the highest card of the led
effective suit; a later identical card never beats an earlier one (strict ``>``), and a card
played face down (Bierspiel's blind lead) can never win, so a blind-led trick that nobody trumps
stays with its leader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Final, NamedTuple

from .ranking import TrumpTable
from .trick_in_play import Trick

__all__ = [
    "ALWAYS_HEAD_CODE",
    "BEAT_LED_CARD_CODE",
    "FOLLOW_ONLY",
    "FOLLOW_ONLY_CODE",
    "HEADINGS",
    "LEADER_WINS_CODE",
    "LOO_STRICT_CODE",
    "POLICIES",
    "REVEAL_CODE",
    "TRICK_VOID_CODE",
    "UNANSWERED",
    "WIN_IF_POSSIBLE_CODE",
    "BlindUnanswered",
    "Heading",
    "Obligation",
    "PlayRules",
    "Policy",
    "RuleCodes",
    "Trick",
    "best_of_led",
    "follow_only",
    "follower_cards",
    "heading_target",
    "is_blind_lead",
    "leader_cards",
    "leads_face_down",
    "legal_mask",
    "loo_strict",
    "resolve_winner",
]

Obligation = Callable[[int, "Trick", TrumpTable, int], int]
"""The legal cards of a hand: ``(hand, trick, table, index of the trick in the hand) -> mask``."""


class Policy(StrEnum):
    """What a follower must play: follow suit only, or Loo's strict obligations."""

    FOLLOW_ONLY = "follow_only"
    LOO_STRICT = "loo_strict"


class Heading(StrEnum):
    """Which card a follower of the led suit must beat if he can (under ``loo_strict``)."""

    WIN_IF_POSSIBLE = "win_if_possible"
    ALWAYS_HEAD_LED_SUIT = "always_head_led_suit"
    BEAT_LED_CARD = "beat_led_card"


class BlindUnanswered(StrEnum):
    """What becomes of a face-down lead that nobody trumps."""

    LEADER_WINS = "leader_wins"
    TRICK_VOID = "trick_void"
    REVEAL_AND_FOLLOW = "reveal_and_follow"


# The choices as integers, for code that works on plain numbers (the compiled kernels of the
# solver and of the batch engine): a choice's code is its place in these tuples, fixed here once
# so that no kernel spells its own copy.
POLICIES: Final = tuple(Policy)
HEADINGS: Final = tuple(Heading)
UNANSWERED: Final = tuple(BlindUnanswered)
FOLLOW_ONLY_CODE: Final = POLICIES.index(Policy.FOLLOW_ONLY)
LOO_STRICT_CODE: Final = POLICIES.index(Policy.LOO_STRICT)
WIN_IF_POSSIBLE_CODE: Final = HEADINGS.index(Heading.WIN_IF_POSSIBLE)
ALWAYS_HEAD_CODE: Final = HEADINGS.index(Heading.ALWAYS_HEAD_LED_SUIT)
BEAT_LED_CARD_CODE: Final = HEADINGS.index(Heading.BEAT_LED_CARD)
LEADER_WINS_CODE: Final = UNANSWERED.index(BlindUnanswered.LEADER_WINS)
TRICK_VOID_CODE: Final = UNANSWERED.index(BlindUnanswered.TRICK_VOID)
REVEAL_CODE: Final = UNANSWERED.index(BlindUnanswered.REVEAL_AND_FOLLOW)
_HEADING_CODE: Final = {heading: code for code, heading in enumerate(HEADINGS)}


class RuleCodes(NamedTuple):
    """:class:`PlayRules` as integers (the ``*_CODE`` constants) for the compiled kernels."""

    policy: int
    heading: int
    blind_lead: int
    """1 when a leader obliged to lead trump who holds none leads face down."""
    unanswered: int
    trump_leads: int
    """The tricks that oblige a trump lead, as bits (trick ``t``: bit ``t``; tricks 0..62)."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How cards may be led and played in one hand: one description for engine and solver.

    ``trump_leads`` are the (0-based) tricks whose leader must lead a trump if able. With
    ``blind_lead`` a leader so obliged who holds no trump leads any card face down (Bierspiel);
    the trick then counts as trump-led, the face-down card never wins, and ``blind_unanswered``
    says what happens when nobody plays a trump to it. The choices may be given as their words
    (``PlayRules("loo_strict")``).
    """

    policy: Policy = Policy.FOLLOW_ONLY
    heading: Heading = Heading.WIN_IF_POSSIBLE
    trump_leads: frozenset[int] = frozenset()
    blind_lead: bool = False
    blind_unanswered: BlindUnanswered = BlindUnanswered.LEADER_WINS
    obligation: Obligation = field(init=False, repr=False, compare=False, hash=False)
    """:func:`legal_mask` under these rules as one function: ``(hand, trick, table, index of
    the trick in the hand) -> legal cards``; the plain follow-suit rule directly, for speed."""
    plain: bool = field(init=False, repr=False, compare=False, hash=False)
    """Only :func:`follow_only` applies: a lead may be any card, and a follower must play a
    card of the trick's :attr:`Trick.follow` if he holds one (search code may use that mask
    directly)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "policy", Policy(self.policy))
        object.__setattr__(self, "heading", Heading(self.heading))
        object.__setattr__(self, "blind_unanswered", BlindUnanswered(self.blind_unanswered))
        plain = self.policy is Policy.FOLLOW_ONLY and not self.trump_leads
        object.__setattr__(self, "plain", plain)
        object.__setattr__(self, "obligation", follow_only if plain else partial(legal_mask, self))

    def codes(self) -> RuleCodes:
        """These rules as the kernels' integer codes."""
        leads = sum(1 << t for t in self.trump_leads if 0 <= t < 63)
        return RuleCodes(
            POLICIES.index(self.policy),
            HEADINGS.index(self.heading),
            int(self.blind_lead),
            UNANSWERED.index(self.blind_unanswered),
            leads,
        )


def follow_only(hand: int, trick: Trick, table: TrumpTable, index: int = 0) -> int:
    """Follow the led effective suit if able, else play anything (the Hasenpfeffers, Rounce).

    A lead may be any card (``index``, the trick's number in the hand, is not needed: the
    signature is :data:`Obligation`'s, so the engine calls this directly when no trick
    obliges a trump lead)."""
    if trick.cards:
        return hand & trick.follow or hand
    return hand


def loo_strict(hand: int, trick: Trick, table: TrumpTable, heading: Heading) -> int:
    """Rams and Bierspiel: follow and head if able; else trump, overtrump if able; else anything."""
    code = _HEADING_CODE[heading]
    best_led = best_of_led(trick, table) if code == ALWAYS_HEAD_CODE else -1
    led, best = trick.led_suit, trick.best_card
    target = heading_target(code, led, best, trick.cards[0], bool(trick.down & 1), best_led,
                            table.suit_of)  # fmt: skip
    return follower_cards(hand, led, best, target, LOO_STRICT_CODE, table.trump,
                          table.suit_mask, table.suit_of, table.above)  # fmt: skip


def best_of_led(trick: Trick, table: TrumpTable) -> int:
    """The strongest card of the led effective suit played face up to ``trick`` (-1: none)."""
    best_of_led, best_key = -1, -1
    for card, down in zip(trick.cards, trick.face_down, strict=True):
        if not down and table.suit_of[card] == trick.led_suit and table.strength[card] > best_key:
            best_of_led, best_key = card, table.strength[card]
    return best_of_led


# -- the obligations on plain integers: the engine (Loo's rules) and the solver's and the batch's
# compiled kernels all run these very functions (the kernels compile them), so the rules of
# rules.md §3.4 are written once. Only integers, tuples/arrays and the codes above: no objects.


def leader_cards(hand: int, trump_lead: bool, trump_mask: int) -> int:
    """The cards of ``hand`` that may be led: a trump if the trick obliges one and he holds one."""
    trumps = hand & trump_mask
    return trumps if trump_lead and trumps != 0 else hand


def leads_face_down(blind_lead: bool, trump_lead: bool, hand: int, trump_mask: int) -> bool:
    """Whether the leader of a trick leads face down from ``hand`` (before the card leaves
    it): with ``blind_lead`` rules, when the trick obliges a trump lead and he holds none.
    The trick is then trump-led and the hidden card never wins (:meth:`Trick.lead`)."""
    return blind_lead and trump_lead and (hand & trump_mask) == 0


def heading_target(  # noqa: PLR0917
    heading: int,
    led: int,
    best: int,
    first: int,
    blind: bool,
    best_led: int,
    suit_of: Sequence[int],
) -> int:
    """The card a follower of the led suit must beat if he can (-1: any card of it will do),
    by the ``heading`` code: the card winning the trick if it is of the led suit
    (win_if_possible), the led card ``first`` unless it lies face down (beat_led_card), or
    ``best_led``, the strongest face-up card of the led suit so far (always_head_led_suit)."""
    if heading == BEAT_LED_CARD_CODE:
        return -1 if blind else first
    if heading == WIN_IF_POSSIBLE_CODE:
        return best if best >= 0 and suit_of[best] == led else -1
    return best_led


def follower_cards(  # noqa: PLR0917
    hand: int,
    led: int,
    best: int,
    target: int,
    policy: int,
    trump: int,
    suit_mask: Sequence[int],
    suit_of: Sequence[int],
    above: Sequence[int],
) -> int:
    """The cards of ``hand`` a follower may play to a trick led in effective suit ``led``,
    where ``best`` is the card winning it so far (-1: none, a face-down lead alone) and
    ``target`` the card to head (:func:`heading_target`; unused by follow-only ``policy``).

    Follow the led suit if able; under Loo's rules (``LOO_STRICT_CODE``) head ``target`` if
    able, and without the led suit trump, overtrumping a trump that is winning if able."""
    follow = hand & suit_mask[led]
    if policy == FOLLOW_ONLY_CODE:
        return follow if follow != 0 else hand
    if follow != 0:
        if target < 0:
            return follow
        heads = follow & above[target]
        return heads if heads != 0 else follow
    trumps = hand & suit_mask[trump]
    if trumps != 0:
        if best >= 0 and suit_of[best] == trump:
            over = trumps & above[best]
            return over if over != 0 else trumps
        return trumps
    return hand


def legal_mask(rules: PlayRules, hand: int, trick: Trick, table: TrumpTable, index: int) -> int:
    """The cards of ``hand`` that may be played to ``trick``, the ``index``-th of the hand."""
    if not trick.cards:
        return leader_cards(hand, index in rules.trump_leads, table.trump_mask)
    if rules.policy is Policy.FOLLOW_ONLY:
        return follow_only(hand, trick, table)
    return loo_strict(hand, trick, table, rules.heading)


def is_blind_lead(rules: PlayRules, hand: int, table: TrumpTable, index: int) -> bool:
    """Whether a lead from ``hand`` (before the card leaves it) is played face down."""
    return leads_face_down(rules.blind_lead, index in rules.trump_leads, hand, table.trump_mask)


def resolve_winner(rules: PlayRules, trick: Trick, table: TrumpTable) -> int | None:
    """The winner of a complete trick (``None``: nobody, a void blind trick)."""
    if not trick.down & 1 or trick.best_card >= 0:
        return trick.winner
    if rules.blind_unanswered is BlindUnanswered.TRICK_VOID:
        return None
    if rules.blind_unanswered is BlindUnanswered.REVEAL_AND_FOLLOW:
        return _revealed_winner(trick, table)
    return trick.leader


def _revealed_winner(trick: Trick, table: TrumpTable) -> int:
    led = table.suit_of[trick.cards[0]]
    best_seat, best = trick.leader, -1
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        key = table.key(card, led)
        if key > best:
            best_seat, best = seat, key
    return best_seat


FOLLOW_ONLY = PlayRules()
