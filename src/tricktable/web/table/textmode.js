// The text mode, for screen-reader users (in the spirit of lichess's blind mode): the table as
// plain text (contract, scores, the trick, the hand by suit), every legal choice in a list of
// buttons, and one command line where a move is typed ("play AH", "AH", a choice's number) or a
// part of the table is asked to be read again ("hand", "trick", "scores", "contract", "last").
// Answers go to a log that is a live region; turns, plays and results are announced by the
// page's own live region as in the drawn table.
import { boardText, eventOf } from "./event.js";
import { t, tn } from "../i18n.js";
import { act } from "./connection.js";
import { cardName, effectiveSuit, SUIT_NAME, sortHand } from "./cards.js";
import { columns, contractFacts, explain, handSummary } from "./games.js";
import { number } from "./numbers.js";
import { canAct, closeSummary, seatName, state, update, who } from "./store.js";
import { TimerControls } from "./timer.js";
import { html } from "./ui.js";

const local = { log: [], typed: "", focusNext: false };

const ctxOf = (view) => ({ view, options: state.table.options, me: state.seat, name: seatName });
const capital = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const and = (items) => items.join(` ${t("and")} `);
// the words typed at the command line stay as they are in every language (as at the terminal)
const TYPED = {
  moves: "moves", help: "help", continue: "continue", examples: "play AH, bid 4, pass", card: "AH",
  parts: "hand, trick, last, contract, scores, turn, moves",
};

function say(line) {
  local.log = [...local.log, line].slice(-6); // the newest answers; the region reads the new one
  update({});
}

/** The hand in words, suit by suit, trumps first: "Trumps: the Joker, jack of hearts. Spades: …". */
export function handText(view) {
  if (!view.hand.length) return t("Your hand is empty.");
  const groups = [];
  for (const card of sortHand(view.hand, view)) {
    const suit = effectiveSuit(card, view);
    const label = suit === view.trump || suit === "T" ? t("Trumps") : capital(SUIT_NAME[suit]);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.cards.push(card);
    else groups.push({ label, cards: [card] });
  }
  const playable = new Set(view.legal_actions.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const named = (c) => (playable.has(c) ? t("{card} (playable)", { card: cardName(c) }) : cardName(c));
  const parts = groups.map((g) => t("{suit}: {cards}.", { suit: g.label, cards: g.cards.map(named).join(", ") }));
  return `${tn("Your hand, {n} card.", "Your hand, {n} cards.", view.hand.length)} ${parts.join(" ")}`;
}

/** One play of a trick, a sentence's part in the player's person: "you led …", "Cleo played …". */
function playText(play, first) {
  const card = play.face_down && !play.card ? t("a card face down") : cardName(play.card);
  const name = seatName(play.seat);
  if (play.seat === state.seat) return first ? t("you led {card}", { card }) : t("you played {card}", { card });
  return first ? t("{name} led {card}", { name, card }) : t("{name} played {card}", { name, card });
}

const playsText = (trick) => trick.plays.map((p, i) => playText(p, i === 0)).join(", ");

function wonText(seat) {
  return seat === state.seat ? t("You win the trick.") : t("{name} wins the trick.", { name: seatName(seat) });
}

export function trickText(view) {
  const trick = state.held ? state.held.trick : view.trick;
  if (!trick || !trick.plays.length) {
    if (view.phase !== "play") return t("No trick being played.");
    return view.to_move === state.seat ? t("No card in this trick yet; you lead.")
      : t("No card in this trick yet; {name} to lead.", { name: seatName(view.to_move) });
  }
  const done = trick.winner !== null && trick.winner !== undefined && state.held;
  const plays = t("The trick: {plays}.", { plays: playsText(trick) });
  return done ? `${plays} ${wonText(trick.winner)}` : plays;
}

export function lastTrickText(view) {
  const last = view.last_trick;
  if (!last) return t("No trick has been completed yet this hand.");
  const plays = playsText(last);
  return last.winner === state.seat ? t("Last trick: {plays}; you won it.", { plays })
    : t("Last trick: {plays}; won by {name}.", { plays, name: seatName(last.winner) });
}

function turnupText(view) {
  const cards = and([].concat(view.turnup).map(cardName)); // one card, or a list of them
  const taken = view.turnup_taken_by;
  if (taken === null || taken === undefined) return t("Turn-up: {cards}.", { cards });
  return taken === state.seat ? t("Turn-up: {cards}, taken by you.", { cards })
    : t("Turn-up: {cards}, taken by {name}.", { cards, name: seatName(taken) });
}

export function contractText(view) {
  const facts = contractFacts(view, state.table.options, seatName, eventOf() && boardText(eventOf()));
  const objects = [view.dealer === state.seat ? t("You are the dealer.") : t("Dealer: {name}.", { name: seatName(view.dealer) })];
  if (view.turnup && view.turnup.length) objects.push(turnupText(view));
  if (view.widow_size && view.phase !== "play" && view.phase !== "over") {
    objects.push(tn("Widow: {n} card face down.", "Widow: {n} cards face down.", view.widow_size));
  }
  return [...facts.map(([label, value]) => t("{label}: {value}.", { label, value })), ...objects].join(" ");
}

export function scoresText(view) {
  const unit = view.scoring === "chips" ? t("chips") : view.scoring === "countdown" ? t("count") : t("points");
  const cols = columns(view, seatName);
  const totals = cols.map((c) => `${c.label} ${number(view.scores[c.seats[0]])}`).join(", ");
  const seats = view.active && view.active.length ? view.active : [...Array(view.players).keys()];
  const scores = t("Scores ({unit}), hand {number}: {totals}.", { unit, number: view.hand_number, totals });
  if (view.phase !== "play") return scores;
  const tricks = seats.map((s) => `${who(s)} ${number(view.tricks_won[s])}`).join(", ");
  return `${scores} ${t("Tricks this hand: {tricks}.", { tricks })}`;
}

function turnText(view) {
  if (view.is_over) return t("The game is over.");
  if (state.summary) {
    const headline = handSummary(state.summary.result, view, seatName).headline;
    return t("{headline}. Type {command} for the next hand.", { headline, command: TYPED.continue });
  }
  if (canAct()) return t("Your turn.");
  if (view.to_move === null) return t("Waiting.");
  return t("{name} is to move.", { name: seatName(view.to_move) });
}

function movesText(view) {
  if (!view.legal_actions.length) return t("Nothing to choose now.");
  const choices = view.legal_actions.map((a, i) => `${number(i + 1)}, ${explain(a, ctxOf(view))[0]}`).join("; ");
  return t("Your choices: {choices}.", { choices });
}

const COMMANDS = {
  hand: handText, trick: trickText, last: lastTrickText, contract: contractText,
  scores: scoresText, turn: turnText, moves: movesText,
  help: () => t("Type a choice's number, its words ({examples}) or a card ({card}). To hear a part again: {parts}. {continue} closes the hand summary.", TYPED),
};

/** The legal action a typed line means, or a sentence saying why there is none. */
export function resolve(text, view) {
  const legal = view.legal_actions;
  const words = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (/^\d+$/.test(words)) {
    const n = Number(words);
    return n >= 1 && n <= legal.length ? { action: legal[n - 1] }
      : { error: t("{typed} is not a choice number; choose 1 to {count}.", { typed: words, count: number(legal.length) }) };
  }
  const exact = legal.find((a) => a.toLowerCase() === words);
  if (exact) return { action: exact };
  const card = words.toUpperCase().replace(/^T/, "10");
  const byCard = legal.filter((a) => a.split(" ").slice(1).join(" ").toUpperCase() === card);
  if (byCard.length === 1) return { action: byCard[0] };
  return { error: t("“{typed}” is not a choice now. Type {moves} to hear them, or {help}.", { typed: text.trim(), ...TYPED }) };
}

function submit(event) {
  event.preventDefault();
  const input = event.target.elements.command;
  const text = input.value.trim();
  input.value = "";
  if (!text) return;
  const view = state.view.view;
  const word = text.toLowerCase();
  if (word === "continue" || word === "next") {
    if (state.summary) closeSummary(); else say(t("There is no hand summary to close."));
    return;
  }
  if (COMMANDS[word]) { say(COMMANDS[word](view)); return; }
  if (!canAct()) { say(t("Not your turn: {turn}", { turn: turnText(view) })); return; }
  const found = resolve(text, view);
  if (found.error) say(found.error);
  else act(found.action);
}

function ChoiceList({ view }) {
  const live = canAct();
  if (!live || !view.legal_actions.length) return html`<p data-testid="text-waiting">${turnText(view)}</p>`;
  return html`<ol class="text-choices" data-testid="text-choices" aria-label=${t("Your choices")}>
    ${view.legal_actions.map((a) => {
      const [label, detail] = explain(a, ctxOf(view));
      return html`<li key=${a}><button type="button" data-action=${a} onClick=${() => act(a)}>${label}${detail ? html`<span class="muted"> — ${detail}</span>` : null}</button></li>`;
    })}
  </ol>`;
}

export function TextTable() {
  const view = state.view.view;
  return html`<main class="text-mode" data-testid="text-mode" aria-labelledby="text-title">
    <h2 id="text-title">${t("Text table: {title}, hand {number}", { title: t(state.table.title), number: number(view.hand_number) })}</h2>
    <section aria-labelledby="text-contract"><h3 id="text-contract">${t("Contract")}</h3>
      <p data-testid="text-contract">${contractText(view)}</p></section>
    <section aria-labelledby="text-scores"><h3 id="text-scores">${t("Scores")}</h3>
      <p data-testid="text-scores">${scoresText(view)}</p></section>
    <section aria-labelledby="text-trick"><h3 id="text-trick">${t("Trick")}</h3>
      <p data-testid="text-trick">${trickText(view)}</p></section>
    ${state.seat !== null ? html`<section aria-labelledby="text-hand"><h3 id="text-hand">${t("Hand")}</h3>
      <p data-testid="text-hand">${handText(view)}</p></section>` : null}
    <section aria-labelledby="text-turn"><h3 id="text-turn">${t("Your choices")}</h3>
      <${ChoiceList} view=${view} />
      <${TimerControls} />
      <form class="text-command" onSubmit=${submit}>
        <label for="text-command">${t("Command or move")}</label>
        <input id="text-command" name="command" data-testid="text-command" autocomplete="off"
          aria-describedby="text-help" autofocus />
        <button type="submit">${t("Enter")}</button>
      </form>
      <p id="text-help" class="muted">${COMMANDS.help()}</p>
      <div class="text-log" role="log" aria-live="polite" data-testid="text-log">
        ${local.log.map((line, i) => html`<p key=${`${local.log.length}-${i}`}>${line}</p>`)}
      </div>
    </section>
  </main>`;
}

/** In text mode a focus that fell to the page (a chosen button is gone) goes to the command. */
/** After text mode is switched on, the command line takes the focus (not the switch). */
export function focusTextCommand() {
  local.focusNext = true;
}

export function keepTextFocus() {
  if (!state.prefs.textMode) return;
  const active = document.activeElement;
  const asked = local.focusNext && document.getElementById("text-command");
  local.focusNext = false;
  if (!asked && active && active !== document.body) return;
  const input = document.getElementById("text-command");
  if (input) input.focus({ preventScroll: true });
}
