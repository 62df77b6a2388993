// Solo comforts at a table where every other seat is a bot: undo, a claim of the remaining
// tricks (checked by the solver on the server), bot speed and a learning mode that shows what
// the strongest bot would have done at your last move, and why. Drawn inside
// <section id="solo-controls" data-testid="solo-controls">.
import { html } from "./ui.js";
import { csrfHeaders } from "./connection.js";
import { state as tableState, update } from "./store.js";

const local = { message: "", busy: false, learning: false, lesson: null, explained: -1 };
const QUIET = new Set(["nothing_to_explain"]);

async function post(what, body) {
  local.busy = true;
  local.message = "";
  update({});
  try {
    const response = await fetch(`/api/tables/${tableState.tableId}/${what}`, {
      method: "POST", headers: csrfHeaders(), body: JSON.stringify({ token: tableState.token, ...body }),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      if (!QUIET.has(data.code)) local.message = data.detail || "the server refused";
      return null;
    }
    return data;
  } catch (error) {
    local.message = error.message;
    return null;
  } finally {
    local.busy = false;
    update({});
  }
}

async function undo() {
  const done = await post("undo");
  if (done) local.message = `Taken back: your last move and ${done.undone - 1} after it.`;
  update({});
}

async function claim() {
  const done = await post("claim");
  if (done) local.message = `Claim accepted: the solver found no defence against it (${done.tricks} tricks).`;
  update({});
}

async function speed(event) {
  const done = await post("speed", { speed: event.target.value });
  // the speed is stored with the table: the description the page holds follows it
  if (done) update({ table: { ...tableState.table, bot_speed: done.speed } });
}

async function learn() {
  const lesson = await post("learn");
  if (lesson) local.lesson = lesson;
  update({});
}

export function SoloControls({ state }) {
  const { table, seat, token } = state;
  const view = state.view && state.view.view; // the shown state: {seq, view}
  if (!table || !view || seat === null || !token || view.is_over) return null;
  if (table.seats.some((s) => s.seat !== seat && s.kind !== "bot")) return null;
  const canClaim = view.phase === "play" && view.to_move === seat && !local.busy;
  const moved = state.actedAt >= 0 && state.seq > state.actedAt; // a move of ours to explain
  if (local.learning && view.to_move === seat && moved && local.explained !== state.seq) {
    local.explained = state.seq; // once per turn: what the strong bot thinks of your last move
    learn();
  }
  const saved = table.bot_speed || "normal";
  const lesson = local.learning && local.lesson ? html`<p data-testid="lesson">
      You played <strong>${local.lesson.played}</strong>; the strongest bot would
      ${local.lesson.same ? "have done the same" : html`play <strong>${local.lesson.suggested}</strong>`}:
      ${local.lesson.reason}.</p>` : null;
  return html`
    <h2>Playing alone</h2>
    <div class="solo-buttons">
      <button type="button" data-testid="undo" disabled=${local.busy} onClick=${undo}
        aria-describedby="undo-help">Undo</button>
      <span id="undo-help" class="muted">take back your last move (the game is then unrated)</span>
      <button type="button" data-testid="claim" disabled=${!canClaim} onClick=${claim}
        aria-describedby="claim-help">Claim the rest</button>
      <span id="claim-help" class="muted">your side takes every trick left, checked by the solver</span>
    </div>
    <p><label>Bot speed <select data-testid="bot-speed" value=${saved} onChange=${speed}>
      <option value="fast">fast</option><option value="normal">normal</option>
      <option value="slow">slow</option></select></label>
      <label><input type="checkbox" data-testid="learning" checked=${local.learning}
        onChange=${(e) => { local.learning = e.target.checked; local.lesson = null; update({}); }} />
        Learning mode</label></p>
    ${lesson}
    <p role="status" data-testid="solo-message">${local.message}</p>`;
}

export function SoloSlot({ state }) {
  const controls = SoloControls({ state });
  if (!controls) return null;
  return html`<section id="solo-controls" class="panel" data-testid="solo-controls">${controls}</section>`;
}
