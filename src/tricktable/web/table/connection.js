import { t, withLanguage } from "../i18n.js";
// The table's one WebSocket (reconnecting by itself), joining, actions, hints and the rematch.
import { receiveState, state, update } from "./store.js";

let socket = null;
let retry = 0;
let retryTimer = null;

/** The wait before reconnecting attempt ``n`` (1, 2, …): quick at first, then every 3 s at
 * most, so a table is back within moments of its server. */
export function retryDelay(n) {
  return Math.min(250 * 2 ** (n - 1), 3000);
}

function reconnectSoon() {
  clearTimeout(retryTimer);
  retry += 1;
  retryTimer = setTimeout(connect, retryDelay(retry));
}

// Back online, or the tab shown again: try at once rather than waiting out the delay.
for (const event of ["online", "visibilitychange"]) {
  window.addEventListener(event, () => {
    const trying = socket && socket.readyState === WebSocket.CONNECTING;
    if (state.connection === "lost" && !trying && document.visibilityState !== "hidden") {
      clearTimeout(retryTimer);
      connect();
    }
  });
}

const tokenKey = (tableId) => `tricktable:token:${tableId}`;

export function savedToken(tableId) {
  return localStorage.getItem(tokenKey(tableId));
}

// A signed-in player's requests carry the session's CSRF token (the readable tt_csrf cookie).
export function csrfHeaders() {
  const found = document.cookie.match(/(?:^|;\s*)tt_csrf=([^;]+)/);
  const headers = { "Content-Type": "application/json" };
  if (found) headers["X-CSRF-Token"] = decodeURIComponent(found[1]);
  return headers;
}

export async function fetchJson(url, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: csrfHeaders(), body: JSON.stringify(body),
  };
  const response = await fetch(withLanguage(url), init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail
      : Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : t("the server refused");
    const error = new Error(detail);
    error.status = response.status;
    error.retryAfter = Number(response.headers.get("Retry-After")) || 0;
    throw error;
  }
  return data;
}

export function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const query = withLanguage(state.token ? `?token=${encodeURIComponent(state.token)}` : "");
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${state.tableId}${query}`);
  const mine = socket;
  update({ connection: state.connection === "lost" ? "lost" : "connecting" });
  mine.addEventListener("open", () => { retry = 0; });
  mine.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  mine.addEventListener("close", (event) => {
    if (mine !== socket) return;
    if (event.code === 4403 || event.code === 4404 || event.code === 4409) {
      // refused, gone, or this seat is played from a newer page: reconnecting would not help
      update({ connection: event.code === 4409 ? "replaced" : "closed" });
      return;
    }
    update({ connection: "lost" });
    reconnectSoon();
  });
}

function receive(message) {
  if (message.type === "hello") {
    update({
      seat: message.seat, table: message.table, chat: message.chat, presets: message.presets,
      connection: "open", joined: true,
    });
  } else if (message.type === "table") {
    update({ table: message.table });
  } else if (message.type === "state") {
    receiveState(message);
    continuePending();
  } else if (message.type === "chat") {
    update({ chat: [...state.chat, message].slice(-50) });
  } else if (message.type === "rematch") {
    followRematch(message.table_id, message.token);
  } else if (message.type === "error") {
    if (message.code === "stale_seq") return; // the newer state is on its way: nothing to say
    update({ alert: FRIENDLY[message.code] || message.message, pending: [] });
    if (message.code === "bad_token") {
      localStorage.removeItem(tokenKey(state.tableId));
      update({ token: null });
    }
  }
}

// The server's refusals in words for people (its own messages name seats by number).
const FRIENDLY = {
  not_your_turn: t("It is not your turn."),
  game_over: t("The game is over."),
  spectator: t("Spectators watch; sit down at the table to play or chat."),
  chat_too_fast: t("Please wait a moment before chatting again."),
  returned: t("You are back: your seat is yours again."),
  replaced: t("Your seat is now played from another page (the newest one wins). Reload this page to play here again."),
  rate_limited: t("Too many requests: please wait a moment."),
};

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

export function act(action) {
  // once the next state has come, the focus goes back to the hand (the played card is gone)
  update({ alert: "", selection: [], focusAfter: state.seq, actedAt: state.seq });
  send({ type: "action", action, seq: state.seq });
}

/** Send several actions of one choice (two discards) one after another, each on its state. */
export function actAll(actions) {
  const [first, ...rest] = actions;
  update({ pending: rest });
  act(first);
}

function continuePending() {
  if (!state.pending.length) return;
  const view = state.view.view;
  const next = state.pending[0];
  if (view.legal_actions.includes(next)) {
    update({ pending: state.pending.slice(1) });
    send({ type: "action", action: next, seq: state.seq });
  } else if (view.to_move !== state.seat || !view.legal_actions.length) {
    return; // not our turn yet: wait for the state that gives it back
  } else {
    update({ pending: [] });
  }
}

export function sendChat(text) {
  send({ type: "chat", text });
}

export async function join(name) {
  localStorage.setItem("tricktable:name", name);
  const data = await fetchJson(`/api/tables/${state.tableId}/join`, { name });
  localStorage.setItem(tokenKey(state.tableId), data.token);
  update({ token: data.token });
  connect();
}

export function watch() {
  update({ watching: true });
  connect();
}

export async function requestHint() {
  const view = state.view && state.view.view;
  if (!state.prefs.hints || !state.token || !view || !view.legal_actions.length) return;
  try {
    const hint = await fetchJson(`/api/tables/${state.tableId}/hint`, { token: state.token });
    if (hint.seq === state.seq) update({ hint: hint.action });
  } catch (error) {
    // asked too often: ask again when the server says, if it is still the same turn; any other
    // refusal (not our turn any more) leaves nothing to show
    if (error.status !== 429) return;
    const seq = state.seq;
    setTimeout(() => { if (state.seq === seq) requestHint(); }, 1000 * Math.max(1, error.retryAfter));
  }
}

export async function askRematch() {
  try {
    const data = await fetchJson(`/api/tables/${state.tableId}/rematch`, { token: state.token });
    followRematch(data.table_id, data.token);
  } catch (error) {
    update({ alert: error.message });
  }
}

function followRematch(tableId, token) {
  if (token) localStorage.setItem(tokenKey(tableId), token);
  update({ rematch: tableId });
  window.location.assign(`/t/${tableId}`);
}
