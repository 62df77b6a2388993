"""Determinization: a copy of a game with the cards hidden from one seat dealt afresh.

Used by OpenSpiel's Python ISMCTS (``set_resampler``) and usable by any sampling search. The
seat's own cards, every card it saw played, its own discards, the turn-up and the cards it knows
another seat holds stay where they are. Every other card — the other hands, an untaken widow,
the undealt rest of the pack, face-down cards and other seats' discards — is shuffled among
those places, keeping each place's size, and no seat gets a card of a suit it has shown void in
(when that is possible; after ``MOST_TRIES`` failed shuffles the voids are ignored).

Which hidden cards exist is computed from the view alone (the pack less everything the seat
knows), so the sample reveals nothing the seat could not see. Later hands are dealt from a new
seed drawn from ``rng``, so they are unknown too. The copy is for search only: its record still
holds the real deal, so never save or replay it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..cards import COPY_STRIDE, indices_of, parse_card
from ..engine import Game
from ..errors import IllegalActionError
from ..trick import Trick
from ..view_parts import HasenpfefferSection, RamsSection
from .knowledge import Knowledge, card_slots, read_knowledge, slot_of

__all__ = ["resample_game"]

MOST_TRIES = 50
SEED_BOUND = 2**62


def resample_game(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with every card hidden from ``seat`` dealt afresh from ``rng``."""
    if game.is_over:
        raise IllegalActionError("the game is over: there is nothing hidden left to resample")
    slots = card_slots(game.flow.deck)
    view = game.view(seat)
    know = read_knowledge(view, slot_of(slots))
    other = game.copy()
    other.seed = rng.randrange(SEED_BOUND)
    hidden = _hidden_cards(game, know, slots)
    places = _places(other, seat, know, slots)
    needs = [len(bits) for bits in places.values()]
    dead = len(hidden) - sum(needs)
    if dead < 0:
        raise IllegalActionError(
            f"seat {seat}'s view leaves {len(hidden)} hidden cards for {sum(needs)} hidden places"
        )
    voids = _void_masks(game, know)
    dealt = _deal(hidden, list(places), needs, voids, rng)
    _put_back(other, places, dealt)
    return other


def _hidden_cards(game: Game, know: Knowledge, slots: Sequence[int]) -> list[int]:
    """The pack less every card ``know``'s seat can place, as copy-0 indices.

    Identical pinochle cards are interchangeable: which copy goes where is settled only when the
    sample is written back (:func:`_put_back`).
    """
    known = Counter(slots[s] for s in know.hand + know.out_of_play())
    for pinned in know.pinned:
        known.update(slots[s] for s in pinned)
    known.update(slots[s] for s in _public_stock_slots(game, know, slots))
    hidden = []
    for bit in game.flow.deck.indices:
        base = bit % COPY_STRIDE
        if known[base]:
            known[base] -= 1
        else:
            hidden.append(base)
    return hidden


def _public_stock_slots(game: Game, know: Knowledge, slots: Sequence[int]) -> list[int]:
    """Turned-up cards still lying face up in the stock."""
    slot = slot_of(tuple(slots))
    turnup = {slot[bit % COPY_STRIDE] for bit in _turnup_bits(game)}
    return [slot[bit % COPY_STRIDE] for bit in game.stock if slot[bit % COPY_STRIDE] in turnup]


def _turnup_bits(game: Game) -> list[int]:
    rams = game.view(None).rams
    return [parse_card(card).index for card in rams.turnup] if rams else []


def _places(game: Game, seat: int, know: Knowledge, slots: Sequence[int]) -> dict[str, list[int]]:
    """Where hidden cards lie now: place name -> the real bits there (replaced by the sample)."""
    places: dict[str, list[int]] = {}
    for other in range(game.player_count):
        if other == seat:
            continue
        pinned = Counter(slots[s] for s in know.pinned[know.relative(other)])
        free = []
        for bit in indices_of(game.hands[other]):
            if pinned[bit % COPY_STRIDE]:
                pinned[bit % COPY_STRIDE] -= 1
            else:
                free.append(bit)
        places[f"hand {other}"] = free
    if _widow_hidden(game, seat):
        places["widow"] = indices_of(game.widow or 0)
    turnup = {bit % COPY_STRIDE for bit in _turnup_bits(game)}
    places["stock"] = [bit for bit in game.stock if bit % COPY_STRIDE not in turnup]
    places["face down"] = [
        card
        for trick in [*game.tricks, game.trick]
        for s, card, down in trick.plays()
        if down and s != seat
    ]
    return places


def _widow_hidden(game: Game, seat: int) -> bool:
    """An untaken widow is a hidden place (a taken one is in its taker's hand or discards)."""
    section = game.view(seat).section
    if isinstance(section, HasenpfefferSection):
        taken = section.widow_taken
    else:
        taken = isinstance(section, RamsSection) and section.widow_taker is not None
    return bool(game.widow) and not taken


def _void_masks(game: Game, know: Knowledge) -> dict[str, int]:
    """Per hand place, the cards its seat may not hold (suits it showed void in)."""
    if game.table is None:
        return {}
    out = {}
    for other in range(game.player_count):
        banned = 0
        for suit in know.voids[know.relative(other)]:
            banned |= game.table.suit_mask[suit]
        out[f"hand {other}"] = banned
    return out


def _deal(
    hidden: list[int],
    names: list[str],
    needs: list[int],
    voids: dict[str, int],
    rng: random.Random,
) -> dict[str, list[int]]:
    """Shuffle ``hidden`` into the named places, respecting voids when that is possible."""
    for attempt in range(MOST_TRIES + 1):
        respect = attempt < MOST_TRIES
        pool = hidden[:]
        rng.shuffle(pool)
        dealt = _greedy(pool, names, needs, voids if respect else {})
        if dealt is not None:
            return dealt
    raise IllegalActionError("no deal fits the hidden places")  # pragma: no cover


def _greedy(
    pool: list[int], names: list[str], needs: list[int], voids: dict[str, int]
) -> dict[str, list[int]] | None:
    """Fill the most constrained places first; ``None`` if some place cannot be filled."""
    order = sorted(range(len(names)), key=lambda n: -voids.get(names[n], 0).bit_count())
    dealt: dict[str, list[int]] = {}
    for n in order:
        banned = voids.get(names[n], 0)
        chosen = [i for i, card in enumerate(pool) if not banned >> card & 1][: needs[n]]
        if len(chosen) < needs[n]:
            return None
        dealt[names[n]] = [pool[i] for i in chosen]
        taken = set(chosen)
        pool = [card for i, card in enumerate(pool) if i not in taken]
    return dealt


def _put_back(game: Game, places: dict[str, list[int]], dealt: dict[str, list[int]]) -> None:
    """Write the sampled cards into the copy's hands, widow, stock and face-down plays."""
    for name, old in places.items():
        if name.startswith("hand "):
            seat = int(name.split()[1])
            game.hands[seat] &= ~sum(1 << bit for bit in old)
    used = _placed_bits(game, places)
    bits: dict[str, list[int]] = {}
    for name in places:
        bits[name] = []
        for card in dealt[name]:
            bit = card if not used >> card & 1 else card + COPY_STRIDE
            used |= 1 << bit
            bits[name].append(bit)
    for name, old in places.items():
        new = bits[name]
        if name.startswith("hand "):
            game.hands[int(name.split()[1])] |= sum(1 << bit for bit in new)
        elif name == "widow":
            game.widow = sum(1 << bit for bit in new)
        elif name == "stock":
            swap = dict(zip(old, new, strict=True))
            game.stock = [swap.get(bit, bit) for bit in game.stock]
        else:
            _replace_face_down(game, dict(zip(old, new, strict=True)))


def _placed_bits(game: Game, places: dict[str, list[int]]) -> int:
    """Card bits that stay where they are: hands less their hidden part, the tricks' face-up
    cards and the public part of the stock."""
    resampled = {bit for name, old in places.items() if not name.startswith("hand ") for bit in old}
    used = 0
    for hand in game.hands:
        used |= hand
    for trick in [*game.tricks, game.trick]:
        for card in trick.cards:
            used |= 0 if card in resampled else 1 << card
    for bit in game.stock:
        used |= 0 if bit in resampled else 1 << bit
    return used


def _replace_face_down(game: Game, swap: dict[int, int]) -> None:
    if not swap:
        return
    # finished tricks are shared with the real game, so the changed ones are copied first
    game.tricks = [_swapped(t.copy(), swap) if any(t.face_down) else t for t in game.tricks]
    _swapped(game.trick, swap)


def _swapped(trick: Trick, swap: dict[int, int]) -> Trick:
    for i, (card, down) in enumerate(zip(trick.cards, trick.face_down, strict=True)):
        if down and card in swap:
            trick.cards[i] = swap[card]
    return trick
