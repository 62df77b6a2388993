// Clubs: the list of clubs (and founding one), and a club's page with its members and events
// (an admin holds a new duplicate event from here).
import { $, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";

const clubId = () => window.location.pathname.split("/")[2] || null;

function clubRow(club) {
  return element("li", { dataset: { clubId: club.club_id } },
    element("a", { href: `/clubs/${club.club_id}`, textContent: club.name }),
    element("span", { className: "muted", textContent: ` · ${club.members} member${club.members === 1 ? "" : "s"}${club.public ? "" : " · private"}` }));
}

async function showList() {
  $("club-list-panel").hidden = false;
  const data = await fetchJson("/api/clubs");
  $("club-list").replaceChildren(...(data.clubs.length ? data.clubs.map(clubRow)
    : [element("li", { className: "muted", textContent: "No club yet: found the first one below." })]));
}

async function createClub(event) {
  event.preventDefault();
  try {
    const body = { name: $("club-name").value, public: $("club-public").checked };
    const club = await fetchJson("/api/clubs", body);
    window.location.assign(`/clubs/${club.club_id}`);
  } catch (error) {
    $("club-error").textContent = error.message;
  }
}

function eventRow(found) {
  return element("li", { dataset: { eventId: found.event_id } },
    element("a", { href: `/events/${found.event_id}`, textContent: found.name || found.game }),
    element("span", { className: "muted", textContent: ` · ${found.game} · ${found.status}` }));
}

async function showClub(id) {
  $("club-panel").hidden = false;
  const invite = new URLSearchParams(window.location.search).get("invite");
  const club = await fetchJson(`/api/clubs/${id}`);
  document.title = `tricktable — ${club.name}`;
  $("club-title").textContent = club.name;
  $("club-role").textContent = club.your_role ? `You are ${club.your_role === "admin" ? "an admin" : "a member"} of this club.` : "You are not a member of this club.";
  $("join-club").hidden = Boolean(club.your_role);
  $("join-club").onclick = () => fetchJson(`/api/clubs/${id}/join`, invite ? { code: invite } : {})
    .then(() => showClub(id)).catch((error) => { $("club-error").textContent = error.message; });
  $("club-invite").textContent = club.invite_url ? `Invite link: ${club.invite_url}` : "";
  $("club-members").replaceChildren(...club.members.map((m) => element("li", {},
    element("a", { href: `/players/${encodeURIComponent(m.name)}`, textContent: m.name }),
    element("span", { className: "muted", textContent: m.role === "admin" ? " · admin" : "" }))));
  $("club-events").replaceChildren(...(club.events.length ? club.events.map(eventRow)
    : [element("li", { className: "muted", textContent: "No event yet." })]));
  $("new-event").hidden = club.your_role !== "admin";
  if (club.your_role === "admin") await fillGames();
}

async function fillGames() {
  if ($("event-game").options.length) return;
  const data = await fetchJson("/api/games");
  $("event-game").replaceChildren(...data.games.map((g) => element("option", { value: g.name, textContent: g.title })));
}

async function createEvent(event) {
  event.preventDefault();
  const target = $("event-target").value;
  const start = $("event-start").value;
  const body = {
    name: $("event-name").value, game: $("event-game").value, kind: $("event-kind").value,
    rounds: Number($("event-rounds").value), boards: Number($("event-boards").value),
    options: target ? { target_score: Number(target) } : {},
    starts_at: start ? new Date(start).toISOString() : null,
  };
  try {
    const made = await fetchJson(`/api/clubs/${clubId()}/events`, body);
    window.location.assign(`/events/${made.event_id}`);
  } catch (error) {
    $("club-error").textContent = error.message;
  }
}

async function start() {
  startAccount();
  $("new-club").addEventListener("submit", createClub);
  $("new-event").addEventListener("submit", createEvent);
  try {
    if (clubId()) await showClub(clubId());
    else await showList();
  } catch (error) {
    $("club-error").textContent = error.message;
  }
}

start();
