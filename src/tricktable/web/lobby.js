// The lobby: choose a game (one line, player counts), a preset or every option, who sits where;
// create the table and sit at seat 0. Play now, the open tables and My tables: lobby-list.js.
import { pollFriends, stopFriends } from "./friends.js";
import { $, fetchJson, rulesLine } from "./api.js";
import { startLists, playNow, rememberSeat } from "./lobby-list.js";
import { startAccount } from "./account.js";
import { t, tn, translatePage } from "./i18n.js";

let games = [];
let levels = [];
let presets = {};
// Each rules check is numbered so that a slow, older answer never overwrites a newer one.
let rulesRequest = 0;

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function shownDefault(option) {
  return Array.isArray(option.default) ? option.default.join("+") : option.default;
}

function optionControl(option) {
  const id = `opt-${option.name}`;
  let control;
  if (option.kind === "bool") {
    control = document.createElement("input");
    control.type = "checkbox";
    control.checked = option.default;
  } else if (option.kind === "choice") {
    control = document.createElement("select");
    for (const choice of option.choices) control.add(new Option(t(choice.replaceAll("_", " ")), choice));
    control.value = option.default;
  } else {
    control = document.createElement("input");
    control.type = option.kind === "int" ? "number" : "text";
    if (option.low !== null) control.min = option.low;
    if (option.high !== null) control.max = option.high;
    control.value = shownDefault(option);
  }
  control.id = id;
  control.dataset.option = option.name;
  control.addEventListener("change", () => { $("preset").value = "custom"; refreshRules(); });
  const wrapper = document.createElement("div");
  wrapper.className = "option";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = t(option.name.replaceAll("_", " "));
  const help = document.createElement("span");
  help.className = "muted";
  help.textContent = option.description;
  wrapper.append(label, control, help);
  return wrapper;
}

function setControl(option, value) {
  const control = $(`opt-${option.name}`);
  if (!control) return;
  if (option.kind === "bool") control.checked = value;
  else control.value = Array.isArray(value) ? value.join("+") : value;
}

function chosenOptions() {
  const game = currentGame();
  const chosen = {};
  for (const control of document.querySelectorAll("[data-option]")) {
    const option = game.options.find((o) => o.name === control.dataset.option);
    const value = option.kind === "bool" ? control.checked
      : option.kind === "int" ? Number(control.value) : control.value;
    if (value !== shownDefault(option)) chosen[option.name] = value;
  }
  return chosen;
}

function playerCounts(game) {
  const players = game.options.find((o) => o.name === "players");
  if (!players || players.low === null) return tn("{n} player", "{n} players", game.players);
  return t("{low}–{high} players ({players} unless you choose otherwise)",
    { low: players.low, high: players.high, players: game.players });
}

// The bots' levels as the lobby names them (the level's own name is what the API takes).
// (each a whole message, so a language can inflect it)
const LEVEL_NAMES = {
  easy: () => [t("easy"), t("easy bot")], medium: () => [t("medium"), t("medium bot")],
  hard: () => [t("hard"), t("hard bot")], expert: () => [t("expert"), t("expert bot")],
};

function levelName(level) {
  return LEVEL_NAMES[level] ? LEVEL_NAMES[level]()[0] : level;
}

function botLevel(level) {
  return LEVEL_NAMES[level] ? LEVEL_NAMES[level]()[1] : t("{level} bot", { level });
}

function renderGame() {
  const game = currentGame();
  $("summary").textContent = game.summary;
  $("player-counts").textContent = playerCounts(game);
  $("options").replaceChildren(...game.options.map(optionControl));
  const entries = presets[game.name] || [{ label: t("Standard"), options: {} }];
  $("preset").replaceChildren(...entries.map((p, i) => new Option(p.label, String(i))),
    new Option(t("Custom (see all rule options)"), "custom"));
  $("preset").value = "0";
  refreshRules();
}

function applyPreset() {
  const game = currentGame();
  if ($("preset").value === "custom") { $("more-options").open = true; return; }
  const preset = (presets[game.name] || [])[Number($("preset").value)] || { options: {} };
  for (const option of game.options) setControl(option, option.name in preset.options
    ? preset.options[option.name] : option.default);
  refreshRules();
}

async function refreshRules() {
  $("setup-error").textContent = "";
  const request = ++rulesRequest;
  try {
    const checked = await fetchJson("/api/rules", { game: $("game").value, options: chosenOptions() });
    if (request !== rulesRequest) return;
    // the rules in words (what differs from the game's standard); the exact string on hover
    $("rules-string").textContent = rulesLine(checked);
    $("rules-string").title = checked.rules;
    renderSeats(checked.players);
    $("create-button").disabled = false;
  } catch (error) {
    if (request !== rulesRequest) return;
    $("setup-error").textContent = error.message;
    $("create-button").disabled = true;
  }
}

function renderSeats(players) {
  // A change of options must not undo who the player already seated.
  const previous = chosenSeatValues();
  const rows = [];
  for (let seat = 0; seat < players; seat += 1) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.htmlFor = `seat-${seat}`;
    label.textContent = t("Seat {number}", { number: seat + 1 });
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    if (seat === 0) {
      select.add(new Option(t("you"), "human"));
    } else {
      select.add(new Option(t("a friend (invite link or the lobby)"), "human"));
      for (const level of levels) select.add(new Option(botLevel(level), `bot:${level}`));
      select.value = "bot:medium";
      if (previous[seat] !== undefined) select.value = previous[seat];
    }
    row.append(label, select);
    rows.push(row);
  }
  $("seats").replaceChildren(...rows);
}

function chosenSeatValues() {
  return [...$("seats").querySelectorAll("select")].map((select) => select.value);
}

function chosenSeats() {
  return [...$("seats").querySelectorAll("select")].map((select) => {
    const [kind, level] = select.value.split(":");
    return level ? { kind, level } : { kind };
  });
}

function yourName() {
  const name = $("name").value.trim();
  $("lobby-error").textContent = "";
  if (!name) {
    $("lobby-error").textContent = t("Please enter your name (under Start a game) to sit down.");
    $("name").focus();
    return null;
  }
  localStorage.setItem("tricktable:name", name);
  return name;
}

async function createTable(event) {
  event.preventDefault();
  const name = yourName();
  if (!name) return;
  try {
    const table = await fetchJson("/api/tables", {
      game: $("game").value, options: chosenOptions(), seats: chosenSeats(),
      allow_spectators: $("spectators").checked, turn_seconds: Number($("turn-seconds").value),
      private: $("private").checked,
    });
    const seat = await fetchJson(`/api/tables/${table.table_id}/join`, { name, seat: 0 });
    rememberSeat(table.table_id, seat.token);
    window.location.assign(`/t/${table.table_id}`);
  } catch (error) {
    $("setup-error").textContent = error.message;
  }
}

async function quickStart() {
  const name = yourName();
  if (!name) return;
  try {
    await playNow(currentGame(), $("quick-level").value, name);
  } catch (error) {
    $("lobby-error").textContent = error.message;
  }
}

async function start() {
  translatePage();
  const [data, presetData] = await Promise.all([fetchJson("/api/games"), fetchJson("/api/presets")]);
  games = data.games;
  levels = data.levels;
  presets = presetData.presets;
  for (const game of games) $("game").add(new Option(game.title, game.name));
  for (const level of levels) $("quick-level").add(new Option(levelName(level), level));
  $("quick-level").value = "medium";
  if (data.coming.length) $("coming").textContent = t("Coming soon: {games}", { games: data.coming.join(", ") });
  $("name").value = localStorage.getItem("tricktable:name") || "";
  $("game").addEventListener("change", renderGame);
  $("preset").addEventListener("change", applyPreset);
  $("create").addEventListener("submit", createTable);
  $("play-now").addEventListener("click", quickStart);
  renderGame();
  await startAccount((name) => {
    // a signed-in player sits down under the account's name
    $("name").readOnly = Boolean(name);
    if (name) $("name").value = name;
    $("name-note").textContent = name ? t("your account's name") : "";
    if (name) pollFriends(false); // a friend's invitation to a seat shows at the top
    else stopFriends();
  });
  startLists(games);
}

start();
