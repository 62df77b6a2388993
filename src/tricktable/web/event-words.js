// The words the clubs, event and board pages share: the API's identifiers (an event's status,
// a table's, its entrants' kind, a member's role) in the page's language, the games' titles,
// and numbers and times as the page's language writes them.
import { fetchJson } from "./api.js";
import { t } from "./i18n.js";

// each word a literal t() call, so that the extractor finds it; an unknown one stays as sent
const WORDS = {
  registering: () => t("registering"), playing: () => t("playing"), over: () => t("over"),
  scored: () => t("scored"), individuals: () => t("individuals"), pairs: () => t("pairs"),
  admin: () => t("admin"), member: () => t("member"), bot: () => t("bot"),
};

/** An identifier the API sends (a status, a kind, a role, a bot's place) as a word. */
export function word(identifier) {
  return WORDS[identifier] ? WORDS[identifier]() : identifier;
}

/** Entrants' names as the API gives them, a bot's place said in the page's language. */
export function entrantNames(names) {
  return names === null || names === undefined || names === "bot" ? t("bot") : names;
}

// the language translatePage() set on the page (English for the pseudo-locale)
const locale = () => document.documentElement.lang || undefined;

/** A number as the page's language writes it. */
export function number(value) {
  return new Intl.NumberFormat(locale()).format(value);
}

/** A number with ``digits`` decimals, as the language writes it (3,4 in French). */
export function decimal(value, digits) {
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A share of the top (0-100) with one decimal, as the language writes a percentage. */
export function percent(value) {
  const format = new Intl.NumberFormat(locale(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return format.format(value / 100);
}

/** A moment (ISO 8601) in the reader's time zone and language. */
export function moment(iso) {
  return new Date(iso).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

let titles = null;

/** The games' titles in the page's language, by the game's name (asked for once). */
export async function gameTitles() {
  if (!titles) titles = fetchJson("/api/games").then((data) => new Map(data.games.map((g) => [g.name, g.title])))
    .catch(() => { titles = null; return new Map(); }); // a name for now, the titles next time
  return titles;
}
