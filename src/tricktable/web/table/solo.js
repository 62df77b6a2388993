// Solo comforts at a table where every other seat is a bot: undo, a claim of the remaining
// tricks (checked by the solver on the server), bot speed and a learning mode that shows what
// the strongest bot would have done at your last move, and why. Drawn inside
// <section id="solo-controls" data-testid="solo-controls">.
import { t, tn, withLanguage } from "../i18n.js";
import { html } from "./ui.js";
import { csrfHeaders } from "./connection.js";
import { cardShort } from "./cards.js";
import { decimal, number } from "./numbers.js";
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
  const partnered = (view.sides || []).some((side) => side.length > 1 && side.includes(seat)); // "your side" only with a partner
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
      <span id="claim-help" class="muted">${partnered ? t("Your side takes every trick left (checked by the solver)")
        : t("You take every trick left (checked by the solver)")}</span>
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

/** What the strongest bot thinks of your last move, in the table's words. The sentence is
 * one text, without markup in it: the words of a language may put the moves anywhere. */
function Lesson({ lesson, state }) {
  if (lesson.pending) {
    return html`<p class="lesson muted" data-testid="lesson-pending">${t("The strongest bot is looking at your last move…")}</p>`;
  }
  const ctx = { view: state.view.view, options: state.table.options, me: state.seat, name: seatName };
  const words = (action) => (action.startsWith("play ") ? cardShort(action.slice(5))
    : explain(action, ctx)[0] || action);
  const reason = lesson.why ? reasonText(lesson.why, words) : lesson.reason; // an older server: English
  const values = { played: words(lesson.played), suggested: words(lesson.suggested), reason };
  return html`<p class="lesson" data-testid="lesson" data-played=${lesson.played}>${verdict(lesson, values)}</p>`;
}

function verdict(lesson, values) {
  const card = lesson.played.startsWith("play ");
  if (!lesson.same) {
    return card ? t("You played {played}; the strongest bot would play {suggested}: {reason}.", values)
      : t("You chose {played}; the strongest bot would choose {suggested}: {reason}.", values);
  }
  if (lesson.suggested !== lesson.played) { // a tie the bot broke the other way
    return card ? t("You played {played}; as good as the strongest bot's choice, {suggested}: {reason}.", values)
      : t("You chose {played}; as good as the strongest bot's choice, {suggested}: {reason}.", values);
  }
  return card ? t("You played {played}; the strongest bot would have done the same: {reason}.", values)
    : t("You chose {played}; the strongest bot would have done the same: {reason}.", values);
}

/** Why the strongest bot chose its move, from the reason's parts the server sends (``why``:
 * unit, value, samples, next, next_value; or only); ``words`` says a move. Points are signed. */
export function reasonText(why, words) {
  if (why.only) return t("it is the only legal action");
  const points = why.unit !== "tricks";
  const value = decimal(why.value, points);
  // "points" stays plural: a value said to the tenth is (in English and German) never one point
  const values = { n: number(why.samples), value };
  if (why.next && why.next_value !== null && why.next_value !== undefined) {
    Object.assign(values, { next: words(why.next), next_value: decimal(why.next_value, points) });
    return points
      ? tn("it is worth {value} points to your side, on average over {n} sampled deal (next best: {next}, {next_value})",
        "it is worth {value} points to your side, on average over {n} sampled deals (next best: {next}, {next_value})", why.samples, values)
      : tn("it takes {value} of the tricks left, on average over {n} sampled deal (next best: {next}, {next_value})",
        "it takes {value} of the tricks left, on average over {n} sampled deals (next best: {next}, {next_value})", why.samples, values);
  }
  return points
    ? tn("it is worth {value} points to your side, on average over {n} sampled deal",
      "it is worth {value} points to your side, on average over {n} sampled deals", why.samples, values)
    : tn("it takes {value} of the tricks left, on average over {n} sampled deal",
      "it takes {value} of the tricks left, on average over {n} sampled deals", why.samples, values);
}

export function SoloSlot({ state }) {
  const controls = SoloControls({ state });
  if (!controls) return null;
  return html`<section id="solo-controls" class="panel solo" data-testid="solo-controls">${controls}</section>`;
}
