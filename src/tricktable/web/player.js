// A player's page: statistics and rating per game, and the latest games with their reviews.
import { $, element, fetchJson, recordLink } from "./api.js";
import { startAccount } from "./account.js";
import { pollFriends, startFriendsForm, stopFriends } from "./friends.js";
import { seatLabel } from "./names.js";
import { decimal } from "./event-words.js";
import { t, tn, translatePage } from "./i18n.js";

function of(done, tried) {
  return t("{done} of {tried}", { done, tried });
}

const ROWS = [
  // each row: its name (the data-stat the page keeps), its label in the page's language, its value
  ["Games played", t("Games played"), (g) => g.games], ["Games won", t("Games won"), (g) => g.games_won],
  ["Hands played", t("Hands played"), (g) => g.hands], ["Hands won", t("Hands won"), (g) => g.hands_won],
  // a bid that was outbid is no contract: count the contracts won in the auction, then made
  ["Contracts won", t("Contracts won"), (g) => g.bids],
  ["Contracts made", t("Contracts made"), (g) => (g.bids ? of(g.bids_made, g.bids) : "—")],
  ["Contracts set", t("Contracts set"), (g) => g.bids_set],
  ["Lone hands made", t("Lone hands made"), (g) => of(g.lone_made, g.lone_tried)],
  ["Generals made", t("Generals made"), (g) => of(g.generals_made, g.generals_tried)],
  ["Points per hand", t("Points per hand"), (g) => decimal(g.points_per_hand, 2).replace("-", "−")],
  ["Rating", t("Rating"), (g) => (g.rating ? tn("{rating} (skill μ {mu} ± σ {sigma}, after {n} rated game)",
    "{rating} (skill μ {mu} ± σ {sigma}, after {n} rated games)", g.rating.games, {
      rating: decimal(g.rating.rating, 1).replace("-", "−"), mu: decimal(g.rating.mu, 1), sigma: decimal(g.rating.sigma, 1),
    }) : t("not rated yet"))],
];

// A stored time (UTC, maybe without its zone) in the reader's own time zone.
const moment = (iso) => new Date(/(Z|[+-]\d\d:\d\d)$/.test(iso) ? iso : `${iso}Z`);
const when = (iso) => moment(iso).toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
const day = (iso) => moment(iso).toLocaleDateString(document.documentElement.lang || undefined, { dateStyle: "medium" });

function gameTable(games) {
  const head = element("tr", {}, element("th", { textContent: "" }),
    ...games.map((g) => element("th", { scope: "col", textContent: t(g.title) })));
  const body = ROWS.map(([stat, label, value]) => element("tr", { dataset: { stat } },
    element("th", { scope: "row", textContent: label }),
    ...games.map((g) => element("td", { textContent: String(value(g)) }))));
  return element("table", { className: "stats" }, element("thead", {}, head),
    element("tbody", {}, ...body));
}

function recentRow(game) {
  const change = game.rated && game.rating_after !== null
    ? t("skill μ {before} → {after}", { before: decimal(game.rating_before, 1), after: decimal(game.rating_after, 1) })
    : t("not rated (a game with an undo, or one that did not end normally)");
  return element("li", { dataset: { tableId: game.table_id, testid: "recent-game" } },
    element("strong", { textContent: game.won ? t("{game}: won", { game: t(game.title || game.game) })
      : t("{game}: lost", { game: t(game.title || game.game) }) }),
    element("span", { className: "muted", textContent: `${when(game.finished_at)} · ${change}` }),
    element("span", { className: "who", dataset: { testid: "recent-players" }, textContent: whoPlayed(game.players || []) }),
    element("div", { className: "row-actions" },
      element("a", { href: `/review/${game.table_id}`, textContent: t("Review") }),
      element("a", { href: `/t/${game.table_id}`, textContent: t("Table") }),
      recordLink(game.table_id, game.game)));
}

// Who sat at a finished table, in seat order: each person's name, a bot with its level.
function whoPlayed(players) {
  return t("Players: {names}", { names: players.map((p) => seatLabel(players, p.seat)).join(", ") });
}

// On their own page a player keeps their friends and sees their invitations.
function ownPage(pageName) {
  return (name) => {
    const own = Boolean(name) && name.toLowerCase() === pageName.toLowerCase();
    $("friends-panel").hidden = !own;
    if (own) pollFriends(true);
    else stopFriends();
  };
}

async function start() {
  translatePage();
  const name = decodeURIComponent(window.location.pathname.split("/").pop());
  startFriendsForm();
  startAccount(ownPage(name));
  try {
    const player = await fetchJson(`/api/players/${encodeURIComponent(name)}`);
    document.title = `tricktable — ${player.name}`;
    $("player-name").textContent = player.name;
    $("player-since").textContent = t("Playing since {day}", { day: day(player.since) });
    $("player-games").replaceChildren(...(player.games.length ? [gameTable(player.games),
      element("p", { className: "muted", textContent: t("Rating: μ − 3σ, the skill this player very likely has at least (OpenSkill). Games against bots count; it rises as games are won and the uncertainty σ shrinks.") })]
      : [element("p", { className: "muted", textContent: t("No finished games yet: statistics and a rating appear here after the first game.") })]));
    $("player-recent").replaceChildren(...(player.recent.length ? player.recent.map(recentRow)
      : [element("li", { className: "muted", textContent: t("None yet. Start one from the lobby: Play now seats you with bots in one click.") })]));
  } catch (error) {
    $("player-error").textContent = error.message;
  }
}

start();
