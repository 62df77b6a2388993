"""The double-dummy solver: against DDS, hand-checked endings, and brute force on the engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import tricktable as tt
from tricktable.cards import DECKS, format_cards, indices_of
from tricktable.engine import Game, Phase
from tricktable.errors import IllegalActionError, NotationError, RulesError
from tricktable.ranking import Ranking
from tricktable.solver import Backend, Position, fast, position_from_deal, solve, whist_position
from tricktable.solver.position import first_copy_text
from tricktable.solver.search import Searcher
from tricktable.trick import PlayRules

EUCHRE = Ranking(DECKS["joker25"].mask, joker_top=True, bowers=True)
PIQUET = Ranking(DECKS["piquet32"].mask)
BIERSPIEL = Ranking(DECKS["piquet32"].mask, seven_diamonds=True)
PINOCHLE = Ranking(DECKS["pinochle48"].mask, bowers=True)
PARTNERS = ((0, 2), (1, 3))
BACKENDS = ["python"] + (["numba"] if fast.available() else [])
HEARTS, CLUBS = 2, 0
ZERO, ONE = frozenset({0}), frozenset({1})
VOID, REVEAL = "trick_void", "reveal_and_follow"


# -- reference searches ----------------------------------------------------------------------


def reference_values(position: Position) -> dict[str, int]:
    """Plain minimax over Position.after (the engine's trick rules), no pruning at all."""
    side = position.side_of(position.to_move)
    return {
        first_copy_text(card): _reference_after(position, card, side)
        for card in indices_of(position.legal_cards())
    }


def _reference_after(position: Position, card: int, side: tuple[int, ...]) -> int:
    after = position.after(card)
    gain = 0
    if after.trick_number > position.trick_number:
        winner = position.trick_winner(card)
        gain = int(winner is not None and winner in side)
    return gain + _reference(after, side)


def _reference(position: Position, side: tuple[int, ...]) -> int:
    if position.trick_number == position.tricks:
        return 0
    values = [_reference_after(position, c, side) for c in indices_of(position.legal_cards())]
    return max(values) if position.to_move in side else min(values)


def engine_values(game: Game) -> dict[str, int]:
    """Minimax by the engine's own push/pop, counting tricks in the hand's result."""
    side = game.flow.sides()[game.flow.side_of(game.to_move or 0)]
    before = sum(game.tricks_won[s] for s in side)
    results = len(game.results)
    out = {}
    for action in game.legal_actions():
        game.push(action)
        out[str(action)] = _engine_minimax(game, side, results) - before
        game.pop()
    return out


def _engine_minimax(game: Game, side: tuple[int, ...], results: int) -> int:
    if len(game.results) > results:
        return sum(game.results[results].tricks[s] for s in side)
    maximise = game.to_move in side
    best: int | None = None
    for action in game.legal_actions():
        game.push(action)
        value = _engine_minimax(game, side, results)
        game.pop()
        if best is None or (value > best if maximise else value < best):
            best = value
    assert best is not None
    return best


# -- DDS (bridge) ----------------------------------------------------------------------------

_RANKS = "23456789TJQKA"


def _random_bridge(rng: random.Random, size: int) -> tuple[str, list[str]]:
    pack = [(suit, rank) for suit in "SHDC" for rank in _RANKS]
    rng.shuffle(pack)
    hands = [pack[i * size : (i + 1) * size] for i in range(4)]

    def pbn_hand(hand: list[tuple[str, str]]) -> str:
        by_rank = sorted(hand, key=lambda c: -_RANKS.index(c[1]))
        return ".".join("".join(r for s, r in by_rank if s == suit) for suit in "SHDC")

    pbn = "N:" + " ".join(pbn_hand(h) for h in hands)
    ours = [" ".join(("10" if r == "T" else r) + s for s, r in h) for h in hands]
    return pbn, ours


def _dds_values(pbn: str, trump: str | None, leader: int) -> dict[str, int]:
    dds = pytest.importorskip("endplay.dds")
    types = pytest.importorskip("endplay.types")
    deal = types.Deal(pbn)
    deal.trump = getattr(types.Denom, {"S": "spades", "H": "hearts", "D": "diamonds",
                                       "C": "clubs", None: "nt"}[trump])  # fmt: skip
    deal.first = types.Player(leader)
    out = {}
    for card, tricks in dds.solve_board(deal):
        text = str(card)
        suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[text[0]]
        out[f"play {text[1:].replace('T', '10')}{suit}"] = tricks
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("size,seed,count", [(5, 1, 12), (6, 2, 8), (7, 3, 3)])
def test_bridge_endings_agree_with_dds(backend: Backend, size: int, seed: int, count: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        pbn, hands = _random_bridge(rng, size)
        trump = rng.choice(["S", "H", "D", "C", None])
        leader = rng.randrange(4)
        expected = _dds_values(pbn, trump, leader)
        ours = solve(whist_position(hands, trump=trump, leader=leader), backend=backend)
        assert {card: ours[card] for card in expected} == expected, (hands, trump, leader)


def test_whist_position_rejects_bad_input() -> None:
    with pytest.raises(NotationError, match="four hands"):
        whist_position(["AS", "KS", "QS"])
    with pytest.raises(NotationError, match="same number"):
        whist_position(["AS KS", "QS", "JS", "10S"])
    with pytest.raises(NotationError):
        whist_position(["AS", "KS", "QS", "JK"])


# -- hand-checked endings, one per obligation ------------------------------------------------


def _deal(text: str, ranking: Ranking, **kw: object) -> Position:
    kw.setdefault("sides", PARTNERS)
    return position_from_deal(text, ranking=ranking, **kw)  # type: ignore[arg-type]


def _play(position: Position, *cards: str) -> Position:
    for text in cards:
        held = position.hands[position.to_move]
        card = tt.parse_card(text).index
        position = position.after(card if held >> card & 1 else card + 64)
    return position


def test_left_bower_makes_its_printed_suit_void() -> None:
    position = _deal("AD 9C / JD 9S / 10C QC / KC AC", EUCHRE, trump=HEARTS, leader=0)
    assert solve(_play(position, "AD")) == {"play JD": 2, "play 9S": 1}
    keeps_diamond = _deal("AD 9C / JD 9D / 10C QC / KC AC", EUCHRE, trump=HEARTS, leader=0)
    assert solve(_play(keeps_diamond, "AD")) == {"play 9D": 1}


def test_joker_is_top_trump_and_must_follow_a_trump_lead() -> None:
    position = _deal("JH AS / JK 9S / 9C 10C / QC KC", EUCHRE, trump=HEARTS, leader=0)
    assert solve(_play(position, "JH")) == {"play JK": 1}
    assert solve(position) == {"play JH": 1, "play AS": 1}


def test_joker_may_not_be_discarded_while_its_holder_can_follow() -> None:
    position = _deal("AS 9D / JK 9S / 9C 10C / QC KC", EUCHRE, trump=HEARTS, leader=0)
    assert solve(_play(position, "AS")) == {"play 9S": 1}


def test_loo_strict_heads_and_overtrumps() -> None:
    strict = PlayRules(policy="loo_strict")
    # Seat 1 must head the 10H with the AH and loses it; follow-only, he keeps it back.
    text = "10H QD / AH 9H / 7S 8S"
    position = _deal(text, PIQUET, trump=CLUBS, leader=0, sides=None, rules=strict)
    assert solve(_play(position, "10H")) == {"play AH": 2}
    position = _deal(text, PIQUET, trump=CLUBS, leader=0, sides=None)
    assert solve(_play(position, "10H")) == {"play AH": 2, "play 9H": 0}
    # Void in the led suit after a trump: seat 2 must overtrump with the AC.
    text = "AH 9S / 8C 10S / AC 7C"
    position = _deal(text, PIQUET, trump=CLUBS, leader=0, sides=None, rules=strict)
    assert solve(_play(position, "AH", "8C")) == {"play AC": 2}


def test_blind_face_down_lead_cannot_win() -> None:
    cases = {"leader_wins": 1, "trick_void": 0, "reveal_and_follow": 0}
    for unanswered, expected in cases.items():
        rules = PlayRules(trump_leads=frozenset({0}), blind_lead=True, blind_unanswered=unanswered)  # type: ignore[arg-type]
        position = _deal("7S / AS / 8C", BIERSPIEL, trump=HEARTS, leader=0, sides=None,
                         rules=rules)  # fmt: skip
        assert solve(position) == {"play 7S": expected}, unanswered
    rules = PlayRules(trump_leads=frozenset({0}), blind_lead=True)
    trumped = _deal("AS / 7H / 8C", BIERSPIEL, trump=HEARTS, leader=0, sides=None, rules=rules)
    assert solve(trumped) == {"play AS": 0}
    # The 7♦ is a trump in Bierspiel, so a hand holding it must lead it.
    seven = _deal("7D AS / 8H KC / 8C QC", BIERSPIEL, trump=HEARTS, leader=0, sides=None,
                  rules=rules)  # fmt: skip
    assert set(solve(seven)) == {"play 7D"}


def test_trick_two_trump_lead() -> None:
    text = "9H AC / AH 2D / 2C 3C / 4C 5C"
    whist = Ranking(DECKS["full52"].mask)
    forced = _deal(text, whist, trump=HEARTS, leader=0, trick_number=1,
                   rules=PlayRules(trump_leads=frozenset({1})))  # fmt: skip
    assert solve(forced) == {"play 9H": 0}
    free = _deal(text, whist, trump=HEARTS, leader=0, trick_number=1)
    assert solve(free) == {"play AC": 1, "play 9H": 0}


def test_lone_hand_with_partner_out() -> None:
    position = _deal("JH 9S / AH 10S / - / KH QS", EUCHRE, trump=HEARTS, leader=1)
    assert position.active_count == 3
    assert solve(position) == {"play AH": 1, "play 10S": 1}
    assert solve(_play(position, "AH", "KH")) == {"play JH": 1}


def test_identical_pinochle_cards_first_played_wins() -> None:
    assert solve(_deal("AS / AS / 9C / 9D", PINOCHLE, trump=HEARTS, leader=0)) == {"play AS": 1}
    assert solve(_deal("AS / AS / 9C / 9D", PINOCHLE, trump=HEARTS, leader=1)) == {"play AS": 1}
    both = _deal("AS AS / KS 9S / 9C 10C / 9D 10D", PINOCHLE, trump=HEARTS, leader=0)
    assert solve(both) == {"play AS": 2}


@pytest.mark.parametrize("backend", BACKENDS)
def test_long_suit_quick_tricks_stop_at_a_partners_higher_card(backend: Backend) -> None:
    # After the AH wins trick 1, seat 0 cashes the KS; with the KC gone his 5S is overtaken by
    # his partner's last spade and the 3S is stranded: the KD takes the last trick.
    position = whist_position(["KS 5S 3S AH", "KD 8D 8C 8H", "9S 7S 9D KC", "10S 6H 3H 7H"],
                              trump=None, leader=3)  # fmt: skip
    after = _play(position, "7H", "AH", "8H")
    assert solve(after, backend=backend) == {"play 9S": 4, "play 7S": 4, "play 9D": 4, "play KC": 3}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_kept_equivalent_card_makes_the_played_ones_rank_count(backend: Backend) -> None:
    # Seat 2 ruffs the 8H later with the 9D or the 8D (equivalent now); with the 5D he keeps
    # the 8D, which then overtakes the 7D. A table entry found with the 9D-8D pair kept must not
    # serve the position where the 8D-5D pair is kept (the partition search was one trick low).
    position = whist_position(["JH 8H 7D AD", "QS 6S JC 10C", "9D 8D 5D 8C", "10S KD 6D JD"],
                              trump="D", leader=3)  # fmt: skip
    after = _play(position, "JD", "AD", "10C")
    assert solve(after, backend=backend) == {"play 9D": 3, "play 8D": 3, "play 5D": 2}


def test_rams_family_is_paranoid_for_the_player_to_move() -> None:
    # Three players each for himself: seat 0 makes one trick whatever the others do.
    position = _deal("AS 7S / KS 8S / QS 9S", PIQUET, trump=HEARTS, leader=0, sides=None)
    assert solve(position) == {"play AS": 1, "play 7S": 1}
    assert solve(_play(position, "AS")) == {"play KS": 0, "play 8S": 1}


# -- random endings against the reference searches -------------------------------------------

_VARIANTS: Sequence[tuple[Ranking, int, PlayRules]] = (
    (EUCHRE, 4, PlayRules()),
    (PINOCHLE, 4, PlayRules()),
    (PIQUET, 3, PlayRules(policy="loo_strict")),
    (PIQUET, 4, PlayRules(policy="loo_strict", heading="always_head_led_suit")),
    (PIQUET, 3, PlayRules(policy="loo_strict", heading="beat_led_card")),
    (BIERSPIEL, 3, PlayRules("loo_strict", trump_leads=frozenset({0, 1}), blind_lead=True)),
    (
        BIERSPIEL,
        4,
        PlayRules("loo_strict", trump_leads=ZERO, blind_lead=True, blind_unanswered=VOID),
    ),
    (BIERSPIEL, 3, PlayRules(trump_leads=ONE, blind_lead=True, blind_unanswered=REVEAL)),
    (Ranking(DECKS["full52"].mask), 5, PlayRules(trump_leads=frozenset({1}))),
)


def _random_position(seed: int) -> Position:
    rng = random.Random(seed)
    ranking, players, rules = _VARIANTS[seed % len(_VARIANTS)]
    size = rng.choice((2, 3, 3)) if players <= 4 else 2
    pack = indices_of(ranking.deck_mask)
    rng.shuffle(pack)
    hands = [format_cards(sum(1 << c for c in pack[i * size : (i + 1) * size]))
             for i in range(players)]  # fmt: skip
    if players == 4 and rng.random() < 0.25:
        hands[rng.randrange(4)] = "-"
    leader = rng.choice([s for s in range(players) if hands[s] != "-"])
    sides = PARTNERS if players == 4 and rng.random() < 0.5 else None
    position = position_from_deal(" / ".join(hands), ranking=ranking,
                                  trump=rng.choice([0, 1, 2, 3, None]), leader=leader,
                                  sides=sides, rules=rules)  # fmt: skip
    for _ in range(rng.randrange(position.active_count)):
        position = position.after(rng.choice(indices_of(position.legal_cards())))
    return position


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_endings_match_plain_minimax(seed: int) -> None:
    position = _random_position(seed)
    assert solve(position, backend="python") == reference_values(position)


@pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is not installed")
@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_numba_kernel_gives_the_same_answers(seed: int) -> None:
    position = _random_position(seed)
    assert solve(position, backend="numba") == solve(position, backend="python")


@pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is not installed")
def test_numba_kernel_on_bigger_deals_matches_python() -> None:
    rng = random.Random(9)
    for variant in range(len(_VARIANTS)):
        ranking, players, rules = _VARIANTS[variant]
        size = 5 if players <= 4 else 4
        pack = indices_of(ranking.deck_mask)
        rng.shuffle(pack)
        hands = [format_cards(sum(1 << c for c in pack[i * size : (i + 1) * size]))
                 for i in range(players)]  # fmt: skip
        sides = PARTNERS if players == 4 else None
        position = position_from_deal(" / ".join(hands), ranking=ranking, trump=rng.randrange(4),
                                      leader=0, sides=sides, rules=rules)  # fmt: skip
        assert solve(position, backend="numba") == solve(position, backend="python"), variant


@pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is not installed")
@pytest.mark.parametrize("size,count", [(9, 4), (10, 2)])
def test_numba_partition_search_agrees_with_dds_on_longer_deals(size: int, count: int) -> None:
    """Partition search shares table entries between positions that differ in low cards:
    every card's value must still be exactly DDS's, with and without trumps."""
    rng = random.Random(40 + size)
    for _ in range(count):
        pbn, hands = _random_bridge(rng, size)
        trump, leader = rng.choice(["S", "H", "D", "C", None]), rng.randrange(4)
        expected = _dds_values(pbn, trump, leader)
        ours = solve(whist_position(hands, trump=trump, leader=leader), backend="numba")
        assert {card: ours[card] for card in expected} == expected, (hands, trump, leader)


@pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is not installed")
def test_numba_partition_search_on_pinochle_deals_matches_python() -> None:
    """Identical cards (ties in the table's entries) and bowers, from trick starts and from
    the middle of a trick."""
    rng = random.Random(48)
    pinochle = Ranking(DECKS["pinochle48"].mask, bowers=True)
    for deal in range(4):
        pack = indices_of(pinochle.deck_mask)
        rng.shuffle(pack)
        hands = [format_cards(sum(1 << c for c in pack[i * 7 : (i + 1) * 7])) for i in range(4)]
        position = position_from_deal(" / ".join(hands), ranking=pinochle, trump=deal,
                                      leader=rng.randrange(4), sides=PARTNERS)  # fmt: skip
        for _ in range(deal % 3):
            position = position.after(rng.choice(indices_of(position.legal_cards())))
        assert solve(position, backend="numba") == solve(position, backend="python"), hands


def test_unknown_backend_is_refused() -> None:
    position = whist_position(["AS", "KS", "QS", "JS"])
    with pytest.raises(RulesError, match="'gpu'"):
        solve(position, backend="gpu")  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_search_rules_match_the_engines_legal_mask_and_winner(seed: int) -> None:
    position = _random_position(seed)
    rng = random.Random(seed)
    while position.trick_number < position.tricks:
        searcher = Searcher(position)
        state = searcher._root_state()
        count, seat = len(position.trick.cards), position.to_move
        hand = position.hands[seat]
        legal = searcher._legal(hand, count, state, position.trick_number)
        assert legal == position.legal_cards()
        card = rng.choice(indices_of(legal))
        if count + 1 == position.active_count:
            searcher.played.append(card)
            after = searcher._add(seat, card, count, state, hand, position.trick_number)
            winner = searcher._winner(after)
            assert (None if winner < 0 else winner) == position.trick_winner(card)
        position = position.after(card)


def _hasenpfeffer_ending(seed: int) -> Game:
    rng = random.Random(seed)
    options = {"going_alone": "maker_and_defender"} if seed % 3 == 0 else {}
    game = tt.new_game("hasenpfeffer", seed=seed, **options)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    cards_left = rng.randrange(7, 12)
    while sum(game.hands[s] for s in range(4) if game.active[s]).bit_count() > cards_left:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9))
# 174: a lone hand where the leader's long suit is topped by his partner's ace, who must
# overtake and is then stranded (the kernel once counted the whole suit as quick tricks).
@example(seed=174)
def test_hasenpfeffer_endings_match_engine_brute_force(backend: Backend, seed: int) -> None:
    game = _hasenpfeffer_ending(seed)
    if game.phase is not Phase.PLAY:
        return
    assert solve(game, backend=backend) == engine_values(game)


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_never_changes_the_game(backend: Backend) -> None:
    game = _hasenpfeffer_ending(11)
    game.apply(game.legal_actions()[0])
    before = (game.record(), list(game.hands), repr(game.trick), game.to_move, len(game.tricks))
    solve(game, backend=backend)
    after = (game.record(), list(game.hands), repr(game.trick), game.to_move, len(game.tricks))
    assert before == after


def test_full_hasenpfeffer_deal_is_consistent() -> None:
    game = tt.new_game("hasenpfeffer", seed=5)
    rng = random.Random(5)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    values = solve(game)
    assert set(values) == {str(a) for a in game.legal_actions()}
    best = max(values.values())
    # Playing a best card keeps the value: the side to move then takes the same tricks.
    card = next(text for text, v in values.items() if v == best)
    mover_side = game.flow.side_of(game.to_move or 0)
    game.apply(card)
    follow = solve(game)
    same_side = game.flow.side_of(game.to_move or 0) == mover_side
    assert (max(follow.values()) if same_side else 6 - max(follow.values())) == best


def test_solve_refuses_a_game_outside_play() -> None:
    game = tt.new_game("hasenpfeffer", seed=1)
    with pytest.raises(IllegalActionError, match="play phase"):
        solve(game)


@pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is not installed")
def test_kernel_is_cached_per_source_and_reported_compiled_once_used() -> None:
    solve(whist_position(["AS KS", "QS 2S", "JS 3S", "4S 5S"]), backend="numba")
    assert fast.is_compiled()
    folder = fast.cache_dir()
    if folder is not None:  # None when NUMBA_CACHE_DIR chooses the place
        assert folder.parent.name == "tricktable"
        assert folder.name.startswith("kernel-") and len(folder.name) == len("kernel-") + 16


@pytest.mark.skipif(not fast.available(), reason="numba (the [fast] extra) is not installed")
def test_a_kernel_compiled_under_numba_cache_dir_counts_as_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(fast, "_LOADED", [])
    fast.cache_dir.cache_clear()
    try:
        assert fast.cache_dir() is None and not fast.is_compiled()
        (tmp_path / "solver_abc").mkdir()
        (tmp_path / "solver_abc" / "kernel_search.search-1.py311.nbi").write_bytes(b"")
        assert fast.is_compiled()
    finally:
        fast.cache_dir.cache_clear()


def test_only_older_kernel_folders_are_forgotten(tmp_path: Path) -> None:
    for name in ("kernel-old", "kernel-new", "notes"):
        (tmp_path / name).mkdir()
    fast._forget_older_kernels(tmp_path / "kernel-new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kernel-new", "notes"]
