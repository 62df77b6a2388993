// Clubs: the list of clubs (and founding one), and a club's page with its members and events
// (an admin holds a new duplicate event from here).
import { $, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";
import { gameTitles, word } from "./event-words.js";
import { t, tn, translatePage } from "./i18n.js";
import { levelWord } from "./names.js";

const clubId = () => window.location.pathname.split("/")[2] || null;

function clubRow(club) {
  return element("li", { dataset: { clubId: club.club_id } },
    element("a", { href: `/clubs/${club.club_id}`, textContent: club.name }),
    element("span", { className: "muted", textContent: ` · ${tn("{n} member", "{n} members", club.members)}${club.public ? "" : ` · ${t("private")}`}` }));
}

async function showList() {
  $("club-list-panel").hidden = false;
  const data = await fetchJson("/api/clubs");
  $("club-list").replaceChildren(...(data.clubs.length ? data.clubs.map(clubRow)
    : [element("li", { className: "muted", textContent: t("No club yet: found the first one below.") })]));
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

function eventRow(found, titles) {
  const game = titles.get(found.game) || found.game;
  return element("li", { dataset: { eventId: found.event_id, status: found.status } },
    element("a", { href: `/events/${found.event_id}`, textContent: found.name || game }),
    element("span", { className: "muted", textContent: ` · ${game} · ${word(found.status)}` }));
}

const ROLE_LINES = {
  admin: () => t("You are an admin of this club."), member: () => t("You are a member of this club."),
};

async function showClub(id) {
  $("club-panel").hidden = false;
  const invite = new URLSearchParams(window.location.search).get("invite");
  const club = await fetchJson(`/api/clubs/${id}`);
  document.title = t("tricktable — {name}", { name: club.name });
  $("club-title").textContent = club.name;
  $("club-role").textContent = (ROLE_LINES[club.your_role] || (() => t("You are not a member of this club.")))();
  $("join-club").hidden = Boolean(club.your_role);
  $("join-club").onclick = () => fetchJson(`/api/clubs/${id}/join`, invite ? { code: invite } : {})
    .then(() => showClub(id)).catch((error) => { $("club-error").textContent = error.message; });
  $("club-invite").textContent = club.invite_url ? t("Invite link: {url}", { url: club.invite_url }) : "";
  $("club-members").replaceChildren(...club.members.map((m) => element("li", {},
    element("a", { href: `/players/${encodeURIComponent(m.name)}`, textContent: m.name }),
    element("span", { className: "muted", textContent: m.role === "admin" ? ` · ${word("admin")}` : "" }))));
  const titles = await gameTitles();
  $("club-events").replaceChildren(...(club.events.length ? club.events.map((e) => eventRow(e, titles))
    : [element("li", { className: "muted", textContent: t("No event yet.") })]));
  $("new-event").hidden = club.your_role !== "admin";
  if (club.your_role === "admin") await fillGames();
}

// The form's choices: the games, each game's rules as the lobby names them (its presets) and
// the bots' levels for the places no entrant takes.
let presets = {};

async function fillGames() {
  if ($("event-game").options.length) return;
  const [data, presetData] = await Promise.all([fetchJson("/api/games"), fetchJson("/api/presets")]);
  presets = presetData.presets;
  $("event-game").replaceChildren(...data.games.map((g) => element("option", { value: g.name, textContent: g.title })));
  $("event-bot-level").replaceChildren(...LEVELS.map((level) => element("option", { value: level, textContent: levelWord(level) })));
  $("event-bot-level").value = "medium";
  $("event-game").addEventListener("change", fillRules);
  fillRules();
}

const LEVELS = ["easy", "medium", "hard", "expert"];

function fillRules() {
  const entries = presets[$("event-game").value] || [{ label: t("Standard"), options: {} }];
  $("event-rules").replaceChildren(...entries.map((p, i) => element("option", { value: String(i), textContent: p.label })));
}

function chosenOptions() {
  const entries = presets[$("event-game").value] || [];
  const preset = entries[Number($("event-rules").value)] || { options: {} };
  const target = $("event-target").value;
  return { ...preset.options, ...(target ? { target_score: Number(target) } : {}) };
}

async function createEvent(event) {
  event.preventDefault();
  const start = $("event-start").value;
  const body = {
    name: $("event-name").value, game: $("event-game").value, kind: $("event-kind").value,
    rounds: Number($("event-rounds").value), boards: Number($("event-boards").value),
    options: chosenOptions(), bot_level: $("event-bot-level").value,
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
  translatePage();
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
