// Friends and invitations, for a signed-in player: the friends list on their own page (add by
// name, accept or decline a request, remove; who is online) and the invitations to a seat that
// friends sent (on the lobby and their page), each taken in one click. Both are asked for every
// few seconds while the page is shown: that is also how the server knows the player is online.
import { $, element, fetchJson } from "./api.js";
import { t } from "./i18n.js";

const POLL_MS = 5000;

function say(id, text, isError) {
  const node = $(id);
  if (!node) return;
  node.textContent = text;
  node.classList.toggle("error", Boolean(isError));
}

function button(label, testid, onClick, extra = {}) {
  const node = element("button", { type: "button", className: "small", textContent: label, dataset: { testid, ...extra } });
  node.addEventListener("click", onClick);
  return node;
}

// --- invitations -------------------------------------------------------------------------

async function takeSeat(invitation, node) {
  node.disabled = true;
  try {
    const seat = await fetchJson(`/api/invitations/${encodeURIComponent(invitation.id)}/accept`, {});
    localStorage.setItem(`tricktable:token:${seat.table_id}`, seat.token);
    window.location.assign(`/t/${seat.table_id}`);
  } catch (error) {
    node.disabled = false;
    say("invitations-error", error.message, true);
    refreshInvitations();
  }
}

async function decline(invitation) {
  try {
    await fetchJson(`/api/invitations/${encodeURIComponent(invitation.id)}`, undefined, "DELETE");
  } catch (error) {
    say("invitations-error", error.message, true);
  }
  refreshInvitations();
}

function invitationRow(invitation) {
  const text = t("{name} invites you to a seat at {game}", { name: invitation.from, game: t(invitation.title) });
  const take = button(t("Take the seat"), "invitation-accept", () => takeSeat(invitation, take));
  return element("li", { dataset: { testid: "invitation", tableId: invitation.table_id } },
    element("strong", { textContent: text }),
    element("div", { className: "row-actions" }, take,
      button(t("Decline"), "invitation-decline", () => decline(invitation))));
}

export async function refreshInvitations() {
  const list = $("invitations");
  if (!list) return;
  try {
    const data = await fetchJson("/api/invitations");
    list.replaceChildren(...data.invitations.map(invitationRow));
    $("invitations-panel").hidden = data.invitations.length === 0;
  } catch {
    $("invitations-panel").hidden = true; // signed out: nobody can invite a guest by name
  }
}

// --- friends -----------------------------------------------------------------------------

async function change(url, method) {
  say("friends-error", "");
  try {
    await fetchJson(url, method === "POST" ? {} : undefined, method);
  } catch (error) {
    say("friends-error", error.message, true);
  }
  refreshFriends();
}

const named = (name) => `/api/friends/${encodeURIComponent(name)}`;

function friendRow(friend) {
  const status = friend.online ? t("online") : t("offline");
  return element("li", { dataset: { testid: "friend", name: friend.name, online: String(friend.online) } },
    // one line of text, so that the name is a link inside it (not a target standing alone)
    element("span", {},
      element("span", { className: friend.online ? "presence online" : "presence", "aria-hidden": "true", textContent: "●" }),
      element("a", { href: `/players/${encodeURIComponent(friend.name)}`, textContent: friend.name }),
      element("span", { className: "muted", textContent: ` · ${status}` })),
    element("div", { className: "row-actions" },
      button(t("Remove"), "friend-remove", () => change(named(friend.name), "DELETE"))));
}

function requestRow(request) {
  return element("li", { dataset: { testid: "friend-request", name: request.name } },
    element("strong", { textContent: t("{name} asks to be your friend", { name: request.name }) }),
    element("div", { className: "row-actions" },
      button(t("Accept"), "friend-accept", () => change(`${named(request.name)}/accept`, "POST")),
      button(t("Decline"), "friend-decline", () => change(`${named(request.name)}/decline`, "POST"))));
}

function askedRow(request) {
  return element("li", { dataset: { testid: "friend-asked", name: request.name } },
    element("span", { textContent: t("You asked {name}: waiting for an answer", { name: request.name }) }),
    element("div", { className: "row-actions" },
      button(t("Withdraw"), "friend-withdraw", () => change(named(request.name), "DELETE"))));
}

export async function refreshFriends() {
  try {
    const data = await fetchJson("/api/friends");
    $("friend-list").replaceChildren(...(data.friends.length ? data.friends.map(friendRow)
      : [element("li", { className: "muted", textContent: t("No friends yet: add a player by their name.") })]));
    $("friend-requests").replaceChildren(...data.asked_you.map(requestRow), ...data.you_asked.map(askedRow));
  } catch (error) {
    say("friends-error", error.message, true);
  }
}

async function addFriend(event) {
  event.preventDefault();
  const field = $("friend-name");
  const name = field.value.trim();
  if (!name) return;
  say("friends-error", "");
  try {
    const done = await fetchJson("/api/friends", { name });
    field.value = "";
    say("friends-note", done.status === "friends" ? t("You and {name} are friends now.", { name: done.name })
      : t("Asked {name}: you are friends once they accept.", { name: done.name }));
  } catch (error) {
    say("friends-error", error.message, true);
  }
  refreshFriends();
}

let polling = null;

/** Ask for the lists now and every few seconds while the page is shown. */
export function pollFriends(withFriends) {
  const refresh = () => (withFriends ? Promise.all([refreshFriends(), refreshInvitations()]) : refreshInvitations());
  clearInterval(polling);
  refresh();
  polling = setInterval(() => { if (document.visibilityState === "visible") refresh(); }, POLL_MS);
}

export function stopFriends() {
  clearInterval(polling);
  if ($("invitations-panel")) $("invitations-panel").hidden = true;
}

export function startFriendsForm() {
  $("friend-add-form").addEventListener("submit", addFriend);
}
