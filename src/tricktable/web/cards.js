// Playing cards drawn as SVG from their notation ("JH", "10D", "JK"); null draws a card back.
const SVG_NS = "http://www.w3.org/2000/svg";
export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
// alternate colours along the hand so neighbouring suits are easy to tell apart
const SUIT_ORDER = ["S", "H", "C", "D"];

export function splitCard(text) {
  if (text === "JK") return { rank: "JK", suit: null };
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

export function cardName(text) {
  if (text === null || text === undefined) return "a face-down card";
  if (text === "JK") return "the Joker";
  const { rank, suit } = splitCard(text);
  return `${RANK_NAME[rank] || rank} of ${SUIT_NAME[suit] || suit}`;
}

function node(name, attributes, text) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

export function cardSvg(text, small = false) {
  const svg = node("svg", { viewBox: "0 0 70 100", class: small ? "card small" : "card",
    role: "img", "aria-label": cardName(text) });
  if (text === null || text === undefined) {
    svg.append(node("rect", { class: "back", x: 2, y: 2, width: 66, height: 96, rx: 7 }));
    return svg;
  }
  svg.append(node("rect", { class: "face", x: 1, y: 1, width: 68, height: 98, rx: 7 }));
  const { rank, suit } = splitCard(text);
  if (rank === "JK") {
    svg.append(node("text", { class: "joker", x: 6, y: 20, "font-size": 16 }, "JK"));
    svg.append(node("text", { class: "joker", x: 35, y: 66, "font-size": 34,
      "text-anchor": "middle" }, "★"));
    return svg;
  }
  const colour = `suit-${suit}`;
  svg.append(node("text", { class: colour, x: 6, y: 22, "font-size": 20,
    "font-weight": 700 }, rank));
  svg.append(node("text", { class: colour, x: 7, y: 40, "font-size": 16 }, SUIT_SYMBOL[suit]));
  svg.append(node("text", { class: colour, x: 40, y: 78, "font-size": 40,
    "text-anchor": "middle" }, SUIT_SYMBOL[suit]));
  return svg;
}

export function sortHand(cards, trump) {
  const suitRank = (suit) => {
    if (suit === null) return -1;
    const order = trump && SUIT_ORDER.includes(trump)
      ? [trump, ...SUIT_ORDER.filter((s) => s !== trump)] : SUIT_ORDER;
    return order.indexOf(suit);
  };
  return [...cards].sort((a, b) => {
    const x = splitCard(a);
    const y = splitCard(b);
    return suitRank(x.suit) - suitRank(y.suit)
      || RANK_ORDER.indexOf(x.rank) - RANK_ORDER.indexOf(y.rank);
  });
}

export function describeAction(text) {
  const [verb, ...rest] = text.split(" ");
  const arg = rest.join(" ");
  if (verb === "trump") return arg === "NT" ? "No trump" : `Trump: ${SUIT_SYMBOL[arg] || arg}`;
  if (verb === "bid") return `Bid ${arg}`;
  if (["discard", "give", "exchange", "play"].includes(verb) && arg) {
    return `${verb[0].toUpperCase()}${verb.slice(1)} ${arg.split(" ").map(cardName).join(", ")}`;
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}
