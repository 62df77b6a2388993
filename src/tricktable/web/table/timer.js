// The turn timer a player controls (WCAG 2.2, 2.2.1): "More time" starts the countdown of your
// turn again, "Timer off" ends the time limit at this table for everyone; both are stored by
// the server, which tells every page. Before your time runs out the page warns you.
import { fetchJson } from "./connection.js";
import { announce, state, update } from "./store.js";
import { t } from "../i18n.js";
import { html } from "./ui.js";

const warning = { key: null, timer: null };

async function ask(action) {
  try {
    const done = await fetchJson(`/api/tables/${state.tableId}/timer`, { token: state.token, action });
    update({ table: { ...state.table, ...done } });
    announce(done.turn_seconds ? t("More time: {seconds} seconds from now.", { seconds: done.turn_seconds }) : t("The turn timer is off."));
  } catch (error) {
    update({ alert: error.message });
  }
}

/** Say once per turn, a while before the time is up, that more time is one button away. */
function warnBeforeTheEnd(seconds) {
  const key = `${state.seq}-${state.table.turn_extended || 0}`;
  if (warning.key === key) return;
  warning.key = key;
  clearTimeout(warning.timer);
  const left = Math.min(20, Math.floor(seconds / 2));
  warning.timer = setTimeout(() => {
    if (warning.key === key) announce(t("{left} seconds left for your move. More time starts your turn again.", { left }));
  }, (seconds - left) * 1000);
}

export function TimerControls() {
  const table = state.table;
  const view = state.view.view;
  if (!table.turn_seconds || state.seat === null || view.is_over) return null;
  const mine = view.to_move === state.seat;
  if (mine) warnBeforeTheEnd(table.turn_seconds);
  return html`<div class="timer-controls" data-testid="timer-controls">
    <span>${t("Turn timer: {seconds} seconds a turn.", { seconds: table.turn_seconds })}</span>
    ${mine ? html`<button type="button" class="small" data-testid="timer-extend" onClick=${() => ask("extend")}>
      ${t("More time")} <small class="explain">${t("start your {seconds} seconds again", { seconds: table.turn_seconds })}</small></button>` : null}
    <button type="button" class="small" data-testid="timer-off" onClick=${() => ask("off")}>
      ${t("Timer off")} <small class="explain">${t("no time limit at this table")}</small></button>
  </div>`;
}
