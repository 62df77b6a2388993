// A duplicate event's page: registration, the admin's start, live standings, the rounds with
// their tables and the boards (each board's page once its round is scored).
import { $, account, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";
import { entrantNames, gameTitles, moment, number, percent, word } from "./event-words.js";
import { t, tn, translatePage } from "./i18n.js";
import { rememberSeat } from "./lobby-list.js";

const eventId = window.location.pathname.split("/")[2];
const REFRESH = 2000;

function statusLine(event) {
  if (event.status === "registering") {
    const when = event.starts_at ? t("It starts at {time}.", { time: moment(event.starts_at) }) : t("Its admin starts it.");
    const open = t("Registration is open ({count} of {most}).", { count: number(event.players.length), most: number(event.max_players) });
    return `${open} ${when}`;
  }
  if (event.status === "playing") return t("Round {round} of {rounds} is being played.", { round: event.round, rounds: event.rounds });
  return t("The event is over.");
}

function roundBlock(round, boards) {
  const tables = round.tables.map((table) => element("li", { dataset: { tableId: table.table_id } },
    element("a", { href: `/t/${table.table_id}`, textContent: t("Table {number}", { number: table.number }) }),
    element("span", { textContent: ` · ${table.entrants.map(entrantNames).join(", ")}` }),
    element("span", { className: "muted", textContent: ` · ${word(table.status)}` })));
  const mine = boards.filter((b) => b.round === round.number).map((b) => b.number);
  const status = word(round.status === "scored" ? "scored" : "playing");
  return element("div", { dataset: { round: String(round.number) } },
    element("h4", { textContent: tn("Round {number} ({status}) · board {boards}", "Round {number} ({status}) · boards {boards}",
      mine.length, { number: round.number, status, boards: mine.join(", ") }) }),
    element("ul", { className: "rows" }, ...tables));
}

function boardRow(board, scored) {
  const short = `${board.commitment.slice(0, 8)}…`;
  return element("li", { dataset: { board: String(board.number) } },
    scored ? element("a", { href: `/events/${eventId}/boards/${board.number}`, textContent: t("Board {number}", { number: board.number }) })
      : element("span", { textContent: t("Board {number}", { number: board.number }) }),
    element("span", { className: "muted", textContent: ` · ${t("round {round} · commitment {commitment}", { round: board.round, commitment: short })}` }));
}

function standingRow(s) {
  return element("tr", { dataset: { entrant: s.entrant } },
    element("td", { textContent: number(s.rank) }), element("td", { className: "name", textContent: entrantNames(s.names) }),
    element("td", { textContent: percent(s.percent) }), element("td", { textContent: number(s.boards) }));
}

async function refresh() {
  const event = await fetchJson(`/api/events/${eventId}`);
  const standing = await fetchJson(`/api/events/${eventId}/standings`);
  const titles = await gameTitles();
  document.title = t("tricktable — {name}", { name: event.name });
  $("event-title").textContent = event.name;
  const about = [titles.get(event.game) || event.game, word(event.kind),
    tn("{n} round", "{n} rounds", event.rounds), tn("{n} board a round", "{n} boards a round", event.boards)];
  $("event-about").replaceChildren(`${about.join(" · ")} · `,
    element("a", { href: `/clubs/${event.club_id}`, textContent: event.club_name }));
  $("event-status").textContent = statusLine(event);
  $("event-status").dataset.status = event.status;
  $("event-status").dataset.round = String(event.round);
  const winners = event.winners.map(entrantNames);
  $("event-winners").textContent = winners.length ? tn("Winner: {names}", "Winners: {names}", winners.length, { names: winners.join(", ") }) : "";
  $("event-players").textContent = event.players.join(", ") || t("Nobody yet.");
  const open = event.status === "registering" && Boolean(account.name);
  $("register").hidden = !open || event.registered;
  $("unregister").hidden = !open || !event.registered;
  $("start-event").hidden = event.status !== "registering" || event.your_role !== "admin";
  $("my-table").hidden = event.status !== "playing" || !event.registered;
  const scored = new Set(event.schedule.filter((r) => r.status === "scored").map((r) => r.number));
  $("rounds").replaceChildren(...event.schedule.map((r) => roundBlock(r, event.board_list)));
  $("boards").replaceChildren(...event.board_list.map((b) => boardRow(b, scored.has(b.round))));
  $("standings").replaceChildren(...standing.standings.map(standingRow));
  return event;
}

const act = (work) => async () => {
  try {
    $("event-error").textContent = "";
    await work();
    await refresh();
  } catch (error) {
    $("event-error").textContent = error.message;
  }
};

async function goToMyTable() {
  const seat = await fetchJson(`/api/events/${eventId}/seat`);
  const token = await fetchJson(`/api/tables/${seat.table_id}/resume`, {});
  rememberSeat(seat.table_id, token.token);
  window.location.assign(`/t/${seat.table_id}`);
}

async function start() {
  translatePage();
  await startAccount(() => refresh().catch(() => {}));
  $("register").onclick = act(() => fetchJson(`/api/events/${eventId}/register`, {}));
  $("unregister").onclick = act(() => fetchJson(`/api/events/${eventId}/register`, undefined, "DELETE"));
  $("start-event").onclick = act(() => fetchJson(`/api/events/${eventId}/start`, {}));
  $("my-table").onclick = act(goToMyTable);
  const tick = async () => {
    try {
      const event = await refresh();
      if (event.status !== "over") setTimeout(tick, REFRESH);
    } catch (error) {
      $("event-error").textContent = error.message;
      setTimeout(tick, REFRESH);
    }
  };
  tick();
}

start();
