"""The view's shared parts: an auction's calls as a view shows them."""

from __future__ import annotations

from tricktable.view_parts import Call, calls_shown


def test_calls_are_shown_as_calls_in_order_and_shared_between_equal_auctions() -> None:
    calls = ((1, "pass"), (2, "bid 4"))
    shown = calls_shown(calls)
    assert shown == (Call(1, "pass"), Call(2, "bid 4"))
    assert all(type(call) is Call for call in shown)
    assert calls_shown(((1, "pass"), (2, "bid 4"))) is shown  # every seat's view: one object
    assert calls_shown(()) == ()
