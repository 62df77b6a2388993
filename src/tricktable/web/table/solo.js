// Solo comforts at a table where every other seat is a bot: undo, a claim of the remaining
// tricks (checked by the solver on the server), bot speed and a learning mode that shows what
// the strongest bot would have done at your last move, and why. Drawn inside
// <section id="solo-controls" data-testid="solo-controls">.
import { t, tn, withLanguage } from "../i18n.js";
import { html } from "./ui.js";
import { csrfHeaders } from "./connection.js";
import { cardShort } from "./cards.js";
import { explain } from "./games.js";
import { seatName, state as tableState, update } from "./store.js";

const local = { message: "", busy: false, learning: false, lesson: null, explained: -1 };

/** POST to this table's ``what`` with the seat's token; the answer, or null if refused. A
 * ``quiet`` request (a lesson) neither blocks the buttons nor says anything when refused. */
async function post(what, body, quiet = false) {
  if (!quiet) {
    local.busy = true;
    local.message = "";
    update({});
  }
  try {
    const response = await fetch(withLanguage(`/api/tables/${tableState.tableId}/${what}`), {
      method: "POST", headers: csrfHeaders(), body: JSON.stringify({ token: tableState.token, ...body }),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      if (!quiet) local.message = capital(data.detail || t("the server refused"));
      return null;
    }
    return data;
  } catch (error) {
    if (!quiet) local.message = error.message;
    return null;
  } finally {
    if (!quiet) local.busy = false;
    update({});
  }
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);


async function undo() {
  const done = await post("undo");
  if (done) {
    const after = done.undone - 1;
    local.message = after ? tn("Taken back: your last move and the bots' {n} move after it.",
      "Taken back: your last move and the bots' {n} moves after it.", after) : t("Taken back: your last move.");
  }
  update({});
}

async function claim() {
  const done = await post("claim");
  if (done) local.message = tn("Claim accepted: no defence beats it, and the solver played out the {n} trick left.",
    "Claim accepted: no defence beats it, and the solver played out the {n} tricks left.", done.tricks);
  update({});
}

async function speed(event) {
  const done = await post("speed", { speed: event.target.value });
  // the speed is stored with the table: the description the page holds follows it
  if (done) update({ table: { ...tableState.table, bot_speed: done.speed } });
}

async function learn() {
  local.lesson = { pending: true };
  update({});
  const lesson = await post("learn", {}, true);
  local.lesson = lesson;
  update({});
}

export function SoloControls({ state }) {
  const { table, seat, token } = state;
  const view = state.view && state.view.view; // the shown state: {seq, view}
  if (!table || !view || seat === null || !token || view.is_over) return null;
  if (table.seats.some((s) => s.seat !== seat && s.kind !== "bot")) return null;
  const online = state.connection === "open"; // no undo or claim while the connection is lost
  const canClaim = view.phase === "play" && view.to_move === seat && !local.busy && online;
  const moved = state.actedAt >= 0 && state.seq > state.actedAt; // a move of ours to explain
  if (local.learning && view.to_move === seat && moved && local.explained !== state.seq) {
    local.explained = state.seq; // once per turn: what the strong bot thinks of your last move
    learn();
  }
  const saved = table.bot_speed || "normal";
  return html`
    <h2 class="solo-title">${t("Playing alone")}</h2>
    <div class="solo-row">
      <button type="button" data-testid="undo" disabled=${local.busy || !online} onClick=${undo}
        aria-describedby="undo-help">${t("Undo")}</button>
      <span id="undo-help" class="muted">${t("Take back your last move (the game is then unrated)")}</span>
    </div>
    <div class="solo-row">
      <button type="button" data-testid="claim" disabled=${!canClaim} onClick=${claim}
        aria-describedby="claim-help">${t("Claim the rest")}</button>
      <span id="claim-help" class="muted">${t("Your side takes every trick left (checked by the solver)")}</span>
    </div>
    <div class="solo-row">
      <label>${t("Bot speed")} <select data-testid="bot-speed" value=${saved} onChange=${speed}>
        <option value="fast">${t("fast")}</option><option value="normal">${t("normal")}</option>
        <option value="slow">${t("slow")}</option></select></label>
      <label class="check"><input type="checkbox" data-testid="learning" checked=${local.learning}
        aria-describedby="learning-help"
        onChange=${(e) => { local.learning = e.target.checked; local.lesson = null; update({}); }} />
        ${t("Learning mode")}</label>
    </div>
    <p id="learning-help" class="muted">${t("After each of your moves: what the strongest bot would have done, and why.")}</p>
    ${local.learning && local.lesson ? html`<${Lesson} lesson=${local.lesson} state=${state} />` : null}
    <p role="status" class="solo-message" data-testid="solo-message">${local.message}</p>`;
}

/** What the strongest bot thinks of your last move, in the table's words. */
function Lesson({ lesson, state }) {
  if (lesson.pending) {
    return html`<p class="lesson muted" data-testid="lesson-pending">The strongest bot is looking at your last move…</p>`;
  }
  const ctx = { view: state.view.view, options: state.table.options, me: state.seat, name: seatName };
  const card = lesson.played.startsWith("play ");
  const words = (action) => (action.startsWith("play ") ? cardShort(action.slice(5))
    : explain(action, ctx)[0] || action);
  // the reason names other moves in notation ("next best: play AS +9.6"): say cards as cards
  const reason = lesson.reason.replace(/\bplay (\w+)/g, (_, card) => cardShort(card));
  const clause = reason.startsWith("it ") ? reason : `it ${reason}`;
  const tie = lesson.same && lesson.suggested !== lesson.played;
  const verdict = !lesson.same
    ? html`the strongest bot would ${card ? "play" : "choose"} <strong>${words(lesson.suggested)}</strong>: ${clause}.`
    : tie ? html`as good as the strongest bot's choice, <strong>${words(lesson.suggested)}</strong>: ${clause}.`
    : html`the strongest bot would have done the same: ${clause}.`;
  return html`<p class="lesson" data-testid="lesson">You ${card ? "played" : "chose"} <strong>${words(lesson.played)}</strong>; ${verdict}</p>`;
}

export function SoloSlot({ state }) {
  const controls = SoloControls({ state });
  if (!controls) return null;
  return html`<section id="solo-controls" class="panel solo" data-testid="solo-controls">${controls}</section>`;
}
