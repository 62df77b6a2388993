"""Shared test helpers: random playouts and the invariants every game must keep.

Everything here goes through the public API (``legal_actions``, ``apply``, ``push``/``pop``,
``copy``, ``view``, ``record``, ``tt.replay``) and the deal text; nothing reads private fields,
so the helpers work for every registered game. Typical use::

    game = tt.new_game("hasenpfeffer", seed=seed, target_score=5)
    checked_playout(game, random.Random(seed), max_actions=400, out_of_play=sh_out_of_play)

A game family that keeps cards outside the hands and the tricks (widow, discards, dead hands,
stock) passes ``out_of_play`` (the cards of the deal that are neither in a hand nor played, as
far as the family's views show them) to get the exact card-conservation check, and ``known``
(what a seat may see besides its dealt hand and the played cards) to sharpen the leak check.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import tricktable as tt

CardCount = Counter[str]
OutOfPlay = Callable[[tt.Game], CardCount]
Known = Callable[[tt.Game, int], CardCount]
Public = Callable[[tt.Game], CardCount]
"""Cards every seat and a spectator may see besides the played ones (a face-up turn-up)."""

# Keys of a view that describe finished hands (earlier deals reuse the same cards).
PAST_HAND_KEYS = frozenset({"history", "last_result", "last_trick"})


# -- cards as multisets of notation strings ----------------------------------------------------


def cards_of(text: str | Iterable[str]) -> CardCount:
    """A multiset of canonical card strings from card text or an iterable of card strings."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return Counter(t if t in CARD_STRINGS else str(tt.parse_card(t)) for t in tokens if t != "-")


def deal_parts(deal_text: str) -> tuple[list[CardCount], list[CardCount]]:
    """(the seats' hands, the other parts — widow, stock) of deal text, as card multisets."""
    hands, rest = _deal_parts(deal_text)
    return [Counter(h) for h in hands], [Counter(r) for r in rest]


@functools.lru_cache(maxsize=256)
def _deal_parts(deal_text: str) -> tuple[tuple[CardCount, ...], tuple[CardCount, ...]]:
    parts = [p.strip() for p in deal_text.split("|")]
    hands = tuple(cards_of(h) for h in parts[0].split("/"))
    return hands, tuple(cards_of(p) for p in parts[1:])


def deal_cards(deal_text: str) -> CardCount:
    hands, rest = deal_parts(deal_text)
    return sum((*hands, *rest), Counter())


def deck_cards(game: tt.Game) -> CardCount:
    """Every card of the game's pack, as a multiset of notation strings."""
    return Counter(str(c) for c in game.rules.flow.deck.cards)


def hand_of(game: tt.Game, seat: int) -> CardCount:
    return cards_of(game.view(seat).to_dict()["hand"])


CARD_STRINGS = frozenset(str(card) for deck in tt.DECKS.values() for card in deck.cards)


def is_card(word: str) -> bool:
    """Whether ``word`` is a card written exactly in canonical notation."""
    return word in CARD_STRINGS


def cards_in(data: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every canonical card string anywhere in a JSON-like value (words of strings too)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(value for key, value in item.items() if key not in skip)
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            if item in CARD_STRINGS:
                found.add(item)
            elif " " in item or "," in item or ":" in item:
                words = item.replace(",", " ").replace(":", " ").split()
                found.update(word for word in words if word in CARD_STRINGS)
    return found


# -- playouts ----------------------------------------------------------------------------------


def random_playout(game: tt.Game, rng: random.Random, max_actions: int = 10_000) -> int:
    """Play uniformly random legal actions until the game is over or ``max_actions`` are taken.

    Returns the number of actions applied.
    """
    count = 0
    while not game.is_over and count < max_actions:
        legal = game.legal_actions()
        assert legal, f"no legal action at a non-terminal position: {game!r}"
        game.apply(rng.choice(legal))
        count += 1
    return count


def random_actions(game: tt.Game, rng: random.Random, max_actions: int) -> Iterator[tt.Action]:
    """Like :func:`random_playout`, but yields each action after applying it."""
    count = 0
    while not game.is_over and count < max_actions:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        count += 1
        yield action


def checked_playout(
    game: tt.Game,
    rng: random.Random,
    max_actions: int = 10_000,
    *,
    out_of_play: OutOfPlay | None = None,
    known: Known | None = None,
    public: Public | None = None,
    push_pop_every: int = 1,
    record_every: int = 0,
) -> int:
    """A random playout checking :func:`check_invariants` after every action.

    Every ``push_pop_every``-th position also checks push/pop identity for every legal action
    and copy independence (0: never); every ``record_every``-th position checks the record
    round trip (0: only at the end). Returns the number of actions applied.
    """
    count = 0
    obs = check_invariants(game, out_of_play=out_of_play, known=known, public=public)
    while not game.is_over and count < max_actions:
        legal = game.legal_actions()
        assert legal, f"no legal action at a non-terminal position: {game!r}"
        if push_pop_every and count % push_pop_every == 0:
            check_push_pop(game, legal, seen=obs)
            check_copy_independence(game, rng.choice(legal), seen=obs)
        if record_every and count % record_every == 0:
            check_record_round_trip(game, seen=obs)
        game.apply(rng.choice(legal))
        count += 1
        obs = check_invariants(game, out_of_play=out_of_play, known=known, public=public)
    check_record_round_trip(game, seen=obs)
    return count


# -- observation -------------------------------------------------------------------------------


def observe(game: tt.Game) -> dict[str, Any]:
    """Everything observable about a game: every seat's view, a spectator's, legal actions,
    scores, phase, winners and the record."""
    return {
        "views": [view_dict(game, seat) for seat in range(game.player_count)],
        "spectator": view_dict(game, None),
        "legal": [str(a) for a in game.legal_actions()],
        "scores": game.scores,
        "phase": str(game.phase),
        "to_move": game.to_move,
        "is_over": game.is_over,
        "winners": game.winners,
        "record": game.record(),
    }


def view_dict(game: tt.Game, seat: int | None) -> dict[str, Any]:
    """A seat's view as a JSON round trip of its data: a snapshot, and proof it is JSON-ready.

    (Same content as ``game.view(seat).to_dict()``, which test_view.py checks; the JSON round
    trip is the faster deep copy.)
    """
    return json.loads(json.dumps(game.view(seat).to_dict()))  # type: ignore[no-any-return]


def assert_same(before: dict[str, Any], after: dict[str, Any], what: str) -> None:
    if before != after:
        changed = [key for key in before if before[key] != after.get(key)]
        raise AssertionError(f"{what} changed {changed}")


# -- invariants --------------------------------------------------------------------------------


def check_invariants(
    game: tt.Game,
    *,
    out_of_play: OutOfPlay | None = None,
    known: Known | None = None,
    seen: dict[str, Any] | None = None,
    public: Public | None = None,
) -> dict[str, Any]:
    """Every invariant that can be checked at one position (no actions are tried).

    ``seen`` is :func:`observe` of this position if the caller already has it; the
    observation is returned for reuse.
    """
    obs = observe(game) if seen is None else seen
    check_cards(game, obs, out_of_play)
    check_tricks(obs)
    check_scores(game, obs)
    check_views(game, obs, known, public)
    return obs


def _deal_of(obs: dict[str, Any]) -> dict[str, Any]:
    return obs["record"]["deals"][-1]  # type: ignore[no-any-return]


def _played(obs: dict[str, Any]) -> CardCount:
    actions = [a["action"] for a in _deal_of(obs)["actions"]]
    return cards_of([text.split()[1] for text in actions if text.startswith("play ")])


def check_cards(game: tt.Game, obs: dict[str, Any], out_of_play: OutOfPlay | None = None) -> None:
    """Card conservation: the deal is the whole pack; hands and played cards are disjoint
    parts of it; with ``out_of_play``, hands + played + the rest are exactly the deal."""
    deal = _deal_of(obs)["deal"]
    dealt = deal_cards(deal)
    assert dealt == deck_cards(game), f"deal {deal!r} is not the whole pack"
    hands = [cards_of(view["hand"]) for view in obs["views"]]
    held_and_played = sum(hands, Counter()) + _played(obs)
    extra = held_and_played - dealt
    assert not extra, f"cards in hands or tricks twice or not in the deal: {sorted(extra)}"
    if out_of_play is not None:
        total = held_and_played + out_of_play(game)
        assert total == dealt, (
            f"cards not conserved: missing {sorted((dealt - total).elements())}, "
            f"extra {sorted((total - dealt).elements())}"
        )
    sizes = obs["spectator"]["hand_sizes"]
    assert sizes == [hand.total() for hand in hands], "hand sizes"


def check_tricks(obs: dict[str, Any]) -> None:
    """One winner per finished trick, who played to it and leads the next; tricks_won agrees."""
    view = obs["spectator"]
    tricks = view["tricks"]
    tally = [0] * view["players"]
    for number, trick in enumerate(tricks):
        seats = [play["seat"] for play in trick["plays"]]
        assert len(set(seats)) == len(seats), f"a seat played twice to trick {number}"
        assert trick["plays"][0]["seat"] == trick["leader"]
        winner = trick["winner"]
        if winner is None:  # a void trick (a Bierspiel option): nobody wins it
            continue
        assert isinstance(winner, int) and winner in seats, f"winner {winner} of trick {number}"
        tally[winner] += 1
        if number + 1 < len(tricks):
            assert tricks[number + 1]["leader"] == winner, f"trick {number + 1} leader"
        elif view["phase"] == "play" and view["trick"] is not None:
            assert view["trick"]["leader"] == winner, "the current trick's leader"
    if view["phase"] == "play" or tricks:
        assert view["tricks_won"] == tally, f"tricks_won {view['tricks_won']} vs {tally}"
    if view["phase"] == "play" and view["trick"] is not None:
        assert len(view["trick"]["plays"]) < len(view["active"])


def check_scores(game: tt.Game, obs: dict[str, Any]) -> None:
    """The per-hand deltas add up to the scores; each result's scores are the running sum."""
    record = obs["record"]
    results = [d["result"] for d in record["deals"] if d["result"] is not None]
    running = [0] * game.player_count
    for result in results:
        running = [a + b for a, b in zip(running, result["deltas"], strict=True)]
        assert result["scores"] == running, f"hand {result['hand_number']} scores"
    if results:
        assert list(obs["scores"]) == running, f"scores {obs['scores']} vs deltas {running}"
    assert record["scores"] == list(obs["scores"])
    assert obs["is_over"] == (obs["to_move"] is None)
    assert bool(obs["winners"]) == obs["is_over"]


def check_views(
    game: tt.Game, obs: dict[str, Any], known: Known | None = None, public: Public | None = None
) -> None:
    """Views show a seat's own hand, legal actions only to the seat to move, and no card the
    seat may not know: only its dealt hand, the cards played this hand, ``public`` cards and
    ``known`` extras."""
    played = set(_played(obs)) | (set(public(game)) if public is not None else set())
    hands, _ = deal_parts(_deal_of(obs)["deal"])
    skip = PAST_HAND_KEYS | {"legal_actions"}
    for seat, view in [*enumerate(obs["views"]), (None, obs["spectator"])]:
        assert view["seat"] == seat
        assert view["phase"] == obs["phase"]
        assert view["to_move"] == obs["to_move"]
        assert view["scores"] == list(obs["scores"])
        mine = seat is not None and seat == obs["to_move"]
        assert view["legal_actions"] == (obs["legal"] if mine else [])
        allowed = set(played)
        if seat is None:
            assert view["hand"] == []
        else:
            allowed |= set(hands[seat])
            if known is not None:
                allowed |= set(known(game, seat))
        leaked = set(cards_in(view, skip)) - allowed
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in {game!r}"
        if view["tricks"] and "last_trick" in view:
            assert view["last_trick"] == view["tricks"][-1]


def check_push_pop(
    game: tt.Game,
    actions: Iterable[tt.Action] | None = None,
    *,
    seen: dict[str, Any] | None = None,
) -> None:
    """``push(a)`` then ``pop()`` changes nothing observable, and ``push(a)`` leads where
    ``apply(a)`` on a copy does (all legal actions unless ``actions`` are given)."""
    before = observe(game) if seen is None else seen
    for action in game.legal_actions() if actions is None else actions:
        twin = game.copy()
        twin.apply(action)
        game.push(action)
        assert observe(game) == observe(twin), f"push({action}) differs from apply({action})"
        popped = game.pop()
        assert popped == action
        assert_same(before, observe(game), f"push({action}); pop()")


def check_copy_independence(
    game: tt.Game, action: tt.Action, *, seen: dict[str, Any] | None = None
) -> None:
    """A copy is equal; acting on the copy leaves the original untouched, and acting on the
    original (push, then pop) leaves the copy untouched."""
    before = observe(game) if seen is None else seen
    twin = game.copy()
    assert twin == game
    assert observe(twin) == before
    twin.apply(action)
    assert_same(before, observe(game), f"the original after copy().apply({action})")
    other = game.copy()
    game.push(action)
    assert game == twin
    assert_same(before, observe(other), f"a copy after the original pushed {action}")
    game.pop()


def check_record_round_trip(game: tt.Game, *, seen: dict[str, Any] | None = None) -> None:
    """``tt.replay(game.record())`` rebuilds an equal game, also after a JSON round trip."""
    before = observe(game) if seen is None else seen
    rebuilt = tt.replay(json.loads(json.dumps(before["record"])))
    assert rebuilt == game
    assert_same(before, observe(rebuilt), "the replayed game")


# -- Single Hasenpfeffer -----------------------------------------------------------------------


def sh_out_of_play(game: tt.Game) -> CardCount:
    """Single Hasenpfeffer's cards outside hands and tricks: the widow until the bidder takes
    it (for good in the dead-widow mode), then the bidder's face-down discard."""
    _, rest = deal_parts(game.deal_text)
    spectator = game.view(None).to_dict()
    if not spectator["widow_taken"]:
        return rest[0]
    return cards_of(game.view(spectator["bidder"]).to_dict().get("discard", []))


def sh_known(game: tt.Game, seat: int) -> CardCount:
    """What a Single Hasenpfeffer seat may see besides its dealt hand and the played cards:
    the widow card, once that seat has taken it."""
    spectator = game.view(None).to_dict()
    if spectator["widow_taken"] and spectator["bidder"] == seat:
        return deal_parts(game.deal_text)[1][0]
    return Counter()


def perft(game: tt.Game, depth: int) -> int:
    """Leaves of the tree of legal actions ``depth`` deep, by push/pop (as perft in chess)."""
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for action in game.legal_actions():
        game.push(action)
        total += perft(game, depth - 1)
        game.pop()
    return total


def legal_choices_at_random_moments(bot: Any, name: str, deals: int = 6) -> int:
    """Ask ``bot`` at random moments of random games of ``name``; return how often it was asked.

    Every answer must be one of the legal actions of that moment.
    """
    checked = 0
    for seed in range(deals):
        game, rng = tt.new_game(name, seed=seed), random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            if rng.random() < 0.1:
                assert bot.choose(game.view(game.to_move)) in game.legal_actions()
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    return checked


def bot_plays_one_hand(game: tt.Game, bot: Any) -> int:
    """Let ``bot`` take every seat until the hand ends; every choice must be legal.
    Returns the number of actions."""
    hand, moves = game.hand_number, 0
    while not game.is_over and game.hand_number == hand:
        action = bot.choose(game.view(game.to_move))
        assert action in game.legal_actions()
        game.apply(action)
        moves += 1
    return moves
