// The visual replay of a finished hand on the review page: the table as it was, card by card —
// every seat with the cards it still held and the tricks it had won, and the trick on the
// felt, its winning card marked once complete. ←/→ (or the buttons) step through it; the
// review's costs beside it follow the trick shown.
import { Card, cardName } from "./table/cards.js";
import { html, render } from "./table/ui.js";
import { t } from "./i18n.js";

/** The hand's steps: before its first card, then after each card played. */
export function replaySteps(hand) {
  const steps = [{ trick: 0, count: 0 }];
  hand.tricks.forEach((trick, index) => {
    for (let count = 1; count <= trick.plays.length; count += 1) steps.push({ trick: index, count });
  });
  return steps;
}

/** The table at ``step``: each seat's cards left, tricks won so far, and the trick's plays. */
export function tableAt(hand, step, players) {
  const trick = hand.tricks[step.trick];
  const plays = trick ? trick.plays.slice(0, step.count) : [];
  const complete = Boolean(trick) && step.count === trick.plays.length && trick.winner !== undefined;
  const won = Array.from({ length: players }, () => 0);
  hand.tricks.slice(0, step.trick).forEach((done) => { if (done.winner !== undefined) won[done.winner] += 1; });
  if (complete) won[trick.winner] += 1;
  const stood = trick ? trick.hands : hand.hands;
  const cards = stood.map((text, seat) => {
    const held = text.trim() ? text.trim().split(/\s+/) : [];
    const gone = plays.filter((p) => p.seat === seat).map((p) => p.card);
    return held.filter((card) => { const at = gone.indexOf(card); if (at < 0) return true; gone.splice(at, 1); return false; });
  });
  return { cards, won, plays, winner: complete ? trick.winner : null };
}

function Seat({ seat, name, cards, won, leading }) {
  return html`<div class="replay-seat" data-testid=${`replay-seat-${seat}`} data-seat=${seat}>
    <p class="replay-name"><strong>${name}</strong> <span class="muted">${t("tricks: {n}", { n: won })}</span>
      ${leading ? html` <span class="replay-lead">${t("to play")}</span>` : null}</p>
    <div class="replay-hand" role="list" aria-label=${t("{name}'s cards", { name })}>
      ${cards.length ? cards.map((card, i) => html`<span role="listitem" class="replay-card" key=${`${card}-${i}`} data-card=${card}><${Card} card=${card} /></span>`)
        : html`<span class="muted">—</span>`}</div>
  </div>`;
}

function Replay({ hand, steps, at, names, players, go }) {
  const step = steps[at];
  const table = tableAt(hand, step, players);
  const trickCount = hand.tricks.length;
  const next = steps[at + 1];
  const toPlay = next && next.count > 0 ? hand.tricks[next.trick].plays[next.count - 1].seat : null;
  const where = at === 0 ? t("Before the first card")
    : t("Card {n} of {count} · trick {trick} of {tricks}", { n: at, count: steps.length - 1, trick: step.trick + 1, tricks: trickCount });
  return html`<div class="replay" data-testid="replay" data-step=${at}>
    <h3>${t("The table as it was")}</h3>
    <div class="replay-controls">
      <button type="button" data-testid="replay-prev" disabled=${at === 0} onClick=${() => go(at - 1)}>${t("← Back")}</button>
      <span class="replay-where" aria-live="polite">${where}</span>
      <button type="button" data-testid="replay-next" disabled=${at === steps.length - 1} onClick=${() => go(at + 1)}>${t("Forward →")}</button>
    </div>
    <p class="muted replay-keys">${t("Keys: ← and → step through the hand.")}</p>
    <div class="replay-felt">
      <div class="replay-trick" data-testid="replay-trick" aria-label=${t("The trick")}>
        ${table.plays.length ? table.plays.map((p) => html`<figure key=${p.seat} class=${`replay-play${table.winner === p.seat ? " winner" : ""}`}
          data-card=${p.card} data-seat=${p.seat} data-winner=${String(table.winner === p.seat)}>
          <${Card} card=${p.card} label=${t("{name}: {card}", { name: names(p.seat), card: cardName(p.card) })} />
          <figcaption>${names(p.seat)}</figcaption></figure>`)
          : html`<p class="muted">${t("No card on the table yet.")}</p>`}
      </div>
      ${table.winner !== null ? html`<p class="replay-winner">${t("{name} wins the trick.", { name: names(table.winner) })}</p>` : null}
      <div class="replay-seats">${table.cards.map((cards, seat) => html`<${Seat} key=${seat} seat=${seat} name=${names(seat)}
        cards=${cards} won=${table.won[seat]} leading=${seat === toPlay} />`)}</div>
    </div>
  </div>`;
}

/** Shows ``hand``'s replay in ``box``; ``onTrick(index)`` is told the trick each step is in.
 * Returns a function that moves the replay to the end of a trick (the costs' own buttons). */
export function showReplay(box, hand, names, players, onTrick) {
  const steps = replaySteps(hand);
  let at = 0;
  const go = (step) => {
    at = Math.max(0, Math.min(steps.length - 1, step));
    render(html`<${Replay} hand=${hand} steps=${steps} at=${at} names=${names} players=${players} go=${go} />`, box);
    onTrick(steps[at].trick);
  };
  keys.go = go;
  keys.at = () => at;
  go(0);
  return (trick) => go(steps.findLastIndex((s) => s.trick === trick));
}

// One key handler for the page, moving whichever hand's replay is shown.
const keys = { go: null, at: () => 0 };
document.addEventListener("keydown", (event) => {
  if (!keys.go || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if (event.key === "ArrowRight") keys.go(keys.at() + 1);
  else if (event.key === "ArrowLeft") keys.go(keys.at() - 1);
  else return;
  event.preventDefault();
});
