// Inviting a friend by name to an empty seat of a waiting table, beside the invite link: for a
// signed-in player seated here (a guest has only the link). The friend sees the invitation on
// the lobby and their page and takes the seat in one click.
import { fetchJson } from "./connection.js";
import { seatName, state, update } from "./store.js";
import { t } from "../i18n.js";
import { html } from "./ui.js";

const invite = { asked: false, friends: null, note: "", error: "" };

async function loadFriends() {
  invite.asked = true;
  try {
    // a guest has nobody to invite by name (and asking would only be refused)
    const session = await fetchJson("/api/session");
    invite.friends = session.name ? (await fetchJson("/api/friends")).friends : null;
  } catch {
    invite.friends = null;
  }
  update({});
}

async function send(event) {
  event.preventDefault();
  const fields = event.currentTarget.elements;
  const name = fields.friend.value.trim();
  const seat = Number(fields.seat.value);
  if (!name) return;
  Object.assign(invite, { note: "", error: "" });
  try {
    const done = await fetchJson(`/api/tables/${state.tableId}/invitations`, { token: state.token, seat, name });
    invite.note = t("{name} is invited to {seat}'s seat: it is theirs when they take it.", { name: done.name, seat: seatName(seat) });
    fields.friend.value = "";
  } catch (error) {
    invite.error = error.message;
  }
  update({});
}

function SeatChoice({ seats }) {
  if (seats.length === 1) return html`<input type="hidden" name="seat" value=${seats[0].seat} />`;
  return html`<label for="invite-seat">${t("Seat")}</label>
    <select id="invite-seat" name="seat" data-testid="invite-seat">
      ${seats.map((s) => html`<option key=${s.seat} value=${s.seat}>${seatName(s.seat)}</option>`)}</select>`;
}

export function FriendInvite({ seats }) {
  if (!invite.asked) loadFriends();
  if (!invite.friends || state.seat === null || !seats.length) return null;
  return html`<form class="invite-friend" onSubmit=${send} aria-label=${t("Invite a friend")}>
    <label for="invite-friend-name">${t("Invite a friend by name")}</label>
    <input id="invite-friend-name" name="friend" list="friend-names" maxlength="40" autocomplete="off"
      data-testid="invite-friend-name" />
    <datalist id="friend-names">${invite.friends.map((f) => html`<option key=${f.name} value=${f.name}>
      ${f.online ? t("online") : t("offline")}</option>`)}</datalist>
    <${SeatChoice} seats=${seats} />
    <button type="submit" class="small" data-testid="invite-friend">${t("Invite")}</button>
    <p class="muted" role="status" data-testid="invite-note">${invite.note}</p>
    ${invite.error ? html`<p class="error" role="alert">${invite.error}</p>` : null}
  </form>`;
}
