"""Worlds consistent with a seat's view: the one resampler of search bots and environments.

A *world* is a whole :class:`~tricktable.engine.Game` whose view for the observing seat is
exactly the view it was drawn from: the cards hidden from that seat — the other hands, a widow
nobody took, the undealt stock, cards thrown away or led face down — are dealt afresh, and the
hand so far is replayed on the engine from the view's public actions. It is built from the
view alone, so it reveals nothing the seat could not see (for a seat of a game you hold,
``resample(game.view(seat), rng)``); the earlier hands are their results only, and later hands
come from a new seed. The resampler is built on the engine, which knows nothing of it.

Worlds are drawn **uniformly** among the consistent ones:

* where each hidden card lies *now* is drawn exactly uniformly (:mod:`.placements`)
  among the placements that keep every card out of the places the view rules out and the
  cards it pins down where they are (:mod:`.places`);
* the family's hooks (:class:`~tricktable.hidden.HiddenModel`) tell that placement as a deal
  and the hidden actions leading to it, the engine replays it, and a world whose view differs
  in anything is thrown away. Drawing uniformly and throwing away keeps the worlds uniform
  among the consistent ones.

The first world of a position in play also gives the hand's play rules, which sharpen the
exclusions from then on (fewer draws are thrown away; the distribution is the same).
:meth:`Resampler.sample_weighted` weights a world by a judge of the other seats' visible
choices, the inference-weighted sampling of the search bots (:mod:`tricktable.bots.inference`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actions import Action, parse_action
from ..cards import CARD_TEXT, COPY_STRIDE, parse_card
from ..engine import Game
from ..errors import IllegalActionError, TricktableError
from ..fair import WorldDeals
from ..hidden import Place, Rebuilt, World, knowledge
from ..phase import Phase
from ..trick import FOLLOW_ONLY, PlayRules, Trick, follow_only
from .placements import NoPlacement, Placements
from .places import SamplingError, Seen, allowed_places, hidden_places

if TYPE_CHECKING:
    from ..view import View

__all__ = ["DEFAULT_ATTEMPTS", "Judge", "Resampler", "SamplingError", "resample"]

DEFAULT_ATTEMPTS = 400
SEED_BOUND = 2**62

Judge = Callable[["Game", int, Action], float]
"""How likely (0-1, relative) a seat was to take an action in a position of a world."""

FaceDown = dict[tuple[int, int], int]
"""(seat, trick) -> the card that seat led face down to that trick, in one world."""


def resample(view: View, rng: random.Random, attempts: int = DEFAULT_ATTEMPTS) -> Game:
    """A world: a whole game whose ``view(view.seat)`` is ``view``, hidden cards from ``rng``."""
    return Resampler(view, attempts).sample(rng)


class Resampler:
    """Draws worlds for one view; build it once and draw as many worlds as needed.

    Raises :class:`SamplingError` (a ``ValueError``) for a spectator's view or a view that no
    placement of the cards fits, and from a draw that found no consistent world in
    ``attempts`` tries.
    """

    def __init__(self, view: View, attempts: int = DEFAULT_ATTEMPTS) -> None:
        if view.seat is None:
            raise SamplingError("a spectator's view (seat None) has no hand to sample around")
        self.view = view
        self.seat = view.seat
        self.attempts = attempts
        self.knowledge = knowledge(view)
        self.model = view.rules.flow.HIDDEN
        self.seen = Seen(view, self.knowledge)
        self.places = hidden_places(view, self.seen)
        self._sharpened = view.phase is not Phase.PLAY
        self.placements = self._placements(FOLLOW_ONLY)

    def _placements(self, rules: PlayRules) -> Placements[Place]:
        allowed = allowed_places(self.view, self.seen, self.places, rules)
        try:
            return Placements(self.places, allowed)
        except NoPlacement as exc:
            raise SamplingError(f"the view of seat {self.seat} fits no deal: {exc}") from None

    # -- drawing -------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Game:
        """A world drawn uniformly among those consistent with the view."""
        return self.sample_weighted(rng)[0]

    def sample_weighted(self, rng: random.Random, judge: Judge | None = None) -> tuple[Game, float]:
        """A world as :meth:`sample`, with its weight: the product of ``judge`` over the other
        seats' visible actions of this hand (1.0 without a judge).

        Drawing uniformly ignores what the others' choices say about their cards (a pass shows
        a weak hand); weighting each world by how well it explains them puts that back without
        ruling any world out.
        """
        for _ in range(self.attempts):
            world, face_down = self._draw(rng)
            found = self._replay(world, face_down, rng, judge)
            if found is not None:
                self._sharpen(found[0])
                return found
        raise SamplingError(
            f"no world consistent with the view of seat {self.seat} in {self.attempts} attempts "
            f"(hand {self.view.hand_number}, actions {[a.action for a in self.view.actions]!r})"
        )

    def _sharpen(self, world: Game) -> None:
        """Exclude, under the hand's own play rules, what they show a seat cannot hold."""
        if not self._sharpened:
            self._sharpened = True
            if world.play_rules.obligation is not follow_only:
                self.placements = self._placements(world.play_rules)

    def _draw(self, rng: random.Random) -> tuple[World, FaceDown]:
        seen, players = self.seen, self.view.players
        world = World(
            hands=seen.pinned[:],
            played=seen.played[:],
            thrown=[0] * players,
            public_stock=seen.public_stock[:],
        )
        world.hands[self.seat] = seen.hand
        world.thrown[self.seat] = seen.thrown
        face_down: FaceDown = {}
        for place, bits in self.placements.draw(rng).items():
            mask = sum(1 << bit for bit in bits)
            if place.kind == "hand":
                world.hands[place.seat] |= mask
            elif place.kind == "thrown":
                world.thrown[place.seat] |= mask
            elif place.kind == "widow":
                world.widow = mask
            elif place.kind == "stock":
                world.stock = bits
            else:
                world.played[place.seat] |= mask
                face_down[place.seat, place.trick] = bits[0]
        return world, face_down

    # -- replaying -----------------------------------------------------------------------------

    def _replay(
        self, world: World, face_down: FaceDown, rng: random.Random, judge: Judge | None
    ) -> tuple[Game, float] | None:
        try:
            rebuilt = self.model.rebuild(self.view, world, rng)
            game = self._start(rebuilt, rng)
            weight = self._play(game, rebuilt, face_down, judge)
        except (TricktableError, ValueError):
            return None  # the engine refused the world: it does not fit the view
        return (game, weight) if _same_view(game.view(self.seat), self.view) else None

    def _start(self, rebuilt: Rebuilt, rng: random.Random) -> Game:
        view = self.view
        deals = [deal for deal, _ in rebuilt.earlier] + [rebuilt.deal]
        seed = rng.randrange(SEED_BOUND)
        if not view.history:
            game = Game(view.rules, seed=seed, dealer=view.dealer, deals=deals)
        else:  # this hand's deal may only fit the game's seating after the history
            game = Game(view.rules, seed=seed, dealer=view.dealer)
            game.start_after(view.history, _shown_trick(view, game), deals)
        for _, actions in rebuilt.earlier:
            for text in actions:
                game.apply(text)
        # later deals from the world's seed, the deal in play showing the view's commitment
        game.deal_source = WorldDeals(seed, view.deal_commitment, game.deal_number)
        return game

    def _play(
        self, game: Game, rebuilt: Rebuilt, face_down: FaceDown, judge: Judge | None
    ) -> float:
        weight = 1.0
        for index, (seat, shown) in enumerate(self.view.actions):
            if game.to_move != seat:
                raise IllegalActionError(f"seat {seat} is not to move for {shown!r}")
            text = shown
            if shown == "play ?":
                text = f"play {CARD_TEXT[face_down[seat, len(game.tricks)]]}"
            elif "?" in shown:
                text = rebuilt.texts[index]
            elif judge is not None and seat != self.seat:
                weight *= judge(game, seat, parse_action(text))
            game.apply(text)
        return weight


def _same_view(world: View, real: View) -> bool:
    """Views equal but for which of two identical pinochle cards a hand holds."""
    return _folded(world.hand.mask) == _folded(real.hand.mask) and (
        world._replace(hand=real.hand) == real
    )


def _folded(mask: int) -> tuple[int, int]:
    low, high = mask & ((1 << COPY_STRIDE) - 1), mask >> COPY_STRIDE
    return low | high, low & high


def _shown_trick(view: View, game: Game) -> Trick | None:
    """The previous hand's last trick as the view shows it (only its display matters now,
    until this hand's first trick is done); a card led face down and never shown becomes any
    card of the pack."""
    saved = view.last_trick
    if view.tricks or saved is None:
        return None
    filler = (game.flow.deck.mask & -game.flow.deck.mask).bit_length() - 1
    table = game.flow.trump_table(None)
    trick = Trick(saved.leader)
    for play in saved.plays:
        card = parse_card(play.card).index if play.card else filler
        trick.add(play.seat, card, table, play.face_down)
    trick.winner = -1 if saved.winner is None else saved.winner
    return trick
