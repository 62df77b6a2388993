// The lobby's live lists: open tables (polled every few seconds while the page is visible),
// My tables (the seats this browser holds, and a signed-in player's seats on any browser)
// and Play now.
import { $, account, element, fetchJson, heldTokens, rulesLine } from "./api.js";
import { seatLabel, sideNames } from "./names.js";
import { t, tn } from "./i18n.js";

const POLL_MS = 3000;
let timer = null;
let titles = {};
let mine = new Set(); // the ids of My tables, so an open table of yours says so

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
    $("list-error").textContent = t("Please enter your name (under Start a game) to sit down.");
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

/** Who sits where, by name: sides joined by "vs" in partnership games. */
export function whoSits(table) {
  const label = (seat) => seatLabel(table.seats, seat);
  const sides = table.sides || table.seats.map((s) => [s.seat]);
  if (sides.some((side) => side.length > 1)) {
    return sides.map((side) => side.map(label).join(" & ")).join(` ${t("vs")} `);
  }
  return sides.map((side) => label(side[0])).join(" · ");
}

/** "just now", "5 min ago", "3 h ago", or the day. */
function ago(iso) {
  const then = new Date(/(Z|[+-]\d\d:\d\d)$/.test(iso) ? iso : `${iso}Z`);
  const minutes = Math.round((Date.now() - then.getTime()) / 60000);
  if (minutes < 1) return t("just now");
  if (minutes < 60) return t("{minutes} min ago", { minutes });
  if (minutes < 24 * 60) return t("{hours} h ago", { hours: Math.round(minutes / 60) });
  return then.toLocaleDateString(document.documentElement.lang || undefined, { dateStyle: "medium" });
}

function head(table) {
  return element("div", { className: "row-head" },
    element("strong", { textContent: table.title }),
    element("span", { className: "muted", textContent: `· ${rulesLine(table)}` }));
}

function openRow(table) {
  const free = tn("{n} free seat", "{n} free seats", table.free_seats);
  const yours = mine.has(table.table_id);
  // at your own table you wait for the others: the row takes you back instead of seating you
  const join = element("button", { className: yours ? "" : "primary", type: "button",
    textContent: yours ? t("Your table: back to it ({free})", { free }) : t("Join ({free})", { free }),
    dataset: { testid: yours ? "back-to-table" : "join-open-table" } });
  join.addEventListener("click", () => (yours ? goToTable(table).catch((e) => {
    $("list-error").textContent = e.message;
  }) : joinTable(table, join)));
  const actions = element("div", { className: "row-actions" }, join,
    table.allow_spectators ? element("a", { href: `/t/${table.table_id}`, textContent: t("Watch") })
      : element("span", { className: "muted", textContent: t("no spectators") }),
    element("span", { className: "muted", textContent: t("opened {when}", { when: ago(table.created_at) }) }));
  return element("li", { dataset: { testid: "open-table", tableId: table.table_id } },
    head(table), element("span", { className: "who", textContent: whoSits(table) }), actions);
}

function emptyRow(text) {
  return element("li", { className: "muted empty", textContent: text });
}

export async function refreshOpen() {
  try {
    const data = await fetchJson("/api/tables?status=open");
    $("list-error").textContent = "";
    const rows = data.tables.map(openRow);
    $("open-tables").replaceChildren(...(rows.length ? rows
      : [emptyRow(t("No table is waiting for players right now. Set up a table with a seat for a friend and it shows here, or Play now against bots."))]));
    $("open-count").textContent = `(${data.tables.length})`;
  } catch (error) {
    $("list-error").textContent = t("The list could not be loaded: {error}", { error: error.message });
  }
}

async function goToTable(table) {
  if (!heldTokens()[table.table_id] && account.name && table.status !== "over") {
    const seat = await fetchJson(`/api/tables/${table.table_id}/resume`, {});
    rememberSeat(table.table_id, seat.token);
  }
  window.location.assign(`/t/${table.table_id}`);
}

/** A finished table's outcome for the seat ``you``: "You won — final score: …". */
function outcome(table, you) {
  const result = table.result;
  if (!result) return [element("span", { className: "muted", textContent: t("Finished") }), null];
  const won = result.winners.includes(you);
  const sides = (table.sides || table.seats.map((s) => [s.seat]));
  const score = (n) => (n < 0 ? `−${-n}` : String(n));
  const scores = sides.map((side) => `${sideNames(table.seats, side)} ${score(result.scores[side[0]])}`);
  return [element("span", { className: won ? "won" : "lost", textContent: won ? t("You won") : t("You lost") }),
    t("final score {scores}", { scores: scores.join(" · ") })];
}

function mineRow(table) {
  const you = table.your_seat;
  const over = table.status === "over";
  const ours = table.to_move === you;
  const [state, detail] = over ? outcome(table, you)
    : [element("span", { className: ours ? "won" : "", textContent: ours ? t("Your turn")
      : table.free_seats ? t("Waiting for players") : t("Playing") }), whoSits(table)];
  const open = element("button", { type: "button", textContent: over ? t("Table") : t("Back to the table") });
  open.addEventListener("click", () => goToTable(table).catch((e) => {
    $("mine-note").textContent = e.message;
  }));
  const actions = element("div", { className: "row-actions" }, open,
    over ? element("a", { href: `/review/${table.table_id}`, textContent: t("Review") }) : null,
    element("span", { className: "muted", textContent: t("started {when}", { when: ago(table.created_at) }) }));
  return element("li", { dataset: { testid: "my-table", tableId: table.table_id } },
    head(table), element("span", { className: "who" }, state, detail ? ` — ${detail}` : ""), actions);
}

export async function refreshMine() {
  const tokens = Object.values(heldTokens()).slice(-100);
  try {
    const data = await fetchJson("/api/my-tables", { tokens });
    $("mine-note").textContent = account.name
      ? t("Your tables as {name}, on any browser, and any others this browser holds.", { name: account.name })
      : t("Tables this browser holds a seat at. Sign up or in to find them from any browser.");
    mine = new Set(data.tables.map((t) => t.table_id));
    const rows = data.tables.map(mineRow);
    $("my-tables").replaceChildren(...(rows.length ? rows
      : [emptyRow(t("None yet: the tables you sit at, playing or finished, show here. Play now to start one."))]));
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
    if (document.visibilityState === "visible") refreshMine().finally(refreshOpen);
  });
  document.addEventListener("tricktable:account", () => refreshMine().finally(refreshOpen));
  // My tables first: an open table of yours is then shown as yours
  refreshMine().finally(poll);
  return titles;
}
