"""Bots: always legal, deterministic, blind to hidden cards, and the heuristic plays sensibly."""

from __future__ import annotations

import pytest

import tricktable as tt
from tricktable.actions import Kind
from tricktable.bots import LEVELS, STRATEGIES, HeuristicBot, RandomBot, make_bot
from tricktable.bots.base import Bot
from tricktable.cardplay import PlayContext
from tricktable.cards import indices_of
from tricktable.games.hasenpfeffer.heuristic import bid_limit

SINGLE_OPTION_SETS = [
    {},
    {"pepper_bidding": True, "big_pepper_multiplier": 3},
    {"going_alone": "maker_and_defender", "lone_contract": "bid_doubled"},
    {"going_alone": "maker", "lone_lead": "lone_player"},
    {"widow_mode": "dead", "first_lead": "eldest"},
    {"allow_no_trump": True, "bidding_mode": "single_round", "set_penalty": "fixed6"},
]
# A strong lone hand under these options is common enough to exercise the lone-hand decisions.
DOUBLE_OPTION_SETS: list[dict[str, object]] = [{}, {"players": 6}]

FULL_DECK_OTHERS = "QC 10C 9C KD QD 10D / 9D KS QS 10S 9S KC / AC AD AS JC JS 10H | 9H"
STRONG = "JK JH JD AH KH QH"


def play_out(game: tt.Game, bots: list[Bot], max_actions: int = 2000) -> int:
    """Let the bots play; every choice must be legal. Returns the number of actions."""
    for count in range(max_actions):
        if game.is_over:
            return count
        seat = game.to_move
        assert seat is not None
        action = bots[seat].choose(game.view(seat))
        assert action in game.legal_actions(), f"{action} is not legal in {game!r}"
        game.apply(action)
    return max_actions


def mixed_bots(seed: int, players: int) -> list[Bot]:
    return [
        make_bot("heuristic" if s % 2 == seed % 2 else "random", seed=seed) for s in range(players)
    ]


@pytest.mark.parametrize("options", SINGLE_OPTION_SETS, ids=str)
def test_bots_only_make_legal_moves_in_single_hasenpfeffer(options: dict[str, object]) -> None:
    games_over = 0
    for seed in range(8):
        game = tt.new_game("hasenpfeffer", seed=seed, target_score=6, **options)
        play_out(game, mixed_bots(seed, 4))
        games_over += game.is_over
    assert games_over == 8


@pytest.mark.parametrize("name", sorted(set(tt.REGISTRY) - {"hasenpfeffer"}))
def test_bots_only_make_legal_moves_in_every_other_registered_game(name: str) -> None:
    actions = 0
    for seed in range(3):
        game = tt.new_game(name, seed=seed)
        actions += play_out(game, mixed_bots(seed, game.player_count), max_actions=300)
    assert actions > 0


@pytest.mark.skipif("double-hasenpfeffer" not in tt.REGISTRY, reason="not registered yet")
@pytest.mark.parametrize("options", DOUBLE_OPTION_SETS, ids=str)
def test_heuristic_bots_play_double_hasenpfeffer_legally(options: dict[str, object]) -> None:
    game = tt.new_game("double-hasenpfeffer", seed=5, **options)
    bots: list[Bot] = [make_bot("heuristic", seed=s) for s in range(game.player_count)]
    assert play_out(game, bots, max_actions=600) > 0


def test_make_bot_knows_names_and_levels_and_rejects_others() -> None:
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("Heuristic", seed=1), HeuristicBot)
    assert isinstance(make_bot("easy"), RandomBot)
    assert isinstance(make_bot("medium"), HeuristicBot)
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"}
    assert all(callable(make_bot(level).choose) for level in LEVELS)
    with pytest.raises(tt.RulesError, match="'grandmaster'"):
        make_bot("grandmaster")


def test_the_strategy_table_covers_the_hasenpfeffers() -> None:
    assert {"hasenpfeffer", "double-hasenpfeffer"} <= set(STRATEGIES)


def test_a_bot_asked_out_of_turn_refuses() -> None:
    game = tt.new_game("hasenpfeffer", seed=2)
    idle = (game.to_move + 1) % 4
    for name in ("random", "heuristic"):
        with pytest.raises(tt.IllegalActionError, match=f"seat {idle}"):
            make_bot(name).choose(game.view(idle))


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_a_bot_is_deterministic_for_its_seed(name: str) -> None:
    def actions(seed: int) -> list[str]:
        game = tt.new_game("hasenpfeffer", seed=11, target_score=5)
        play_out(game, [make_bot(name, seed=seed) for _ in range(4)], max_actions=300)
        return [str(a) for _, _, a in game.log]

    assert actions(3) == actions(3)
    if name == "random":
        assert actions(3) != actions(4)


def without_commitment(view: tt.View) -> dict[str, object]:
    shown = view.to_dict()
    del shown["deal_commitment"]
    return shown


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_same_visible_information_gets_the_same_action(name: str) -> None:
    # Seats 1 and 2 swap hands: seat 0 (eldest, to move) cannot tell the two deals apart.
    first = tt.new_game("hasenpfeffer", dealer=3, deal=f"{STRONG} / {FULL_DECK_OTHERS}")
    one, two, rest = FULL_DECK_OTHERS.split(" / ", 2)
    second = tt.new_game("hasenpfeffer", dealer=3, deal=f"{STRONG} / {two} / {one} / {rest}")
    # each deal has its own commitment: a hash, which tells a seat nothing of the cards
    assert without_commitment(first.view(0)) == without_commitment(second.view(0))
    assert without_commitment(first.view(1)) != without_commitment(second.view(1))
    bot = make_bot(name, seed=9)
    chosen = bot.choose(first.view(0))
    assert make_bot(name, seed=9).choose(second.view(0)) == chosen
    assert bot.choose(second.view(0)) == chosen


def test_the_heuristic_beats_the_random_bot_clearly() -> None:
    games, heuristic_wins = 30, 0
    for seed in range(games):
        side = seed % 2
        game = tt.new_game("hasenpfeffer", seed=seed)
        bots = [make_bot("heuristic" if s % 2 == side else "random", seed=seed) for s in range(4)]
        play_out(game, bots)
        heuristic_wins += game.winners[0] % 2 == side
    assert heuristic_wins >= 24


# -- the heuristic's decisions in set positions -------------------------------------------------

# Trump spades: seat 0 makes it; seat 2 is its partner; the widow is the AS.
PLAY_DEAL = "KH QD QC KC 9S 10S / 10H 9D 10D 9C 10C QS / AH 9H AD KD AC KS / QH JH JD JC JS JK | AS"


def heuristic_move(game: tt.Game) -> str:
    seat = game.to_move
    assert seat is not None
    return str(make_bot("heuristic", seed=0).choose(game.view(seat)))


def spades_made_by_seat_zero() -> tt.Game:
    game = tt.new_game("hasenpfeffer", dealer=3, deal=PLAY_DEAL)
    for text in ("bid 1", "pass", "pass", "pass", "trump S"):
        game.apply(text)
    return game


def test_a_strong_hand_bids_high_in_one_round_and_a_weak_hand_does_not() -> None:
    weak = "9C 10C 9D 10D 9S 10S / QC KC AC JC QD KD / AD JD QS KS AS JS / 9H 10H QH KH AH JH | JK"
    strong_game = tt.new_game("hasenpfeffer", dealer=3, bidding_mode="single_round",
                              deal=f"{STRONG} / {FULL_DECK_OTHERS}")  # fmt: skip
    weak_game = tt.new_game("hasenpfeffer", dealer=3, bidding_mode="single_round", deal=weak)
    assert bid_limit(strong_game.view(0)) > 5
    assert bid_limit(weak_game.view(0)) < 2
    assert heuristic_move(strong_game) in ("bid 5", "bid 6")
    assert heuristic_move(weak_game) in ("pass", "bid 1")


def test_the_maker_names_its_best_suit_and_discards_a_useless_card() -> None:
    game = tt.new_game("hasenpfeffer", dealer=3, deal=f"{STRONG} / {FULL_DECK_OTHERS}")
    for text in ("bid 4", "pass", "pass", "pass"):
        game.apply(text)
    assert heuristic_move(game) == "trump H"
    spades = spades_made_by_seat_zero()
    assert heuristic_move(spades) == "discard QD"  # keeps every trump and voids diamonds


def test_the_maker_leads_trump() -> None:
    game = spades_made_by_seat_zero()
    game.apply("discard QD")
    lead = make_bot("heuristic").choose(game.view(0))
    assert lead.kind is Kind.PLAY and lead.card.suit == tt.Suit.SPADES


def test_a_partner_does_not_overtake_and_the_last_player_wins_cheaply() -> None:
    game = spades_made_by_seat_zero()
    for text in ("discard QD", "play KH", "play 10H"):
        game.apply(text)
    assert heuristic_move(game) == "play 9H"  # partner's KH is winning: keep the AH
    for text in ("play 9H", "play JH", "play QC", "play 10C", "play AC"):
        game.apply(text)
    assert heuristic_move(game) == "play JC"  # the left bower is the cheapest winning trump


def test_going_alone_only_with_a_near_certain_hand() -> None:
    strong = tt.new_game("hasenpfeffer", dealer=3, going_alone="maker",
                         deal=f"{STRONG} / {FULL_DECK_OTHERS}")  # fmt: skip
    for text in ("bid 4", "pass", "pass", "pass", "trump H", "discard 9H"):
        strong.apply(text)
    assert heuristic_move(strong) == "alone"
    modest = tt.new_game("hasenpfeffer", dealer=3, going_alone="maker", deal=PLAY_DEAL)
    for text in ("bid 1", "pass", "pass", "pass", "trump S", "discard QD"):
        modest.apply(text)
    assert heuristic_move(modest) == "not-alone"


def test_random_bot_spreads_its_choices() -> None:
    game = tt.new_game("hasenpfeffer", seed=4)
    view = game.view(game.to_move)
    chosen = {str(make_bot("random", seed=s).choose(view)) for s in range(40)}
    assert len(chosen) >= 3
    assert chosen <= {str(a) for a in game.legal_actions()}


DOUBLE_LONE_DEAL = (
    "JH JH JD JD AH AH KH KH QH QH 10H 10H / AC AC KC KC QC QC JC JC 10C 10C 9C 9C / "
    "9H 9H AS AS KS KS QS QS JS JS 10S 10S / 9S 9S AD AD KD KD QD QD 10D 10D 9D 9D"
)


@pytest.mark.skipif("double-hasenpfeffer" not in tt.REGISTRY, reason="not registered yet")
def test_double_hasenpfeffer_lone_hand_with_the_partners_best_cards() -> None:
    game = tt.new_game("double-hasenpfeffer", dealer=3, deal=DOUBLE_LONE_DEAL)
    chosen = []
    for _ in range(9):
        chosen.append(heuristic_move(game))
        game.apply(chosen[-1])
    assert chosen[:3] == ["bid 12", "trump H", "alone"]  # one call each: bid the full value
    assert chosen[3:5] == ["discard 10H", "discard 10H"]  # only trumps: the lowest go
    assert chosen[5:7] == ["give 9H", "give 9H"]  # the partner gives its trumps
    assert chosen[7:] == ["play 9C", "play 9S"]
    assert heuristic_move(game) == "play 9H"  # the lone hand ruffs as cheaply as it can


def test_a_game_without_a_strategy_gets_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(STRATEGIES, "hasenpfeffer")
    game = tt.new_game("hasenpfeffer", seed=8)
    assert play_out(game, [make_bot("heuristic", seed=s) for s in range(4)], max_actions=300)
    game = spades_made_by_seat_zero()
    game.apply("discard QD")
    view = game.view(0)
    assert make_bot("heuristic").choose(view) == PlayContext.of(view).choose_play(view.legal)


def test_the_defence_does_not_lead_an_ace_or_a_trump_into_a_lone_hand() -> None:
    deal = f"{STRONG} / AC AD AS JC JS 10H / QC 10C 9C KD QD 10D / 9D KS QS 10S 9S KC | 9H"
    game = tt.new_game("hasenpfeffer", dealer=3, going_alone="maker", deal=deal)
    for text in ("bid 4", "pass", "pass", "pass", "trump H", "discard 9H", "alone"):
        game.apply(text)
    assert game.to_move == 1
    lead = make_bot("heuristic").choose(game.view(1))
    assert lead.kind is Kind.PLAY
    assert lead.card.rank != 14 and lead.card.suit is not tt.Suit.HEARTS


def test_a_remembered_hand_estimate_is_the_estimate_itself() -> None:
    from tricktable.games.hasenpfeffer import heuristic as hh

    flow = tt.rules("double-hasenpfeffer").flow
    hands = [list(indices_of(hand)) for hand in tt.new_game("double-hasenpfeffer", seed=3).hands]
    for trump in range(4):
        table = flow.ranking.table(trump)
        for hand in hands:
            first = hh.estimate_tricks(hand, table, flow.deck.mask)
            assert first == hh._estimate(hand, table, flow.deck.mask)
            assert hh.estimate_tricks(list(reversed(hand)), table, flow.deck.mask) == first


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_a_playout_plays_the_calls_the_heuristic_bot_makes(name: str) -> None:
    """A search's playouts and continuations (``strategy_for``) are the heuristic bot's own
    play, the flow's hook included: Euchre's calls once fell back to random ones there."""
    from tricktable.bots.base import decision_random
    from tricktable.bots.heuristic import strategy_for

    for seed in range(20):
        game = tt.new_game(name, seed=seed)
        bot = HeuristicBot(seed=seed)
        while game.phase.value != "play" and not game.is_over:
            view = game.view(game.to_move)
            chosen = bot.choose(view)
            assert strategy_for(name)(view, decision_random(seed, view)) == chosen
            game.apply(chosen)
