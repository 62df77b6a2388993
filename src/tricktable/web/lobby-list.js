// The lobby's live lists: open tables (polled every few seconds while the page is visible),
// My tables (the seats this browser holds, and a signed-in player's seats on any browser)
// and Play now.
import { $, account, element, fetchJson, heldTokens, rulesLine, seatLabel } from "./api.js";

const POLL_MS = 3000;
let timer = null;
let titles = {};

export function rememberSeat(tableId, token) {
  localStorage.setItem(`tricktable:token:${tableId}`, token);
}

export async function playNow(game, level, name) {
  const seats = [{ kind: "human" }];
  for (let seat = 1; seat < game.players; seat += 1) seats.push({ kind: "bot", level });
  const table = await fetchJson("/api/tables", { game: game.name, seats });
  const seat = await fetchJson(`/api/tables/${table.table_id}/join`, { name, seat: 0 });
  rememberSeat(table.table_id, seat.token);
  window.location.assign(`/t/${table.table_id}`);
}

async function joinTable(table, button) {
  const name = $("name").value.trim();
  if (!name) {
    $("list-error").textContent = "Please enter your name (under Start a game) to sit down.";
    $("name").focus();
    return;
  }
  button.disabled = true;
  try {
    localStorage.setItem("tricktable:name", name);
    const seat = await fetchJson(`/api/tables/${table.table_id}/join`, { name });
    rememberSeat(table.table_id, seat.token);
    window.location.assign(`/t/${table.table_id}`);
  } catch (error) {
    $("list-error").textContent = error.message;
    button.disabled = false;
    refreshOpen();
  }
}

function openRow(table) {
  const who = table.seats.map((s) => `${s.seat + 1}: ${seatLabel(s)}`).join(" · ");
  const join = element("button", { className: "primary", type: "button",
    textContent: `Join (${table.free_seats} free)`, dataset: { testid: "join-open-table" } });
  join.addEventListener("click", () => joinTable(table, join));
  const actions = element("div", { className: "row-actions" }, join,
    table.allow_spectators ? element("a", { href: `/t/${table.table_id}`, textContent: "Watch" })
      : element("span", { className: "muted", textContent: "no spectators" }));
  return element("li", { dataset: { testid: "open-table", tableId: table.table_id } },
    element("strong", { textContent: table.title }),
    element("span", { className: "muted", textContent: rulesLine(table) }),
    element("span", { className: "who", textContent: who }), actions);
}

export async function refreshOpen() {
  try {
    const data = await fetchJson("/api/tables?status=open");
    $("list-error").textContent = "";
    const rows = data.tables.map(openRow);
    $("open-tables").replaceChildren(...(rows.length ? rows
      : [element("li", { className: "muted", textContent: "No open tables right now: start one!" })]));
    $("open-count").textContent = `(${data.tables.length})`;
  } catch (error) {
    $("list-error").textContent = `The list could not be loaded: ${error.message}`;
  }
}

async function goToTable(table) {
  if (!heldTokens()[table.table_id] && account.name && table.status !== "over") {
    const seat = await fetchJson(`/api/tables/${table.table_id}/resume`, {});
    rememberSeat(table.table_id, seat.token);
  }
  window.location.assign(`/t/${table.table_id}`);
}

function mineRow(table) {
  const you = table.your_seat;
  const state = table.status === "over" ? "finished" : table.to_move === you ? "your turn" : "playing";
  const open = element("button", { type: "button",
    textContent: table.status === "over" ? "Table" : "Back to the table" });
  open.addEventListener("click", () => goToTable(table).catch((e) => {
    $("mine-note").textContent = e.message;
  }));
  const actions = element("div", { className: "row-actions" }, open,
    table.status === "over"
      ? element("a", { href: `/review/${table.table_id}`, textContent: "Review" }) : null);
  return element("li", { dataset: { testid: "my-table", tableId: table.table_id } },
    element("strong", { textContent: `${table.title} — ${state}` }),
    element("span", { className: "muted", textContent: rulesLine(table) }),
    element("span", { className: "who",
      textContent: table.seats.map((s) => `${s.seat + 1}: ${seatLabel(s)}`).join(" · ") }),
    actions);
}

export async function refreshMine() {
  const tokens = Object.values(heldTokens()).slice(-100);
  try {
    const data = await fetchJson("/api/my-tables", { tokens });
    $("mine-note").textContent = account.name
      ? `Your tables as ${account.name}, and any others this browser holds.`
      : "Tables this browser holds a seat at. Sign in to find them from any browser.";
    const rows = data.tables.map(mineRow);
    $("my-tables").replaceChildren(...(rows.length ? rows
      : [element("li", { className: "muted", textContent: "None yet." })]));
  } catch (error) {
    $("mine-note").textContent = error.message;
  }
}

function poll() {
  clearTimeout(timer);
  if (document.visibilityState === "visible") refreshOpen();
  timer = setTimeout(poll, POLL_MS);
}

export function startLists(games) {
  titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { refreshOpen(); refreshMine(); }
  });
  document.addEventListener("tricktable:account", refreshMine);
  poll();
  refreshMine();
  return titles;
}
