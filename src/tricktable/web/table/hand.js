// Your hand and your choices: cards to play or to pick (discards, exchanges, gifts), the
// buttons of every other choice with what it does, and number keys for all of them.
import { act, actAll } from "./connection.js";
import { Card, cardName, cardShort, sortHand } from "./cards.js";
// (a pinochle pack has two of each card: a chosen card is its place in the sorted hand)
import { callText, cardChoice, explain, ownVerb, tableWords } from "./games.js";
import { canAct, seatName, state, update } from "./store.js";
import { html } from "./ui.js";
import { t } from "../i18n.js";

function sameCards(action, chosen) {
  const cards = action.split(" ").slice(1).sort();
  const picked = [...chosen].sort();
  return cards.length === picked.length && cards.every((c, i) => c === picked[i]);
}

/** What the player can do now: {mode, playable, choice, buttons, confirm}. */
export function choices() {
  const view = state.view.view;
  const ctx = { view, options: state.table.options, me: state.seat, name: seatName };
  const live = canAct();
  const legal = live ? view.legal_actions : [];
  const playable = new Set(legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const choice = legal.length ? cardChoice(ctx) : null;
  const hand = sortHand(view.hand, view);
  let selectable = new Set();
  let choosable = 0;
  let confirm = null;
  if (choice) {
    for (const a of legal) {
      if (a.startsWith(`${choice.verb} `)) for (const c of a.split(" ").slice(1)) selectable.add(c);
    }
    choosable = hand.filter((c) => selectable.has(c)).length;
    const chosen = state.selection.filter((i) => selectable.has(hand[i])).map((i) => hand[i]);
    let actions = [];
    if (chosen.length === choice.count) {
      // one action naming every chosen card (an exchange), else one action per card
      const together = legal.find((a) => a.startsWith(`${choice.verb} `) && sameCards(a, chosen));
      actions = together ? [together] : chosen.map((c) => `${choice.verb} ${c}`);
    }
    const words = chosen.map(cardShort).join(` ${t("and")} `);
    const verbWord = choice.word;
    confirm = {
      actions, label: actions.length ? `${verbWord} ${words}` : `${verbWord}…`,
      detail: choice.explain, chosen: chosen.length,
    };
  } else {
    selectable = new Set();
  }
  const cardVerbs = choice ? [choice.verb] : [];
  const buttons = legal.filter((a) => !a.startsWith("play ") && !cardVerbs.some((v) => a.startsWith(`${v} `)))
    .map((a) => ({ action: a, text: explain(a, ctx) }));
  return { view, live, playable, choice, selectable, choosable, confirm, buttons, hand };
}

function toggle(index, count) {
  const chosen = state.selection.includes(index)
    ? state.selection.filter((i) => i !== index)
    : [...state.selection, index].slice(-count);
  update({ selection: chosen });
}

/** The cards this hand brought you from others, each with where it came from as a phrase for
 * its label (a card may be there twice in a pinochle pack): a lone player's gifts, a turn-up
 * you took. Each phrase is whole, so a language inflects it ("vom Aufschlag", not "von die"). */
function receivedCards(view) {
  const out = new Map();
  const add = (card, from) => out.set(card, [...(out.get(card) || []), from]);
  for (const gift of view.received || []) add(gift.card, t(", received from {name}", { name: seatName(gift.seat) }));
  if (view.turnup_taken_by === state.seat && state.seat !== null) {
    for (const card of view.turnup || []) add(card, t(", the turn-up you took"));
  }
  return out;
}

// More cards than this: a phone shows the hand in two rows (table-fit.css) rather than squeezed.
const MANY = 7;

export function Hand() {
  const c = choices();
  const { view } = c;
  if (state.seat === null) return null;
  const cards = c.hand;
  const received = receivedCards(view);
  let number = 0;
  const nodes = cards.map((card, index) => {
    const from = received.get(card);
    const gotIt = Boolean(from && from.length);
    const giver = gotIt ? from.shift() : null;
    const picking = Boolean(c.choice);
    const enabled = picking ? c.selectable.has(card) : c.playable.has(card);
    const chosen = picking && state.selection.includes(index);
    if (enabled) number += 1;
    const key = enabled && state.prefs.keyHelp ? number : null;
    const onClick = () => (picking ? toggle(index, c.choice.count) : act(`play ${card}`));
    const label = `${cardName(card)}${gotIt ? giver : ""}${enabled ? (picking ? (chosen ? t(", chosen") : t(", choose")) : t(", playable")) : ""}`;
    return html`<button type="button" key=${`${card}-${index}`} class=${`hand-card${chosen ? " chosen" : ""}${gotIt ? " received" : ""}${state.hint === `play ${card}` ? " suggested" : ""}`}
        data-card=${card} data-action=${picking ? null : `play ${card}`} disabled=${!enabled}
        aria-pressed=${picking ? String(chosen) : null} aria-label=${label} onClick=${onClick}>
      <${Card} card=${card} label=${label} />
      ${key !== null && key <= 40 ? html`<span class="key" aria-hidden="true">${key}</span>` : null}
    </button>`;
  });
  const mine = view.discard || view.discards || view.gave;
  return html`<section class="hand-area" aria-label=${t("Your hand")}>
    <div class=${`hand${c.playable.size || c.choice ? " choosing" : ""}${cards.length > MANY ? " many" : ""}`} data-testid="hand" role="group" aria-label=${t("Your cards")} tabindex="-1"
      style=${`--n:${Math.max(cards.length, 1)};--row:${Math.ceil(cards.length / 2)}`}>${nodes}</div>
    ${mine && mine.length ? html`<p class="note">${view.gave ? t("You gave: {cards}", { cards: mine.map(cardShort).join(" ") })
      : t("Face down from your hand: {cards}", { cards: mine.map(cardShort).join(" ") })}</p>` : null}
  </section>`;
}

function prompt(c) {
  const view = c.view;
  if (view.is_over) return t("The game is over.");
  if (state.seat === null) {
    return view.to_move !== null ? t("Watching. {name} to move.", { name: seatName(view.to_move) }) : t("Watching.");
  }
  if (state.connection !== "open") return t("Waiting for the connection…");
  if (state.held && state.held.trick.winner !== null && state.held.trick.winner !== undefined) {
    const winner = state.held.trick.winner;
    return winner === state.seat ? t("You win the trick.") : t("{name} wins the trick.", { name: seatName(winner) });
  }
  if (view.legal_actions.length && !c.live) return "…";
  if (!c.live) {
    if (view.to_move === null) return "";
    const name = seatName(view.to_move);
    return view.phase === "play" ? t("{name} is playing…", { name }) : t("{name} is choosing…", { name });
  }
  if (c.choice) {
    return t("{prompt}: {chosen} of {count} chosen (from {cards}).",
      { prompt: c.choice.prompt, chosen: c.confirm.chosen, count: c.choice.count, cards: c.choosable });
  }
  if (c.playable.size) return c.buttons.length ? t("Your turn: play a card or choose.") : t("Your turn: play a card.");
  const verbs = new Set(view.legal_actions.map((a) => a.split(" ")[0]));
  const told = (tableWords().prompts || {})[view.phase];
  if (told) return told;
  if (view.phase === "auction") return t("Your bid, or pass:");
  if (verbs.has("trump")) return t("You won the bidding: name trump.");
  const own = [...verbs].map((verb) => ownVerb(verb).prompt).find(Boolean);
  if (own) return t(own);
  return t("Your choice:");
}

/** The calls of this hand so far, in order: "Bruno: pass · Cleo: 3 · …". */
function CallLine({ view }) {
  if (view.phase === "play" || view.phase === "over") return null;
  const calls = (view.auction || view.declarations || view.calls || []);
  if (!calls.length) return null;
  const byBot = standInCalls(view, calls);
  return html`<p class="call-line" aria-label=${t("Calls so far")}>${calls.map((c, i) => html`<span key=${i}>
    ${i ? " · " : ""}${seatName(c.seat)}: <strong>${callText(c.call, seatName)}</strong>${byBot[i]
      ? html` <small class="bot-call" title=${t("A bot called this for {name}", { name: seatName(c.seat) })}>${t("(bot)")}</small>` : null}</span>`)}</p>`;
}

/** Which of ``calls`` a bot made for an absent or timed-out player (each call is found among
 * the deal's actions in order, where the stand-ins' moves are noted). */
function standInCalls(view, calls) {
  let from = 0;
  return calls.map((c) => {
    const index = view.actions.findIndex((a, k) => k >= from && a.seat === c.seat && a.action === c.call);
    if (index < 0) return false;
    from = index + 1;
    return state.botMoves.has(`${view.hand_number}:${index}`);
  });
}

export function ChoiceBar() {
  const c = choices();
  const offset = c.choice ? c.choosable : c.hand.filter((card) => c.playable.has(card)).length;
  const keys = state.prefs.keyHelp && state.seat !== null;
  const shared = [...new Set(c.buttons.map((b) => b.text[2]).filter(Boolean))];
  return html`<section class="choices" aria-label=${t("Your choices")}>
    <p class="prompt" data-testid="prompt" data-count=${c.choice ? c.choice.count : null}>${prompt(c)}</p>
    <${CallLine} view=${c.view} />
    ${shared.map((note, i) => html`<p class="shared-explain" id=${`shared-explain-${i}`}>${note}</p>`)}
    <div class="actions" role="group">
      ${c.confirm ? html`<button type="button" class="primary action" data-testid="action"
          data-action=${c.confirm.actions[0] || null} data-actions=${c.confirm.actions.join(";")}
          disabled=${!c.confirm.actions.length} onClick=${() => actAll(c.confirm.actions)}>
        <span class="label">${c.confirm.label}</span><small class="explain">${c.confirm.detail}</small>
        ${keys ? html`<span class="key">${t("Enter")}</span>` : null}</button>` : null}
      ${c.buttons.map((b, i) => html`<button type="button" key=${b.action}
          class=${`action${state.hint === b.action ? " suggested" : ""}`} data-testid="action"
          data-action=${b.action} onClick=${() => act(b.action)}
          aria-describedby=${b.text[2] ? `shared-explain-${shared.indexOf(b.text[2])}` : null}>
        <span class="label">${b.text[0]}</span>${b.text[1] ? html`<small class="explain">${b.text[1]}</small>` : null}
        ${keys ? html`<span class="key">${offset + i + 1}</span>` : null}</button>`)}
    </div>
    ${state.hint && state.prefs.hints ? html`<p class="hint">${t("Hint: {move}", { move: explain(state.hint, { view: c.view, options: state.table.options, me: state.seat, name: seatName })[0] })}</p>` : null}
  </section>`;
}

// -- keys: 1..N choose the nth enabled card (then the buttons); two digits for 10 and more ---

let digits = "";
let digitTimer = null;

function numbered() {
  const cards = [...document.querySelectorAll('[data-testid="hand"] button:not(:disabled)')];
  const buttons = [...document.querySelectorAll('.choices [data-testid="action"]:not(.primary)')];
  return [...cards, ...buttons];
}

function choose(number) {
  const target = numbered()[number - 1];
  if (target) target.click();
}

export function onKey(event) {
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (state.summary && (event.key === "Enter" || event.key === " ")) return; // the summary's button
  if (/^[0-9]$/.test(event.key)) {
    event.preventDefault();
    digits += event.key;
    clearTimeout(digitTimer);
    const count = numbered().length;
    const value = Number(digits);
    if (value * 10 > count || digits.length >= 2) {
      digits = "";
      if (value > 0) choose(value);
    } else {
      digitTimer = setTimeout(() => { const v = Number(digits); digits = ""; if (v > 0) choose(v); }, 700);
    }
    return;
  }
  if (event.key === "Enter" && !event.target.closest("button")) {
    const confirm = document.querySelector(".choices .primary[data-testid='action']:not(:disabled)");
    if (confirm) { event.preventDefault(); confirm.click(); }
    return;
  }
  const cards = [...document.querySelectorAll('[data-testid="hand"] button')];
  const index = cards.indexOf(document.activeElement);
  if (index >= 0 && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
    event.preventDefault();
    const step = event.key === "ArrowRight" ? 1 : -1;
    for (let i = 1; i <= cards.length; i += 1) {
      const next = cards[(index + step * i + cards.length * 2) % cards.length];
      if (!next.disabled) { next.focus(); break; }
    }
  }
}

let autoSeq = -1;

/** The setting *auto-play a single legal card*: when your one legal move is a card, it is
 * played for you after a moment (once per state; never a bid or any other choice). */
export function autoPlay() {
  const view = state.view && state.view.view;
  if (!state.prefs.autoPlay || !view || !canAct() || autoSeq === state.seq) return;
  const legal = view.legal_actions;
  if (legal.length !== 1 || !legal[0].startsWith("play ")) return;
  autoSeq = state.seq;
  const seq = state.seq;
  setTimeout(() => { if (state.seq === seq && canAct()) act(legal[0]); }, 350);
}

/** After a play the focus stays in the hand: on the hand itself while the others play (the
 * played card is gone, the others are disabled), then on the first card or choice of our turn.
 * Only a focus that was in the hand or the choices (or nowhere) is moved. */
export function restoreFocus() {
  if (state.focusAfter === null) return;
  const active = document.activeElement;
  if (active && active !== document.body && !active.closest('[data-testid="hand"], .choices')) return;
  const hand = document.querySelector('[data-testid="hand"]');
  if (state.seq <= state.focusAfter || !canAct()) {
    if (hand && (!active || active === document.body)) hand.focus({ preventScroll: true });
    return;
  }
  const first = document.querySelector('[data-testid="hand"] button:not(:disabled)')
    || document.querySelector(".choices [data-testid='action']:not(:disabled)");
  state.focusAfter = null;
  if (first) first.focus({ preventScroll: true });
  else if (hand) hand.focus({ preventScroll: true });
}
