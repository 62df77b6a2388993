// A table of a duplicate event: it reads "Board k of n" (not a game to a target with its hand
// and deal numbers), links back to its event, and ends with a way back there rather than a
// rematch. The board comes from the table's public description, asked again at each new hand.
import { fetchJson } from "./connection.js";
import { state, update } from "./store.js";
import { html } from "./ui.js";
import { t } from "../i18n.js";

/** The event this table belongs to ({event_id, round, board, boards, name}), or null. */
export const eventOf = () => (state.table && state.table.event) || null;

export const eventHref = (event) => `/events/${encodeURIComponent(event.event_id)}`;

export function boardText(event) {
  return t("Board {board} of {boards}", { board: event.board, boards: event.boards });
}

/** The header's way back to the event, named. */
export function EventLink({ event }) {
  return html`<a class="event-link" data-testid="event-link" href=${eventHref(event)}>${t("← {name}", { name: event.name })}</a>`;
}

/** Game over at an event table: back to the event, whose standings and next round are there. */
export function BackToEvent({ event }) {
  return html`<a class="button primary" data-testid="back-to-event" href=${eventHref(event)}>${t("Back to the event")}
    <small class="explain">${t("Its standings, the boards and your next table")}</small></a>`;
}

let askedAt = null;

/** At a new hand of an event table, asks for its description again: the board moved on. */
export async function followBoard() {
  const view = state.view && state.view.view;
  if (!eventOf() || !view || view.hand_number === askedAt) return;
  const first = askedAt === null;
  askedAt = view.hand_number;
  if (first) return; // the page has just read it
  try {
    update({ table: await fetchJson(`/api/tables/${state.tableId}`) });
  } catch {
    // the board shown stays as it was: the table plays on
  }
}
