// Drawing the table from a view: seats, facts, tricks, hand, choices and scores.
import { cardName, cardSvg, describeAction, sortHand, SUIT_SYMBOL } from "./cards.js";

const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function seatName(table, seat) {
  const info = table && table.seats[seat];
  if (!info) return `Seat ${seat}`;
  if (info.kind === "bot") return `Bot ${seat} (${info.level})`;
  return info.name || `Seat ${seat} (open)`;
}

export function renderSeats(table, view, mySeat) {
  const nodes = table.seats.map((info) => {
    const box = element("div", "seat");
    if (view && view.to_move === info.seat) box.classList.add("to-move");
    if (info.seat === mySeat) box.classList.add("me");
    box.append(element("div", "name", seatName(table, info.seat)));
    const status = [];
    if (info.kind === "human" && info.name && !info.connected) status.push("away");
    if (info.substituted) status.push("a bot plays for now");
    if (view && view.dealer === info.seat) status.push("dealer");
    if (view && view.to_move === info.seat) status.push("to move");
    if (view && view.tricks_won) status.push(`tricks ${view.tricks_won[info.seat]}`);
    box.append(element("div", "muted", status.join(" · ")));
    if (view && info.seat !== mySeat && view.hand_sizes) {
      const backs = element("div", "backs");
      backs.setAttribute("aria-label", `${view.hand_sizes[info.seat]} cards`);
      for (let i = 0; i < view.hand_sizes[info.seat]; i += 1) backs.append(cardSvg(null, true));
      box.append(backs);
    }
    return box;
  });
  $("seats").replaceChildren(...nodes);
}

export function renderFacts(view, table) {
  const facts = [["Phase", view.phase], ["Hand", view.hand_number]];
  if (view.trump) facts.push(["Trump", view.trump === "NT" ? "no trump" : SUIT_SYMBOL[view.trump]]);
  if (view.contract) facts.push(["Contract", view.contract]);
  if (table.turn_seconds) facts.push(["Turn timer", `${table.turn_seconds} s`]);
  if (view.bidder !== undefined && view.bidder !== null) {
    facts.push(["Bidder", seatName(table, view.bidder)]);
  }
  if (view.turnup && view.turnup.length) facts.push(["Turn-up", view.turnup.join(" ")]);
  if (view.pot !== undefined && view.pot !== null) facts.push(["Pot", view.pot]);
  const calls = [...(view.auction || []), ...(view.declarations || [])];
  if (calls.length) {
    facts.push(["Calls", calls.map((c) => `${seatName(table, c.seat)}: ${c.call}`).join(", ")]);
  }
  const nodes = facts.map(([label, value]) => {
    const node = element("div", "", `${label}: `);
    node.append(element("span", "", String(value)));
    return node;
  });
  $("facts").replaceChildren(...nodes);
}

export function trickNodes(trick, table, fresh = 0) {
  if (!trick) return [];
  const figures = trick.plays.map((play, index) => {
    const figure = element("figure", index >= trick.plays.length - fresh ? "new" : "");
    figure.append(cardSvg(play.card));
    const caption = element("figcaption", "", seatName(table, play.seat));
    if (trick.winner === play.seat) caption.textContent += " ★";
    figure.append(caption);
    return figure;
  });
  return figures;
}

export function renderHand(view, onAction, suggestion) {
  const playable = new Set(view.legal_actions.filter((a) => a.startsWith("play "))
    .map((a) => a.slice(5)));
  const buttons = sortHand(view.hand, view.trump).map((card) => {
    const button = element("button", "card-button");
    button.type = "button";
    button.append(cardSvg(card));
    button.disabled = !playable.has(card);
    button.dataset.action = `play ${card}`;
    button.setAttribute("aria-label", `${cardName(card)}${button.disabled ? "" : ", playable"}`);
    if (suggestion === `play ${card}`) button.classList.add("suggested");
    button.addEventListener("click", () => onAction(`play ${card}`));
    return button;
  });
  $("hand").replaceChildren(...buttons);
  const choices = view.legal_actions.filter((a) => !a.startsWith("play ")).map((action) => {
    const button = element("button", suggestion === action ? "primary" : "", describeAction(action));
    button.type = "button";
    button.dataset.action = action;
    button.addEventListener("click", () => onAction(action));
    return button;
  });
  $("actions").replaceChildren(...choices);
}

export function renderScores(view, table) {
  const grid = element("table", "scores");
  const head = element("tr");
  head.append(element("th", "", "Hand"));
  for (let seat = 0; seat < view.players; seat += 1) head.append(element("th", "", seatName(table, seat)));
  grid.append(head);
  for (const result of view.history) {
    const row = element("tr");
    row.append(element("td", "", String(result.hand_number)));
    for (const score of result.scores) row.append(element("td", "", String(score)));
    row.title = result.summary;
    grid.append(row);
  }
  const total = element("tr");
  total.append(element("th", "", "Now"));
  for (const score of view.scores) total.append(element("th", "", String(score)));
  grid.append(total);
  const nodes = [grid];
  if (view.last_result) nodes.push(element("p", "muted", `Last hand: ${view.last_result.summary}`));
  if (view.is_over) {
    const names = view.winners.map((s) => seatName(table, s)).join(" and ");
    nodes.push(element("p", "", `Game over — winners: ${names}`));
  }
  $("scores").replaceChildren(...nodes);
}

export function renderTableInfo(table) {
  $("title").textContent = `${table.title} — ${table.status}`;
  $("rules").textContent = table.rules;
  const items = [];
  for (const [name, value] of Object.entries(table.options)) {
    items.push(element("dt", "", name.replaceAll("_", " ")));
    items.push(element("dd", "", Array.isArray(value) ? value.join("+") : String(value)));
  }
  $("options").replaceChildren(...items);
  const invite = new URL(`/t/${table.table_id}`, window.location.href).href;
  $("invite").href = invite;
  $("invite").textContent = invite;
}

export function renderChat(messages, presets, onSend) {
  $("chat-log").replaceChildren(...messages.map((m) => element("div", "", `${m.name}: ${m.text}`)));
  $("chat-log").scrollTop = $("chat-log").scrollHeight;
  $("chat-presets").replaceChildren(...presets.map((text) => {
    const button = element("button", "", text);
    button.type = "button";
    button.addEventListener("click", () => onSend(text));
    return button;
  }));
}
