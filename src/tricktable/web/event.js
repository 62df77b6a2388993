// A duplicate event's page: registration, the admin's start, live standings, the rounds with
// their tables and the boards (each board's page once its round is scored).
import { $, account, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";
import { rememberSeat } from "./lobby-list.js";

const eventId = window.location.pathname.split("/")[2];
const REFRESH = 2000;

function statusLine(event) {
  if (event.status === "registering") {
    const when = event.starts_at ? ` It starts at ${new Date(event.starts_at).toLocaleString()}.` : " Its admin starts it.";
    return `Registration is open (${event.players.length} of ${event.max_players}).${when}`;
  }
  if (event.status === "playing") return `Round ${event.round} of ${event.rounds} is being played.`;
  return "The event is over.";
}

function roundBlock(round, boards) {
  const tables = round.tables.map((t) => element("li", { dataset: { tableId: t.table_id } },
    element("a", { href: `/t/${t.table_id}`, textContent: `Table ${t.number}` }),
    element("span", { textContent: ` · ${t.entrants.map((e) => e || "bot").join(", ")}` }),
    element("span", { className: "muted", textContent: ` · ${t.status}` })));
  const mine = boards.filter((b) => b.round === round.number).map((b) => b.number);
  return element("div", { dataset: { round: String(round.number) } },
    element("h4", { textContent: `Round ${round.number} (${round.status === "scored" ? "scored" : "playing"}) · boards ${mine.join(", ")}` }),
    element("ul", { className: "rows" }, ...tables));
}

function boardRow(board, scored) {
  const short = `${board.commitment.slice(0, 8)}…`;
  return element("li", { dataset: { board: String(board.number) } },
    scored ? element("a", { href: `/events/${eventId}/boards/${board.number}`, textContent: `Board ${board.number}` })
      : element("span", { textContent: `Board ${board.number}` }),
    element("span", { className: "muted", textContent: ` · round ${board.round} · commitment ${short}` }));
}

function standingRow(s) {
  return element("tr", { dataset: { entrant: s.entrant } },
    element("td", { textContent: String(s.rank) }), element("td", { className: "name", textContent: s.names }),
    element("td", { textContent: `${s.percent.toFixed(1)} %` }), element("td", { textContent: String(s.boards) }));
}

async function refresh() {
  const event = await fetchJson(`/api/events/${eventId}`);
  const standing = await fetchJson(`/api/events/${eventId}/standings`);
  document.title = `tricktable — ${event.name}`;
  $("event-title").textContent = event.name;
  $("event-about").replaceChildren(`${event.game} · ${event.kind} · ${event.rounds} rounds of ${event.boards} boards · `,
    element("a", { href: `/clubs/${event.club_id}`, textContent: event.club_name }));
  $("event-status").textContent = statusLine(event);
  $("event-status").dataset.status = event.status;
  $("event-status").dataset.round = String(event.round);
  $("event-winners").textContent = event.winners.length ? `Winner${event.winners.length > 1 ? "s" : ""}: ${event.winners.join(", ")}` : "";
  $("event-players").textContent = event.players.join(", ") || "Nobody yet.";
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
