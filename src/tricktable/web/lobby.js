// The lobby: choose a game, its options and who sits where; create the table and sit at seat 0.
const $ = (id) => document.getElementById(id);
let games = [];
let levels = [];
// Each rules check is numbered so that a slow, older answer never overwrites a newer one.
let rulesRequest = 0;

async function fetchJson(url, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(url, init);
  const data = await response.json();
  if (!response.ok) throw new Error(errorText(data));
  return data;
}

function errorText(data) {
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) return data.detail.map((d) => d.msg).join("; ");
  return "the server refused the request";
}

function currentGame() {
  return games.find((g) => g.name === $("game").value);
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
    for (const choice of option.choices) control.add(new Option(choice.replaceAll("_", " "), choice));
    control.value = option.default;
  } else {
    control = document.createElement("input");
    control.type = option.kind === "int" ? "number" : "text";
    if (option.low !== null) control.min = option.low;
    if (option.high !== null) control.max = option.high;
    control.value = Array.isArray(option.default) ? option.default.join("+") : option.default;
  }
  control.id = id;
  control.dataset.option = option.name;
  control.addEventListener("change", refreshRules);
  const wrapper = document.createElement("div");
  wrapper.className = "option";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = option.name.replaceAll("_", " ");
  const help = document.createElement("span");
  help.className = "muted";
  help.textContent = option.description;
  wrapper.append(label, control, help);
  return wrapper;
}

function chosenOptions() {
  const game = currentGame();
  const chosen = {};
  for (const control of document.querySelectorAll("[data-option]")) {
    const option = game.options.find((o) => o.name === control.dataset.option);
    const value = option.kind === "bool" ? control.checked
      : option.kind === "int" ? Number(control.value) : control.value;
    const standard = Array.isArray(option.default) ? option.default.join("+") : option.default;
    if (value !== standard) chosen[option.name] = value;
  }
  return chosen;
}

function renderOptions() {
  const game = currentGame();
  $("summary").textContent = game.summary;
  $("options").replaceChildren(...game.options.map(optionControl));
  refreshRules();
}

async function refreshRules() {
  $("lobby-error").textContent = "";
  const request = ++rulesRequest;
  try {
    const checked = await fetchJson("/api/rules", { game: $("game").value, options: chosenOptions() });
    if (request !== rulesRequest) return;
    $("rules-string").textContent = checked.rules;
    renderSeats(checked.players);
    $("create-button").disabled = false;
  } catch (error) {
    if (request !== rulesRequest) return;
    $("lobby-error").textContent = error.message;
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
    label.textContent = `Seat ${seat}`;
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    if (seat === 0) {
      select.add(new Option("you", "human"));
    } else {
      select.add(new Option("a friend (invite link)", "human"));
      for (const level of levels) select.add(new Option(`bot: ${level}`, `bot:${level}`));
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

async function createTable(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) { $("lobby-error").textContent = "Please enter your name."; return; }
  localStorage.setItem("tricktable:name", name);
  try {
    const table = await fetchJson("/api/tables", {
      game: $("game").value, options: chosenOptions(), seats: chosenSeats(),
      allow_spectators: $("spectators").checked, turn_seconds: Number($("turn-seconds").value),
    });
    const seat = await fetchJson(`/api/tables/${table.table_id}/join`, { name, seat: 0 });
    localStorage.setItem(`tricktable:token:${table.table_id}`, seat.token);
    window.location.assign(`/t/${table.table_id}`);
  } catch (error) {
    $("lobby-error").textContent = error.message;
  }
}

async function start() {
  const data = await fetchJson("/api/games");
  games = data.games;
  levels = data.levels;
  for (const game of games) $("game").add(new Option(game.title, game.name));
  if (data.coming.length) $("coming").textContent = `Coming soon: ${data.coming.join(", ")}`;
  $("name").value = localStorage.getItem("tricktable:name") || "";
  $("game").addEventListener("change", renderOptions);
  $("create").addEventListener("submit", createTable);
  renderOptions();
}

start();
