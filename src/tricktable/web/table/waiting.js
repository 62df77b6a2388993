// A table waiting for a person: nothing is dealt until every person's seat is taken. It says
// so, gives the invite link to share, and offers the table's creator a bot for an empty seat.
import { fetchJson } from "./connection.js";
import { seatName, state, update } from "./store.js";
import { t } from "../i18n.js";
import { html } from "./ui.js";
import { FriendInvite } from "./invite.js";

export const waiting = () => Boolean(state.table && state.table.waiting);

const emptySeats = () => state.table.seats.filter((s) => s.kind === "human" && !s.name);

async function seatBot(seat) {
  try {
    const data = await fetchJson(`/api/tables/${state.tableId}/seats/${seat}/bot`, { token: state.token });
    update({ table: data.table, alert: "" });
  } catch (error) {
    update({ alert: error.message });
  }
}

export function WaitingPanel() {
  const invite = new URL(`/t/${state.tableId}`, window.location.href).href;
  const host = state.seat !== null && state.seat === state.table.host_seat;
  const copy = () => navigator.clipboard && navigator.clipboard.writeText(invite).catch(() => {});
  return html`<section class="choices waiting" aria-label=${t("Waiting for a player")} data-testid="waiting">
    <p class="prompt" data-testid="prompt">${t("Waiting for a player — share the link")}</p>
    <p class="invite-line"><a href=${invite}>${invite}</a>
      <button type="button" class="small" onClick=${copy}>${t("Copy link")}</button></p>
    <${FriendInvite} seats=${emptySeats()} />
    <p class="muted">${t("Nothing is dealt until every seat has its player.")}</p>
    ${host ? html`<div class="actions" role="group">${emptySeats().map((s) => html`<button type="button"
        key=${s.seat} class="action" data-testid="seat-bot" data-seat=${s.seat} onClick=${() => seatBot(s.seat)}>
      <span class="label">${t("Start with a bot in that seat")}</span>
      <small class="explain">${t("{name} is played by a medium bot from the first deal", { name: seatName(s.seat) })}</small></button>`)}</div>`
      : html`<p class="muted">${t("The table's creator can start with a bot in the empty seat.")}</p>`}
  </section>`;
}
