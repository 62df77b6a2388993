// The table page: load the table, join or watch, then draw everything from the state.
import { connect, fetchJson, requestHint, savedToken } from "./connection.js";
import { boardText, eventOf, EventLink, followBoard } from "./event.js";
import { Felt } from "./felt.js";
import { setTableWords } from "./games.js";
import { autoPlay, ChoiceBar, Hand, onKey, restoreFocus } from "./hand.js";
import { ConnectionBanner, GameOver, HandSummary, JoinPage } from "./overlays.js";
import { Chat, RulesPanel, ScoreSheet, Settings, TableInfo } from "./panels.js";
import { CommitmentButton, CommitmentPanel } from "./records.js";
import { SoloSlot } from "./solo.js";
import { setPref, state, subscribe, update } from "./store.js";
import { focusTextCommand, keepTextFocus, TextTable } from "./textmode.js";
import { TimerControls } from "./timer.js";
import { signalTurn } from "./turn.js";
import { WaitingPanel, waiting } from "./waiting.js";
import { html, render } from "./ui.js";
import { t, translatePage } from "../i18n.js";

function toggleTextMode() {
  const on = !state.prefs.textMode;
  setPref("textMode", on);
  if (on) focusTextCommand();
}

function Header() {
  const table = state.table;
  const view = state.view && state.view.view;
  const event = eventOf();
  const status = !view ? "" : view.is_over ? t("game over")
    : event ? boardText(event) : t("hand {number}", { number: view.hand_number });
  return html`<header class="bar">
    <a class="home" href="/" aria-label=${t("tricktable lobby")}>♠♥</a>
    <h1>${table ? t(table.title) : t("Table")}</h1>
    ${event ? html`<${EventLink} event=${event} />` : null}
    <span class="status">${status}${state.seat === null && state.joined ? ` · ${t("watching")}` : ""}</span>
    ${view && view.deal_commitment && !waiting() ? html`<${CommitmentButton} view=${view} />` : null}
    <button type="button" class="small" data-testid="text-mode-toggle" aria-pressed=${String(Boolean(state.prefs.textMode))}
      onClick=${toggleTextMode}>${t("Text mode")}</button>
    <button type="button" class="small" aria-expanded=${String(state.settingsOpen)}
      onClick=${() => update({ settingsOpen: !state.settingsOpen, commitmentOpen: false })}>${t("Settings")}</button>
    ${state.settingsOpen ? html`<${Settings} />` : null}
    ${state.commitmentOpen && view && view.deal_commitment ? html`<${CommitmentPanel} view=${view} />` : null}
  </header>`;
}

function App() {
  const view = state.view && state.view.view;
  const live = state.joined && view;
  return html`
    <${Header} />
    <${ConnectionBanner} />
    ${state.alert ? html`<p class="alert" role="alert">${state.alert}
      <button type="button" class="small" onClick=${() => update({ alert: "" })}>${t("OK")}</button></p>` : null}
    <p class="visually-hidden" aria-live="polite" aria-atomic="true" id="announce">${state.announce}</p>
    ${!state.joined && state.table ? html`<${JoinPage} />` : null}
    ${state.joined && !view ? html`<p class="loading">${t("Sitting down…")}</p>` : null}
    ${live && state.prefs.textMode ? html`<${TextTable} />` : null}
    ${live && !state.prefs.textMode ? html`<main class=${`table-layout${state.seat === null ? " spectator" : ""}`}>
      <div class="play-column">
        <${Felt} />
        ${waiting() ? html`<${WaitingPanel} />` : html`<${ChoiceBar} /><${TimerControls} />`}
        <${Hand} />
      </div>
      <aside class="side-column">
        ${waiting() ? null : html`<${ScoreSheet} view=${view} />`}
        <${SoloSlot} state=${state} />
        <${RulesPanel} open=${false} />
        <${Chat} />
        <${TableInfo} />
      </aside>
    </main>` : null}
    ${live && state.summary ? html`<${HandSummary} inline=${state.prefs.textMode} />` : null}
    ${live && view.is_over && !state.summary && !state.held ? html`<${GameOver} inline=${state.prefs.textMode} />` : null}
  `;
}

let hintSeq = -1;
let focusedDialog = null;

/** A summary or banner that appears takes the focus (unless you are typing in the chat). */
function focusDialog() {
  const dialog = document.querySelector("[data-testid=hand-summary], [data-testid=game-over]");
  if (!dialog || dialog === focusedDialog) {
    if (!dialog) focusedDialog = null;
    return;
  }
  focusedDialog = dialog;
  const active = document.activeElement;
  if (active && active.tagName === "INPUT") return;
  const button = dialog.querySelector("button");
  if (button) button.focus({ preventScroll: true });
}

function draw() {
  document.body.classList.toggle("four-colour", state.prefs.fourColour);
  document.body.classList.toggle("no-motion", state.prefs.lessMotion);
  render(html`<${App} />`, document.getElementById("app"));
  restoreFocus();
  keepTextFocus();
  focusDialog();
  signalTurn();
  followBoard();
  autoPlay();
  if (state.prefs.hints && state.seq !== hintSeq && state.view && state.view.view.legal_actions.length) {
    hintSeq = state.seq;
    requestHint();
  }
}

async function start() {
  translatePage();
  subscribe(draw);
  const asked = new URLSearchParams(window.location.search).get("text"); // ?text=1: text mode
  if (asked !== null) setPref("textMode", asked !== "0");
  document.addEventListener("keydown", onKey);
  const tableId = decodeURIComponent(window.location.pathname.split("/").pop());
  update({ tableId, token: savedToken(tableId) });
  try {
    const [table, games] = await Promise.all([
      fetchJson(`/api/tables/${tableId}`), fetchJson("/api/games"),
    ]);
    // the game's own words for its table, from the server (the page knows no game by name)
    setTableWords(table.table_words);
    document.title = t("{title} — tricktable", { title: t(table.title) }); // the tab names its game
    update({ table, games: games.games });
  } catch {
    update({ alert: t("There is no such table.") });
    return;
  }
  if (state.token) connect();
}

start();
