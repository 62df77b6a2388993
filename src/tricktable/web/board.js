// A board of a duplicate event: the hands every table held, each table's result against the
// field (matchpoints), and the solver's review of the hand at each table.
import { $, element, fetchJson, recordLink } from "./api.js";
import { startAccount } from "./account.js";
import { cardsText } from "./card-text.js";
import { entrantNames, number as numeral, percent } from "./event-words.js";
import { t, tn, translatePage } from "./i18n.js";
import { nameOf, seatLabel } from "./names.js";
import { cardShort } from "./table/cards.js";

const [, , eventId, , number] = window.location.pathname.split("/");
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

// A place's players: the entrant's names, or for a bot's place the bots in its seats with
// their level ("Bruno (easy bot)"), as the table itself named them.
function placeNames(table, score) {
  if (score.names !== "bot" || !score.seats || !table.players) return entrantNames(score.names);
  return score.seats.map((seat) => seatLabel(table.players, seat)).join(" & ");
}

function tableRows(table) {
  return table.scores.map((s, index) => element("tr", { dataset: { tableId: table.table_id, place: String(s.place) } },
    element("td", { textContent: index ? "" : t("Table {number}", { number: table.number }) }),
    element("td", { className: "name", textContent: placeNames(table, s) }),
    element("td", { textContent: signed(s.value) }),
    element("td", { textContent: numeral(s.matchpoints) }),
    element("td", { textContent: percent(s.percent) }),
    element("td", { className: "row-actions" }, ...(index ? [] : [
      element("a", { href: `/review/${table.table_id}`, textContent: t("Whole game") }), recordLink(table.table_id, `board-${number}`)]))));
}

// The board's hands as cards, seat by seat (the deal's notation is "hand / hand / … | widow |
// stock"): each seat's line names who held it at each table, and the dealer; the cards no
// seat was dealt come last. Every table was dealt these hands, so one list serves them all.
function dealHands(board) {
  const first = board.tables[0];
  if (!first || !first.deal) return [];
  const [hands, ...rest] = first.deal.split(" | ");
  const lines = hands.split(" / ").map((hand, seat) => dealLine(seatWords(board, seat), hand, seat));
  const left = rest.join(" ").trim();
  if (left) lines.push(dealLine(t("Rest of the pack"), left, "rest"));
  return lines;
}

function seatWords(board, seat) {
  // the same bot sits in a seat at every table: its name once, a person's at each table
  const names = [...new Set(board.tables.map((table) => nameOf(table.players || [], seat)))].join(" / ");
  const dealer = seat === board.tables[0].dealer ? ` · ${t("Dealer")}` : "";
  return `${t("Seat {number}", { number: seat + 1 })} (${names})${dealer}`;
}

function dealLine(label, cards, seat) {
  return element("div", { dataset: { testid: "board-hand", seat: String(seat) } },
    element("strong", { textContent: `${label}: ` }), cardsText(cards.split(/\s+/)));
}

const REVIEW_TRIES = 60;
const REVIEW_WAIT_MS = 1500;

// The solver's review of this board's hand at one table: each card and what it cost. A
// table's game is over right after its last board, so its review is asked for then: while it
// is computed the box says so and asks again.
async function reviewOf(table) {
  const title = element("h3", { textContent: t("Table {number}: the solver's review", { number: table.number }) });
  const box = element("div", { dataset: { testid: "board-review", tableId: table.table_id, review: "computing" } }, title);
  fillReview(box, title, table, REVIEW_TRIES);
  return box;
}

// Each costly card said with the name of whoever played it at that table (its review names
// the seats) rather than a seat's number.
function costLine(p, seats) {
  const or = t("or"); // a call of its own, so the catalogs have the word
  return element("li", { textContent: tn("{name} played {card}, costing {n} trick; best was {best}",
    "{name} played {card}, costing {n} tricks; best was {best}", p.cost,
    { name: nameOf(seats, p.seat), card: cardShort(p.card), best: p.best_cards.map(cardShort).join(` ${or} `) }) });
}

async function fillReview(box, title, table, tries) {
  try {
    const review = await fetchJson(table.review_url);
    if (review.status !== "ready") {
      box.replaceChildren(title, element("p", { className: "muted", textContent: t("Being computed: it appears here when it is ready.") }));
      if (tries > 1) setTimeout(() => fillReview(box, title, table, tries - 1), REVIEW_WAIT_MS);
      return;
    }
    const hand = review.hands.find((h) => h.deal_number === table.deal_number);
    const plays = hand ? hand.tricks.flatMap((t) => t.plays) : [];
    const costly = plays.filter((p) => p.cost > 0);
    box.dataset.review = "ready";
    box.replaceChildren(title, element("p", { textContent: tn("{cards} cards; {n} cost a trick (double dummy).",
      "{cards} cards; {n} cost a trick (double dummy).", costly.length, { cards: plays.length }) }),
    element("ul", { className: "rows" }, ...costly.map((p) => costLine(p, review.seats || []))));
  } catch (error) {
    box.dataset.review = "missing";
    box.replaceChildren(title, element("p", { className: "muted", textContent: t("No review yet: {reason}", { reason: error.message }) }));
  }
}

async function start() {
  translatePage();
  startAccount();
  $("back").href = `/events/${eventId}`;
  try {
    const board = await fetchJson(`/api/events/${eventId}/boards/${number}`);
    document.title = t("tricktable — board {number}", { number: board.number });
    $("board-title").textContent = t("Board {number} (round {round})", { number: board.number, round: board.round });
    $("board-fair").textContent = t("Commitment {commitment} · secret {secret} (every table shows this one commitment; the secret deals the board)",
      { commitment: board.commitment, secret: board.secret });
    $("board-deal").replaceChildren(...dealHands(board));
    $("board-tables").replaceChildren(...board.tables.flatMap(tableRows));
    $("board-reviews").replaceChildren(...await Promise.all(board.tables.map(reviewOf)));
  } catch (error) {
    $("board-error").textContent = error.message;
  }
}

start();
