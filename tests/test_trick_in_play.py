"""The trick in play: who is winning it card by card, face-down cards, copies."""

from __future__ import annotations

import tricktable as tt
from tricktable.trick import Trick as ReExported
from tricktable.trick_in_play import Trick


def test_the_highest_card_of_the_led_suit_or_trump_wins_and_a_face_down_card_never() -> None:
    table = tt.rules("hasenpfeffer").flow.trump_table(3)  # spades
    trick = Trick(0)
    for seat, card, down in ((0, "KH", False), (1, "AH", False), (2, "9S", True), (3, "QH", False)):
        trick.add(seat, tt.parse_card(card).index, table, face_down=down)
    assert trick.winner == 1 and trick.face_down == [False, False, True, False]
    assert len(trick) == 4 and trick.plays()[2] == (2, tt.parse_card("9S").index, True)


def test_a_copy_is_equal_and_independent_and_the_rules_module_re_exports_the_class() -> None:
    assert ReExported is Trick
    trick = Trick(2)
    twin = trick.copy()
    assert twin == trick and "leader=2" in repr(twin)
    twin.seats.append(1)
    assert twin != trick and trick.seats == []
