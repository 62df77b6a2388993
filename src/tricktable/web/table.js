// The table page: join or watch, one WebSocket, and a redraw from every view the server sends.
import { cardName, describeAction } from "./cards.js";
import {
  renderChat, renderFacts, renderHand, renderScores, renderSeats, renderTableInfo, seatName,
  trickNodes,
} from "./render.js";
import { rememberView, renderReview } from "./review.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(window.location.pathname.split("/").pop());
const tokenKey = `tricktable:token:${tableId}`;
const state = {
  token: localStorage.getItem(tokenKey), seat: null, table: null, view: null, seq: -1,
  chat: [], presets: [], socket: null, retry: 0, suggestion: null, watching: false,
};

function announce(text) {
  $("announce").textContent = text;
}

function showAlert(text) {
  $("alert").textContent = text;
}

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(JSON.stringify(message));
  }
}

function act(action) {
  showAlert("");
  send({ type: "action", action, seq: state.seq });
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const query = state.token ? `?token=${encodeURIComponent(state.token)}` : "";
  const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${tableId}${query}`);
  state.socket = socket;
  socket.addEventListener("open", () => { state.retry = 0; $("connection").textContent = "connected"; });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    $("connection").textContent = "disconnected — reconnecting…";
    if (event.code === 4403 || event.code === 4404) {
      $("connection").textContent = "closed";
      return;
    }
    state.retry = Math.min(state.retry + 1, 6);
    setTimeout(connect, 500 * 2 ** state.retry);
  });
}

function receive(message) {
  if (message.type === "hello") {
    state.seat = message.seat;
    state.table = message.table;
    state.chat = message.chat;
    state.presets = message.presets;
    $("join").hidden = true;
    $("table-area").hidden = false;
    renderTableInfo(state.table);
    showChat();
  } else if (message.type === "table") {
    state.table = message.table;
    renderTableInfo(state.table);
    if (state.view) draw(state.view, state.view);
  } else if (message.type === "state") {
    const before = state.view;
    state.view = message.view;
    state.seq = message.seq;
    state.suggestion = null;
    draw(message.view, before);
    tellChanges(message.view, before);
    requestHint();
  } else if (message.type === "chat") {
    state.chat = [...state.chat, message].slice(-50);
    showChat();
  } else if (message.type === "error") {
    showAlert(message.message);
    if (message.code === "bad_token") {
      localStorage.removeItem(tokenKey);
      state.token = null;
    }
  }
}

function draw(view, before) {
  const fresh = before && view.trick && before.trick
    ? view.trick.plays.length - before.trick.plays.length : 0;
  renderSeats(state.table, view, state.seat);
  renderFacts(view, state.table);
  $("trick").replaceChildren(...trickNodes(view.trick, state.table, Math.max(0, fresh)));
  $("last-trick").replaceChildren(...trickNodes(view.last_trick, state.table));
  renderHand(view, act, state.suggestion);
  showTurn(view);
  renderScores(view, state.table);
  rememberView(view, state.table);
  renderReview(view, tableId);
}

let countdown = null;
let countdownSeq = -1;

function showTurn(view) {
  const mine = view.legal_actions.length > 0;
  const seconds = state.table && state.table.turn_seconds;
  if (mine && seconds && countdownSeq === state.seq) return; // a redraw: keep counting
  clearInterval(countdown);
  countdownSeq = state.seq;
  $("turn").textContent = mine ? "— your turn" : "";
  if (!mine || !seconds) return;
  // the server's timer is the authority; this only shows roughly how long is left
  const deadline = Date.now() + seconds * 1000;
  const tick = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    $("turn").textContent = `— your turn (${left} s left)`;
    if (left === 0) clearInterval(countdown);
  };
  tick();
  countdown = setInterval(tick, 1000);
}

function tellChanges(view, before) {
  const parts = [];
  if (before && view.trick && before.trick && view.trick.plays.length > before.trick.plays.length) {
    const play = view.trick.plays[view.trick.plays.length - 1];
    parts.push(`${seatName(state.table, play.seat)} played ${cardName(play.card)}.`);
  }
  if (before && view.tricks.length > before.tricks.length) {
    const won = view.tricks[view.tricks.length - 1];
    parts.push(`${seatName(state.table, won.winner)} won the trick.`);
  }
  if (before && view.history.length > before.history.length) parts.push(view.last_result.summary);
  if (view.is_over) parts.push("The game is over.");
  if (view.legal_actions.length) {
    const playable = view.legal_actions.filter((a) => a.startsWith("play ")).length;
    parts.push(playable ? `Your turn: ${playable} playable cards.`
      : `Your turn: ${view.legal_actions.map(describeAction).join(", ")}.`);
  }
  if (parts.length) announce(parts.join(" "));
}

async function requestHint() {
  const view = state.view;
  if (!$("hints").checked || !state.token || !view || !view.legal_actions.length) {
    $("hint").textContent = "";
    return;
  }
  const response = await fetch(`/api/tables/${tableId}/hint`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: state.token }),
  });
  if (!response.ok) return;
  const hint = await response.json();
  if (hint.seq !== state.seq) return;
  state.suggestion = hint.action;
  $("hint").textContent = `Hint: ${describeAction(hint.action)}`;
  renderHand(view, act, state.suggestion);
}

function showChat() {
  const muted = $("mute-chat").checked;
  const shown = muted ? state.chat.filter((m) => m.seat === state.seat) : state.chat;
  renderChat(shown, state.seat === null ? [] : state.presets, sendChat);
}

function sendChat(text) {
  send({ type: "chat", text });
}

function onKey(event) {
  if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  const enabled = [...document.querySelectorAll("#hand button:not(:disabled), #actions button")];
  if (/^[1-9]$/.test(event.key)) {
    const target = enabled[Number(event.key) - 1];
    if (target) { event.preventDefault(); act(target.dataset.action); }
    return;
  }
  const cards = [...document.querySelectorAll("#hand button")];
  const index = cards.indexOf(document.activeElement);
  if (index >= 0 && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
    event.preventDefault();
    const next = (index + (event.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
    cards[next].focus();
  }
}

async function join(event) {
  event.preventDefault();
  const name = $("join-name").value.trim();
  if (!name) { showAlert("Please enter your name."); return; }
  localStorage.setItem("tricktable:name", name);
  const response = await fetch(`/api/tables/${tableId}/join`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }),
  });
  const data = await response.json();
  if (!response.ok) { showAlert(typeof data.detail === "string" ? data.detail : "could not join"); return; }
  state.token = data.token;
  localStorage.setItem(tokenKey, data.token);
  connect();
}

function setupPreferences() {
  for (const [id, className] of [["four-colour", "four-colour"], ["less-motion", "no-motion"]]) {
    const box = $(id);
    box.checked = localStorage.getItem(`tricktable:${id}`) === "1";
    document.body.classList.toggle(className, box.checked);
    box.addEventListener("change", () => {
      localStorage.setItem(`tricktable:${id}`, box.checked ? "1" : "0");
      document.body.classList.toggle(className, box.checked);
    });
  }
  $("mute-chat").addEventListener("change", showChat);
  $("hints").checked = localStorage.getItem("tricktable:hints") === "1";
  $("hints").addEventListener("change", () => {
    localStorage.setItem("tricktable:hints", $("hints").checked ? "1" : "0");
    requestHint();
  });
}

async function start() {
  setupPreferences();
  document.addEventListener("keydown", onKey);
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) sendChat(text);
    $("chat-text").value = "";
  });
  const response = await fetch(`/api/tables/${tableId}`);
  if (!response.ok) { showAlert("There is no such table."); return; }
  state.table = await response.json();
  renderTableInfo(state.table);
  if (state.token) { connect(); return; }
  $("join").hidden = false;
  $("join-name").value = localStorage.getItem("tricktable:name") || "";
  const free = state.table.seats.some((s) => s.kind === "human" && !s.name);
  $("join-button").disabled = !free;
  $("watch-button").disabled = !state.table.allow_spectators;
  $("join-form").addEventListener("submit", join);
  $("watch-button").addEventListener("click", () => { state.watching = true; connect(); });
}

start();
