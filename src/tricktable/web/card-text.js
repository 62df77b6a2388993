// Cards as short text with their suit in colour ("K♠", "10♥", "Joker"), for the pages that
// list cards in a sentence or a row rather than draw them: the review and the board page.
import { element } from "./api.js";
import { cardShort, splitCard } from "./table/cards.js";

/** One card as a span whose class colours its suit. */
export function cardText(card) {
  const suit = card === "JK" ? "joker" : splitCard(card).suit;
  return element("span", { className: `card-text suit-${suit}`, textContent: cardShort(card) });
}

/** Cards side by side, a space between them (so a line breaks only between cards). */
export function cardsText(cards) {
  const out = element("span", { className: "cards" });
  cards.forEach((card, index) => out.append(...(index ? [" ", cardText(card)] : [cardText(card)])));
  return out;
}
