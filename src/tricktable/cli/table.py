"""A game at the terminal: one human seat, computer players in the others.

The human sees and acts from ``game.view(seat)`` only, and other seats' decisions are announced
from that same view (a hidden discard or a face-down card is announced without the card). Input
comes line by line from stdin, so a game can be scripted; at the end of the input the game is
saved and the session ends cleanly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Mapping
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from ..actions import Action, Kind, parse_action
from ..bots import Bot
from ..cards import parse_card
from ..engine import Game
from ..errors import IllegalActionError, NotationError, TricktableError
from ..record import save_record
from ..view import View
from .narrate import SeatNames, action_sentence, play_sentence, result_sentences
from .render import (
    hand_ante,
    ordered_moves,
    print_lines,
    render_hand,
    render_legal,
    render_scores,
    render_status,
    render_trick,
)

__all__ = ["PROMPT", "TerminalTable", "parse_choice"]

PROMPT = "Your move (number, notation or 'help'): "
HELP = """\
Type a move's number or its notation ('trump H', 'play JH'); while bidding, a
number is that bid ('4' bids 4). A card alone ('JH') is enough when only one
move uses it. Commands:
  hint    the strongest bot's suggestion    last    the last trick
  table   show the table again              scores  the result of every hand
  save    save the game record now          quit    save and stop"""


def _read_stdin() -> str:
    return sys.stdin.readline()


def _numeric_bids(legal: tuple[Action, ...]) -> dict[str, Action]:
    return {a.value: a for a in legal if a.kind is Kind.BID and a.value.isdigit()}


def parse_choice(
    text: str, legal: tuple[Action, ...], kinds: Collection[Kind] | None = None
) -> Action:
    """The action meant by a typed bid, a move number, a notation, or a card only one move uses.

    While bids are open a number is that bid ("4" bids 4), never a menu item; a bid's word
    alone ("little-pepper") is that bid too. A word that is no move is refused with the moves
    of this game (``kinds``; else the kinds of the legal moves), not every game's.
    """
    bids = _numeric_bids(legal)
    if bids and text.isdigit():
        return _typed_bid(text, bids, legal)
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal):
            raise IllegalActionError(f"{text!r} is not a move number; choose 1 to {len(legal)}")
        return legal[number - 1]
    words = {a.value.lower(): a for a in legal if a.kind is Kind.BID and not a.value.isdigit()}
    if text.lower() in words:
        return words[text.lower()]
    try:
        return parse_action(text)
    except NotationError as not_action:
        try:
            card = parse_card(text)
        except NotationError:
            ours = {k.value for k in kinds} if kinds else _KIND_WORDS
            if text.split(maxsplit=1)[0].lower() in ours:
                raise not_action from None  # a move's word with a bad rest: say what is wrong
            raise _not_a_move(text, legal, kinds) from None
    matches = [a for a in legal if a.cards == (card.index,)]
    if len(matches) != 1:
        moves = ", ".join(str(a) for a in legal)
        raise IllegalActionError(f"{text!r} is not one of the legal moves: {moves}")
    return matches[0]


_KIND_WORDS = frozenset(k.value for k in Kind)


def _not_a_move(text: str, legal: tuple[Action, ...], kinds: Collection[Kind] | None) -> Exception:
    known = set(kinds) if kinds else {a.kind for a in legal}
    words = ", ".join(k.value for k in Kind if k in known)
    moves = ", ".join(str(a) for a in legal)
    return IllegalActionError(
        f"{text!r} is not a move or a command; this game's moves start with {words} "
        f"(or type 'help'); legal now: {moves}"
    )


def _typed_bid(text: str, bids: dict[str, Action], legal: tuple[Action, ...]) -> Action:
    value = str(int(text))
    if value in bids:
        return bids[value]
    others = [str(a) for a in legal if a.kind is not Kind.BID or not a.value.isdigit()]
    choices = _or_list(sorted(bids, key=int))
    also = f"; or {_or_list(others)}" if others else ""
    raise IllegalActionError(f"{text!r} is not a bid you can make; you can bid {choices}{also}")


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class TerminalTable:
    """Runs a game between the human at ``seat`` and ``bots`` in every other seat."""

    def __init__(
        self,
        game: Game,
        seat: int,
        *,
        bots: Mapping[int, Bot],
        console: Console,
        record_dir: Path,
        hint_bot: Bot,
        show_hints: bool = False,
        read_line: Callable[[], str] | None = None,
    ) -> None:
        self.game, self.seat, self.bots, self.console = game, seat, bots, console
        self.record_dir, self.hint_bot, self.show_hints = record_dir, hint_bot, show_hints
        # sys.stdin is looked up at each read: test runners and pipes replace it.
        self.read_line = read_line or _read_stdin
        view = game.view(seat)
        self.names = SeatNames(seat, view.sides, game.player_count)
        self.results_seen = 0
        self.hand_seen = 0
        self.saved_to: Path | None = None

    def view(self) -> View:
        return self.game.view(self.seat)

    # -- the session ---------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game is over or the input ends; save the record either way."""
        self.console.print(f"[bold]{self.game.rules.game.title}[/bold] · {self.game.rules} · "
                           f"seed {self.game.seed}")  # fmt: skip
        self.console.print(self._seating())
        self._announce_new_hand(self.view())
        while not self.game.is_over:
            if self.game.to_move == self.seat:
                if not self._human_turn():
                    self.save()
                    return
            else:
                self._bot_turn()
        self._game_over()

    def _bot_turn(self) -> None:
        seat = self.game.to_move
        assert seat is not None
        action = self.bots[seat].choose(self.game.view(seat))
        self.game.apply(action)
        self._announce(seat, action)

    def _human_turn(self) -> bool:
        """Show the table and read input until a move is made (False: stop the session)."""
        self.show_table()
        while True:
            self.console.print(PROMPT, end="", markup=False)
            try:
                line = self.read_line()
            except KeyboardInterrupt:  # Ctrl-C at the prompt ends the session like end of input
                line = ""
            if not line:
                self.console.print("\nEnd of input.")
                return False
            outcome = self._handle(line.strip())
            if outcome is not None:
                return outcome

    def _handle(self, text: str) -> bool | None:
        """True: a move was made; False: stop; None: prompt again."""
        command = _COMMANDS.get(text.lower())
        if command is not None:
            return command(self)
        if not text:
            return None
        try:
            view = self.view()
            choice = parse_choice(text, ordered_moves(view), view.rules.flow.action_kinds())
            action = self.game.apply(choice)
        except TricktableError as exc:
            reason = escape(self.names.in_text(str(exc)))
            self.console.print(f"[red]Not accepted:[/red] {reason}")
            return None
        self._announce(self.seat, action)
        return True

    # -- commands ------------------------------------------------------------------------------

    def show_table(self) -> bool | None:
        view = self.view()
        print_lines(self.console, render_status(view, self.names))
        self.console.print(f"Your hand: {render_hand(view)}")
        if self.show_hints:
            self.hint()
        self.console.print(render_legal(ordered_moves(view)))
        return None

    def hint(self) -> bool | None:
        view = self.view()
        if view.legal:
            self.console.print(f"Hint: {self.hint_bot.choose(view)}")
        return None

    def last_trick(self) -> bool | None:
        trick = self.view().last_trick
        self.console.print(f"Last trick: {render_trick(trick, self.names)}")
        return None

    def scores(self) -> bool | None:
        """The score sheet: each hand's result and the totals it left, then the totals now
        (before this hand's ante, which counts in this hand's change)."""
        view = self.view()
        for result in view.history:
            scores = render_scores(view, self.names, result.scores)
            summary = escape(self.names.in_text(result.summary))
            self.console.print(f"Hand {result.hand_number}: {summary} → {scores}")
        self.console.print(f"Now: {render_scores(view, self.names)}")
        if hand_ante(view):
            ante = self.names.does(view.dealer, "ante")
            self.console.print(f"Hand {view.hand_number} so far: {ante} {hand_ante(view)} "
                               "chips (counted in this hand's change).")  # fmt: skip
        return None

    def help(self) -> bool | None:
        self.console.print(HELP, markup=False)
        return None

    def save(self) -> bool | None:
        if self.saved_to is None:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            self.saved_to = _free_path(
                self.record_dir, f"{self.game.rules.name}-{self.game.seed}-{stamp}"
            )
        save_record(self.game, self.saved_to)
        self.console.print(f"Game record saved to {self.saved_to}", markup=False)
        return None

    def quit(self) -> bool | None:
        return False

    # -- announcements -------------------------------------------------------------------------

    def _seating(self) -> str:
        players = self.game.player_count
        others = [self.names.label((self.seat + k) % players) for k in range(1, players)]
        return (f"You sit in seat {self.seat + 1} of {self.game.player_count}; "
                f"clockwise from your left: {', '.join(others)}.")  # fmt: skip

    def _announce(self, seat: int, action: Action) -> None:
        view = self.view()
        if action.kind is Kind.PLAY:
            self._announce_play(view)
        else:
            self.console.print(escape(action_sentence(self.names, seat, action)))
        self._announce_result(view)
        if not view.is_over:
            self._announce_new_hand(view)

    def _announce_play(self, view: View) -> None:
        trick = view.trick
        shown = view.last_trick if trick is None or not trick.plays else trick
        if shown is None:
            return
        for line in play_sentence(self.names, shown):
            self.console.print(line)

    def _announce_result(self, view: View) -> None:
        history = view.history
        for result in history[self.results_seen :]:
            self.console.print(f"[bold]End of hand {result.hand_number}.[/bold]")
            for line in result_sentences(self.names, result, view.sides):
                self.console.print(escape(line))
        if len(history) > self.results_seen:  # the totals that hand left, as the sheet shows
            self.console.print(f"Scores: {render_scores(view, self.names, history[-1].scores)}")
        self.results_seen = len(history)

    def _announce_new_hand(self, view: View) -> None:
        if view.hand_number != self.hand_seen:
            self.hand_seen = view.hand_number
            dealer = self.names.does(view.dealer, "deal")
            verb = "put" if view.dealer == self.seat else "puts"
            ante = f" and {verb} {hand_ante(view)} chips in the pot" if hand_ante(view) else ""
            self.console.print(f"\n[bold]— Hand {self.hand_seen} —[/bold] {dealer}{ante}.")

    def _game_over(self) -> None:
        view = self.view()
        winners = view.winners
        names = self.names.listed(winners)
        verdict = "You win!" if self.seat in winners else "You lose."
        self.console.print(f"\n[bold]Game over.[/bold] Won by {names}. {verdict}")
        self.console.print(f"Final scores: {render_scores(view, self.names)}")
        self.save()


def _free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.json``, numbered if a record of another session already has that name."""
    path, number = folder / f"{stem}.json", 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.json"
    return path


_COMMANDS: dict[str, Callable[[TerminalTable], bool | None]] = {
    "help": TerminalTable.help,
    "?": TerminalTable.help,
    "hint": TerminalTable.hint,
    "last": TerminalTable.last_trick,
    "table": TerminalTable.show_table,
    "scores": TerminalTable.scores,
    "save": TerminalTable.save,
    "quit": TerminalTable.quit,
    "exit": TerminalTable.quit,
}
