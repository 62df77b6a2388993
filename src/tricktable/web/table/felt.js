// The felt: seats around an oval in play order with you at the bottom, the trick in front of
// its players, the contract, and the game's objects (turn-up, widow, pot) on the table.
import { boardText, eventOf } from "./event.js";
import { waiting } from "./waiting.js";
import { Card, cardName, cardShort } from "./cards.js";
import { callText, contractFacts, seatState, STATE_WORDS, tableWords } from "./games.js";
import { state, seatName, update } from "./store.js";
import { html } from "./ui.js";
import { t, tn } from "../i18n.js";
import { levelWord } from "../names.js";

/** Where a seat sits: an angle on the oval, seen from ``viewer`` at the bottom. Play goes
 * clockwise, so the next player sits on the viewer's left. */
export function place(seat, viewer, players, rx, ry) {
  const k = (seat - viewer + players) % players;
  const angle = Math.PI / 2 + (k * 2 * Math.PI) / players;
  return { left: 50 + rx * Math.cos(angle), top: 50 + ry * Math.sin(angle) };
}

const pct = (p) => `left:${p.left.toFixed(2)}%;top:${p.top.toFixed(2)}%`;
const seatPct = (p) => `--x:${p.left.toFixed(2)}%;--y:${p.top.toFixed(2)}%`;

export function sideOf(view, seat) {
  const sides = view.sides || [];
  const index = sides.findIndex((side) => side.includes(seat));
  return sides.some((s) => s.length > 1) ? index : null;
}

function lastCalls(view) {
  const calls = new Map();
  view.actions.forEach((entry, index) => {
    if (!entry.action.startsWith("play")) calls.set(entry.seat, { text: callText(entry.action, seatName), index });
  });
  return calls;
}

function Seat({ view, seat, viewer, players }) {
  const info = state.table.seats[seat] || {};
  const me = seat === state.seat;
  const status = seatState(view, seat);
  const mySide = state.seat === null ? null : (view.sides || []).find((s) => s.includes(state.seat));
  const partner = !me && mySide && mySide.includes(seat) && mySide.length > 1;
  const side = sideOf(view, seat);
  const toMove = view.to_move === seat && !view.is_over;
  const dealer = view.dealer === seat;
  const cards = view.hand_sizes[seat];
  const calls = view.phase === "play" || view.phase === "over" ? null : lastCalls(view).get(seat);
  const away = info.kind === "human" && info.name && !info.connected;
  const where = place(seat, viewer, players, 44, 41);
  const classes = ["seat", `state-${status}`, me ? "me" : "", toMove ? "to-move" : "",
    side === null ? "" : `side-${side}`, where.top < 35 ? "upper" : "lower"].join(" ");
  const botMove = calls && state.botMoves.get(`${view.hand_number}:${calls.index}`);
  const timer = toMove && state.table.turn_seconds && info.kind === "human";
  return html`<div class=${classes} style=${seatPct(where)} data-testid=${`seat-${seat}`}
      data-seat=${seat} data-to-move=${String(toMove)} data-dealer=${String(dealer)}
      data-partner=${String(Boolean(partner))} data-state=${status} role="group"
      aria-label=${`${seatName(seat)}${me ? t(" (you)") : ""}${partner ? t(", your partner") : ""}${toMove ? t(", to move") : ""}`}>
    <div class="seat-plate">
      <div class="seat-name">
        ${side !== null ? html`<span class="side-dot" aria-hidden="true"></span>` : null}
        <span class=${`name-text${info.kind === "human" && !info.name ? " open" : ""}`}>${seatName(seat)}</span>
        ${me ? html`<span class="tag">${t("you")}</span>` : null}
        ${partner ? html`<span class="tag partner">${t("partner")}</span>` : null}
        ${dealer ? html`<span class="dealer-chip" title=${t("Dealer")}>${t("D")}</span>` : null}
      </div>
      <div class="seat-meta">
        ${info.kind === "bot" ? html`<span>${t("bot · {level}", { level: levelWord(info.level) })}</span>` : null}
        ${info.kind === "human" && !info.name ? html`<span>${t("waiting for a player")}</span>` : null}
        ${away ? html`<span class="away">${info.substituted ? t("away · a bot plays") : t("away")}</span>` : null}
        ${info.kind === "human" && info.name && !away && !me ? html`<span class="online">${t("online")}</span>` : null}
        ${view.phase === "play" || view.tricks_won[seat] ? html`<span class="tricks" title=${t("Tricks this hand")}>${tn("{n} trick", "{n} tricks", view.tricks_won[seat])}</span>` : null}
      </div>
      ${status !== "playing" ? html`<div class="seat-state">${STATE_WORDS[status]}</div>` : null}
      ${timer ? html`<div class="turn-timer" key=${`${state.seq}-${state.table.turn_extended || 0}`} style=${`--seconds:${state.table.turn_seconds}s`}><span></span></div>` : null}
    </div>
    ${!me && status === "playing" && cards ? html`<div class="backs" role="img" aria-label=${tn("{n} card", "{n} cards", cards)}>
      ${Array.from({ length: Math.min(cards, 12) }, (_, i) => html`<span class="mini-back" key=${i}></span>`)}
      <span class="count">${cards}</span></div>` : null}
    ${calls ? html`<div class="bubble" key=${`${view.hand_number}-${calls.index}`}>${calls.text}${botMove ? html` <small>${t("(bot)")}</small>` : null}</div>` : null}
  </div>`;
}

/** The plays of ``trick`` a bot made for an absent or timed-out player (by seat). */
function standIns(view, trick) {
  const plays = [];
  view.actions.forEach((entry, index) => { if (entry.action.startsWith("play")) plays.push(index); });
  const out = new Set();
  const mine = plays.slice(plays.length - trick.plays.length);
  if (mine.length !== trick.plays.length) return out;
  mine.forEach((index) => {
    if (state.botMoves.has(`${view.hand_number}:${index}`)) out.add(view.actions[index].seat);
  });
  return out;
}

function TrickCards({ view, trick, viewer, players, held }) {
  if (!trick) return null;
  const byBot = standIns(view, trick);
  const winner = held ? trick.winner : null;
  const gatherTo = held && state.held.gathering && winner !== null ? place(winner, viewer, players, 44, 41) : null;
  return trick.plays.map((play, index) => {
    // six and more: the trick's cards spread further up and down so neighbours do not overlap
    const spot = place(play.seat, viewer, players, players >= 6 ? 19 : 17, players >= 6 ? 25 : 18);
    const from = place(play.seat, viewer, players, 44, 41);
    const faceDown = play.face_down;
    const shown = faceDown ? "back" : play.card;
    const style = `${pct(gatherTo || spot)};--from-left:${from.left}%;--from-top:${from.top}%;z-index:${index + 1}`;
    const isWinner = winner !== null && winner === play.seat;
    const label = `${seatName(play.seat)}: ${faceDown ? t("a face-down card") : cardName(play.card)}${byBot.has(play.seat) ? t(" (played by a bot)") : ""}${isWinner ? t(", wins the trick") : ""}`;
    return html`<div key=${`${view.hand_number}-${trick.leader}-${play.seat}-${index}`}
        class=${`trick-card${isWinner ? " winner" : ""}${gatherTo ? " gathering" : ""}`}
        style=${style} data-card=${shown} data-seat=${play.seat} data-winner=${isWinner ? "true" : null}
        aria-label=${label} role="img">
      <${Card} card=${shown} label=${label} />
      ${isWinner ? html`<span class="win-mark">${t("wins")}</span>` : null}
      ${byBot.has(play.seat) ? html`<span class="bot-mark" title=${t("A bot played this for {name}", { name: seatName(play.seat) })}>${t("bot")}</span>` : null}
    </div>`;
  });
}

function BlindNote({ trick }) {
  if (!trick || state.seat === null) return null;
  const mine = trick.plays.find((p) => p.face_down && p.seat === state.seat && p.card);
  if (!mine) return null;
  return html`<div class="blind-note">${t("Your face-down lead: {card}", { card: cardShort(mine.card) })}</div>`;
}

function TableObjects({ view }) {
  const items = [];
  const options = state.table.options;
  const turnup = [].concat(view.turnup || []); // one card, or a list of them
  // a turn-up that is taken or turned down at once (``turnup_taken`` is a yes or no) leaves
  // the table when the making of trump is over
  const once = typeof view.turnup_taken === "boolean";
  // a table waiting for a player shows no card yet: nothing is dealt to anyone
  if (turnup.length && !waiting() && (!once || view.phase === "auction" || view.phase === "discard")) {
    const taken = view.turnup_taken ? view.dealer : view.turnup_taken_by;
    items.push(html`<figure class="object turnup" data-testid="turnup">
      <div class="pile">${taken === null || taken === undefined
        ? turnup.map((c) => html`<${Card} card=${c} key=${c} />`)
        : html`<${Card} card=${null} label=${t("turn-up taken")} />`}</div>
      <figcaption>${taken === null || taken === undefined ? tableWords().turnup || t("Turn-up: trump") : t("Turn-up taken by {name}", { name: seatName(taken) })}</figcaption>
    </figure>`);
  }
  const widowOpen = view.phase !== "play" && !view.widow_taken
    && (view.widow_taker === null || view.widow_taker === undefined);
  if (view.widow_size && view.phase !== "over" && view.phase !== "play") {
    const label = widowOpen ? t("Widow: {count} face down", { count: view.widow_size })
      : t("Widow taken by {name}", { name: seatName(view.widow_taker ?? view.bidder) });
    items.push(html`<figure class="object widow" data-testid="widow">
      <div class="pile stacked">${widowOpen
        ? Array.from({ length: Math.min(view.widow_size, 4) }, (_, i) => html`<${Card} card=${null} key=${i} label=${label} />`)
        : null}</div>
      <figcaption>${label}${tableWords().widow_note || ""}</figcaption>
    </figure>`);
  }
  if (view.scoring === "chips" && view.pot !== null && view.pot !== undefined) {
    const carry = view.ledger && view.ledger.carry;
    const ante = options.ante ?? 5;
    const carried = Math.max(0, view.pot - ante); // the pot holds the carry and the ante till it is paid out
    const parts = view.phase === "over" || view.pot < ante ? "" : carried ? t("{carried} carried in + {ante} ante ({name})", { carried, ante, name: seatName(view.dealer) })
      : t("{ante} ante ({name})", { ante, name: seatName(view.dealer) });
    items.push(html`<figure class="object pot" data-testid="pot">
      <div class="chips" aria-hidden="true">${Array.from({ length: Math.min(6, Math.ceil(view.pot / 3) || 1) }, (_, i) => html`<span key=${i}></span>`)}</div>
      <figcaption><strong>${t("Pot {count}", { count: view.pot })}</strong>${parts ? html`<br /><small data-testid="pot-parts">${parts}</small>` : null}${carry ? html`<br />${t("next pot {count}", { count: carry })}` : null}</figcaption>
    </figure>`);
  }
  return items.length ? html`<div class="objects">${items}</div>` : null;
}

function Contract({ view }) {
  const facts = contractFacts(view, state.table.options, seatName, eventOf() && boardText(eventOf()));
  return html`<dl class="contract" data-testid="contract" aria-label=${t("Contract")}>
    ${facts.map(([label, value]) => html`<div key=${label}><dt>${label}</dt><dd>${value}</dd></div>`)}
  </dl>`;
}

function CentreText({ view }) {
  if (state.held || (view.trick && view.trick.plays.length)) return null;
  let text = "";
  if (state.table.waiting) text = t("Waiting for a player");
  else if (view.is_over) text = t("Game over");
  else if (view.to_move === state.seat) text = t("Your turn");
  else if (view.to_move !== null) {
    const name = seatName(view.to_move);
    text = view.phase === "play" ? t("{name} to play", { name }) : t("{name} to choose", { name });
  }
  return html`<div class="centre-text" aria-hidden="true">${text}</div>`;
}

function LastTrick({ view, viewer, players }) {
  const last = view.last_trick;
  if (!last) return null;
  const open = state.lastTrickOpen;
  return html`<div class="last-trick-box">
    <button type="button" class="small" aria-expanded=${String(open)} data-testid="last-trick-button"
      onClick=${() => update({ lastTrickOpen: !open })}>${t("Last trick")}</button>
    ${open ? html`<div class="last-trick" data-testid="last-trick">
      ${last.plays.map((p) => html`<figure key=${p.seat} class=${p.seat === last.winner ? "winner" : ""}>
        <${Card} card=${p.face_down && !p.card ? "back" : p.card} />
        <figcaption>${seatName(p.seat)}${p.seat === last.winner ? " ★" : ""}</figcaption></figure>`)}
    </div>` : null}
  </div>`;
}

export function Felt() {
  const view = state.view.view;
  const players = view.players;
  const viewer = state.seat === null ? 0 : state.seat;
  const held = Boolean(state.held);
  const trick = held ? state.held.trick : view.trick;
  return html`<section class="felt-wrap" data-testid="table" aria-label=${t("The table")}>
    <div class="felt-info">
      <${Contract} view=${view} />
      <${TableObjects} view=${view} />
    </div>
    <div class=${`felt players-${players}`}>
    <div class="oval"></div>
    <${LastTrick} view=${view} viewer=${viewer} players=${players} />
    <${CentreText} view=${view} />
    <div class="trick" data-testid="trick" data-complete=${String(held)} data-pause=${held ? state.held.pause : null} role="group" aria-label=${t("The trick")}>
      <${TrickCards} view=${view} trick=${trick} viewer=${viewer} players=${players} held=${held} />
    </div>
    <${BlindNote} trick=${trick} />
    ${Array.from({ length: players }, (_, seat) => html`<${Seat} key=${seat} view=${view} seat=${seat} viewer=${viewer} players=${players} />`)}
    </div>
  </section>`;
}
