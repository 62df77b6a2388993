"""Double Hasenpfeffer's options and their checks (games/hasenpfeffer/double_options.py)."""

from __future__ import annotations

import pytest

import tricktable as tt
from tricktable.games.hasenpfeffer.double_options import tricks_per_hand


def test_a_hand_has_the_cards_each_player_holds() -> None:
    assert [tricks_per_hand(players) for players in (2, 3, 4, 5, 6)] == [24, 16, 12, 9, 8]


@pytest.mark.parametrize(
    ("options", "quoted"),
    [
        ({"players": 5}, "players=5"),
        ({"min_bid": 13}, "min_bid=13"),
        ({"players": 5, "individual": True, "five_player_removed": "9C+9D+10H"}, "9C+9D+10H"),
    ],
)
def test_the_checks_across_options_quote_what_does_not_fit(
    options: dict[str, object], quoted: str
) -> None:
    with pytest.raises(tt.RulesError, match=quoted.replace("+", r"\+")):
        tt.rules("double-hasenpfeffer", **options)
