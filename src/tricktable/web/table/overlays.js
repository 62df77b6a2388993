// Between hands and games, and before you sit down: the hand summary, the game-over banner
// with rematch, the review of a finished game, the join page and the connection banner.
import { Card } from "./cards.js";
import { askRematch, fetchJson, join, watch } from "./connection.js";
import { handSummary } from "./games.js";
import { closeSummary, seatName, state, update, who } from "./store.js";
import { RulesPanel, ScoreSheet } from "./panels.js";
import { RecordLink } from "./records.js";
import { BackToEvent, eventOf } from "./event.js";
import { html } from "./ui.js";
import { t, tn } from "../i18n.js";
import { levelWord } from "../names.js";

// ``inline``: in text mode the summary follows the text table instead of covering its log.
const overlayClass = (inline) => `overlay${inline ? " inline" : ""}`;

export function HandSummary({ inline = false }) {
  const view = state.view.view;
  const result = state.summary.result;
  const summary = handSummary(result, view, seatName);
  const auto = state.summary.until;
  return html`<div class=${overlayClass(inline)} role="dialog" aria-modal="false" aria-labelledby="summary-title">
    <div class="sheet hand-summary" data-testid="hand-summary">
      <h2 id="summary-title">${t("Hand {number}", { number: result.hand_number })}</h2>
      <p class="headline">${summary.headline}</p>
      <table class="summary-table">
        <thead><tr><th></th><th>${t("Tricks")}</th><th>${summary.deltaHeading}</th><th>${t("Total")}</th></tr></thead>
        <tbody>${summary.rows.map((r) => html`<tr key=${r.label} class=${r.side === null ? "" : `side-${r.side}`}>
          <th scope="row">${r.side === null ? null : html`<span class="side-dot"></span>`}${r.label}</th>
          <td>${r.passed ? html`<span class="passed">${t("passed")}</span>` : r.tricks}</td><td class=${(view.scoring === "countdown" ? r.delta <= 0 : r.delta >= 0) ? "up" : "down"}>${summary.signed(r.delta)}</td>
          <td><strong>${r.total}</strong></td></tr>`)}</tbody>
      </table>
      ${summary.lines.map((line) => html`<p key=${line}>${line}</p>`)}
      ${view.is_over ? html`<p><strong>${t("That was the last hand.")}</strong></p>`
        : html`<p>${t("Next dealer:")} <strong>${seatName((state.next ? state.next.view : view).dealer)}</strong></p>`}
      <button type="button" class="primary" data-testid="continue" autofocus onClick=${closeSummary}>
        ${view.is_over ? t("See the result") : t("Continue")}</button>
      ${auto ? html`<p class="muted">${t("Continues by itself in a few seconds.")}</p>` : null}
    </div>
  </div>`;
}

export function GameOver({ inline = false }) {
  const view = state.view.view;
  const event = eventOf();
  const winners = view.winners;
  const mine = state.seat !== null && winners.includes(state.seat);
  const names = winners.map(seatName).join(` ${t("and")} `);
  return html`<div class=${overlayClass(inline)} role="dialog" aria-labelledby="over-title">
    <div class="sheet game-over" data-testid="game-over">
      <h2 id="over-title">${mine ? t("You win!") : state.seat !== null ? t("You lost") : tn("{names} wins", "{names} win", winners.length, { names })}</h2>
      ${!mine && state.seat !== null ? html`<p class="headline">${tn("{names} wins.", "{names} win.", winners.length, { names })}</p>` : null}
      <p>${tn("{title}, {n} hand.", "{title}, {n} hands.", view.history.length, { title: t(state.table.title) })}
        ${mine && winners.length > 1 ? ` ${t("Together: {names}.", { names })}` : ""}</p>
      <${ScoreSheet} view=${view} />
      <div class="actions">
        ${event ? html`<${BackToEvent} event=${event} />` : html`${state.seat !== null ? html`<button type="button" class="primary" data-testid="rematch" onClick=${askRematch}>
          ${t("Rematch")} <small class="explain">${t("Same rules and seats, a new deal")}</small></button>` : null}
        <a class="button" href="/" data-testid="new-table">${t("New table")} <small class="explain">${t("Back to the lobby")}</small></a>`}
        <a class="button" data-testid="review" href=${`/review/${encodeURIComponent(state.tableId)}`}>${t("Review")}
          <small class="explain">${t("Every hand trick by trick, in words, with what each card cost (the solver)")}</small></a>
        <${RecordLink} tableId=${state.tableId} game=${state.table.game} />
      </div>
    </div>
  </div>`;
}

export function ConnectionBanner() {
  if (state.connection === "open" || !state.joined) return null;
  const text = state.connection === "replaced"
    ? t("Your seat is now played from another page. Reload this page to play here again.")
    : state.connection === "closed"
    ? t("This table closed the connection. Reload the page to try again.")
    : t("Connection lost — reconnecting… Your cards are locked until it is back.");
  return html`<div class="banner" role="alert" data-testid="disconnected">${text}</div>`;
}

export function JoinPage() {
  const table = state.table;
  const free = table.seats.some((s) => s.kind === "human" && !s.name);
  const submit = async (event) => {
    event.preventDefault();
    const name = event.target.elements.name.value.trim();
    if (!name) { update({ alert: t("Please enter your name.") }); return; }
    try { await join(name); } catch (error) { update({ alert: error.message }); }
  };
  return html`<main class="join-page">
    <section class="panel join">
      <h2>${t(table.title)}</h2>
      ${table.status === "over" ? null : html`<p>${table.turn_seconds ? t("You are invited to a table of {title}, {seconds} seconds a turn.", { title: t(table.title), seconds: table.turn_seconds })
        : t("You are invited to a table of {title}.", { title: t(table.title) })}</p>`}
      <h3>${t("Who sits where")}</h3>
      <ul class="seat-list">${table.seats.map((s) => html`<li key=${s.seat}>
        <strong>${t("Seat {number}:", { number: s.seat + 1 })}</strong> ${s.kind === "bot" ? t("{name}, a bot ({level})", { name: seatName(s.seat), level: levelWord(s.level) }) : s.name || t("free — this can be you")}</li>`)}
      </ul>
      ${table.status === "over" ? html`<${FinalResult} table=${table} />` : html`<form class="join-form" onSubmit=${submit}>
        <label for="join-name">${t("Your name")}</label>
        <input id="join-name" name="name" data-testid="join-name" maxlength="40" autocomplete="nickname"
          value=${localStorage.getItem("tricktable:name") || ""} />
        <button type="submit" class="primary" data-testid="join" disabled=${!free || table.status === "over"}>${t("Sit down")}</button>
        <button type="button" data-testid="watch" disabled=${!table.allow_spectators} onClick=${watch}>${t("Just watch")}</button>
      </form>`}
      ${!free && table.status !== "over" ? html`<p class="muted">${table.allow_spectators ? t("Every seat is taken; you can watch.") : t("Every seat is taken.")}</p>` : null}
    </section>
    <${RulesPanel} open=${true} />
  </main>`;
}

/** A finished table opened without a seat (from *My tables* in another browser): its result,
 * not an invitation. */
function FinalResult({ table }) {
  const result = table.result || { scores: [], winners: [] };
  const names = result.winners.map(seatName).join(` ${t("and")} `);
  return html`<div class="final-result" data-testid="final-result">
    <p><strong>${names ? tn("This game is over: {names} wins.", "This game is over: {names} win.", result.winners.length, { names })
      : t("This game is over.")}</strong></p>
    <table class="summary-table"><thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Final score")}</th></tr></thead>
      <tbody>${table.seats.map((s) => html`<tr key=${s.seat} class=${result.winners.includes(s.seat) ? "winner" : ""}>
        <th scope="row">${seatName(s.seat)}</th><td>${result.scores[s.seat] ?? "—"}</td></tr>`)}</tbody></table>
    <p class="row-actions"><a class="button primary" href=${`/review/${encodeURIComponent(table.table_id)}`} data-testid="review">${t("Review the game")}</a>
      <a class="button" href="/">${t("Back to the lobby")}</a></p>
    <p class="row-actions"><${RecordLink} tableId=${table.table_id} game=${table.game} /></p>
  </div>`;
}

export function winnersText(view) {
  return view.winners.map(who).join(` ${t("and")} `);
}
