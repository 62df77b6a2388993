// The text mode, for screen-reader users (in the spirit of lichess's blind mode): the table as
// plain text (contract, scores, the trick, the hand by suit), every legal choice in a list of
// buttons, and one command line where a move is typed ("play AH", "AH", a choice's number) or a
// part of the table is asked to be read again ("hand", "trick", "scores", "contract", "last").
// Answers go to a log that is a live region; turns, plays and results are announced by the
// page's own live region as in the drawn table.
import { act } from "./connection.js";
import { cardName, effectiveSuit, SUIT_NAME, sortHand } from "./cards.js";
import { columns, contractFacts, explain, handSummary } from "./games.js";
import { canAct, closeSummary, seatName, state, update, who } from "./store.js";
import { TimerControls } from "./timer.js";
import { html } from "./ui.js";

const local = { log: [], typed: "" };

const ctxOf = (view) => ({ view, options: state.table.options, me: state.seat });

function say(line) {
  local.log = [...local.log, line].slice(-6); // the newest answers; the region reads the new one
  update({});
}

/** The hand in words, suit by suit, trumps first: "Trumps: the Joker, jack of hearts. Spades: …". */
export function handText(view) {
  if (!view.hand.length) return "Your hand is empty.";
  const groups = [];
  for (const card of sortHand(view.hand, view)) {
    const suit = effectiveSuit(card, view);
    const label = suit === view.trump || suit === "T" ? "Trumps" : SUIT_NAME[suit];
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.cards.push(card);
    else groups.push({ label, cards: [card] });
  }
  const playable = new Set(view.legal_actions.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const parts = groups.map((g) => `${g.label[0].toUpperCase()}${g.label.slice(1)}: ${g.cards
    .map((c) => `${cardName(c)}${playable.has(c) ? " (playable)" : ""}`).join(", ")}.`);
  return `Your hand, ${view.hand.length} ${view.hand.length === 1 ? "card" : "cards"}. ${parts.join(" ")}`;
}

function playsText(trick) {
  return trick.plays.map((p, i) => `${who(p.seat)} ${i ? "played" : "led"} ${p.face_down && !p.card
    ? "a card face down" : cardName(p.card)}`).join(", ");
}

export function trickText(view) {
  const trick = state.held ? state.held.trick : view.trick;
  if (!trick || !trick.plays.length) {
    return view.phase === "play" ? `No card in this trick yet; ${who(view.to_move)} to lead.` : "No trick being played.";
  }
  const won = trick.winner !== null && trick.winner !== undefined && state.held
    ? ` ${who(trick.winner)} ${trick.winner === state.seat ? "win" : "wins"} the trick.` : "";
  return `The trick: ${playsText(trick)}.${won}`;
}

export function lastTrickText(view) {
  const last = view.last_trick;
  if (!last) return "No trick has been completed yet this hand.";
  return `Last trick: ${playsText(last)}; won by ${who(last.winner)}.`;
}

export function contractText(view) {
  const facts = contractFacts(view, state.table.options, seatName);
  const objects = [`Dealer: ${who(view.dealer)}.`];
  if (view.turnup && view.turnup.length) {
    const taken = view.turnup_taken_by;
    objects.push(`Turn-up: ${view.turnup.map(cardName).join(" and ")}${taken === null || taken === undefined
      ? "" : `, taken by ${who(taken)}`}.`);
  }
  if (view.widow_size && view.phase !== "play" && view.phase !== "over") {
    objects.push(`Widow: ${view.widow_size} cards face down.`);
  }
  return [...facts.map(([label, value]) => `${label}: ${value}.`), ...objects].join(" ");
}

export function scoresText(view) {
  const unit = view.scoring === "chips" ? "chips" : view.scoring === "countdown" ? "count" : "points";
  const cols = columns(view, seatName);
  const totals = cols.map((c) => `${c.label} ${view.scores[c.seats[0]]}`).join(", ");
  const seats = view.active && view.active.length ? view.active : [...Array(view.players).keys()];
  const tricks = view.phase === "play"
    ? ` Tricks this hand: ${seats.map((s) => `${who(s)} ${view.tricks_won[s]}`).join(", ")}.` : "";
  return `Scores (${unit}), hand ${view.hand_number}: ${totals}.${tricks}`;
}

function turnText(view) {
  if (view.is_over) return "The game is over.";
  if (state.summary) return `${handSummary(state.summary.result, view, seatName).headline}. Type continue for the next hand.`;
  if (canAct()) return "Your turn.";
  if (view.to_move === null) return "Waiting.";
  return `${seatName(view.to_move)} is to move.`;
}

const COMMANDS = {
  hand: handText, trick: trickText, last: lastTrickText, contract: contractText,
  scores: scoresText, turn: turnText,
  moves: (view) => (view.legal_actions.length ? `Your choices: ${view.legal_actions
    .map((a, i) => `${i + 1}, ${explain(a, ctxOf(view))[0]}`).join("; ")}.` : "Nothing to choose now."),
  help: () => "Type a choice's number, its words (play AH, bid 4, pass) or a card (AH). "
    + "To hear a part again: hand, trick, last, contract, scores, turn, moves. "
    + "continue closes the hand summary.",
};

/** The legal action a typed line means, or a sentence saying why there is none. */
export function resolve(text, view) {
  const legal = view.legal_actions;
  const words = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (/^\d+$/.test(words)) {
    const n = Number(words);
    return n >= 1 && n <= legal.length ? { action: legal[n - 1] }
      : { error: `${words} is not a choice number; choose 1 to ${legal.length}.` };
  }
  const exact = legal.find((a) => a.toLowerCase() === words);
  if (exact) return { action: exact };
  const card = words.toUpperCase().replace(/^T/, "10");
  const byCard = legal.filter((a) => a.split(" ").slice(1).join(" ").toUpperCase() === card);
  if (byCard.length === 1) return { action: byCard[0] };
  return { error: `“${text.trim()}” is not a choice now. Type moves to hear them, or help.` };
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
    if (state.summary) closeSummary(); else say("There is no hand summary to close.");
    return;
  }
  if (COMMANDS[word]) { say(COMMANDS[word](view)); return; }
  if (!canAct()) { say(`Not your turn: ${turnText(view)}`); return; }
  const found = resolve(text, view);
  if (found.error) say(found.error);
  else act(found.action);
}

function ChoiceList({ view }) {
  const live = canAct();
  if (!live || !view.legal_actions.length) return html`<p data-testid="text-waiting">${turnText(view)}</p>`;
  return html`<ol class="text-choices" data-testid="text-choices" aria-label="Your choices">
    ${view.legal_actions.map((a) => {
      const [label, detail] = explain(a, ctxOf(view));
      return html`<li key=${a}><button type="button" data-action=${a} onClick=${() => act(a)}>${label}${detail ? html`<span class="muted"> — ${detail}</span>` : null}</button></li>`;
    })}
  </ol>`;
}

export function TextTable() {
  const view = state.view.view;
  return html`<main class="text-mode" data-testid="text-mode" aria-labelledby="text-title">
    <h2 id="text-title">Text table: ${state.table.title}, hand ${view.hand_number}</h2>
    <section aria-labelledby="text-contract"><h3 id="text-contract">Contract</h3>
      <p data-testid="text-contract">${contractText(view)}</p></section>
    <section aria-labelledby="text-scores"><h3 id="text-scores">Scores</h3>
      <p data-testid="text-scores">${scoresText(view)}</p></section>
    <section aria-labelledby="text-trick"><h3 id="text-trick">Trick</h3>
      <p data-testid="text-trick">${trickText(view)}</p></section>
    ${state.seat !== null ? html`<section aria-labelledby="text-hand"><h3 id="text-hand">Hand</h3>
      <p data-testid="text-hand">${handText(view)}</p></section>` : null}
    <section aria-labelledby="text-turn"><h3 id="text-turn">Your choices</h3>
      <${ChoiceList} view=${view} />
      <${TimerControls} />
      <form class="text-command" onSubmit=${submit}>
        <label for="text-command">Command or move</label>
        <input id="text-command" name="command" data-testid="text-command" autocomplete="off"
          aria-describedby="text-help" autofocus />
        <button type="submit">Enter</button>
      </form>
      <p id="text-help" class="muted">${COMMANDS.help()}</p>
      <div class="text-log" role="log" aria-live="polite" data-testid="text-log">
        ${local.log.map((line, i) => html`<p key=${`${local.log.length}-${i}`}>${line}</p>`)}
      </div>
    </section>
  </main>`;
}

/** In text mode a focus that fell to the page (a chosen button is gone) goes to the command. */
export function keepTextFocus() {
  if (!state.prefs.textMode) return;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const input = document.getElementById("text-command");
  if (input) input.focus({ preventScroll: true });
}
