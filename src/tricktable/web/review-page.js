// The review of a finished game: hand by hand, trick by trick, with each card's double-dummy
// cost. The server computes the review once (answering 202 until it is ready). Names, cards,
// calls and hand results are in the table's own words.
import { $, element, recordLink, rulesLine } from "./api.js";
import { startAccount } from "./account.js";
import { t, tn, translatePage, withLanguage } from "./i18n.js";
import { nameOf, sideNames } from "./names.js";
import { showReplay } from "./replay.js";
import { cardsText, cardText } from "./card-text.js";
import { cardShort } from "./table/cards.js";
import { handSummary, ownVerb, setTableWords, trumpText } from "./table/games.js";

const tableId = window.location.pathname.split("/").pop();
let review = null;

const name = (seat) => nameOf(review.seats, seat);
const minus = (n) => (n ? `−${n}` : "0");
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const number = (n) => (n < 0 ? `−${-n}` : String(n));

/** A call in words, with its cards shown (the game is over: nothing is hidden any more). */
function callWords({ seat, action }) {
  const [verb, ...rest] = action.split(" ");
  const cards = () => rest.map(cardShort).join(" ");
  const own = ownVerb(verb).review; // the game's own verbs say themselves (its table words)
  const words = verb === "pass" ? t("{name} passes")
    : verb === "bid" ? t("{name} bids {bid}", { bid: rest.join(" ").replace("-", " ") })
      : verb === "trump" ? t("{name} names {trump}", { trump: trumpText(rest[0]) })
        : verb === "discard" ? t("{name} puts {cards} away", { cards: cards() })
          : own ? t(own, { cards: cards() }) : `{name} ${action}`;
  return words.replaceAll("{name}", name(seat));
}

function play(entry, winner) {
  const best = entry.cost
    ? element("small", {}, ` ${tn("best: {cards} ({n} trick)", "best: {cards} ({n} tricks)", entry.best, { cards: entry.best_cards.map(cardShort).join(" ") })}`) : null;
  return element("span", {
    className: "review-card",
    title: tn("{n} trick for this side with this card", "{n} tricks for this side with this card", entry.tricks),
    dataset: { card: entry.card, seat: String(entry.seat), cost: String(entry.cost),
      winner: String(entry.seat === winner) },
  }, element("span", { className: "who-played", textContent: `${name(entry.seat)} ` }),
  cardText(entry.card), element("span", { className: "cost", textContent: ` · ${minus(entry.cost)}` }), best);
}

function showTrick(hand, index, moves) {
  const trick = hand.tricks[index];
  const hands = trick.hands.map((cards, seat) => element("div", {},
    element("strong", { textContent: `${name(seat)}: ` }),
    cards.trim() ? cardsText(cards.trim().split(/\s+/)) : element("span", { className: "muted", textContent: "—" })));
  $("review-trick").replaceChildren(
    element("h3", { textContent: t("Trick {number} of {count}", { number: index + 1, count: hand.tricks.length }) }),
    element("p", { className: "muted", textContent: t("The hands as they stood:") }),
    element("div", { className: "review-hands" }, ...hands),
    element("div", { className: "review-trick", dataset: { testid: "review-trick" } },
      ...trick.plays.map((p) => play(p, trick.winner))),
    element("p", { className: "muted",
      textContent: trick.winner === undefined ? "" : t("{name} wins the trick.", { name: name(trick.winner) }) }));
  $("trick-prev").disabled = index === 0;
  $("trick-next").disabled = index === hand.tricks.length - 1;
  // the replay beside follows (and shows this trick again through its own step)
  $("trick-prev").onclick = () => moves.to(index - 1);
  $("trick-next").onclick = () => moves.to(index + 1);
}

/** The hand's result: a sentence and a table of tricks and points per side (or player). */
function resultParts(hand) {
  if (!hand.result) return [element("p", { textContent: hand.summary })];
  const view = { sides: review.sides, players: review.players, scoring: (review.options || {}).scoring };
  const summary = handSummary(hand.result, view, name);
  const head = element("tr", {}, ...["", t("Tricks"), summary.deltaHeading, t("Total")]
    .map((text) => element("th", { scope: "col", textContent: text })));
  const rows = summary.rows.map((row) => element("tr", {},
    element("th", { scope: "row", textContent: row.label }), element("td", { textContent: String(row.tricks) }),
    element("td", { textContent: signed(row.delta) }), element("td", { textContent: number(row.total) })));
  return [element("p", { className: "headline", textContent: `${summary.headline}.` }),
    ...summary.lines.map((line) => element("p", { textContent: line })),
    element("table", { className: "result-table" }, element("thead", {}, head), element("tbody", {}, ...rows))];
}

function showHand(number) {
  const hand = review.hands[number];
  for (const button of $("review-hands").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.hand === String(number)));
  }
  // a count of tricks lost, so no minus sign ("Tricks lost: −1" read as a double negative)
  const costs = hand.cost.map((c, seat) => `${name(seat)} ${c}`).join(" · ");
  const calls = hand.calls.map(callWords).join(" · ") || t("none");
  const side = [
    ...resultParts(hand),
    element("p", { className: "muted", textContent: t("Calls: {calls}", { calls }) }),
    element("p", { dataset: { testid: "review-costs" }, textContent: t("Tricks lost to the solver: {costs}", { costs }) }),
  ];
  if (hand.tricks.length) {
    side.push(element("div", { className: "row-actions" },
      element("button", { type: "button", id: "trick-prev", textContent: t("← Previous trick") }),
      element("button", { type: "button", id: "trick-next", textContent: t("Next trick →") })),
    element("div", { id: "review-trick" }));
  }
  const replay = element("div", { className: "review-replay" });
  $("review-hand").replaceChildren(
    element("h2", { textContent: t("Hand {number} — {name} deals", { number: number + 1, name: name(hand.dealer) }) }),
    element("div", { className: "review-columns" }, ...(hand.tricks.length ? [replay] : []), element("div", { className: "review-side" }, ...side)));
  if (!hand.tricks.length) return;
  const moves = { to: () => {} };
  let shown = -1;
  moves.to = showReplay(replay, hand, name, review.players, (index) => {
    if (index !== shown) showTrick(hand, index, moves);
    shown = index;
  });
}

function finalLine() {
  const sides = review.sides && review.sides.length ? review.sides : review.seats.map((s) => [s.seat]);
  const scores = sides.map((side) => `${sideNames(review.seats, side)} ${number(review.scores[side[0]])}`);
  const winners = sides.filter((side) => side.some((s) => review.winners.includes(s)));
  const who = winners.map((side) => sideNames(review.seats, side)).join(` ${t("and")} `);
  return t("{who} won. Final score: {scores}.", { who: who || t("Nobody"), scores: scores.join(" · ") });
}

function render() {
  document.title = t("tricktable — review of {title}", { title: review.title || review.game });
  $("review-title").textContent = t("Review: {title}", { title: review.title || review.game });
  $("review-rules").textContent = review.rules_words ? rulesLine(review) : review.rules;
  $("review-result").textContent = finalLine();
  $("review-record").replaceChildren(recordLink(tableId, review.game));
  $("review-status").textContent = "";
  $("review-hands").replaceChildren(...review.hands.map((hand, i) => {
    const button = element("button", { type: "button", textContent: t("Hand {number}", { number: i + 1 }), dataset: { hand: String(i) } });
    button.addEventListener("click", () => showHand(i));
    return button;
  }));
  showHand(0);
}

async function load() {
  try {
    const response = await fetch(withLanguage(`/api/tables/${tableId}/review`));
    const data = await response.json();
    if (response.status === 202) {
      $("review-status").textContent = t("The solver is analysing every card of the game…");
      setTimeout(load, 1000);
      return;
    }
    if (!response.ok) throw new Error(data.detail || t("the review could not be loaded"));
    review = data;
    setTableWords(review.table_words); // the game's own words for its hand summaries
    render();
  } catch (error) {
    $("review-status").textContent = error.message;
  }
}

translatePage();
startAccount();
load();
