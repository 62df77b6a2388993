// The mount point for solo comforts at a table where every other seat is a bot (undo, claim,
// learning mode, bot speed): the table draws <SoloControls> in its side column, inside
// <section id="solo-controls" data-testid="solo-controls">. It gets the table's state
// (see store.js: view, seat, token, table) and returns the controls, or null for none yet.
import { html } from "./ui.js";

export function SoloControls() {
  return null;
}

export function SoloSlot({ state }) {
  const controls = SoloControls({ state });
  if (!controls) return null;
  return html`<section id="solo-controls" class="panel" data-testid="solo-controls">${controls}</section>`;
}
