"""PIMC: legal moves in every game, no peeking, double-dummy values, determinism."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from support import bot_plays_one_hand, legal_choices_at_random_moments
from tricktable.actions import Action
from tricktable.bots import make_bot, pimc
from tricktable.bots.heuristic import STRATEGIES
from tricktable.bots.pimc import Analysis, PimcBot, card_utility, contract_worth
from tricktable.resample import resample
from tricktable.view import View

TINY = {"samples": 2, "time_limit": 30.0}
VARIANTS = [
    ("hasenpfeffer", {"going_alone": "maker"}),
    ("double-hasenpfeffer", {"players": 6}),
    ("rams", {"players": 5}),
    ("bierspiel", {}),
    ("rounce", {}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[n for n, _ in VARIANTS])
def test_pimc_plays_a_whole_hand_legally(name: str, options: dict[str, object]):
    game = tt.new_game(name, seed=4, **options)
    assert bot_plays_one_hand(game, PimcBot(seed=1, solve_cards=12, **TINY)) > 5


def test_same_visible_information_same_choice():
    game = tt.new_game("hasenpfeffer", seed=8)
    rng = random.Random(2)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.to_move)
    twin = resample(view, random.Random(5))  # other hidden cards, same view
    assert twin.hands != game.hands
    bot = PimcBot(seed=3, **TINY)
    assert bot.choose(twin.view(view.seat)) == bot.choose(view)


def test_card_play_values_are_double_dummy_tricks():
    game = tt.new_game("hasenpfeffer", seed=2)
    rng = random.Random(1)
    while game.phase.value != "play" or len(game.tricks) < 3:
        game.apply(rng.choice(game.legal_actions()))
    analysis = PimcBot(seed=1, **TINY).analyse(game.view(game.to_move))
    assert analysis.unit == "tricks"
    assert analysis.samples == 2
    assert set(analysis.values) == {str(a) for a in game.legal_actions()}
    assert all(0 <= v <= 3 for v in analysis.values.values())


def test_bidding_is_scored_by_playouts_and_is_deterministic():
    view = tt.new_game("hasenpfeffer", seed=6).view
    game = tt.new_game("hasenpfeffer", seed=6)
    first = PimcBot(seed=9, **TINY).analyse(view(game.to_move))
    again = PimcBot(seed=9, **TINY).analyse(view(game.to_move))
    assert first.unit == "points"
    assert first.values == again.values
    assert str(first.best) == max(first.values, key=lambda t: first.values[t])


def test_levels_hard_and_expert_are_pimc_with_their_budgets():
    hard, expert = make_bot("hard"), make_bot("expert")
    assert isinstance(hard, PimcBot) and isinstance(expert, PimcBot)
    assert hard.time_limit < 1.0 < expert.time_limit < 5.0


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_pimc_choices_are_legal_at_random_moments_of_many_deals(name: str):
    bot = PimcBot(seed=5, samples=1, solve_cards=10, time_limit=30.0)
    assert legal_choices_at_random_moments(bot, name) >= 10


def test_the_trick_that_makes_or_sets_the_contract_earns_the_bonus():
    game = tt.new_game("hasenpfeffer", seed=2)
    rng = random.Random(1)
    while game.phase.value != "play":
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.to_move).to_dict()
    contract, bidder = int(view["contract"]), view["bidder"]
    worth = contract_worth(game)
    on_bidder_side = game.to_move in view["sides"][bidder % 2]
    for tricks in range(7):
        made = (tricks if on_bidder_side else 6 - tricks) >= contract
        assert worth(tricks) == (2 * contract if made == on_bidder_side else 0)


def test_games_without_a_contract_get_no_bonus():
    game = tt.new_game("rams", seed=2)
    rng = random.Random(1)
    while game.phase.value != "play":
        game.apply(rng.choice(game.legal_actions()))
    assert {contract_worth(game)(t) for t in range(6)} == {0.0}


@pytest.mark.parametrize("name", ["rams", "bierspiel", "rounce"])
def test_rams_family_cards_are_valued_by_the_hand_score_so_a_loo_costs_its_penalty(name: str):
    game = tt.new_game(name, seed=2, general_rams=False)
    rng = random.Random(1)
    while game.phase.value != "play":
        game.apply(rng.choice(game.legal_actions()))
    utility = card_utility(game)
    seat = game.to_move
    values = [utility(t) for t in range(6)]
    assert values == sorted(values)
    assert values[1] - values[0] > values[2] - values[1]  # the first trick saves the loo too
    assert values[0] == game.flow.gain_if(game, seat, 0) == -5  # the loo penalty


def test_partnership_cards_are_valued_by_tricks_and_the_contract():
    game = tt.new_game("hasenpfeffer", seed=2)
    rng = random.Random(1)
    while game.phase.value != "play":
        game.apply(rng.choice(game.legal_actions()))
    worth, utility = contract_worth(game), card_utility(game)
    assert [utility(t) for t in range(7)] == [t + worth(t) for t in range(7)]


@pytest.mark.parametrize(("backend", "margin"), [("python", 0), ("numba", pimc.KERNEL_MARGIN)])
def test_pinochle_packs_wait_for_fewer_cards_before_solving(monkeypatch, backend, margin):
    """The numba kernel, far faster, starts solving ``KERNEL_MARGIN`` cards earlier."""
    monkeypatch.setattr(pimc, "solver_backend", lambda: backend)
    bot = PimcBot(solve_cards=24 - margin)
    single = tt.new_game("hasenpfeffer", deal="JK JH AH KH QH 10H / AS KS QS JS 10S 9S / "
                         "AD KD QD JD 10D 9D / AC KC QC JC 10C 9H | 9C")  # fmt: skip
    double = tt.new_game("double-hasenpfeffer", players=6, seed=1)  # 6 x 8 cards
    assert bot._solvable(single)  # 24 cards, plain pack
    assert not PimcBot(solve_cards=51 - margin)._solvable(double)  # 48 cards need 48 + 4
    assert PimcBot(solve_cards=52 - margin)._solvable(double)


def test_the_bots_solve_with_the_kernel_once_it_is_compiled(monkeypatch):
    monkeypatch.setattr(pimc.fast, "is_compiled", lambda: True)
    assert pimc.solver_backend() == "numba"
    monkeypatch.setattr(pimc.fast, "is_compiled", lambda: False)
    assert pimc.solver_backend() == "python"


def test_deals_that_explain_the_others_bids_weigh_more():
    game = tt.new_game("hasenpfeffer", seed=6)
    bot = make_bot("heuristic", seed=1)
    for _ in range(3):
        game.apply(bot.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    plain = PimcBot(seed=2, samples=8, time_limit=30.0, infer=0).analyse(view)
    weighted = PimcBot(seed=2, samples=8, time_limit=30.0).analyse(view)
    assert plain.samples == weighted.samples == 8
    assert plain.values != weighted.values


def test_a_decision_too_slow_to_play_out_often_enough_is_left_to_the_heuristic():
    game = tt.new_game("double-hasenpfeffer", seed=3)
    heuristic = make_bot("heuristic", seed=4)
    while game.phase.value != "play":
        game.apply(heuristic.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    slow = PimcBot(seed=4, samples=50, time_limit=1e-6, min_samples=5)
    assert slow.analyse(view).samples == 1  # one playout showed five would not fit
    assert slow.choose(view) == heuristic.choose(view)


def test_a_bid_too_slow_to_value_is_the_learned_evaluators_not_the_heuristics():
    from tricktable.bots.learned import learned_choice

    for seed in range(40):
        game = tt.new_game("hasenpfeffer", seed=seed)
        view = game.view(game.to_move)
        learned, heuristic = learned_choice(view), make_bot("heuristic", seed=4).choose(view)
        if learned != heuristic:
            break
    slow = PimcBot(seed=4, samples=50, time_limit=1e-6, min_samples=5, solve_contracts=False)
    assert learned is not None and learned != heuristic
    assert slow.choose(view) == learned


def test_many_choices_are_narrowed_to_the_heuristics_pick_its_neighbours_and_a_pass():
    game = tt.new_game("hasenpfeffer", seed=6)
    view = game.view(game.to_move)
    assert len(view.legal) == 7  # pass and bids 1 to 6
    pick = str(make_bot("heuristic", seed=2).choose(view))
    analysis = PimcBot(seed=2, solve_contracts=False, **TINY).analyse(view)
    assert pick in analysis.values and "pass" in analysis.values
    assert len(analysis.values) <= 4
    assert str(analysis.best) in analysis.values


def test_bids_valued_by_solved_contracts_are_all_valued():
    game = tt.new_game("hasenpfeffer", seed=6)
    view = game.view(game.to_move)
    analysis = PimcBot(seed=2, solve_cards=24, **TINY).analyse(view)
    assert set(analysis.values) == {str(a) for a in view.legal}


def _with_analysis(bot: PimcBot, view: View, samples: int, best: Action) -> None:
    values = {str(a): 0.0 for a in view.legal}
    bot.analyse = lambda _view: Analysis(values, samples, "points", best)  # type: ignore[method-assign]


def test_solved_contracts_decide_from_half_the_samples_playouts_need():
    game = tt.new_game("hasenpfeffer", seed=6)
    view = game.view(game.to_move)
    from tricktable.bots.learned import learned_choice

    pick = learned_choice(view) or make_bot("heuristic", seed=2).choose(view)  # the prior
    other = next(a for a in view.legal if a != pick)
    solved = PimcBot(seed=2, min_samples=10, solve_cards=24)
    played = PimcBot(seed=2, min_samples=10, solve_cards=24, solve_contracts=False)
    for bot in (solved, played):
        _with_analysis(bot, view, 5, other)
    assert solved.choose(view) == other  # five solved worlds are enough
    assert played.choose(view) == pick  # five playouts are not: the prior decides
    _with_analysis(solved, view, 4, other)
    assert solved.choose(view) == pick


def test_the_inference_discount_of_a_deal_is_a_parameter():
    game = tt.new_game("hasenpfeffer", seed=3)
    view = game.view(game.to_move)
    own = STRATEGIES["hasenpfeffer"](view, random.Random(0))
    other = next(a for a in view.legal if a != own)
    bot = PimcBot(seed=1, mismatch=0.5, **TINY)
    assert bot.judge is not None
    assert bot.judge(game, view.seat, own) == 1.0
    assert bot.judge(game, view.seat, other) == 0.5


def test_worlds_can_be_weighted_by_the_learned_policy_and_a_bad_inference_is_refused():
    from tricktable.bots.inference import FLOOR
    from tricktable.errors import RulesError

    game = tt.new_game("hasenpfeffer", seed=5)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    bot = PimcBot(seed=1, samples=4, time_limit=60, inference="policy")
    assert bot.judge is not None
    judged = bot.judge(game, game.to_move, game.legal_actions()[0])
    assert FLOOR <= judged <= 1.0
    assert bot.choose(game.view(game.to_move)) in game.legal_actions()
    with pytest.raises(RulesError, match="inference='oracle'"):
        PimcBot(inference="oracle")


def test_the_learned_networks_can_take_the_others_calls_in_a_world_played_on(tmp_path):
    """Expert iteration: a world's later calls by the learned networks (where one decides),
    the heuristic elsewhere; an unknown continuation is refused."""
    from test_inference import _auction_network
    from tricktable.bots.learned import learned_strategy
    from tricktable.errors import RulesError

    _auction_network(tmp_path)
    game = tt.new_game("hasenpfeffer", seed=3)
    view = game.view(game.to_move)
    strategy = learned_strategy(str(tmp_path))
    network = make_bot("learned", weights=str(tmp_path)).choose(view)
    assert strategy(view, random.Random(0)) == network
    bot = PimcBot(seed=1, samples=2, time_limit=60, continuation="learned", weights=str(tmp_path))
    assert bot.strategy is not None and bot.choose(view) in view.legal
    with pytest.raises(RulesError, match="continuation='oracle'"):
        PimcBot(continuation="oracle")
