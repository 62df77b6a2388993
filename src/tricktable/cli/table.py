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
from ..bots.hints import Reason
from ..cards import CARD_TEXT, COPY_STRIDE, parse_card
from ..engine import Game
from ..errors import IllegalActionError, NotationError, TricktableError
from ..flow import Flow, HandResult
from ..i18n import N_, Translator
from ..record import save_record
from ..view import View
from .narrate import (
    ENGLISH,
    SeatNames,
    action_sentence,
    card_symbol,
    play_sentence,
    result_sentences,
)
from .reasons import hint_words
from .render import (
    hand_ante,
    move_words,
    ordered_moves,
    print_lines,
    render_hand,
    render_legal,
    render_scores,
    render_status,
    render_trick,
)

__all__ = ["PROMPT", "TerminalTable", "help_text", "parse_choice"]

PROMPT = N_("Your move (number, notation or 'help'): ")
HELP_MOVES = N_("Type a move's number or its notation ({examples}).")
HELP_BIDS = N_("While bidding, a number is that bid ('4' bids 4).")
HELP_CARDS = N_("A card alone ('JH') is enough when only one move uses it. Commands:")
ONLY_CARD = N_("Your only legal card is {card}; it is played for you.")
# The commands are typed as they are written in every language; their descriptions are not.
COMMAND_HELP = (
    ("hint", N_("the strongest bot's suggestion")),
    ("last", N_("the last trick")),
    ("table", N_("show the table again")),
    ("scores", N_("the result of every hand")),
    ("save", N_("save the game record now")),
    ("quit", N_("save and stop")),
)


def _read_stdin() -> str:
    return sys.stdin.readline()


def _numeric_bids(legal: tuple[Action, ...]) -> dict[str, Action]:
    return {a.value: a for a in legal if a.kind is Kind.BID and a.value.isdigit()}


def parse_choice(
    text: str,
    legal: tuple[Action, ...],
    kinds: Collection[Kind] | None = None,
    words: Translator = ENGLISH,
) -> Action:
    """The action meant by a typed bid, a move number, a notation, or a card only one move uses.

    While bids are open a number is that bid ("4" bids 4), never a menu item; a bid's word
    alone ("little-pepper") is that bid too. A word that is no move is refused with the moves
    of this game (``kinds``; else the kinds of the legal moves), not every game's.
    """
    _ = words.gettext
    bids = _numeric_bids(legal)
    if bids and text.isdigit():
        return _typed_bid(text, bids, legal, words)
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal):
            refusal = _("{text} is not a move number; choose 1 to {last}")
            raise IllegalActionError(refusal.format(text=repr(text), last=len(legal)))
        return legal[number - 1]
    named = {a.value.lower(): a for a in legal if a.kind is Kind.BID and not a.value.isdigit()}
    if text.lower() in named:
        return named[text.lower()]
    try:
        return parse_action(text)
    except NotationError as not_action:
        try:
            card = parse_card(text)
        except NotationError:
            ours = {k.value for k in kinds} if kinds else _KIND_WORDS
            if text.split(maxsplit=1)[0].lower() in ours and words.code == "en":
                raise not_action from None  # a move's word with a bad rest: say what is wrong
            raise _not_a_move(text, legal, kinds, words) from None
    matches = [a for a in legal if a.cards == (card.index,)]
    if len(matches) != 1:
        moves = ", ".join(str(a) for a in legal)
        refusal = _("{text} is not one of the legal moves: {moves}")
        raise IllegalActionError(refusal.format(text=repr(text), moves=moves))
    return matches[0]


_KIND_WORDS = frozenset(k.value for k in Kind)


def _not_a_move(
    text: str, legal: tuple[Action, ...], kinds: Collection[Kind] | None, words: Translator
) -> Exception:
    known = set(kinds) if kinds else {a.kind for a in legal}
    ordered = sorted((k for k in Kind if k in known), key=lambda k: k is Kind.PLAY)  # play last
    starts = ", ".join(k.value for k in ordered)
    moves = ", ".join(str(a) for a in legal)
    refusal = words.gettext(
        "{text} is not a move or a command; this game's moves start with {words} "
        "(or type 'help'); legal now: {moves}"
    )
    return IllegalActionError(refusal.format(text=repr(text), words=starts, moves=moves))


def _typed_bid(
    text: str, bids: dict[str, Action], legal: tuple[Action, ...], words: Translator
) -> Action:
    _ = words.gettext
    value = str(int(text))
    if value in bids:
        return bids[value]
    others = [str(a) for a in legal if a.kind is not Kind.BID or not a.value.isdigit()]
    choices = _or_list(sorted(bids, key=int), words)
    if others:
        refusal = _("{text} is not a bid you can make; you can bid {bids}; or {others}")
    else:
        refusal = _("{text} is not a bid you can make; you can bid {bids}")
    raise IllegalActionError(
        refusal.format(text=repr(text), bids=choices, others=_or_list(others, words))
    )


def _or_list(items: list[str], words: Translator) -> str:
    if len(items) <= 1:
        return "".join(items)
    return words.gettext("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def help_text(flow: Flow, words: Translator = ENGLISH) -> str:
    """How to type a move in this game: examples from its own moves, and what a number means
    while bidding only where the game has bids."""
    _ = words.gettext
    kinds = flow.action_kinds()
    calls = [kind.value for kind in flow.CALLS if kind in kinds and kind is not Kind.PASS]
    examples = [*calls, *(["trump H"] if Kind.TRUMP in kinds else []), "play JH"]
    lines = [_(HELP_MOVES).format(examples=", ".join(f"'{e}'" for e in examples))]
    if Kind.BID in kinds:
        lines.append(_(HELP_BIDS))
    lines.append(_(HELP_CARDS))
    return "\n".join(lines)


class TerminalTable:
    """Runs a game between the human at ``seat`` and ``bots`` in every other seat, told in the
    human's language (``words``)."""

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
        words: Translator = ENGLISH,
    ) -> None:
        self.game, self.seat, self.bots, self.console = game, seat, bots, console
        self.record_dir, self.hint_bot, self.show_hints = record_dir, hint_bot, show_hints
        # sys.stdin is looked up at each read: test runners and pipes replace it.
        self.read_line = read_line or _read_stdin
        self.words = words
        self._ = words.gettext
        view = game.view(seat)
        self.names = SeatNames(seat, view.sides, game.player_count, words)
        self.results_seen = 0
        self.hand_seen = 0
        self.saved_to: Path | None = None
        self.status_hand = 0
        self.status_seen: set[str] = set()
        """The status lines the human saw last, in hand ``status_hand`` (shown again only
        when they change)."""

    def view(self) -> View:
        return self.game.view(self.seat)

    # -- the session ---------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game is over or the input ends; save the record either way."""
        title = self._(self.game.rules.game.title)
        seed = self._("seed {seed}").format(seed=self.game.seed)
        self.console.print(f"[bold]{escape(title)}[/bold] · {self.game.rules} · {seed}")
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
        """Show the table and read input until a move is made (False: stop the session); a
        card that is the only legal move is played without asking."""
        if self._play_only_card():
            return True
        self._show_changes()
        while True:
            self.console.print(self._(PROMPT), end="", markup=False)
            try:
                line = self.read_line()
            except KeyboardInterrupt:  # Ctrl-C at the prompt ends the session like end of input
                line = ""
            if not line:
                self.console.print("\n" + self._("End of input."))
                return False
            outcome = self._handle(line.strip())
            if outcome is not None:
                return outcome

    def _play_only_card(self) -> bool:
        legal = self.view().legal
        if len(legal) != 1 or legal[0].kind is not Kind.PLAY:
            return False
        card = card_symbol(CARD_TEXT[legal[0].cards[0]], self.words)
        self.console.print(self._(ONLY_CARD).format(card=card), markup=False)
        self._announce(self.seat, self.game.apply(legal[0]))
        return True

    def _handle(self, text: str) -> bool | None:
        """True: a move was made; False: stop; None: prompt again."""
        command = _COMMANDS.get(text.lower())
        if command is not None:
            return command(self)
        if not text:
            return None
        try:
            view = self.view()
            kinds = view.rules.flow.action_kinds()
            choice = parse_choice(text, ordered_moves(view), kinds, self.words)
            if self.words.code != "en" and choice not in view.legal:
                raise IllegalActionError(self._refusal(view, choice))
            action = self.game.apply(choice)
        except TricktableError as exc:
            reason = escape(self.names.in_text(str(exc)))
            refused = self._("Not accepted:")
            self.console.print(f"[red]{refused}[/red] {reason}")
            return None
        self._announce(self.seat, action)
        return True

    def _refusal(self, view: View, choice: Action) -> str:
        """Why a move is not legal, in the human's language (the engine says it in English):
        a card not held, or the trick's obligations; and what is legal now."""
        _ = self._
        move = move_words(choice, self.words)
        legal = ", ".join(move_words(a, self.words) for a in ordered_moves(view))
        if choice.kind is Kind.PLAY and view.phase == "play":
            card = CARD_TEXT[choice.cards[0] % COPY_STRIDE]
            if all(str(c) != card for c in view.hand):
                refusal = _("{move} is not legal: you do not hold {card}; legal now: {moves}")
                return refusal.format(move=move, card=card_symbol(card, self.words), moves=legal)
            if view.trick is not None and view.trick.plays:
                refusal = _(
                    "{move} is not legal: the trick obliges another card; legal now: {moves}"
                )
                return refusal.format(move=move, moves=legal)
        return _("{move} is not legal now; legal now: {moves}").format(move=move, moves=legal)

    # -- commands ------------------------------------------------------------------------------

    def show_table(self) -> bool | None:
        """The whole table: its status, the hand and the moves (the ``table`` command)."""
        self._show_changes(everything=True)
        return None

    def _show_changes(self, everything: bool = False) -> None:
        """The status lines that changed since the human last saw them (all of them in a new
        hand), then the hand and the moves."""
        view = self.view()
        status = render_status(view, self.names)
        fresh = everything or view.hand_number != self.status_hand
        print_lines(self.console, [s for s in status if fresh or s not in self.status_seen])
        self.status_hand, self.status_seen = view.hand_number, set(status)
        hand = render_hand(view, self.words)
        self.console.print(self._("Your hand: {cards}").format(cards=hand))
        if self.show_hints:
            self.hint()
        self.console.print(render_legal(ordered_moves(view), self.words))

    def hint(self) -> bool | None:
        view = self.view()
        if view.legal:
            action = self.hint_bot.choose(view)
            reason = getattr(self.hint_bot, "reason", None)  # a hint bot keeps why it chose
            why = reason if isinstance(reason, Reason) else None
            self.console.print(escape(hint_words(action, why, self.words)))
        return None

    def last_trick(self) -> bool | None:
        trick = render_trick(self.view().last_trick, self.names)
        self.console.print(self._("Last trick: {trick}").format(trick=trick))
        return None

    def scores(self) -> bool | None:
        """The score sheet: each hand's result and the totals it left, then the totals now
        (before this hand's ante, which counts in this hand's change)."""
        view = self.view()
        _ = self._
        for result in view.history:
            scores = render_scores(view, self.names, result.scores)
            summary = escape(self._hand_summary(result))
            line = _("Hand {number}: {summary} → {scores}")
            self.console.print(line.format(number=result.hand_number, summary=summary,
                                           scores=scores))  # fmt: skip
        self.console.print(_("Now: {scores}").format(scores=render_scores(view, self.names)))
        if hand_ante(view):
            ante = self.names.says(view.dealer, N_("You ante {count}"), N_("{name} antes {count}"),
                                   count=hand_ante(view))  # fmt: skip
            so_far = _("Hand {number} so far: {ante} (counted in this hand's change).")
            self.console.print(so_far.format(number=view.hand_number, ante=ante))
        return None

    def _hand_summary(self, result: HandResult) -> str:
        """A hand's line on the score sheet: the engine's English summary, or in another
        language the first sentence the hand's end told (the engine's text is not translated)."""
        if self.words.code == "en":
            return self.names.in_text(result.summary)
        return result_sentences(self.names, result, self.view().sides)[0]

    def help(self) -> bool | None:
        self.console.print(help_text(self.game.rules.flow, self.words), markup=False)
        for command, meaning in COMMAND_HELP:
            self.console.print(f"  {command:<8}{self._(meaning)}", markup=False)
        return None

    def save(self) -> bool | None:
        if self.saved_to is None:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            self.saved_to = _free_path(
                self.record_dir, f"{self.game.rules.name}-{self.game.seed}-{stamp}"
            )
        save_record(self.game, self.saved_to)
        saved = self._("Game record saved to {path}").format(path=self.saved_to)
        self.console.print(saved, markup=False)
        return None

    def quit(self) -> bool | None:
        return False

    # -- announcements -------------------------------------------------------------------------

    def _seating(self) -> str:
        players = self.game.player_count
        others = [self.names.label((self.seat + k) % players) for k in range(1, players)]
        seating = self._("You sit in seat {seat} of {players}; clockwise from your left: {names}.")
        return seating.format(seat=self.seat + 1, players=players, names=", ".join(others))

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
            end = self._("End of hand {number}.").format(number=result.hand_number)
            self.console.print(f"[bold]{end}[/bold]")
            for line in result_sentences(self.names, result, view.sides):
                self.console.print(escape(line))
        if len(history) > self.results_seen:  # the totals that hand left, as the sheet shows
            scores = render_scores(view, self.names, history[-1].scores)
            self.console.print(self._("Scores: {scores}").format(scores=scores))
        self.results_seen = len(history)

    def _announce_new_hand(self, view: View) -> None:
        if view.hand_number != self.hand_seen:
            self.hand_seen = view.hand_number
            names, ante = self.names, hand_ante(view)
            if ante:
                dealt = names.says(view.dealer, N_("You deal and put {chips} in the pot."),
                                   N_("{name} deals and puts {chips} in the pot."),
                                   chips=names.chips(ante))  # fmt: skip
            else:
                dealt = names.says(view.dealer, N_("You deal."), N_("{name} deals."))
            heading = self._("— Hand {number} —").format(number=self.hand_seen)
            self.console.print(f"\n[bold]{heading}[/bold] {dealt}")

    def _game_over(self) -> None:
        view = self.view()
        _ = self._
        winners = view.winners
        names = self.names.listed(winners)
        verdict = _("You win!") if self.seat in winners else _("You lose.")
        over = _("Game over.")
        won = _("Won by {names}.").format(names=names)
        self.console.print(f"\n[bold]{over}[/bold] {won} {verdict}")
        self.console.print(
            _("Final scores: {scores}").format(scores=render_scores(view, self.names))
        )
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
