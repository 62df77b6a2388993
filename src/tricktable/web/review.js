// Hand review: the tricks of every hand this client has seen, stepped through one at a time;
// once the game is over, the full record (every deal and call) from the server.
import { cardSvg } from "./cards.js";
import { seatName, trickNodes } from "./render.js";

const hands = new Map(); // hand_number -> { tricks: [...], result }
let chosenHand = null;
let step = 0;
let followLatest = true; // until the reader picks a hand or a trick, show the newest one
let tableInfo = null;

function sameTrick(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function rememberView(view, table) {
  tableInfo = table;
  const current = hands.get(view.hand_number) || { tricks: [], result: null };
  if (view.tricks.length >= current.tricks.length) current.tricks = view.tricks;
  hands.set(view.hand_number, current);
  const previous = hands.get(view.hand_number - 1);
  if (previous && view.tricks.length === 0 && view.last_trick) {
    const last = previous.tricks[previous.tricks.length - 1];
    if (!last || !sameTrick(last, view.last_trick)) previous.tricks.push(view.last_trick);
  }
  for (const result of view.history) {
    const hand = hands.get(result.hand_number);
    if (hand) hand.result = result;
  }
  if (view.is_over) {
    const lastHand = hands.get(view.hand_number);
    if (lastHand && view.last_trick) {
      const last = lastHand.tricks[lastHand.tricks.length - 1];
      if (!last || !sameTrick(last, view.last_trick)) lastHand.tricks.push(view.last_trick);
    }
  }
}

function button(text, onClick, disabled = false) {
  const node = document.createElement("button");
  node.type = "button";
  node.textContent = text;
  node.disabled = disabled;
  node.addEventListener("click", onClick);
  return node;
}

export function renderReview(view, tableId) {
  const box = document.getElementById("review");
  const numbers = [...hands.keys()].filter((n) => hands.get(n).tricks.length).sort((a, b) => a - b);
  if (!numbers.length) {
    box.replaceChildren(document.createTextNode("Tricks appear here as they are played."));
    return;
  }
  if (followLatest || chosenHand === null || !hands.has(chosenHand)) {
    chosenHand = numbers[numbers.length - 1];
    if (followLatest) step = hands.get(chosenHand).tricks.length - 1;
  }
  const select = document.createElement("select");
  select.setAttribute("aria-label", "Hand to review");
  for (const n of numbers) select.add(new Option(`Hand ${n}`, String(n)));
  select.value = String(chosenHand);
  select.addEventListener("change", () => {
    followLatest = false;
    chosenHand = Number(select.value);
    step = 0;
    renderReview(view, tableId);
  });
  const hand = hands.get(chosenHand);
  step = Math.min(step, hand.tricks.length - 1);
  const trick = hand.tricks[step];
  const area = document.createElement("div");
  area.className = "trick";
  area.append(...trickNodes(trick, tableInfo));
  const caption = document.createElement("p");
  caption.className = "muted";
  caption.textContent = `Trick ${step + 1} of ${hand.tricks.length}` +
    (trick.winner !== undefined && trick.winner !== null ? `, won by ${seatName(tableInfo, trick.winner)}` : "");
  const controls = document.createElement("div");
  controls.className = "actions";
  controls.append(
    select,
    button("◀ Previous", () => moveStep(-1, view, tableId), step === 0),
    button("Next ▶", () => moveStep(1, view, tableId), step >= hand.tricks.length - 1),
  );
  const nodes = [controls, area, caption];
  if (hand.result) nodes.push(Object.assign(document.createElement("p"), { textContent: hand.result.summary }));
  if (view.is_over) nodes.push(button("Show the full record", () => showRecord(tableId)));
  box.replaceChildren(...nodes);
}

function moveStep(delta, view, tableId) {
  followLatest = false;
  step += delta;
  renderReview(view, tableId);
}

async function showRecord(tableId) {
  const response = await fetch(`/api/tables/${tableId}/record`);
  if (!response.ok) return;
  const record = await response.json();
  const box = document.getElementById("review");
  const nodes = record.deals.map((deal) => {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = `Deal ${deal.deal_number + 1}: ${deal.result ? deal.result.summary : "thrown in"}`;
    const hands = document.createElement("div");
    hands.className = "trick";
    deal.deal.split("|")[0].split("/").forEach((text, seat) => {
      const figure = document.createElement("figure");
      const cards = document.createElement("div");
      cards.className = "hand";
      for (const card of text.trim().split(/\s+/).filter((c) => c && c !== "-")) cards.append(cardSvg(card, true));
      figure.append(cards, Object.assign(document.createElement("figcaption"), { textContent: seatName(tableInfo, seat) }));
      hands.append(figure);
    });
    const calls = document.createElement("ol");
    for (const action of deal.actions) {
      calls.append(Object.assign(document.createElement("li"), { textContent: `${seatName(tableInfo, action.seat)}: ${action.action}` }));
    }
    details.append(summary, hands, calls);
    return details;
  });
  box.replaceChildren(...nodes);
}
