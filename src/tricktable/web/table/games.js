// What each game's words mean at the table: explanations of every choice, the contract line,
// the seats' states, how many cards a choice takes and the sentences of a hand summary.
// Everything here is derived from the view the server sends and the table's options.
import { cardShort, SUIT_SYMBOL, suitWord } from "./cards.js";
import { t, tn } from "../i18n.js";

// What the server says of this table's game (``table_words`` of the table's description,
// ``table`` of POST /api/rules): its how-to-play, the meaning of its choices, its contract
// line and summary headline. The page knows no game by its name: what it says itself below is
// common to every game, or follows from the view and the table's options.
let WORDS = {};
export function setTableWords(words) { WORDS = words || {}; }
export const tableWords = () => WORDS;

export const isBidding = () => Boolean(WORDS.bidding);

const SAME_COLOUR = { C: "S", S: "C", H: "D", D: "H" };
const TEMPLATE = /\{(\w+)(?::(\w+)|\|([^}]*))?\}/g;

/** A server template filled from ``data`` (a view, or a hand's details): ``{key}``,
 * ``{key:seat}``, ``{key:suit}``, ``{key:card}``, ``{key|text}`` (the text when the value is
 * set). Null when a value it names is missing (so a fact about nobody is not shown). */
export function fill(template, data, name) {
  let missing = false;
  const text = template.replace(TEMPLATE, (_, key, kind, flag) => {
    const value = data[key];
    const set = value !== null && value !== undefined && value !== false;
    if (flag !== undefined) return set ? flag : "";
    if (!set) { missing = true; return ""; }
    if (kind === "seat") return name(value);
    if (kind === "suit") return trumpText(value);
    if (kind === "card") return cardShort(value);
    if (kind === "symbol") return SUIT_SYMBOL[value] || value;
    if (kind === "colour") return SUIT_SYMBOL[SAME_COLOUR[value]] || value;
    return String(value);
  });
  return missing ? null : text;
}

/** The server's words for ``action`` now, [label, explanation], or null. */
function serverExplain(action, ctx) {
  const actions = WORDS.actions || {};
  const [verb, ...rest] = action.split(" ");
  let entry = actions[action] || actions[`${ctx.view.phase} ${verb}`] || actions[verb];
  if (!entry) return null;
  if (!Array.isArray(entry)) {
    const maker = ctx.view[WORDS.maker_key || "bidder"];
    entry = maker === ctx.me ? entry.maker : entry.other;
  }
  const data = { ...ctx.view, arg: rest.join(" ") };
  const name = ctx.name || ((s) => t("seat {number}", { number: s + 1 }));
  return entry.map((text) => fill(text, data, name) ?? text);
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** The number of tricks in a hand of this game. */
export function tricksPerHand(view) {
  return WORDS.tricks_per_hand || view.tricks_per_hand || 5;
}

function contractWords(text) {
  if (text === "little-pepper") return t("little pepper (all 6)");
  if (text === "big-pepper") return t("big pepper (all 6, double stakes)");
  return text;
}

/** A choice's button text and its one-line explanation. ``ctx``: {view, options, me}. */
export function explain(action, ctx) {
  const { view, options } = ctx;
  const said = serverExplain(action, ctx);
  if (said) return said;
  const [verb, ...rest] = action.split(" ");
  const arg = rest.join(" ");
  const n = tricksPerHand(view);
  if (verb === "bid") return [t("Bid {arg}", { arg }), t("Promise {arg} of {n} tricks", { arg, n })];
  if (verb === "pass") {
    if (view.phase === "give") return [t("Pass"), t("Let your other partner give the card")];
    if (isBidding()) return [t("Pass"), t("Say no bid from you this hand")];
    return [t("Pass"), t("Sit this hand out at no cost; your cards stay face down")];
  }
  if (verb === "trump") {
    if (arg === "NT") return [t("No trump"), t("No trump suit; the Joker wins any trick it is played to")];
    const symbol = SUIT_SYMBOL[arg];
    const top = WORDS.trump_top ? fill(WORDS.trump_top, { arg }, String) || "" : "";
    return [`${symbol} ${suitWord(arg)[0].toUpperCase()}${suitWord(arg).slice(1)}`,
      t("Make {suit} trumps{top}", { suit: suitWord(arg), top })];
  }
  if (verb === "discard") return [t("Discard {card}", { card: cardShort(arg) }), t("Put this card away face down")];
  if (verb === "play") return [t("Play {card}", { card: cardShort(arg) }), ""];
  const offer = ownVerb(verb).offer;
  if (offer) return offer.map((text) => t(text, verbValues(verb, arg, ctx)));
  return [action, ""];
}

// The game's own verbs, as its table words describe them (the server reads each one's
// registration): how each is offered, said in a bubble and chosen from the hand, as English
// message ids translated here, and the values the table's rules give their explanations.
// every game's own verbs under its standard rules, for a page that has no table's words yet
const EVERY_GAMES_VERBS = await fetch("/api/verbs")
  .then((answer) => (answer.ok ? answer.json() : { verbs: {} }))
  .then((data) => data.verbs)
  .catch(() => ({}));
export const ownVerb = (verb) => (WORDS.verbs || {})[verb] || EVERY_GAMES_VERBS[verb] || {};

const joined = (cards) => cards.map(cardShort).join(` ${t("and")} `);

/** What a verb's texts may name: the cards it names ({card}, {cards}), the turn-up ({up}),
 * the seat it names ({name}, and {where} it sits from you) and its table's values. */
function verbValues(verb, arg, ctx) {
  const { view } = ctx;
  const values = { arg, up: joined(view.turnup || []), n: tricksPerHand(view) };
  if (/^\d+$/.test(arg)) {
    const seat = Number(arg);
    const step = (((seat - ctx.me) % view.players) + view.players) % view.players;
    values.name = ctx.name ? ctx.name(seat) : t("seat {number}", { number: seat + 1 });
    values.where = step === 2 ? t(", two seats to your left,")
      : step === view.players - 2 ? t(", two seats to your right,") : "";
  } else if (arg) {
    values.card = cardShort(arg.split(" ")[0]);
    values.cards = joined(arg.split(" "));
  }
  const told = ownVerb(verb).values || {};
  for (const [key, value] of Object.entries(told)) values[key] = value;
  for (const [key, value] of Object.entries(told)) {
    if (typeof value === "string") values[key] = value ? t(value, values) : "";
  }
  return values;
}

/** When the choice is cards from the hand: {verb, count, prompt, explain}; else null. */
export function cardChoice(ctx) {
  const { view, options } = ctx;
  const legal = view.legal_actions;
  const verbs = new Set(legal.map((a) => a.split(" ")[0]));
  const own = [...verbs].find((verb) => ownVerb(verb).choice);
  if (own) return ownChoice(own, ctx);
  if (verbs.has("discard")) {
    // how many to put away: the game's count less what the view (or this seat's own
    // discards this hand) shows already done
    const told = (WORDS.choices || {}).discard || {};
    let count = 1;
    if (told.count) {
      const done = told.less ? view[told.less] || 0
        : (view.actions || []).filter((a) => a.seat === ctx.me && a.action.startsWith(`${told.less_own} `)).length;
      count = Math.max(1, told.count - done);
    }
    const why = told.why || t("Put one card away face down");
    return { verb: "discard", count, prompt: t("Choose {count} to discard", { count }), explain: why, word: t("Discard") };
  }
  return null;
}

/** The choice of cards for one of the game's own verbs: as many as its legal actions name at
 * most, its prompt and explanation counted (a pair of forms) or not. */
function ownChoice(verb, ctx) {
  const named = ctx.view.legal_actions.filter((a) => a.startsWith(`${verb} `));
  const count = Math.max(...named.map((a) => a.split(" ").length - 1));
  const values = { ...verbValues(verb, "", ctx), count };
  const say = (text) => (Array.isArray(text) ? tn(text[0], text[1], count, values) : t(text, values));
  const { prompt, explain, word } = ownVerb(verb).choice;
  return { verb, count, prompt: say(prompt), explain: say(explain), word: t(word) };
}

/** Each seat's state: playing, passed, sitting-out, out or lone (design.md's data-state). */
export function seatState(view, seat) {
  if ((view.out || []).includes(seat)) return "out";
  if (view.alone === seat || view.lone_defender === seat) return "lone";
  const sideOf = (s) => (view.sides || []).find((side) => side.includes(s)) || [s];
  for (const lone of [view.alone, view.lone_defender]) {
    if (lone !== null && lone !== undefined && sideOf(lone).includes(seat)) return "sitting-out";
  }
  if ((view.dead || []).includes(seat)) return "sitting-out";
  if (isBidding()) {
    const passed = view.phase === "auction" && (view.auction || []).some((c) => c.seat === seat && c.call === "pass");
    return passed ? "passed" : "playing";
  }
  if (view.phase === "over") return "playing";
  const calls = view.declarations || [];
  if (view.general === null && calls.some((c) => c.seat === seat && c.call === "pass")) return "passed";
  if (view.phase !== "deal" && view.hand_sizes[seat] === 0 && !(view.active || []).includes(seat)) {
    return "sitting-out";
  }
  return "playing";
}

export const STATE_WORDS = {
  passed: t("passed"), "sitting-out": t("sits out"), out: t("out of the game"), lone: t("alone"),
};

/** The contract line: facts that stay in view all hand, as [label, value] pairs. */
export function contractFacts(view, options, name, board = null) {
  const facts = [];
  if (WORDS.facts) {
    facts.push([t("Trump"), view.trump ? trumpText(view.trump) : t("not named yet")]);
    for (const [label, template] of WORDS.facts) {
      const value = fill(template, view, name);
      if (value !== null) facts.push([label, value]);
    }
  } else if (isBidding()) {
    if (view.bidder !== null && view.bidder !== undefined) {
      const forced = view.forced_bid ? t(" (forced)") : "";
      const contract = contractWords(view.contract || view.high_bid);
      facts.push([t("Contract"), t("{name}: {contract}{forced}", { name: name(view.bidder), contract, forced })]);
    } else if (view.phase === "auction") {
      const bids = (view.auction || []).filter((c) => c.call.startsWith("bid"));
      const high = bids[bids.length - 1];
      facts.push([t("Bidding"), high ? t("{bid} by {name}", { bid: contractWords(high.call.slice(4)), name: name(high.seat) }) : t("no bid yet")]);
    }
    facts.push([t("Trump"), view.trump ? trumpText(view.trump) : t("not named yet")]);
    if (view.alone !== null && view.alone !== undefined) facts.push([t("Alone"), name(view.alone)]);
    if (view.lone_defender !== null && view.lone_defender !== undefined) {
      facts.push([t("Defends alone"), name(view.lone_defender)]);
    }
    // an event's table plays its boards, not to a target
    facts.push(board ? [t("Event"), board] : [t("Game"), tn("to {n} point", "to {n} points", options.target_score)]);
  } else {
    facts.push([t("Trump"), view.trump ? trumpText(view.trump) : "—"]);
    if (view.general !== null && view.general !== undefined) facts.push([t("General"), name(view.general)]);
    if (view.scoring === "chips") {
      const simple = !view.simple_pot ? "" : options.simple_pot_all_play === false
        ? t(" (simple: the ante only)") : t(" (simple: all must play)");
      facts.push([t("Pot"), tn("{n} chip", "{n} chips", view.pot) + simple]);
    } else {
      facts.push([t("Goal"), options.countdown_end === "first_out_wins" ? t("first to 0 wins") : t("last one left loses")]);
    }
  }
  return facts;
}

export function trumpText(letter) {
  return letter === "NT" ? t("no trump") : `${SUIT_SYMBOL[letter]} ${suitWord(letter)}`;
}

// the core's one-word calls, each a message of its own
const CALLS = { pass: () => t("Pass"), play: () => t("Play") };

/** What a call looks like in a bubble by its caller (``name``: a seat's name). */
export function callText(action, name = (s) => t("seat {number}", { number: s + 1 })) {
  const [verb, ...rest] = action.split(" ");
  const arg = rest.join(" ");
  if ((WORDS.calls || {})[verb]) return WORDS.calls[verb];
  if (verb === "bid") return contractWords(arg);
  if (verb === "trump") return arg === "NT" ? t("No trump") : t("{suit} trump", { suit: SUIT_SYMBOL[arg] });
  if (verb === "discard") return t("Discards");
  const call = ownVerb(verb).call;
  if (call) return t(call, /^\d+$/.test(arg) ? { name: name(Number(arg)) } : {});
  return CALLS[verb] ? CALLS[verb]() : verb.charAt(0).toUpperCase() + verb.slice(1);
}

/** Columns of the score sheet: one per side in partnership games, one per player otherwise. */
export function columns(view, name) {
  const partnership = (view.sides || []).some((s) => s.length > 1);
  if (partnership) {
    return view.sides.map((side, index) => ({ seats: side, label: side.map(name).join(" & "), side: index }));
  }
  return Array.from({ length: view.players }, (_, s) => ({ seats: [s], label: name(s), side: null }));
}

/** The hand summary as sentences and a table: {headline, lines, rows, nextDealer}. */
export function handSummary(result, view, name) {
  const cols = columns(view, name);
  const details = result.details || {};
  const lines = [];
  let headline = t("Hand {number}", { number: result.hand_number });
  const told = (WORDS.summary || []).find(([when]) => when === null || details[when]);
  if (told) {
    headline = fill(told[1], details, name) ?? headline;
  } else if (details.bidder !== undefined && details.bidder !== null) {
    const who = name(details.bidder);
    const made = details.made ? t("made it") : t("was set");
    const alone = details.alone !== null && details.alone !== undefined ? t(" alone") : "";
    headline = t("{who} bid {contract}{alone} in {trump}, took {taken}: {made}", {
      who, contract: contractWords(details.contract), alone, trump: trumpText(details.trump), taken: details.taken, made });
    if (details.forced) lines.push(t("{who} was forced to bid as dealer.", { who }));
  } else if ("general" in details) {
    if (details.general !== null && details.general !== undefined) {
      headline = details.general_made ? t("{name}'s general made every trick", { name: name(details.general) })
        : t("{name}'s general failed", { name: name(details.general) });
    } else {
      const best = Math.max(...result.tricks);
      const top = result.tricks.map((t, s) => (t === best ? name(s) : null)).filter(Boolean);
      headline = t("Trump {trump}: most tricks {names}", { trump: trumpText(details.trump), names: top.join(` ${t("and")} `) });
    }
    lines.push(...paymentLines(details.payments || [], result, name));
    for (const s of details.reached_zero || []) lines.push(t("{name} reached 0.", { name: name(s) }));
    for (const s of details.dropped || []) lines.push(t("{name} dropped out.", { name: name(s) }));
    if (details.ledger && details.ledger.carry) {
      lines.push(tn("{n} chip carries to the next pot.", "{n} chips carry to the next pot.", details.ledger.carry));
    }
  } else if (result.summary) {
    headline = t("Thrown in");
  }
  const passed = new Set((details.calls || []).filter(([s, call]) => call === "pass"
    && !(details.active || []).includes(s)).map(([s]) => s));
  const rows = cols.map((col) => ({
    label: col.label,
    side: col.side,
    passed: col.seats.every((s) => passed.has(s)),
    tricks: col.seats.reduce((sum, s) => sum + (result.tricks[s] || 0), 0),
    delta: result.deltas[col.seats[0]],
    total: result.scores[col.seats[0]],
  }));
  const chips = view.scoring === "chips";
  // deltaHeading heads the summary's column of this hand's change, beside "Tricks" and "Total"
  return { headline, lines, rows, deltaHeading: chips ? t("Chips") : t("Points"), signed };
}

export { plural, signed };

/** A Rams-family hand's payments (the engine's ``details.payments``) as sentences: why each
 * chip or point moved, "Ana antes 5", "Bruno was looed: pays 5 to the pot". */
export function paymentLines(payments, result, name) {
  const chips = (n) => tn("{n} chip", "{n} chips", n);
  const tricks = (s) => tn("{n} trick", "{n} tricks", result.tricks[s] || 0);
  const words = {
    carried: (p) => t("{chips} carried into the pot from the last hand", { chips: chips(p.chips) }),
    ante: (p) => t("{name} antes {chips}", { name: name(p.from), chips: p.chips }),
    tricks: (p) => ("chips" in p
      ? t("{name} wins {chips} from the pot for {tricks}", { name: name(p.to), chips: p.chips, tricks: tricks(p.to) })
      : t("{name}: {change} for {tricks}", { name: name(p.seat), change: p.change, tricks: tricks(p.seat) })),
    remainder: (p) => t("{name} takes the {chips} left over in the pot", { name: name(p.to), chips: chips(p.chips) }),
    looed: (p) => ("chips" in p
      ? t("{name} was looed: pays {chips} to the pot for the next hand", { name: name(p.from), chips: p.chips })
      : t("{name} was looed: {change}", { name: name(p.seat), change: signed(p.change) })),
    general_pot: (p) => t("{name} made the general: takes the pot, {chips}", { name: name(p.to), chips: chips(p.chips) }),
    general: (p) => ("chips" in p
      ? t("{name} pays {other} {chips} for the general", { name: name(p.from), other: name(p.to), chips: p.chips })
      : t("{name}: {change} for the general", { name: name(p.seat), change: signed(p.change) })),
    general_failed: (p) => t("{name}'s general failed: pays {chips} to the pot for the next hand", { name: name(p.from), chips: p.chips }),
    left: (p) => t("{chips} stay in the pot for the next hand", { chips: chips(p.chips) }),
  };
  return inSeatOrder(payments).map((p) => `${(words[p.for] || ((q) => `${q.for}: ${q.chips ?? q.change}`))(p)}.`);
}

/** The payments of each kind together (the kinds in the order they came), each kind's in seat
 * order, so a reader finds a player's line where the table's order puts it. */
function inSeatOrder(payments) {
  const kinds = [...new Set(payments.map((p) => p.for))];
  const seatOf = (p) => p.seat ?? p.to ?? p.from ?? -1;
  return [...payments].sort((a, b) => kinds.indexOf(a.for) - kinds.indexOf(b.for) || seatOf(a) - seatOf(b));
}

/** How the game goes, in a few plain sentences for someone who has never played it (the
 * game's own words, from the server). */
export function howToPlay() {
  return WORDS.how_to_play || [];
}
