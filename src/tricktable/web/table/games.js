// What each game's words mean at the table: explanations of every choice, the contract line,
// the seats' states, how many cards a choice takes and the sentences of a hand summary.
// Everything here is derived from the view the server sends and the table's options.
import { cardShort, SUIT_SYMBOL, suitWord } from "./cards.js";

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
  const name = ctx.name || ((s) => `seat ${s + 1}`);
  return entry.map((text) => fill(text, data, name) ?? text);
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** The number of tricks in a hand of this game. */
export function tricksPerHand(view) {
  return WORDS.tricks_per_hand || view.tricks_per_hand || 5;
}

function contractWords(text) {
  if (text === "little-pepper") return "little pepper (all 6)";
  if (text === "big-pepper") return "big pepper (all 6, double stakes)";
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
  if (verb === "bid") return [`Bid ${arg}`, `Promise ${arg} of ${n} tricks`];
  if (verb === "pass") {
    if (view.phase === "give") return ["Pass", "Let your other partner give the card"];
    if (isBidding()) return ["Pass", "Say no bid from you this hand"];
    return ["Pass", "Sit this hand out at no cost; your cards stay face down"];
  }
  if (verb === "trump") {
    if (arg === "NT") return ["No trump", "No trump suit; the Joker wins any trick it is played to"];
    const symbol = SUIT_SYMBOL[arg];
    const top = WORDS.trump_top ? fill(WORDS.trump_top, { arg }, String) || "" : "";
    return [`${symbol} ${suitWord(arg)[0].toUpperCase()}${suitWord(arg).slice(1)}`,
      `Make ${suitWord(arg)} trumps${top}`];
  }
  if (verb === "alone") return ["Alone", "Your partner sits out this hand"];
  if (verb === "not-alone") return ["With partner", "Play this hand with your partner as usual"];
  if (verb === "partner") {
    const k = options.lone_cards_exchanged ?? 2;
    const step = (((Number(arg) - ctx.me) % view.players) + view.players) % view.players;
    const name = ctx.name ? ctx.name(Number(arg)) : `seat ${Number(arg) + 1}`;
    const where = step === 2 ? ", two seats to your left,"
      : step === view.players - 2 ? ", two seats to your right," : "";
    return [`Ask ${name}`,
      `${name}${where} gives you all ${k} cards you ask for; your other partner gives none`];
  }
  if (verb === "in") {
    const chips = view.scoring === "chips";
    const share = options.pot_share === "one_per_trick" ? "1 chip" : "a fifth of the pot";
    const loo = options.loo_penalty ?? 5;
    return ["In", chips
      ? `Play this hand: each trick wins ${share}; no trick costs ${loo}`
      : `Play this hand: each trick takes 1 off your count; no trick adds ${loo}`];
  }
  if (verb === "widow") {
    const size = view.widow_size || 5;
    const discard = options.widow_discard ? `, then put ${options.widow_discard} face down` : "";
    return ["Widow", `Swap your hand for the ${size} face-down cards${discard}; you must play`];
  }
  if (verb === "general") {
    return ["General", "You must take every trick; everyone else must play"];
  }
  if (verb === "decline") return ["Keep my hand", "Leave the turn-up where it is"];
  if (verb === "exchange") {
    const cards = arg.split(" ").map(cardShort).join(" and ");
    const up = (view.turnup || []).map(cardShort).join(" and ");
    return [`Exchange ${cards}`, `Take the turn-up ${up}; put ${cards} face down`];
  }
  if (verb === "discard") return [`Discard ${cardShort(arg)}`, "Put this card away face down"];
  if (verb === "give") return [`Give ${cardShort(arg)}`, "This card goes into your lone partner's hand"];
  if (verb === "play") return [`Play ${cardShort(arg)}`, ""];
  return [action, ""];
}

/** When the choice is cards from the hand: {verb, count, prompt, explain}; else null. */
export function cardChoice(ctx) {
  const { view, options } = ctx;
  const legal = view.legal_actions;
  const verbs = new Set(legal.map((a) => a.split(" ")[0]));
  if (verbs.has("exchange")) {
    const counts = legal.filter((a) => a.startsWith("exchange ")).map((a) => a.split(" ").length - 1);
    const count = Math.max(...counts);
    const up = (view.turnup || []).map(cardShort).join(" and ");
    return {
      verb: "exchange", count,
      prompt: `Take the turn-up ${up}? Choose ${count === 1 ? "the card" : `${count} cards`} to put face down`,
      explain: `Exchange: the turn-up ${up} comes into your hand, ${count === 1 ? "the card you choose goes" : "the cards you choose go"} face down`,
    };
  }
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
    const why = told.why || "Put one card away face down";
    return { verb: "discard", count, prompt: `Choose ${count} to discard`, explain: why };
  }
  if (verbs.has("give")) {
    return {
      verb: "give", count: 1, prompt: "Choose a card to give your lone partner",
      explain: "Give: the card goes into your partner's hand for the lone hand",
    };
  }
  return null;
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
  passed: "passed", "sitting-out": "sits out", out: "out of the game", lone: "alone",
};

/** The contract line: facts that stay in view all hand, as [label, value] pairs. */
export function contractFacts(view, options, name) {
  const facts = [];
  if (WORDS.facts) {
    facts.push(["Trump", view.trump ? trumpText(view.trump) : "not named yet"]);
    for (const [label, template] of WORDS.facts) {
      const value = fill(template, view, name);
      if (value !== null) facts.push([label, value]);
    }
  } else if (isBidding()) {
    if (view.bidder !== null && view.bidder !== undefined) {
      const forced = view.forced_bid ? " (forced)" : "";
      facts.push(["Contract", `${name(view.bidder)}: ${contractWords(view.contract || view.high_bid)}${forced}`]);
    } else if (view.phase === "auction") {
      const bids = (view.auction || []).filter((c) => c.call.startsWith("bid"));
      const high = bids[bids.length - 1];
      facts.push(["Bidding", high ? `${contractWords(high.call.slice(4))} by ${name(high.seat)}` : "no bid yet"]);
    }
    facts.push(["Trump", view.trump ? trumpText(view.trump) : "not named yet"]);
    if (view.alone !== null && view.alone !== undefined) facts.push(["Alone", name(view.alone)]);
    if (view.lone_defender !== null && view.lone_defender !== undefined) {
      facts.push(["Defends alone", name(view.lone_defender)]);
    }
    facts.push(["Game", `to ${plural(options.target_score, "point", "points")}`]);
  } else {
    facts.push(["Trump", view.trump ? trumpText(view.trump) : "—"]);
    if (view.general !== null && view.general !== undefined) facts.push(["General", name(view.general)]);
    if (view.scoring === "chips") {
      const simple = !view.simple_pot ? "" : options.simple_pot_all_play === false
        ? " (simple: the ante only)" : " (simple: all must play)";
      facts.push(["Pot", `${view.pot} chips${simple}`]);
    } else {
      facts.push(["Goal", options.countdown_end === "first_out_wins" ? "first to 0 wins" : "last one left loses"]);
    }
  }
  return facts;
}

export function trumpText(letter) {
  return letter === "NT" ? "no trump" : `${SUIT_SYMBOL[letter]} ${suitWord(letter)}`;
}

/** What a call looks like in a bubble by its caller (``name``: a seat's name). */
export function callText(action, name = (s) => `seat ${s + 1}`) {
  const [verb, ...rest] = action.split(" ");
  const arg = rest.join(" ");
  if ((WORDS.calls || {})[verb]) return WORDS.calls[verb];
  if (verb === "bid") return contractWords(arg);
  if (verb === "trump") return arg === "NT" ? "No trump" : `${SUIT_SYMBOL[arg]} trump`;
  if (verb === "not-alone") return "With partner";
  if (verb === "partner") return `Asks ${name(Number(arg))}`;
  if (verb === "discard" || verb === "give") return verb === "give" ? "Gives a card" : "Discards";
  if (verb === "exchange") return "Takes the turn-up";
  if (verb === "decline") return "Keeps hand";
  return verb.charAt(0).toUpperCase() + verb.slice(1);
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
  let headline = `Hand ${result.hand_number}`;
  const told = (WORDS.summary || []).find(([when]) => when === null || details[when]);
  if (told) {
    headline = fill(told[1], details, name) ?? headline;
  } else if (details.bidder !== undefined && details.bidder !== null) {
    const who = name(details.bidder);
    const made = details.made ? "made it" : "was set";
    const alone = details.alone !== null && details.alone !== undefined ? " alone" : "";
    headline = `${who} bid ${contractWords(details.contract)}${alone} in ${trumpText(details.trump)}, took ${details.taken}: ${made}`;
    if (details.forced) lines.push(`${who} was forced to bid as dealer.`);
  } else if ("general" in details) {
    if (details.general !== null && details.general !== undefined) {
      headline = `${name(details.general)}'s general ${details.general_made ? "made every trick" : "failed"}`;
    } else {
      const best = Math.max(...result.tricks);
      const top = result.tricks.map((t, s) => (t === best ? name(s) : null)).filter(Boolean);
      headline = `Trump ${trumpText(details.trump)}: most tricks ${top.join(" and ")}`;
    }
    lines.push(...paymentLines(details.payments || [], result, name));
    for (const s of details.reached_zero || []) lines.push(`${name(s)} reached 0.`);
    for (const s of details.dropped || []) lines.push(`${name(s)} dropped out.`);
    if (details.ledger && details.ledger.carry) lines.push(`${details.ledger.carry} chips carry to the next pot.`);
  } else if (result.summary) {
    headline = "Thrown in";
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
  return { headline, lines, rows, deltaWord: view.scoring === "chips" ? "chips" : "points", signed };
}

export { plural, signed };

/** A Rams-family hand's payments (the engine's ``details.payments``) as sentences: why each
 * chip or point moved, "Ana antes 5", "Bruno was looed: pays 5 to the pot". */
export function paymentLines(payments, result, name) {
  const chips = (n) => plural(n, "chip", "chips");
  const tricks = (s) => plural(result.tricks[s] || 0, "trick", "tricks");
  const words = {
    carried: (p) => `${chips(p.chips)} carried into the pot from the last hand`,
    ante: (p) => `${name(p.from)} antes ${p.chips}`,
    tricks: (p) => ("chips" in p ? `${name(p.to)} wins ${p.chips} from the pot for ${tricks(p.to)}`
      : `${name(p.seat)}: ${p.change} for ${tricks(p.seat)}`),
    remainder: (p) => `${name(p.to)} takes the ${chips(p.chips)} left over in the pot`,
    looed: (p) => ("chips" in p ? `${name(p.from)} was looed: pays ${p.chips} to the pot for the next hand`
      : `${name(p.seat)} was looed: ${signed(p.change)}`),
    general_pot: (p) => `${name(p.to)} made the general: takes the pot, ${chips(p.chips)}`,
    general: (p) => ("chips" in p ? `${name(p.from)} pays ${name(p.to)} ${p.chips} for the general`
      : `${name(p.seat)}: ${signed(p.change)} for the general`),
    general_failed: (p) => `${name(p.from)}'s general failed: pays ${p.chips} to the pot for the next hand`,
    left: (p) => `${chips(p.chips)} stay in the pot for the next hand`,
  };
  return payments.map((p) => `${(words[p.for] || ((q) => `${q.for}: ${q.chips ?? q.change}`))(p)}.`);
}

/** How the game goes, in a few plain sentences for someone who has never played it (the
 * game's own words, from the server). */
export function howToPlay() {
  return WORDS.how_to_play || [];
}
