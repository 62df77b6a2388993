// The review of a finished game: hand by hand, trick by trick, with each card's double-dummy
// cost. The server computes the review once (answering 202 until it is ready).
import { $, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";

const tableId = window.location.pathname.split("/").pop();
let review = null;
let names = [];

function nameOf(seat) {
  return names[seat] || `Seat ${seat + 1}`;
}

function card(play, winner) {
  const best = play.cost ? ` — best: ${play.best_cards.join(" ")} (${play.best})` : "";
  return element("span", {
    className: "review-card", textContent: `${nameOf(play.seat)}: ${play.card} · ${play.cost ? `−${play.cost}` : "0"}`,
    title: `${play.tricks} tricks with this card${best}`,
    dataset: { card: play.card, seat: String(play.seat), cost: String(play.cost),
      winner: String(play.seat === winner) },
  }, play.cost ? element("small", { textContent: best }) : null);
}

function showTrick(hand, index) {
  const trick = hand.tricks[index];
  const box = $("review-trick");
  const hands = trick.hands.map((cards, seat) => element("div", {},
    element("strong", { textContent: `${nameOf(seat)}: ` }), cards));
  box.replaceChildren(
    element("h3", { textContent: `Trick ${index + 1} of ${hand.tricks.length}` }),
    element("div", { className: "review-hands" }, ...hands),
    element("div", { className: "review-trick", dataset: { testid: "review-trick" } },
      ...trick.plays.map((p) => card(p, trick.winner))),
    element("p", { className: "muted",
      textContent: trick.winner === undefined ? "" : `${nameOf(trick.winner)} wins the trick.` }));
  $("trick-prev").disabled = index === 0;
  $("trick-next").disabled = index === hand.tricks.length - 1;
  $("trick-prev").onclick = () => showTrick(hand, index - 1);
  $("trick-next").onclick = () => showTrick(hand, index + 1);
}

function showHand(number) {
  const hand = review.hands[number];
  for (const button of $("review-hands").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.hand === String(number)));
  }
  const costs = hand.cost.map((c, seat) => `${nameOf(seat)} ${c ? `−${c}` : "0"}`).join(" · ");
  const calls = hand.calls.map((c) => `${nameOf(c.seat)}: ${c.action}`).join(", ") || "none";
  const parts = [
    element("h2", { textContent: `Hand ${number + 1} — ${nameOf(hand.dealer)} deals` }),
    element("p", { textContent: hand.summary }),
    element("p", { className: "muted", textContent: `Calls: ${calls}` }),
    element("p", { dataset: { testid: "review-costs" }, textContent: `Tricks lost to the solver: ${costs}` }),
  ];
  if (hand.tricks.length) {
    parts.push(element("div", { className: "row-actions" },
      element("button", { type: "button", id: "trick-prev", textContent: "← Previous trick" }),
      element("button", { type: "button", id: "trick-next", textContent: "Next trick →" })),
    element("div", { id: "review-trick" }));
  }
  $("review-hand").replaceChildren(...parts);
  if (hand.tricks.length) showTrick(hand, 0);
}

function render() {
  names = review.seats.map((s) => s.name || (s.kind === "bot" ? `bot (${s.level})` : null));
  $("review-rules").textContent = `${review.rules} · final scores ${review.scores.join(" / ")} · won by ${review.winners.map(nameOf).join(", ")}`;
  $("review-status").textContent = "";
  $("review-hands").replaceChildren(...review.hands.map((hand, i) => {
    const button = element("button", { type: "button", textContent: `Hand ${i + 1}`, dataset: { hand: String(i) } });
    button.addEventListener("click", () => showHand(i));
    return button;
  }));
  showHand(0);
}

async function load() {
  try {
    const response = await fetch(`/api/tables/${tableId}/review`);
    const data = await response.json();
    if (response.status === 202) {
      $("review-status").textContent = "The solver is analysing every card of the game…";
      setTimeout(load, 1000);
      return;
    }
    if (!response.ok) throw new Error(data.detail || "the review could not be loaded");
    review = data;
    render();
  } catch (error) {
    $("review-status").textContent = error.message;
  }
}

startAccount();
load();
