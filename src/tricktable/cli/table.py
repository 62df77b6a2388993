"""A game at the terminal: one human seat, computer players in the others.

The human sees and acts from ``game.view(seat)`` only, and other seats' decisions are announced
from that same view (a hidden discard or a face-down card is announced without the card). Input
comes line by line from stdin, so a game can be scripted; at the end of the input the game is
saved and the session ends cleanly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
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
from .render import (
    SeatNames,
    card_markup,
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
Type a move's number or its notation ('bid 3', 'trump H', 'play JH'); a card
alone ('JH') is enough when only one move uses it. Commands:
  hint    the strongest bot's suggestion    last    the last trick
  table   show the table again              scores  the result of every hand
  save    save the game record now          quit    save and stop"""
_HIDDEN_KINDS = {
    Kind.DISCARD: "discards a card",
    Kind.GIVE: "gives a card to the lone player",
    Kind.EXCHANGE: "takes the turn-up and discards",
}


def _read_stdin() -> str:
    return sys.stdin.readline()


def parse_choice(text: str, legal: tuple[Action, ...]) -> Action:
    """The action meant by a move number, a notation, or a card that only one move uses."""
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal):
            raise IllegalActionError(f"{text!r} is not a move number; choose 1 to {len(legal)}")
        return legal[number - 1]
    try:
        return parse_action(text)
    except NotationError as not_action:
        try:
            card = parse_card(text)
        except NotationError:
            raise not_action from None
    matches = [a for a in legal if a.cards == (card.index,)]
    if len(matches) != 1:
        moves = ", ".join(str(a) for a in legal)
        raise IllegalActionError(f"{text!r} is not one of the legal moves: {moves}")
    return matches[0]


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
        self.names = SeatNames(seat, view["sides"], game.player_count)
        self.results_seen = 0
        self.hand_seen = 0
        self.saved_to: Path | None = None

    def view(self) -> View:
        return self.game.view(self.seat)

    # -- the session ---------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game is over or the input ends; save the record either way."""
        self.console.print(f"[bold]{self.game.rules}[/bold] · seed {self.game.seed} · "
                           f"you are seat {self.seat}")  # fmt: skip
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
            action = self.game.apply(parse_choice(text, ordered_moves(self.view())))
        except TricktableError as exc:
            self.console.print(f"[red]Not accepted:[/red] {escape(str(exc))}")
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
        self.console.print(f"Moves: {render_legal(ordered_moves(view))}")
        return None

    def hint(self) -> bool | None:
        view = self.view()
        if view.legal:
            self.console.print(f"Hint: {self.hint_bot.choose(view)}")
        return None

    def last_trick(self) -> bool | None:
        trick = self.view()["last_trick"]
        self.console.print(f"Last trick: {render_trick(trick, self.names)}")
        return None

    def scores(self) -> bool | None:
        for result in self.view()["history"]:
            scores = " ".join(str(s) for s in result["scores"])
            self.console.print(f"Hand {result['hand_number']}: {result['summary']} → {scores}")
        self.console.print(f"Now: {render_scores(self.view(), self.names)}")
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

    def _announce(self, seat: int, action: Action) -> None:
        view = self.view()
        who = self.names.title(seat)
        if action.kind is Kind.PLAY:
            self._announce_play(who, view)
        elif action.kind in _HIDDEN_KINDS and seat != self.seat:
            self.console.print(f"{who} {_HIDDEN_KINDS[action.kind]}")
        else:
            self.console.print(f"{who}: {action}")
        self._announce_result(view)
        if not view["is_over"]:
            self._announce_new_hand(view)

    def _announce_play(self, who: str, view: View) -> None:
        trick = view.get("trick")
        done = not trick or not trick["plays"]
        shown = view["last_trick"] if done else trick
        card = shown["plays"][-1]["card"]
        verb = "plays" if card is not None else "plays a card face down"
        self.console.print(f"{who} {verb} {card_markup(card) if card else ''}".rstrip())
        if done:
            self.console.print(f"  {self.names.title(shown.get('winner'))} wins the trick")

    def _announce_result(self, view: View) -> None:
        history = view["history"]
        for result in history[self.results_seen :]:
            self.console.print(f"[bold]Hand {result['hand_number']} result:[/bold] "
                               f"{escape(result['summary'])}")  # fmt: skip
        if len(history) > self.results_seen:
            self.console.print(f"Scores: {render_scores(view, self.names)}")
        self.results_seen = len(history)

    def _announce_new_hand(self, view: View) -> None:
        if view["hand_number"] != self.hand_seen:
            self.hand_seen = view["hand_number"]
            self.console.print(f"\n[bold]— Hand {self.hand_seen} —[/bold] dealer: "
                               f"{self.names[view['dealer']]}")  # fmt: skip

    def _game_over(self) -> None:
        view = self.view()
        winners = view["winners"]
        names = " and ".join(self.names[s] for s in winners)
        verdict = "You win!" if self.seat in winners else "You lose."
        self.console.print(f"\n[bold]Game over.[/bold] Winners: {names}. {verdict}")
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
