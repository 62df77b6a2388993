// Cards: names for people, the SVG face and back, and a hand sorted the way players sort it.
import { html } from "./ui.js";
import { t } from "../i18n.js";

export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_NAME = { C: t("clubs"), D: t("diamonds"), H: t("hearts"), S: t("spades") };
const RANK_NAME = {
  A: t("ace"), K: t("king"), Q: t("queen"), J: t("jack"), 10: t("ten"), 9: t("nine"), 8: t("eight"),
  7: t("seven"), 6: t("six"), 5: t("five"), 4: t("four"), 3: t("three"), 2: t("two"),
};
// the letters a card shows for jack, queen, king, ace and the Joker, as the terminal writes them
// (German B D K A, French V D R A)
const [JACK, QUEEN, KING, ACE, JOKER] = t("J Q K A JK").replace(/[⟦⟧]/g, "").split(" ");
const LETTER = { J: JACK, Q: QUEEN, K: KING, A: ACE, JK: JOKER };
const RED = new Set(["H", "D"]);

export function splitCard(text) {
  if (text === "JK") return { rank: "JK", suit: null };
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

export function cardName(text) {
  if (!text || text === "back") return t("a face-down card");
  if (text === "JK") return t("the Joker");
  const { rank, suit } = splitCard(text);
  return t("{rank} of {suit}", { rank: RANK_NAME[rank] || rank, suit: SUIT_NAME[suit] || suit });
}

/** "J♥", "10♣", "Joker": short text for buttons and notes. */
export function cardShort(text) {
  if (text === "JK") return t("Joker");
  const { rank, suit } = splitCard(text);
  return `${LETTER[rank] || rank}${SUIT_SYMBOL[suit] || suit}`;
}

export function suitWord(letter) {
  if (letter === "NT") return t("no trump");
  return SUIT_NAME[letter] || letter;
}

/** A card as SVG: ``card`` is its notation, or null / "back" for a face-down card. */
export function Card({ card, label }) {
  const name = label || cardName(card);
  if (!card || card === "back") {
    return html`<svg class="card back" viewBox="0 0 70 100" role="img" aria-label=${name}>
      <rect class="back-edge" x="1" y="1" width="68" height="98" rx="7" />
      <rect class="back-field" x="5" y="5" width="60" height="90" rx="5" fill="url(#tt-back)" />
    </svg>`;
  }
  if (card === "JK") {
    return html`<svg class="card" viewBox="0 0 70 100" role="img" aria-label=${name}>
      <rect class="face" x="1" y="1" width="68" height="98" rx="7" />
      <text class="joker" x="6" y="19" font-size="13" font-weight="700">JK</text>
      <text class="joker" x="35" y="66" font-size="36" text-anchor="middle">★</text>
      <text class="joker" x="35" y="88" font-size="10" text-anchor="middle">JOKER</text>
    </svg>`;
  }
  const { rank, suit } = splitCard(card);
  const cls = `suit-${suit}`;
  const symbol = SUIT_SYMBOL[suit];
  const court = rank === "J" || rank === "Q" || rank === "K";
  return html`<svg class="card" viewBox="0 0 70 100" role="img" aria-label=${name}>
    <rect class="face" x="1" y="1" width="68" height="98" rx="7" />
    <text class=${cls} x="5" y="21" font-size=${rank === "10" ? 17 : 20} font-weight="700"
      letter-spacing=${rank === "10" ? -1.5 : 0}>${rank}</text>
    <text class=${cls} x="6" y="38" font-size="16">${symbol}</text>
    ${court
      ? html`<rect class=${`court ${cls}`} x="22" y="40" width="42" height="52" rx="4" />
        <text class=${cls} x="43" y="74" font-size="28" font-weight="700" text-anchor="middle">${rank}</text>
        <text class=${cls} x="43" y="89" font-size="12" text-anchor="middle">${symbol}</text>`
      : html`<text class=${cls} x="42" y="80" font-size="42" text-anchor="middle">${symbol}</text>`}
  </svg>`;
}

/** Each card's effective suit and sort rank under the current trump, as the server states
 * them in the view (its ``cards`` key): {card: {suit, rank}}. The page keeps no ranking of
 * its own. */
const FACTS = new WeakMap();
function factsOf(view) {
  let facts = FACTS.get(view);
  if (!facts) {
    facts = new Map((view.cards || []).map((fact) => [fact.card, fact]));
    FACTS.set(view, facts);
  }
  return facts;
}

/** The suit a card belongs to in play (bowers and Bierspiel's 7♦ belong to trump); "T" for
 * the Joker while no trump is named. */
export function effectiveSuit(card, view) {
  const fact = factsOf(view).get(card);
  if (fact) return fact.suit || "T";
  return card === "JK" ? "T" : splitCard(card).suit;
}

const rankOf = (card, view) => (factsOf(view).get(card) || { rank: -1 }).rank;

/** The hand as players sort it: trumps first in trump order, the other suits alternating
 * colours, each suit high to low. */
export function sortHand(cards, view) {
  const trump = view.trump && view.trump !== "NT" ? view.trump : null;
  const groups = new Map();
  for (const card of cards) {
    const suit = effectiveSuit(card, view);
    if (!groups.has(suit)) groups.set(suit, []);
    groups.get(suit).push(card);
  }
  const suits = [];
  if (groups.has("T")) suits.push("T");
  if (trump && groups.has(trump)) suits.push(trump);
  let remaining = ["S", "H", "C", "D"].filter((s) => groups.has(s) && !suits.includes(s));
  let lastRed = trump ? RED.has(trump) : null;
  while (remaining.length) {
    const pick = remaining.find((s) => lastRed === null || RED.has(s) !== lastRed) || remaining[0];
    suits.push(pick);
    lastRed = RED.has(pick);
    remaining = remaining.filter((s) => s !== pick);
  }
  return suits.flatMap((suit) => groups.get(suit).sort((a, b) => rankOf(b, view) - rankOf(a, view)));
}
