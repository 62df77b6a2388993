"""Helpers the Double Hasenpfeffer test modules share: deals, drivers, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import tricktable as tt
from support import cards_of
from tricktable.cards import DECKS, parse_card
from tricktable.engine import Game

NAME = "double-hasenpfeffer"
HEARTS = 2

# -- deals (dealer 0) -------------------------------------------------------------------------

# Four players: seat 1 bids, names hearts and goes alone; partner 3 gives 10H 10H. Seat 1 then
# holds the twelve top trumps and takes every trick.
LONE_4_MADE = (
    "9H AC AC KC KC QC AS AS KS KS QS QS"
    " / JH JH JD JD AH AH KH KH QH QH 9C 9C"
    " / 9H QC JC JC 10C 10C JS JS 10S 10S 9S 9S"
    " / 10H 10H AD AD KD KD QD QD 10D 10D 9D 9D"
)
# As above, but seat 1 ends with eleven top trumps and the 9S, whose twin is dead with seat 3.
LONE_4_FAILED = (
    "9H 9D AC AC KC KC QC AS AS KS KS QS"
    " / JH JH JD JD AH AH KH KH QH 9S 9C 9C"
    " / 9H 9D QC JC JC 10C 10C QS JS JS 10S 10S"
    " / QH 10H 10H 9S AD AD KD KD QD QD 10D 10D"
)
# Six players: seat 1 goes alone, partners 3 and 5 give a KH each: eight top trumps.
LONE_6_MADE = (
    "QH 10H QC JC AS AS KS KS / JH JH JD JD AH AH 9C 9C / QH 10H QC JC QS QS JS JS"
    " / KH AD AD KD KD QD QD 10D / 9H 9H 10C 10C 10S 10S 9S 9S / KH 10D 9D 9D AC AC KC KC"
)
# As above, but seat 1 ends with seven top trumps and the 9S (its twin dead with seat 5).
LONE_6_FAILED = (
    "QH 10H KC QC AS AS KS KS / JH JH JD JD AH 9S 9C 9C / QH 10H KC QC QS QS JS JS"
    " / AH KH AD AD KD KD QD QD / 9H 9H JC JC 10C 10C 10S 10S / KH 9S 10D 10D 9D 9D AC AC"
)

# Each trick of a "suit table" deal is four cards of one suit; the first is the highest.
SUIT_TRICKS = (("A", "10", "10", "9"), ("A", "K", "Q", "9"), ("K", "Q", "J", "J"))


def suit_table_deal(winners: Sequence[int]) -> str:
    """Four players, bowers off: twelve one-suit tricks, trick i won by seat ``winners[i]``.

    Trick i is of suit S, S, S, H, H, H, D, D, D, C, C, C; every seat plays one card of that
    suit to it, so whoever leads, every play is legal and the top card wins.
    """
    hands: list[list[str]] = [[], [], [], []]
    for number, winner in enumerate(winners):
        suit = "SHDC"[number // 3]
        ranks = SUIT_TRICKS[number % 3]
        others = [seat for seat in range(4) if seat != winner]
        hands[winner].append(ranks[0] + suit)
        for seat, rank in zip(others, ranks[1:], strict=True):
            hands[seat].append(rank + suit)
    return " / ".join(" ".join(hand) for hand in hands)


def play_suit_table(game: Game, winners: Sequence[int]) -> None:
    """Play a :func:`suit_table_deal` trick by trick (each seat its card of trick i)."""
    deal = suit_table_deal(winners)
    hands = [hand.split() for hand in deal.split(" / ")]
    for number in range(len(winners)):
        for _ in range(4):
            seat = game.to_move
            assert seat is not None
            game.apply(f"play {hands[seat][number]}")


def new(deal: str, **options: Any) -> Game:
    return tt.new_game(NAME, dealer=0, deal=deal, **options)


def apply_all(game: Game, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def play_out_hand(game: Game) -> None:
    """Play the first legal card until the hand is scored."""
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand:
        game.apply(game.legal_actions()[0])


def go_alone_4(deal: str, **options: Any) -> Game:
    """Seat 1 bids 6, names hearts, goes alone, discards 9C twice; seat 3 gives 10H twice."""
    game = new(deal, **options)
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H", "alone", "discard 9C",
              "discard 9C", "give 10H", "give 10H")  # fmt: skip
    return game


def go_alone_6(deal: str, **options: Any) -> Game:
    """Seat 1 bids 6, names hearts, goes alone, discards 9C twice; seats 3, 5 give a KH each."""
    game = tt.new_game(NAME, dealer=0, deal=deal, players=6, **options)
    apply_all(game, "bid 6", *["pass"] * 5, "trump H", "alone", "discard 9C", "discard 9C",
              "give KH", "give KH")  # fmt: skip
    return game


def go_alone_game(deal: str, **options: Any) -> Game:
    game = new(deal, **options)
    apply_all(game, "bid 6", "pass", "pass", "pass", "trump H", "alone")
    return game


def six_alone(*named: str, **options: Any) -> Game:
    """Seat 1 bids 6, names hearts, goes alone (naming a partner with ``named``, e.g.
    ``"partner 5"``, where the rules ask him to) and discards 9C twice."""
    game = tt.new_game(NAME, dealer=0, deal=LONE_6_MADE, players=6, **options)
    apply_all(game, "bid 6", *["pass"] * 5, "trump H", "alone", *named, "discard 9C",
              "discard 9C")  # fmt: skip
    return game


def table(trump: int, **options: Any) -> Any:
    return tt.rules(NAME, **options).flow.ranking.table(trump)


def strength(trump: int, card: str, **options: Any) -> tuple[int, int]:
    """(effective suit, strength) of a card (either copy) under ``trump``."""
    t = table(trump, **options)
    index = parse_card(card).index
    return t.suit_of[index], t.strength[index]


def trick_game(plays: dict[int, str], order: Sequence[int], trump: str, **options: Any) -> Game:
    """A four-player game where ``order[0]`` bids 6, names ``trump`` and leads, and the seats
    in ``order`` play ``plays`` to the first trick.

    A seat whose planned card is not of the led effective suit is dealt none of that suit, so
    every planned play is legal; the other cards are dealt in pack order.
    """
    t = tt.rules(NAME, **options).flow.ranking.table("CDHS".index(trump))
    led = t.suit_of[parse_card(plays[order[0]]).index]
    spare = Counter(str(c) for c in DECKS["pinochle48"].cards) - Counter(plays.values())
    on_suit = [c for c in spare.elements() if t.suit_of[parse_card(c).index] == led]
    off_suit = [c for c in spare.elements() if t.suit_of[parse_card(c).index] != led]
    hands = {seat: [plays[seat]] for seat in range(4)}
    for seat in range(4):
        if t.suit_of[parse_card(plays[seat]).index] == led:
            while on_suit and len(hands[seat]) < 12:
                hands[seat].append(on_suit.pop())
    assert not on_suit, "the led suit is too long to keep the others void"
    for seat in range(4):
        while len(hands[seat]) < 12:
            hands[seat].append(off_suit.pop())
    game = new(" / ".join(" ".join(hands[seat]) for seat in range(4)), **options)
    calls = ["pass"] * 4
    calls[(order[0] - 1) % 4] = "bid 6"
    apply_all(game, *calls, f"trump {trump}", "not-alone")
    for seat in order:
        assert game.to_move == seat
        game.apply(f"play {plays[seat]}")
    return game


def first_trick_winner(game: Game) -> int:
    return int(game.view(None).to_dict()["tricks"][0]["winner"])


# -- invariants --------------------------------------------------------------------------------

FORMS = {
    "4p": {"players": 4},
    "6p": {"players": 6},
    **{f"individual-{n}": {"players": n, "individual": True} for n in range(2, 7)},
}
# Keys of a view left out of the counted leak check: finished hands, legal actions, and the
# seat's own recall of cards it holds or held (which repeats cards of its hand).
SKIPPED_KEYS = frozenset(
    {"history", "last_result", "last_trick", "legal_actions", "discards", "received", "gave",
     "cards"}
)  # fmt: skip
"""Keys not counted: ``cards`` only repeats (with suit and rank) cards the view shows under
other keys, which test_view checks, so counting it would count those cards twice."""
CARD_NAMES = frozenset(str(card) for card in DECKS["pinochle48"].cards)


def lone_seat(game: Game) -> int | None:
    seat = game.view(None).to_dict()["alone"]
    return None if seat is None else int(seat)


def dh_out_of_play(game: Game) -> Counter[str]:
    """Cards outside hands and tricks: only the lone player's discards (dead partners' cards
    stay in their hands, unplayed)."""
    lone = lone_seat(game)
    return Counter() if lone is None else cards_of(game.view(lone).to_dict()["discards"])


def dh_known(game: Game, seat: int) -> Counter[str]:
    """Besides its dealt hand and the played cards, a lone player knows what he received."""
    if seat != lone_seat(game):
        return Counter()
    return cards_of(gift["card"] for gift in game.view(seat).to_dict()["received"])


def card_words(data: Any) -> Counter[str]:
    """Every card string in a JSON-like value, counted (identical cards count twice)."""
    found: Counter[str] = Counter()
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in SKIPPED_KEYS:
                found += card_words(value)
    elif isinstance(data, list):
        for value in data:
            found += card_words(value)
    elif isinstance(data, str) and data in CARD_NAMES:
        found[data] += 1
    return found


def check_no_leak(game: Game) -> None:
    """No view shows more copies of a card than its seat may know of (a stricter, counted
    check than the shared one, for identical pinochle cards)."""
    record = game.record()["deals"][-1]
    hands = [cards_of(hand) for hand in record["deal"].split("/")]
    played = cards_of(
        a["action"].split()[1] for a in record["actions"] if a["action"].startswith("play ")
    )
    for seat in [*range(game.player_count), None]:
        allowed = played + (hands[seat] + dh_known(game, seat) if seat is not None else Counter())
        shown = card_words(game.view(seat).to_dict())
        assert not shown - allowed, f"seat {seat} sees {sorted((shown - allowed).elements())}"


def check_recall(game: Game) -> None:
    """Only the lone player recalls discards and receipts, only a partner what he gave; dead
    partners are out of play, and hands + tricks + discards are the pack."""
    lone, dead = lone_seat(game), game.view(None).to_dict()["dead"]
    for seat in range(game.player_count):
        view = game.view(seat).to_dict()
        assert ("discards" in view) == ("received" in view) == (seat == lone)
        assert ("gave" in view) == (seat in dead)
    if game.phase == "play":
        assert not set(dead) & set(game.view(None).to_dict()["active"])
    views = [game.view(s).to_dict() for s in range(game.player_count)]
    hands = sum((cards_of(view["hand"]) for view in views), Counter())
    record = game.record()["deals"][-1]
    played = cards_of(
        a["action"].split()[1] for a in record["actions"] if a["action"].startswith("play ")
    )
    pack = Counter(str(card) for card in game.rules.flow.deck.cards)
    assert hands + played + dh_out_of_play(game) == pack


def check_record_matches(game: Game) -> None:
    rebuilt = tt.replay(game.record())
    assert rebuilt == game
    assert rebuilt.scores == game.scores
    copy = game.copy()
    assert copy == game
    assert copy.view(0).to_dict() == game.view(0).to_dict()


def round_robin_deal(options: dict[str, Any]) -> str:
    """The pack in canonical order dealt one card at a time from seat 0: a fixed deal."""
    flow = tt.rules(NAME, **options).flow
    cards = [str(card) for card in flow.deck.cards]
    return " / ".join(" ".join(cards[seat :: flow.players]) for seat in range(flow.players))


def fixed_game(form: str, *prefix: str) -> Game:
    options = FORMS[form]
    game = tt.new_game(NAME, dealer=0, deal=round_robin_deal(options), **options)
    if prefix:
        game.apply("bid 6")
        while game.phase == "auction":
            game.apply("pass")
        apply_all(game, *prefix)
    return game
