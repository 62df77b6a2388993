// A player's page: statistics and rating per game, and the latest games with their reviews.
import { $, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

const ROWS = [
  ["Games played", (g) => g.games], ["Games won", (g) => g.games_won],
  ["Hands played", (g) => g.hands], ["Hands won", (g) => g.hands_won],
  // a bid that was outbid is no contract: count the contracts won in the auction, then made
  ["Contracts won", (g) => g.bids], ["Contracts made", (g) => (g.bids ? `${g.bids_made} of ${g.bids}` : "—")],
  ["Contracts set", (g) => g.bids_set],
  ["Lone hands made", (g) => `${g.lone_made} of ${g.lone_tried}`],
  ["Generals made", (g) => `${g.generals_made} of ${g.generals_tried}`],
  ["Points per hand", (g) => g.points_per_hand.toFixed(2).replace("-", "−")],
  ["Rating", (g) => (g.rating ? `${g.rating.rating.toFixed(1).replace("-", "−")} (skill μ ${g.rating.mu.toFixed(1)} ± σ ${g.rating.sigma.toFixed(1)}, after ${plural(g.rating.games, "rated game")})` : "not rated yet")],
];

// A stored time (UTC, maybe without its zone) in the reader's own time zone.
const moment = (iso) => new Date(/(Z|[+-]\d\d:\d\d)$/.test(iso) ? iso : `${iso}Z`);
const when = (iso) => moment(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const day = (iso) => moment(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

function gameTable(games) {
  const head = element("tr", {}, element("th", { textContent: "" }),
    ...games.map((g) => element("th", { scope: "col", textContent: g.title })));
  const body = ROWS.map(([label, value]) => element("tr", { dataset: { stat: label } },
    element("th", { scope: "row", textContent: label }),
    ...games.map((g) => element("td", { textContent: String(value(g)) }))));
  return element("table", { className: "stats" }, element("thead", {}, head),
    element("tbody", {}, ...body));
}

function recentRow(game) {
  const change = game.rated && game.rating_after !== null
    ? `skill μ ${game.rating_before.toFixed(1)} → ${game.rating_after.toFixed(1)}`
    : "not rated (a game with an undo, or one that did not end normally)";
  return element("li", { dataset: { tableId: game.table_id } },
    element("strong", { textContent: `${game.title || game.game}: ${game.won ? "won" : "lost"}` }),
    element("span", { className: "muted", textContent: `${when(game.finished_at)} · ${change}` }),
    element("div", { className: "row-actions" },
      element("a", { href: `/review/${game.table_id}`, textContent: "Review" }),
      element("a", { href: `/t/${game.table_id}`, textContent: "Table" })));
}

async function start() {
  startAccount();
  const name = decodeURIComponent(window.location.pathname.split("/").pop());
  try {
    const player = await fetchJson(`/api/players/${encodeURIComponent(name)}`);
    document.title = `tricktable — ${player.name}`;
    $("player-name").textContent = player.name;
    $("player-since").textContent = `Playing since ${day(player.since)}`;
    $("player-games").replaceChildren(...(player.games.length ? [gameTable(player.games),
      element("p", { className: "muted", textContent: "Rating: μ − 3σ, the skill this player very likely has at least (OpenSkill). Games against bots count; it rises as games are won and the uncertainty σ shrinks." })]
      : [element("p", { className: "muted", textContent: "No finished games yet: statistics and a rating appear here after the first game." })]));
    $("player-recent").replaceChildren(...(player.recent.length ? player.recent.map(recentRow)
      : [element("li", { className: "muted", textContent: "None yet. Start one from the lobby: Play now seats you with bots in one click." })]));
  } catch (error) {
    $("player-error").textContent = error.message;
  }
}

start();
