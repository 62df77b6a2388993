// The record of a finished game, from the table's pages, and the deal's full commitment,
// readable and copyable on a phone (a tooltip shows on no touch screen).
import { recordFile } from "../api.js";
import { state, update } from "./store.js";
import { html } from "./ui.js";
import { t } from "../i18n.js";

/** A link that downloads the finished table's record (the file `tricktable verify` reads). */
export function RecordLink({ tableId, game }) {
  const file = recordFile(tableId, game);
  return html`<a class="button" data-testid="download-record" href=${file.href} download=${file.download}>
    ${t("Download the record")} <small class="explain">${t("Every deal, its secret and every move: check it with tricktable verify")}</small></a>`;
}

/** The header's commitment: its first digits, a button that opens the whole of it. */
export function CommitmentButton({ view }) {
  const open = state.commitmentOpen;
  return html`<button type="button" class="commitment small" data-testid="deal-commitment" aria-expanded=${String(open)}
    aria-controls="commitment-full" data-commitment=${view.deal_commitment}
    onClick=${() => update({ commitmentOpen: !open, settingsOpen: false })}>
    <span class="wide-only">${t("Deal #{number} · commitment", { number: view.hand_number })} </span>${view.deal_commitment.slice(0, 4)}…</button>`;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    update({ announce: t("Copied.") });
  } catch {
    update({ announce: t("Select the digits to copy them.") });
  }
}

/** The whole commitment, wrapped to the screen, with a copy button and what it is for. */
export function CommitmentPanel({ view }) {
  return html`<div class="commitment-panel" id="commitment-full" role="dialog" aria-label=${t("The deal's commitment")}
    data-testid="commitment-full">
    <p>${t("Deal #{number} · commitment", { number: view.hand_number })}</p>
    <code class="commitment-digits" data-testid="commitment-digits">${view.deal_commitment}</code>
    <p class="row-actions"><button type="button" class="small" data-testid="copy-commitment"
      onClick=${() => copy(view.deal_commitment)}>${t("Copy")}</button>
      <a href="/fair" target="_blank" rel="noopener">${t("How deals are made")}</a>
      <button type="button" class="small" onClick=${() => update({ commitmentOpen: false })}>${t("Close")}</button></p>
  </div>`;
}
