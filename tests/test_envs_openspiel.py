"""The OpenSpiel adapter: OpenSpiel's random-simulation checks and its Python ISMCTS bot."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason='the rl extra is not installed: pip install "tricktable[rl]"'
)

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import tricktable as tt  # noqa: E402
from tricktable.envs import openspiel as tos  # noqa: E402

GAMES = sorted(tt.REGISTRY)


def test_every_registered_game_is_registered_with_pyspiel() -> None:
    names = pyspiel.registered_names()
    for name in GAMES:
        assert tos.short_name(name) in names
    game = pyspiel.load_game("tricktable_double_hasenpfeffer")
    assert game.num_players() == 4
    assert game.get_type().min_num_players == 2
    assert game.get_type().max_num_players == 6


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_checks_pass(name: str) -> None:
    pyspiel.random_sim_test(tos.load_game(name, deal_seeds=50), num_sims=2, serialize=True,
                            verbose=False)  # fmt: skip


def test_states_pickle_as_their_game_record() -> None:
    game = tos.load_game("double-hasenpfeffer", deal_seeds=5)
    state = game.new_initial_state()
    state.apply_action(2)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    assert copy.information_state_string(1) == state.information_state_string(1)
    assert copy.legal_actions() == state.legal_actions()


def test_options_travel_in_the_rules_parameter() -> None:
    rules = "rams(players=5,scoring=countdown)"
    game = pyspiel.load_game("tricktable_rams", {"rules": rules})
    assert game.num_players() == 5
    assert tos.load_game(tt.rules(rules)).num_distinct_actions() == game.num_distinct_actions()
    with pytest.raises(tt.RulesError, match="'rounce'"):
        pyspiel.load_game("tricktable_rams", {"rules": "rounce"})


def test_whole_game_episodes_return_wins_and_losses() -> None:
    game = tos.load_game("hasenpfeffer", episode="game", reward="win", deal_seeds=10)
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sorted(returns) == [-1.0, -1.0, 1.0, 1.0]
    assert returns[0] == returns[2]
    assert state.engine is not None and state.engine.is_over


@pytest.mark.parametrize("name", GAMES)
def test_the_resampler_keeps_the_information_state(name: str) -> None:
    game = tos.load_game(name, deal_seeds=20)
    resample = tos.make_resampler(7)
    rng = random.Random(8)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
            continue
        player = state.current_player()
        other = resample(state, player)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(other.information_state_tensor(player),
                              state.information_state_tensor(player))  # fmt: skip
        assert other.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_pythons_ismcts_bot_plays_every_game(name: str) -> None:
    game = tos.load_game(name, deal_seeds=100)
    seeds = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, seeds)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=seeds)
    bot.set_resampler(tos.make_resampler(3))
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(seeds.randint(game.max_chance_outcomes())))
            elif state.current_player() == 0:
                action = int(bot.step(state))
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(int(seeds.choice(state.legal_actions())))
        assert len(state.returns()) == game.num_players()


def test_state_at_continues_a_later_hand_of_a_game_as_a_one_hand_episode() -> None:
    game = tt.new_game("hasenpfeffer", seed=3)
    rng = random.Random(2)
    while len(game.results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    spiel_game = tos.load_game("hasenpfeffer", episode="hand")
    state = tos.state_at(spiel_game, game)
    assert not state.is_terminal() and state.current_player() == game.to_move
    before = len(game.log)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(game.log) == before  # the position given is copied, not played on
    result = state.engine.results[-1]
    assert len(state.engine.results) == 2
    assert state.returns() == [float(delta) for delta in result.deltas]
    resampled = tos.resample_from_infostate(tos.state_at(spiel_game, game), 0, rng)
    assert not resampled.is_terminal()


@pytest.mark.parametrize(
    "rules", ["euchre(cutthroat=true)", "euchre(railroad=true,lone_defender=true)"]
)
def test_openspiel_checks_pass_for_euchres_variants(rules: str) -> None:
    """Three-handed cutthroat and railroad (a Joker, a lone hand's card from the partner)."""
    game = tos.load_game(rules, deal_seeds=50)
    assert game.num_players() == (3 if "cutthroat" in rules else 4)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "rules", ["rams(players=5,scoring=countdown)", "euchre(lone_defender=true,railroad=true)"]
)
def test_a_game_with_options_comes_back_from_its_string(rules: str) -> None:
    """The adapter's rules parameter has none of the game-string parser's ( ) , = (which read
    ``euchre(a=1,b=2)`` as a game of its own): the game and a state deserialize."""
    game = tos.load_game(rules, deal_seeds=50)
    assert tos.rules_parameter(tt.rules(rules)) == rules.replace("(", "[").replace(")", "]") \
        .replace(",", ";").replace("=", ":")  # fmt: skip
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    again, restored = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(game) and again.num_players() == game.num_players()
    assert str(restored) == str(state)
    assert pyspiel.load_game(str(game)).get_parameters()["rules"] == game.get_parameters()["rules"]
