// The table's state and its pacing: views from the server are shown one after another, a
// complete trick is held on the felt with its winner marked before it gathers, and a hand
// summary waits between hands. Everything the page shows is drawn from `state`.
import { language, t } from "../i18n.js";
import { nameOf } from "../names.js";
import { cardName } from "./cards.js";
import { callText, handSummary } from "./games.js";

const PREFS = {
  fourColour: false, lessMotion: false, hints: false, keyHelp: true,
  trickPause: 1000, summaryWait: 5, sound: true, notify: false, textMode: false, autoPlay: false,
};

function loadPrefs() {
  const out = { ...PREFS };
  for (const key of Object.keys(PREFS)) {
    const raw = localStorage.getItem(`tricktable:pref:${key}`);
    if (raw !== null) out[key] = JSON.parse(raw);
  }
  return out;
}

export const state = {
  tableId: null, token: null, seat: null, table: null, games: null,
  view: null, seq: -1, movedBy: null,
  held: null, // {trick, gathering}: a complete trick on the felt
  summary: null, // {result, view, until}: the hand summary between hands
  next: null, // the state that deals the next hand, shown once the finished hand's summary closes
  queue: [],
  selection: [], pending: [],
  chat: [], presets: [], connection: "connecting", watching: false, joined: false,
  alert: "", announce: "", hint: null, lastTrickOpen: false, settingsOpen: false, commitmentOpen: false,
  rulesOpen: false, botMoves: new Map(),
  prefs: loadPrefs(), rematch: null, focusAfter: null,
  actedAt: -1, // the seq at which this page last sent an action of ours (-1: none yet)
};

const listeners = [];
let scheduled = false;

export function subscribe(listener) {
  listeners.push(listener);
}

/** Merge ``patch`` into the state and redraw (once per task, however many patches). */
export function update(patch) {
  Object.assign(state, patch);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    for (const listener of listeners) listener(state);
  });
}

export function setPref(key, value) {
  localStorage.setItem(`tricktable:pref:${key}`, JSON.stringify(value));
  update({ prefs: { ...state.prefs, [key]: value } });
}

export const motion = () => !state.prefs.lessMotion
  && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// -- names ----------------------------------------------------------------------------------

/** A seat's name as people see it: the player's name, a bot's name, or "Open seat N". */
export function seatName(seat) {
  return nameOf(state.table && state.table.seats, seat);
}

/** A seat as the subject of a sentence: "You" for the viewer. */
export function who(seat) {
  return seat === state.seat ? t("You") : seatName(seat);
}

export function otherHumans() {
  if (!state.table) return false;
  return state.table.seats.some((s) => s.kind === "human" && s.seat !== state.seat);
}

// -- pacing ---------------------------------------------------------------------------------

// More states than this waiting (a long absence): jump to the newest without pauses. Bots
// that move at once only queue a hand's worth, which is shown at the table's pace.
const CATCH_UP = 120;

export function receiveState(message) {
  state.queue.push(message);
  pump();
}

/** Whether the player may act now: connected, nothing held, nothing queued. */
export function canAct() {
  return state.connection === "open" && !state.held && !state.summary && state.queue.length === 0
    && state.seat !== null && state.view && state.view.view.legal_actions.length > 0;
}

function completedTrick(before, after) {
  if (!before || before.phase !== "play") return null;
  if (after.hand_number === before.hand_number && after.tricks.length > before.tricks.length) {
    return after.tricks[after.tricks.length - 1];
  }
  if (after.hand_number !== before.hand_number || (after.is_over && !before.is_over)) {
    return after.last_trick;
  }
  return null;
}

/** Whether ``after`` is the state that ends the hand ``before`` was a state of. */
function endsHand(before, after) {
  const result = after.last_result;
  return after.history.length > before.history.length && result
    && result.hand_number === before.hand_number;
}

/** The finished hand as it ended, shown through its last trick and its summary: the state
 * before the last move with its contract, trump and seats, the hand's tricks and the scores
 * after it. The next deal (already in ``after``) waits until the summary is closed. */
function finishedView(before, after) {
  const result = after.last_result;
  const last = completedTrick(before, after);
  return {
    ...before, trick: null, hand: [], legal_actions: [], to_move: null,
    hand_sizes: before.hand_sizes.map(() => 0),
    tricks: last ? [...before.tricks, last] : before.tricks,
    last_trick: last || before.last_trick,
    tricks_won: result.tricks, scores: result.scores, history: after.history,
    last_result: result, is_over: after.is_over, winners: after.winners,
  };
}

/** How long a complete trick stays: longer when its last card was a bot's (you had no time
 * to see it come), as players expect (table-anchors.md). */
function trickPause(trick, mover) {
  const plays = trick.plays || [];
  const last = plays.length ? plays[plays.length - 1].seat : null;
  const info = state.table && last !== null ? state.table.seats[last] : null;
  const standIn = mover && mover.seat === last && mover.actor !== "human";
  const byBot = last !== state.seat && Boolean(info && (info.kind === "bot" || standIn));
  return Math.round(state.prefs.trickPause * (byBot ? 1.75 : 1));
}

function pump() {
  while (!state.held && !state.summary && state.queue.length) {
    const skipping = state.queue.length > CATCH_UP;
    if (skipping) state.queue.splice(0, state.queue.length - 1);
    const message = state.queue.shift();
    const before = state.view;
    const ending = Boolean(before && !skipping && message.seq > before.seq
      && endsHand(before.view, message.view));
    show(ending ? { ...message, view: finishedView(before.view, message.view) } : message,
      before, message.view);
    if (!before || message.seq < before.seq) continue;
    if (skipping) {
      if (message.view.history.length > before.view.history.length) {
        openSummary(message.view.last_result);
        return;
      }
      continue;
    }
    const trick = completedTrick(before.view, message.view);
    const result = message.view.history.length > before.view.history.length
      ? message.view.last_result : null;
    if (ending) state.next = message;
    if (trick) {
      const pause = trickPause(trick, message.moved_by);
      update({ held: { trick, gathering: false, result, pause } });
      setTimeout(gather, pause);
      return;
    }
    if (result) {
      openSummary(result);
      return;
    }
  }
  update({});
}

function gather() {
  if (!state.held) return;
  if (!motion()) {
    release();
    return;
  }
  update({ held: { ...state.held, gathering: true } });
  setTimeout(release, 380);
}

function release() {
  const result = state.held && state.held.result;
  update({ held: null });
  if (result) openSummary(result);
  else pump();
}

let summaryTimer = null;

function openSummary(result) {
  const wait = state.prefs.summaryWait;
  const auto = !otherHumans() && wait > 0 && !state.view.view.is_over;
  update({ summary: { result, until: auto ? Date.now() + wait * 1000 : null } });
  clearTimeout(summaryTimer);
  if (auto) summaryTimer = setTimeout(closeSummary, wait * 1000);
}

export function closeSummary() {
  clearTimeout(summaryTimer);
  if (!state.summary) return;
  const next = state.next;
  update({ summary: null, next: null, focusAfter: -1 });
  if (next) show(next, null); // the next deal, at last (its news was told with the hand's end)
  pump();
}

/** Show ``message``'s view (which may be the finished hand standing for ``real``); the
 * change from ``before`` to ``real`` is announced. */
function show(message, before, real = message.view) {
  const view = message.view;
  const shown = { seq: message.seq, view };
  const patch = { view: shown, seq: message.seq, movedBy: message.moved_by || null, hint: null };
  if (!before || before.view.hand_number !== view.hand_number || before.view.phase !== view.phase) {
    patch.selection = [];
  }
  const mover = message.moved_by;
  if (mover && (mover.actor === "substitute" || mover.actor === "timer") && view.actions.length) {
    const last = view.actions[view.actions.length - 1];
    if (last.seat === mover.seat) {
      state.botMoves.set(`${view.hand_number}:${view.actions.length - 1}`, mover.actor);
    }
  }
  update(patch);
  if (before) announce(describeChange(before.view, real, mover));
}

// -- announcements ----------------------------------------------------------------------------

export function announce(text) {
  if (text) update({ announce: text });
}

function describeChange(before, view, mover) {
  const parts = [];
  const standIn = mover && (mover.actor === "substitute" || mover.actor === "timer");
  if (view.actions.length > before.actions.length && view.hand_number === before.hand_number) {
    for (const entry of view.actions.slice(before.actions.length)) {
      const [verb, ...rest] = entry.action.split(" ");
      const by = standIn && entry.seat === mover.seat
        ? (mover.actor === "timer" ? t("A bot, for {name} (time ran out),", { name: seatName(entry.seat) })
          : t("A bot, for {name},", { name: seatName(entry.seat) })) : who(entry.seat);
      if (verb === "play") {
        parts.push(t("{name} played {card}.", { name: by, card: rest[0] === "?" ? t("a card face down") : cardName(rest[0]) }));
      } else if (!rest.includes("?")) {
        parts.push(t("{name}: {call}.", { name: by, call: language === "en" ? entry.action : callText(entry.action, seatName) }));
      }
    }
  }
  const done = completedTrick(before, view);
  if (done && done.winner !== null && done.winner !== undefined) {
    parts.push(done.winner === state.seat ? t("You win the trick.") : t("{name} wins the trick.", { name: seatName(done.winner) }));
  }
  if (view.history.length > before.history.length && view.last_result) {
    parts.push(`${handSummary(view.last_result, view, seatName).headline}.`);
  }
  if (view.is_over && !before.is_over) {
    parts.push(t("The game is over. {names} won.", { names: view.winners.map(who).join(` ${t("and")} `) }));
  }
  if (view.legal_actions.length && !before.legal_actions.length) parts.push(t("Your turn."));
  return parts.join(" ");
}
