// A board of a duplicate event: the hands every table held, each table's result against the
// field (matchpoints), and the solver's review of the hand at each table.
import { $, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";

const [, , eventId, , number] = window.location.pathname.split("/");
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

function tableRows(table) {
  return table.scores.map((s, index) => element("tr", { dataset: { tableId: table.table_id, place: String(s.place) } },
    element("td", { textContent: index ? "" : `Table ${table.number}` }),
    element("td", { className: "name", textContent: s.names }),
    element("td", { textContent: signed(s.value) }),
    element("td", { textContent: String(s.matchpoints) }),
    element("td", { textContent: `${s.percent.toFixed(1)} %` }),
    element("td", {}, index ? "" : element("a", { href: `/review/${table.table_id}`, textContent: "Whole game" }))));
}

const REVIEW_TRIES = 60;
const REVIEW_WAIT_MS = 1500;

// The solver's review of this board's hand at one table: each card and what it cost. A
// table's game is over right after its last board, so its review is asked for then: while it
// is computed the box says so and asks again.
async function reviewOf(table) {
  const title = element("h3", { textContent: `Table ${table.number}: the solver's review` });
  const box = element("div", { dataset: { testid: "board-review", tableId: table.table_id, review: "computing" } }, title);
  fillReview(box, title, table, REVIEW_TRIES);
  return box;
}

async function fillReview(box, title, table, tries) {
  try {
    const review = await fetchJson(table.review_url);
    if (review.status !== "ready") {
      box.replaceChildren(title, element("p", { className: "muted", textContent: "Being computed: it appears here when it is ready." }));
      if (tries > 1) setTimeout(() => fillReview(box, title, table, tries - 1), REVIEW_WAIT_MS);
      return;
    }
    const hand = review.hands.find((h) => h.deal_number === table.deal_number);
    const plays = hand ? hand.tricks.flatMap((t) => t.plays) : [];
    const costly = plays.filter((p) => p.cost > 0);
    box.dataset.review = "ready";
    box.replaceChildren(title, element("p", { textContent: `${plays.length} cards; ${costly.length} cost a trick (double dummy).` }),
      element("ul", { className: "rows" }, ...costly.map((p) => element("li", { textContent: `Seat ${p.seat + 1} played ${p.card}, costing ${p.cost}; best was ${p.best_cards.join(" or ")}` }))));
  } catch (error) {
    box.dataset.review = "missing";
    box.replaceChildren(title, element("p", { className: "muted", textContent: `No review yet: ${error.message}` }));
  }
}

async function start() {
  startAccount();
  $("back").href = `/events/${eventId}`;
  try {
    const board = await fetchJson(`/api/events/${eventId}/boards/${number}`);
    document.title = `tricktable — board ${board.number}`;
    $("board-title").textContent = `Board ${board.number} (round ${board.round})`;
    $("board-fair").textContent = `Commitment ${board.commitment} · secret ${board.secret} (every table shows this one commitment; the secret deals the board: see How deals are made)`;
    $("board-deal").textContent = board.tables[0] ? board.tables[0].deal : "";
    $("board-tables").replaceChildren(...board.tables.flatMap(tableRows));
    $("board-reviews").replaceChildren(...await Promise.all(board.tables.map(reviewOf)));
  } catch (error) {
    $("board-error").textContent = error.message;
  }
}

start();
