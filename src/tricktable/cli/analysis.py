"""``tricktable solve`` (a deal or position, double dummy) and ``tricktable analyse`` (a record)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..cards import Suit
from ..errors import TricktableError
from ..games import GAME_NAMES
from ..games import rules as make_rules
from ..record import load_record
from ..solver import position_from_deal, solve
from ..solver.review import CardReview, review_record, total_cost
from ..trick import HEADINGS, POLICIES, UNANSWERED, PlayRules

__all__ = ["register"]

_POLICIES = tuple(str(p) for p in POLICIES)
_HEADINGS = tuple(str(h) for h in HEADINGS)
_UNANSWERED = tuple(str(u) for u in UNANSWERED)
_TRUMP_LEADS_HELP = "Tricks (1 = the first) whose leader must lead a trump if able, e.g. 1,2."
_BLIND_HELP = (
    "A forced leader without trump leads face down; when nobody trumps it: leader_wins, "
    "trick_void or reveal_and_follow."
)


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"--option {pair!r}: write it as name=value")
        out[key.strip()] = value.strip()
    return out


def _trump(text: str) -> int | None:
    if text.strip().upper() in ("NT", "N", "NONE"):
        return None
    try:
        return int(Suit.parse(text))
    except TricktableError as exc:
        raise typer.BadParameter(f"--trump {text!r}: {exc}; or NT for no trump") from None


def _play_rules(policy: str, heading: str, trump_leads: str, blind: str | None) -> PlayRules:
    if policy not in _POLICIES or heading not in _HEADINGS:
        raise typer.BadParameter(
            f"--policy {policy!r} / --heading {heading!r}: the policies are "
            f"{', '.join(_POLICIES)}; the headings {', '.join(_HEADINGS)}"
        )
    if blind is not None and blind not in _UNANSWERED:
        raise typer.BadParameter(f"--blind {blind!r}: use one of {', '.join(_UNANSWERED)}")
    try:
        leads = frozenset(int(t) - 1 for t in trump_leads.replace(",", " ").split())
    except ValueError:
        raise typer.BadParameter(f"--trump-leads {trump_leads!r}: trick numbers like 1,2") from None
    return PlayRules(policy=policy, heading=heading, trump_leads=leads,  # type: ignore[arg-type]
                     blind_lead=blind is not None,
                     blind_unanswered=blind or "leader_wins")  # type: ignore[arg-type]  # fmt: skip


def solve_command(
    deal: Annotated[str, typer.Argument(help="Deal text: the hands from seat 0, '/' between.")],
    *,
    game: Annotated[str, typer.Option(help="The game (its pack, ranking and sides).")] = (
        GAME_NAMES[0]
    ),
    trump: Annotated[str, typer.Option(help="Trump suit C, D, H or S; NT for none.")] = "NT",
    leader: Annotated[int, typer.Option(help="The seat that leads.")] = 0,
    option: Annotated[list[str] | None, typer.Option(help="A rule option, name=value.")] = None,
    policy: Annotated[str, typer.Option(help="follow_only or loo_strict.")] = "follow_only",
    heading: Annotated[str, typer.Option(help="What loo_strict heading means.")] = (
        "win_if_possible"
    ),
    trump_leads: Annotated[str, typer.Option(help=_TRUMP_LEADS_HELP)] = "",
    blind: Annotated[str | None, typer.Option(help=_BLIND_HELP)] = None,
    played: Annotated[int, typer.Option(help="Tricks already played before this position.")] = 0,
) -> None:
    """Double-dummy trick table of a deal: every card the leader may play, and its tricks."""
    try:
        rules = make_rules(game, **_options(option or []))
        flow = rules.flow
        position = position_from_deal(
            deal, ranking=flow.ranking, trump=_trump(trump), leader=leader, sides=flow.sides(),
            rules=_play_rules(policy, heading, trump_leads, blind), has_widow=flow.has_widow,
            trick_number=played,
        )  # fmt: skip
        values = solve(position)
    except TricktableError as exc:
        raise typer.BadParameter(str(exc)) from None
    side = " + ".join(str(s) for s in position.side_of(leader))
    table = Table(title=f"{rules} · trump {trump.upper()} · seat {leader} leads")
    table.add_column("card")
    table.add_column(f"tricks for seat {side}", justify="right")
    for action, tricks in values.items():
        table.add_row(action.removeprefix("play "), str(tricks))
    Console(highlight=False).print(table)


def analyse_command(
    record: Annotated[Path, typer.Argument(help="A game record saved by tricktable.")],
    *,
    hand: Annotated[int | None, typer.Option(help="Only this deal (1 = the first).")] = None,
    mistakes: Annotated[bool, typer.Option(help="List only the cards that cost tricks.")] = False,
) -> None:
    """What every card played in a record cost against the best card, double dummy."""
    try:
        data = load_record(record)
        reviews = review_record(data, deal_number=None if hand is None else hand - 1)
        players = make_rules(str(data["rules"])).flow.players
    except (TricktableError, KeyError) as exc:
        raise typer.BadParameter(str(exc)) from None
    console = Console(highlight=False)
    console.print(_cards_table([r for r in reviews if r.cost or not mistakes]))
    totals = Table(title="Tricks lost, double dummy")
    for seat in range(players):
        totals.add_column(f"seat {seat}", justify="right")
    totals.add_row(*(str(t) for t in total_cost(reviews, players)))
    console.print(totals)


def _cards_table(reviews: list[CardReview]) -> Table:
    table = Table(title="Cards played")
    for name in ("hand", "trick", "seat", "card", "tricks", "best", "cost", "best cards"):
        table.add_column(name, justify="left" if name in ("card", "best cards") else "right")
    for r in reviews:
        best = " ".join(a.removeprefix("play ") for a in r.best_actions)
        table.add_row(str(r.deal_number + 1), str(r.trick), str(r.seat),
                      r.action.removeprefix("play "), str(r.tricks), str(r.best), str(r.cost),
                      best)  # fmt: skip
    return table


def register(app: typer.Typer) -> None:
    app.command("solve")(solve_command)
    app.command("analyse")(analyse_command)
