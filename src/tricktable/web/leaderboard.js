// The leaderboard of one game (?game=NAME), best first.
import { $, element, fetchJson } from "./api.js";
import { startAccount } from "./account.js";
import { decimal, number } from "./event-words.js";
import { t, translatePage } from "./i18n.js";

async function show(game) {
  try {
    const board = await fetchJson(`/api/leaderboard?game=${encodeURIComponent(game)}`);
    const rows = board.players.map((p, i) => element("tr", {},
      element("td", { textContent: String(i + 1) }),
      element("td", { className: "name" }, element("a", { href: `/players/${encodeURIComponent(p.name)}`, textContent: p.name })),
      element("td", { textContent: decimal(p.rating, 1) }), element("td", { textContent: decimal(p.mu, 1) }),
      element("td", { textContent: decimal(p.sigma, 2) }), element("td", { textContent: number(p.games) })));
    $("board").replaceChildren(...(rows.length ? rows : [element("tr", {},
      element("td", { colSpan: 6, className: "muted name", textContent: t("Nobody is rated in this game yet: sign up and finish a game (bots count) to be the first.") }))]));
    $("board-error").textContent = "";
  } catch (error) {
    $("board-error").textContent = error.message;
  }
}

async function start() {
  translatePage();
  startAccount();
  const data = await fetchJson("/api/games");
  for (const game of data.games) $("board-game").add(new Option(game.title, game.name));
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted) $("board-game").value = wanted;
  $("board-game").addEventListener("change", () => {
    history.replaceState(null, "", `?game=${$("board-game").value}`);
    show($("board-game").value);
  });
  show($("board-game").value);
}

start();
