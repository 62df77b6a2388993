"""Euchre's rules (docs/euchre.md, rule IDs E01-E14) and its invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable as tt
from support import CardCount, cards_of, checked_playout, deal_parts

# dealer 0: seat 1 speaks first; the turn-up is the 9D
DEAL = "JH JD AH 9C 9S / AS KS QS AC KC / 10H 9H QD 10C QC / KH QH AD KD 10D | 9D JC JS 10S"


def game_of(deal: str = DEAL, dealer: int = 0, **options: object) -> tt.Game:
    return tt.new_game("euchre", seed=1, dealer=dealer, deal=deal, **options)


def play(game: tt.Game, *actions: str) -> tt.Game:
    for text in actions:
        game.apply(text)
    return game


def legal(game: tt.Game) -> list[str]:
    """The legal actions' texts, sorted (the engine lists cards by index)."""
    return sorted(str(a) for a in game.legal_actions())


def finish_hand(game: tt.Game, rng: random.Random) -> tt.HandResult:
    hand = game.hand_number
    while game.hand_number == hand and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.results[-1]


def euchre_out_of_play(game: tt.Game) -> CardCount:
    """The cards outside hands and tricks: the kitty, the turn-up until the dealer takes it,
    every discard (each in its discarder's own view)."""
    _, rest = deal_parts(game.deal_text)
    stock = list(rest[0].elements())
    spectator = game.view(None).to_dict()
    out = Counter(stock)
    if spectator["turnup_taken"]:
        out[spectator["turnup"]] -= 1
    for seat in range(game.player_count):
        out += cards_of(game.view(seat).to_dict().get("discards", []))
    return +out


def euchre_known(game: tt.Game, seat: int) -> CardCount:
    """What a seat may see besides its dealt hand and the public cards: in railroad the card
    its partner gave it."""
    return Counter(game.view(seat).to_dict().get("received", []))


def euchre_public(game: tt.Game) -> CardCount:
    """What everybody sees: the turn-up."""
    return Counter([game.view(None).to_dict()["turnup"]])


# -- the deal and the ranking ------------------------------------------------------------------


def test_E01_five_each_from_the_dealers_left_then_the_turnup_on_a_kitty_of_four() -> None:
    flow = tt.rules("euchre").flow
    threes, twos = (1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0), (1, 1, 2, 2, 3, 3, 0, 0)
    assert flow.dealt_to(None, 0) == (*threes, *twos)
    assert len(flow.deck) == 24 and {c.rank for c in flow.deck.cards} == set(range(9, 15))
    game = tt.new_game("euchre", seed=5, dealer=2)
    assert [len(game.view(s).hand) for s in range(4)] == [5] * 4
    assert game.to_move == 3 and legal(game) == ["order-up", "pass"]
    assert game.view(None).to_dict()["turnup"] == game.deal_text.split("| ")[1].split()[0]
    dealt = game_of().deals[0]
    assert game_of(str(dealt)).deals[0] == dealt and dealt.stock[0] == tt.parse_card("9D").index


def test_E02_right_bower_left_bower_then_ace_down_and_the_left_bower_is_a_trump() -> None:
    table = tt.rules("euchre").flow.trump_table(1)  # diamonds
    order = ["JD", "JH", "AD", "KD", "QD", "10D", "9D"]
    keys = [table.key(tt.parse_card(c).index, 1) for c in order]
    assert keys == sorted(keys, reverse=True)
    assert table.suit_of[tt.parse_card("JH").index] == 1
    # a heart lead: seat 0's JH is no heart with diamonds trump, so he may play anything
    game = play(game_of(), "pass", "pass", "pass", "order-up", "discard 9C", "not-alone")
    play(game, "play KC", "play 10C")  # seat 1 leads KC, seat 2 follows
    assert legal(game) == ["play 10D", "play AD", "play KD", "play KH", "play QH"]
    play(game, "play AD")  # seat 3 trumps
    assert legal(game) == ["play 9D", "play 9S", "play AH", "play JD", "play JH"]


# -- making trump ------------------------------------------------------------------------------


def test_E03_ordered_up_the_dealer_takes_the_turnup_and_discards_one_of_his_own() -> None:
    game = play(game_of(), "pass", "order-up")
    assert game.trump == 1 and game.to_move == 0 and str(game.phase) == "discard"
    assert legal(game) == ["discard 9C", "discard 9S", "discard AH", "discard JD", "discard JH"]
    with pytest.raises(tt.IllegalActionError):
        game.apply("discard 9D")
    play(game, "discard 9S")
    assert game.to_move == 2 and legal(game) == ["alone", "not-alone"]  # the maker says
    taking = play(game_of(dealer_may_discard_turnup=True), "order-up")
    assert "discard 9D" in legal(taking)


def test_E04_second_round_names_another_suit_four_more_passes_throw_the_hand_in() -> None:
    game = play(game_of(), *["pass"] * 4)
    assert str(game.phase) == "trump" and game.to_move == 1
    assert legal(game) == ["pass", "trump C", "trump H", "trump S"]
    play(game, *["pass"] * 4)
    result = game.results[-1]
    assert result.deltas == (0, 0, 0, 0) and result.details["thrown_in"]
    assert game.dealer == 1 and game.hand_number == 2 and game.to_move == 2


def test_E05_stick_the_dealer_the_dealer_must_name_a_suit() -> None:
    game = play(game_of(stick_the_dealer=True), *["pass"] * 7)
    assert game.to_move == 0 and legal(game) == ["trump C", "trump H", "trump S"]
    play(game, "trump S")
    assert game.trump == 3 and game.to_move == 0 and legal(game) == ["alone", "not-alone"]


def test_E06_a_lone_makers_partner_sits_out_and_the_dealers_left_leads() -> None:
    game = play(game_of(dealer=3), "order-up", "discard 10D", "alone")  # seat 0 alone
    view = game.view(None)
    assert view.active == (0, 1, 3) and game.to_move == 0  # on the dealer's left, he leads
    play(game, "play 9S", "play AS")
    assert game.to_move == 3  # seat 2 is skipped
    # the partner to the dealer's left: the next seat leads
    other = play(game_of(dealer=0), "order-up", "discard 9C")  # seat 1 made, seat 3 partner
    play(other, "not-alone")
    assert other.to_move == 1
    lone = play(game_of(dealer=0), "pass", "pass", "order-up", "discard 9C", "alone")
    assert lone.view(None).active == (0, 2, 3) and lone.to_move == 2


# -- scoring -----------------------------------------------------------------------------------


def reference_points(result: tt.HandResult, lone_defender_scores: int = 4) -> list[int]:
    """The scoring table of docs/euchre.md, written out again from the hand's facts."""
    details = result.details
    maker = details["maker"]
    if maker is None:
        return [0, 0, 0, 0]
    taken = result.tricks[maker] + result.tricks[(maker + 2) % 4]
    makers = 1 if taken in (3, 4) else 0
    if taken == 5:
        makers = 4 if details["alone"] is not None else 2
    defenders = 0
    if taken < 3:
        defenders = lone_defender_scores if details["lone_defender"] is not None else 2
    return [makers if (s - maker) % 2 == 0 else defenders for s in range(4)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), stick=st.booleans(), lone=st.booleans())
def test_E07_one_for_three_or_four_two_for_a_march_four_alone_two_for_a_euchre(
    seed: int, stick: bool, lone: bool
) -> None:
    game = tt.new_game("euchre", seed=seed, stick_the_dealer=stick, lone_defender=lone)
    rng = random.Random(seed)
    for _ in range(4):
        result = finish_hand(game, rng)
        assert list(result.deltas) == reference_points(result)
        if game.is_over:
            break


def test_E08_the_first_side_to_ten_wins() -> None:
    game = tt.new_game("euchre", seed=3, target_score=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    scores = game.scores
    assert max(scores) >= 3 and all(scores[s] == max(scores) for s in game.winners)
    assert len(game.winners) == 2 and game.winners[1] - game.winners[0] == 2
    assert tt.rules("euchre").value(tt.find_game("euchre").option("target_score")) == 10


def test_E09_lone_defender_asked_from_the_dealers_left_and_a_lone_euchre_scores_four() -> None:
    game = play(game_of(lone_defender=True), "pass", "order-up", "discard 9C", "not-alone")
    assert game.to_move == 1 and legal(game) == ["alone", "not-alone"]
    play(game, "not-alone")
    assert game.to_move == 3
    play(game, "alone")
    assert game.view(None).active == (0, 2, 3) and game.to_move == 2  # seat 1 sits out
    against = play(game_of(lone_defender=True, lone_defender_against="lone_maker"),
                   "pass", "order-up", "discard 9C", "not-alone")  # fmt: skip
    assert str(against.phase) == "play"


def test_E10_cutthroat_three_players_a_kitty_of_nine_and_the_maker_against_two() -> None:
    game = tt.new_game("euchre", seed=2, dealer=0, cutthroat=True)
    assert game.player_count == 3 and len(game.deals[0].stock) == 9
    assert game.view(None).sides == ((0,), (1,), (2,))
    play(game, "order-up")
    game.apply(game.legal_actions()[0])  # the dealer's discard
    assert str(game.phase) == "play"  # no lone question: the maker is alone anyway
    rng = random.Random(2)
    result = finish_hand(game, rng)
    maker, taken = result.details["maker"], result.details["taken"]
    expected = [0, 0, 0]
    if taken >= 3:
        expected[maker] = 3 if taken == 5 else 1
    else:
        expected = [0 if s == maker else 2 for s in range(3)]
    assert list(result.deltas) == expected
    with pytest.raises(tt.RulesError, match="cutthroat=true has no partners"):
        tt.rules("euchre", cutthroat=True, railroad=True)


def test_E11_railroad_joker_above_the_bowers_and_the_lone_player_calls_for_best() -> None:
    game = tt.new_game("euchre", seed=4, dealer=0, railroad=True)
    table = game.rules.flow.trump_table(2)
    joker = tt.parse_card("JK").index
    assert table.key(joker, 2) > table.key(tt.parse_card("JH").index, 2)
    assert len(game.rules.flow.deck) == 25 and len(game.deals[0].stock) == 5
    play(game, "pass", "pass", "pass", "pass", "pass")  # seat 1 names trump in round 2
    game.apply(game.legal_actions()[-1])
    play(game, "alone")
    assert str(game.phase) == "give" and game.to_move == 0  # seat 2's partner gives
    gift = game.legal_actions()[0]
    play(game, str(gift))
    assert game.to_move == 2 and str(game.phase) == "discard" and len(game.view(2).hand) == 6
    assert game.view(2).to_dict()["received"] == [str(gift.card)]
    assert "received" not in game.view(1).to_dict() and "gave" not in game.view(2).to_dict()
    assert [a.action for a in game.view(1).actions][-1] == "give ?"
    play(game, str(game.legal_actions()[0]))
    assert str(game.phase) == "play" and game.view(None).active == (1, 2, 3)


def test_E12_a_turned_up_joker_proposes_hearts() -> None:
    joker_up = (
        "JH JD AH 9C 9S / AS KS QS AC KC / 10H 9H QD 10C QC / KH QH AD KD 10D | JK 9D JC JS 10S"
    )
    game = game_of(joker_up, railroad=True)
    assert game.view(0).to_dict()["proposed"] == "H"
    play(game, "order-up")
    assert game.trump == 2
    spades = game_of(joker_up, railroad=True, joker_turnup="spades")
    assert spades.view(0).to_dict()["proposed"] == "S"


def test_E13_bad_deal_text_names_the_card() -> None:
    twice = DEAL.replace("9S /", "AS /")
    with pytest.raises(tt.NotationError, match="AS appears twice"):
        game_of(twice)
    with pytest.raises(tt.NotationError, match="8S is not in the 24-card pack"):
        game_of(DEAL.replace("9S /", "8S /"))


def test_E14_views_hide_the_kitty_the_discard_and_other_hands() -> None:
    game = play(game_of(), "pass", "pass", "pass", "order-up", "discard 9C", "not-alone")
    for seat in (1, 2, 3, None):
        data = game.view(seat).to_dict()
        assert "discards" not in data
        assert not {"9C", "JC", "JS", "10S"} & set(str(data).replace("'", " ").split())
    assert game.view(0).to_dict()["discards"] == ["9C"]
    assert [a.action for a in game.view(1).actions][4] == "discard ?"


# -- invariants --------------------------------------------------------------------------------

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"stick_the_dealer": True, "lone_defender": True},
    {"lone_defender": True, "lone_defender_against": "lone_maker",
     "dealer_may_discard_turnup": True},
    {"cutthroat": True, "target_score": 5},
    {"railroad": True, "lone_defender": True},
]  # fmt: skip


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from(OPTION_SETS))
def test_invariants_cards_scores_push_pop_copy_record_and_views(
    seed: int, options: dict[str, object]
) -> None:
    game = tt.new_game("euchre", seed=seed, **{"target_score": 3, **options})
    checked_playout(game, random.Random(seed), max_actions=120, push_pop_every=5,
                    record_every=30, out_of_play=euchre_out_of_play,
                    known=euchre_known, public=euchre_public)  # fmt: skip


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_side_scores_partners_share_and_only_one_side_scores_a_hand(
    options: dict[str, object],
) -> None:
    game = tt.new_game("euchre", seed=9, **options)
    rng = random.Random(9)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    for result in game.results:
        assert sum(1 for d in result.deltas if d) <= 2  # the makers, or the defenders
        if game.player_count == 4:
            assert result.deltas[0] == result.deltas[2] and result.deltas[1] == result.deltas[3]
            assert result.deltas[0] == 0 or result.deltas[1] == 0


# -- the solver and the bots -------------------------------------------------------------------


def best_tricks(game: tt.Game, side: tuple[int, ...]) -> int:
    """The tricks ``side`` takes from here with best play on both sides (brute force)."""
    if game.phase != "play":
        return 0
    before = len(game.tricks)
    outcomes = []
    for action in game.legal_actions():
        mover = game.to_move
        game.push(action)
        gained = 0
        if len(game.tricks) > before or game.phase != "play":
            last = game.tricks[-1] if game.phase == "play" else game.last_tricks[-1]
            gained = int(last.winner in side)
        outcomes.append((mover in side, gained + best_tricks(game, side)))
        game.pop()
    ours = outcomes[0][0]
    values = [value for _, value in outcomes]
    return max(values) if ours else min(values)


@pytest.mark.parametrize("options", [{}, {"railroad": True}], ids=str)
def test_the_solver_solves_euchre_card_play(options: dict[str, object]) -> None:
    from tricktable.solver import solve

    rng = random.Random(11)
    checked = 0
    for seed in range(30):
        game = tt.new_game("euchre", seed=seed, target_score=1000, **options)
        while game.phase != "play" or len(game.tricks) < 2:
            game.apply(rng.choice(game.legal_actions()))
        if game.hand_number != 1:
            continue
        table = solve(game)
        side = next(s for s in game.view(None).sides if game.to_move in s)
        for action in game.legal_actions():
            child = game.copy()
            child.apply(action)
            won = int(child.tricks[-1].winner in side) if len(child.tricks) > 2 else 0
            assert table[str(action)] == won + best_tricks(child, side), (seed, str(action))
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "ismcts"])
def test_every_bot_level_plays_a_hand_of_euchre(level: str) -> None:
    from support import bot_plays_one_hand
    from tricktable.bots import make_bot

    game = tt.new_game("euchre", seed=8, lone_defender=True)
    budgets = {"hard": {"samples": 4}, "expert": {"samples": 4}, "ismcts": {"iterations": 40}}
    bot = make_bot(level, seed=1, **budgets.get(level, {}))
    moves = bot_plays_one_hand(game, bot)
    (result,) = game.results
    assert moves >= (8 if result.details.get("thrown_in") else 10)


def test_the_heuristic_orders_up_a_strong_hand_and_passes_a_weak_one() -> None:
    from tricktable.bots import make_bot

    bot = make_bot("heuristic", seed=1)
    # seat 1 holds both black jacks and three spades with the 9S turned up (dealer 0)
    strong = "9H 10H AH KH QH / JS JC AS KS QS / AD KD QD JD 10D / AC KC QC 10C 9C | 9S JH 10S 9D"
    assert str(bot.choose(game_of(strong).view(1))) == "order-up"
    weak = play(game_of(), "pass")  # seat 2: 10H 9H QD 10C QC against a 9D
    assert str(bot.choose(weak.view(2))) == "pass"
    alone = play(game_of(strong), "order-up", "discard 9H")
    assert str(bot.choose(alone.view(1))) == "alone"


def test_the_heuristic_beats_random_play() -> None:
    from tricktable.bots import make_bot

    heuristic, rand = make_bot("heuristic", seed=2), make_bot("random", seed=2)
    points = [0, 0]
    for seed in range(30):
        game = tt.new_game("euchre", seed=seed, target_score=1000)
        while len(game.results) < 2:
            seat = game.to_move
            bot = heuristic if seat in (0, 2) else rand
            game.apply(bot.choose(game.view(seat)))
        for result in game.results:
            points[0] += result.deltas[0]
            points[1] += result.deltas[1]
    assert points[0] > points[1]


WHOLE_GAME_BOTS = ["easy", "medium", "hard", "expert", "random", "heuristic", "pimc", "ismcts",
                   "learned"]  # fmt: skip


@pytest.mark.parametrize("level", WHOLE_GAME_BOTS)
def test_every_bot_level_plays_whole_legal_games_of_euchre(level: str) -> None:
    """Each level in all four seats (with small search budgets) plays legal moves only until a
    short game is over, and the winners are the side that reached the target."""
    from tricktable.bots import LEVELS, make_bot

    assert set(LEVELS) <= set(WHOLE_GAME_BOTS)
    budgets = {"samples": 3, "time_limit": 0.05} if level in ("hard", "expert", "pimc") else {}
    if level == "ismcts":
        budgets = {"iterations": 30}
    for seed, options in enumerate([{}, {"stick_the_dealer": True, "lone_defender": True}]):
        game = tt.new_game("euchre", seed=seed, target_score=3, **options)
        bots = [make_bot(level, seed=seat, **budgets) for seat in range(4)]
        for _ in range(2000):
            if game.is_over:
                break
            seat = game.to_move
            assert seat is not None
            action = bots[seat].choose(game.view(seat))
            assert action in game.legal_actions(), (level, str(action))
            game.apply(action)
        assert game.is_over, level
        winners = set(game.winners)
        assert winners in ({0, 2}, {1, 3}) and min(game.scores[s] for s in winners) >= 3


def test_E06_the_observation_says_the_maker_the_lone_hand_and_who_took_the_turnup() -> None:
    """The encoder reads Euchre's section (``GameDef.encoding``): a network that decides
    mid-hand knows who made trump, who is alone and that the dealer holds the turn-up."""
    from tricktable.encoding import ObservationEncoder

    game = play(game_of(dealer=3), "order-up", "discard 10D", "alone")  # seat 0 alone
    encoder = ObservationEncoder(game.rules)
    seen = encoder.encode(game.view(1))  # seat 1's observation: relative seat 3 is seat 0
    assert encoder.field(seen, "bidder").tolist() == [0, 0, 0, 1]
    assert encoder.field(seen, "alone").tolist() == [0, 0, 0, 1]
    assert encoder.field(seen, "turnup_taker").tolist() == [0, 0, 1, 0]  # the dealer, seat 3
    before = encoder.encode(game_of(dealer=3).view(1))
    assert not encoder.field(before, "bidder").any() and not encoder.field(before, "alone").any()
