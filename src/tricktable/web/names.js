// Names of seats as people see them, the same on every page: the player's name, a bot's name
// (by its seat, unless a person at the table already has it), or an open seat.
import { t } from "./i18n.js";

const BOT_NAMES = ["Ada", "Bruno", "Cleo", "Dario", "Edda", "Finn", "Greta", "Hugo", "Ilse"];

/** ``seats``: the table's seats ({seat, kind, level, name}); the name of seat ``seat``. */
export function nameOf(seats, seat) {
  const info = seats && seats[seat];
  if (!info) return t("Player {number}", { number: seat + 1 });
  if (info.kind === "bot") {
    const taken = new Set(seats.map((s) => s.name).filter(Boolean));
    const name = BOT_NAMES[seat % BOT_NAMES.length];
    return taken.has(name) ? t("Bot {number}", { number: seat + 1 }) : name;
  }
  return info.name || t("Open seat {number}", { number: seat + 1 });
}

/** A seat with what it is: "Bruno (easy bot)", "Ana", "open seat". */
export function seatLabel(seats, seat) {
  const info = seats[seat];
  if (info.kind === "bot") return t("{name} ({level} bot)", { name: nameOf(seats, seat), level: levelWord(info.level) });
  return info.name || t("open seat");
}

const isOpen = (seats, seat) => Boolean(seats && seats[seat] && seats[seat].kind === "human" && !seats[seat].name);

/** The sides of a table as names: "Ana & Cleo", or one player's name in individual games. A
 * side with a seat nobody has taken yet names its players and then the open seat ("Dario &
 * open seat", not "Open seat 2 & Dario"): the team as it will be once someone sits there. */
export function sideNames(seats, side) {
  if (side.length === 1) return nameOf(seats, side[0]);
  const taken = side.filter((seat) => !isOpen(seats, seat)).map((seat) => nameOf(seats, seat));
  const open = side.length - taken.length;
  if (!taken.length) return t("{n} open seats", { n: open }); // a side is two seats or more
  return [...taken, ...Array(open).fill(t("open seat"))].join(" & ");
}

// The bots' levels in the page's language (the API's name of a level stays as it is).
const LEVEL_WORDS = {
  easy: () => t("easy"), medium: () => t("medium"), hard: () => t("hard"), expert: () => t("expert"),
};

/** A bot's level as the page's language says it. */
export function levelWord(level) {
  return LEVEL_WORDS[level] ? LEVEL_WORDS[level]() : level;
}
