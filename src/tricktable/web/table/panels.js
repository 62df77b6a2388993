// Beside the felt: the score sheet, this table's rules in plain words, chat and settings.
import { sendChat } from "./connection.js";
import { columns, howToPlay } from "./games.js";
import { seatName, setPref, state, update } from "./store.js";
import { chooseLanguage, language, LANGUAGES, t } from "../i18n.js";
import { allowNotifications } from "./turn.js";
import { html } from "./ui.js";
import { sideNames } from "../names.js";

// A team's column names its players, an open seat last ("Dario & open seat", see sideNames).
const sheetColumns = (view) => columns(view, seatName).map((c) => (c.side === null ? c
  : { ...c, label: sideNames(state.table ? state.table.seats : null, c.seats) }));

export function ScoreSheet({ view }) {
  const cols = sheetColumns(view);
  const chips = view.scoring === "chips";
  const countdown = view.scoring === "countdown";
  const unit = chips ? t("chips") : countdown ? t("count") : t("points");
  const good = (delta) => (countdown ? delta <= 0 : delta >= 0); // counting down, less is better
  const many = cols.length > 4; // a compact sheet: each change under its score, names on two lines
  const wide = cols.length > 7; // more columns than the side panel shows at once, even compact
  return html`${wide ? html`<p class="scroll-note" data-testid="score-scroll">${t("Scroll sideways for every player →")}</p>` : null}<div class="sheet-scroll" tabindex=${wide ? 0 : null} aria-label=${wide ? t("Score sheet, scrolls sideways") : null}><table class=${`score-sheet${many ? " many" : ""}`} data-testid="score-sheet">
    <caption>${t("Score sheet")} <span class="muted">(${unit}${countdown ? t(", down to 0") : ""})</span></caption>
    <thead><tr><th scope="col">${t("Hand")}</th>
      ${cols.map((c) => html`<th scope="col" key=${c.label} class=${c.side === null ? "" : `side-${c.side}`}>
        ${c.side === null ? null : html`<span class="side-dot" aria-hidden="true"></span>`}${c.label}</th>`)}
    </tr></thead>
    <tbody>
      ${view.history.map((r) => html`<tr key=${r.hand_number}>
        <th scope="row">${r.hand_number}</th>
        ${cols.map((c) => html`<td key=${c.label}>${r.scores[c.seats[0]]}
          <small class=${good(r.deltas[c.seats[0]]) ? "up" : "down"}>${r.deltas[c.seats[0]] > 0 ? "+" : ""}${r.deltas[c.seats[0]]}</small></td>`)}
      </tr>`)}
    </tbody>
    <tfoot><tr><th scope="row">${t("Now")}</th>
      ${cols.map((c) => html`<td key=${c.label}><strong>${view.scores[c.seats[0]]}</strong></td>`)}</tr></tfoot>
  </table></div>`;
}

function words(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  if (Array.isArray(value)) return value.join(" + ") || t("as the deal");
  return t(String(value).replaceAll("_", " ")); // an option's value: the catalog has its words
}

/** This table's rules: the game's one line, then each option's description and value, the
 * ones this table changed first. */
export function RulesPanel({ open }) {
  const table = state.table;
  const game = state.games && state.games.find((g) => g.name === table.game);
  if (!game) return html`<p>${table.rules}</p>`;
  const changed = [];
  const standard = [];
  for (const option of game.options) {
    const value = table.options[option.name];
    const normal = JSON.stringify(option.default) === JSON.stringify(value);
    (normal ? standard : changed).push(html`<div class="rule" key=${option.name}>
      <dt>${option.description}</dt><dd>${words(value)}</dd></div>`);
  }
  return html`<details class="rules-panel panel" open=${open} data-testid="rules">
    <summary><strong>${t("Rules: {title}", { title: game.title })}</strong></summary>
    <p>${game.summary}</p>
    <h3>${t("How it goes")}</h3>
    <ul class="how">${howToPlay().map((line) => html`<li key=${line}>${line}</li>`)}</ul>
    ${changed.length ? html`<h3>${t("This table's own rules")}</h3><dl>${changed}</dl>` : html`<p>${t("Standard rules, nothing changed.")}</p>`}
    <details><summary>${t("All standard rules ({count})", { count: standard.length })}</summary><dl>${standard}</dl></details>
  </details>`;
}

export function Chat() {
  const seated = state.seat !== null;
  const submit = (event) => {
    event.preventDefault();
    const input = event.target.elements.text;
    const text = input.value.trim();
    if (text) sendChat(text);
    input.value = "";
  };
  return html`<details class="panel chat" open>
    <summary><strong>${t("Chat")}</strong></summary>
    <div class="chat-log" aria-live="polite">
      ${state.chat.map((m, i) => html`<div key=${i}><strong>${m.name}:</strong> ${state.presets.includes(m.text) ? t(m.text) : m.text}</div>`)}
    </div>
    ${seated ? html`<div class="chat-presets">${state.presets.map((p) => html`<button type="button" class="small" key=${p} onClick=${() => sendChat(p)}>${t(p)}</button>`)}</div>
    <form class="chat-form" onSubmit=${submit}>
      <label class="visually-hidden" for="chat-text">${t("Message")}</label>
      <input id="chat-text" name="text" maxlength="200" placeholder=${t("Say something")} autocomplete="off" />
      <button type="submit" class="small">${t("Send")}</button>
    </form>` : null}
  </details>`;
}

function Toggle({ name, label, testid = null, choose = null }) {
  const change = async (e) => setPref(name, choose ? await choose(e.target.checked) : e.target.checked);
  return html`<label class="toggle"><input type="checkbox" checked=${state.prefs[name]} data-testid=${testid}
    onChange=${change} /> ${label}</label>`;
}

export function Settings() {
  const seated = state.seat !== null;
  return html`<div class="settings-panel" role="dialog" aria-label=${t("Settings")}>
    <label>${t("Language")} <select data-testid="language-switch" value=${language}
      onChange=${(e) => chooseLanguage(e.target.value)}>${Object.entries(LANGUAGES).map(([code, name]) => html`<option key=${code} value=${code}>${name}</option>`)}
      ${language === "xx" ? html`<option value="xx">⟦xx⟧</option>` : null}</select></label>
    <${Toggle} name="fourColour" label=${t("Four-colour deck")} />
    <${Toggle} name="lessMotion" label=${t("Less motion")} />
    <${Toggle} name="textMode" label=${t("Text mode (for screen readers)")} />
    ${seated ? html`<${Toggle} name="hints" label=${t("Hints")} /><${Toggle} name="keyHelp" label=${t("Show number keys")} />
      <${Toggle} name="autoPlay" label=${t("Auto-play a single legal card")} />
      <${Toggle} name="sound" testid="sound-toggle" label=${t("A sound when it is your turn")} />
      ${"Notification" in window ? html`<${Toggle} name="notify" testid="notify-toggle" choose=${allowNotifications}
        label=${t("A notification when it is your turn and this tab is hidden")} />` : null}` : null}
    <label>${t("Finished trick stays")}
      <select value=${String(state.prefs.trickPause)} onChange=${(e) => setPref("trickPause", Number(e.target.value))}>
        <option value="600">0.6 s</option><option value="1000">1 s</option>
        <option value="1600">1.6 s</option><option value="2500">2.5 s</option>
      </select></label>
    <label>${t("Hand summary against bots")}
      <select value=${String(state.prefs.summaryWait)} onChange=${(e) => setPref("summaryWait", Number(e.target.value))}>
        <option value="3">3 s</option><option value="5">5 s</option><option value="10">10 s</option>
        <option value="0">${t("until I click")}</option>
      </select></label>
    ${seated ? html`<p class="muted">${t("Keys: 1–9 (two digits for 10 and up) choose a card or a button; ←/→ move between cards; Enter confirms a choice of cards.")}</p>` : null}
    <button type="button" class="small" onClick=${() => update({ settingsOpen: false })}>${t("Close")}</button>
  </div>`;
}

export function TableInfo() {
  const invite = new URL(`/t/${state.tableId}`, window.location.href).href;
  return html`<details class="panel info">
    <summary><strong>${t("Invite")}</strong></summary>
    <p>${t("Invite link:")} <a href=${invite}>${invite}</a></p>
    <p class="muted">${state.table.rules}${state.table.turn_seconds ? ` · ${t("{seconds} s a turn", { seconds: state.table.turn_seconds })}` : ""}</p>
  </details>`;
}
