// The page's language: t("English") and tn("one", "many", n) read the catalog the server builds
// from the same gettext catalogs as the terminal (GET /api/i18n/{lang}). The language is the
// player's saved choice (the switch in the header, kept in localStorage and with a signed-in
// account, whose choice a page follows), else the browser's navigator.languages, else English. English is the source: a missing message shows in English.
export const LANGUAGES = { en: "English", de: "Deutsch", fr: "Français", ms: "Bahasa Melayu" };
const KEY = "tricktable:lang";
const FOLLOWED = "tricktable:lang-followed";
const PSEUDO = "xx";
const PLACEHOLDER = /\{[a-z_]*\}/g;
const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = [..."àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵ×ýžÀßÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴ✗ÝŽ"];

export function chosenLanguage() {
  const saved = localStorage.getItem(KEY);
  if (saved && (saved in LANGUAGES || saved === PSEUDO)) return saved;
  for (const tag of navigator.languages || []) {
    const code = tag.split("-")[0].toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export const language = chosenLanguage();
let messages = {};
const plurals = new Intl.PluralRules(language === PSEUDO ? "en" : language);
const categories = ["zero", "one", "two", "few", "many", "other"]
  .filter((c) => plurals.resolvedOptions().pluralCategories.includes(c));

async function loadCatalog() {
  if (language === "en" || language === PSEUDO) return;
  try {
    const response = await fetch(`/api/i18n/${language}`);
    if (response.ok) messages = (await response.json()).messages;
  } catch {
    // no catalog: the page stays readable, in English
  }
}
await loadCatalog();

// The pseudo-locale: every message wrapped in ⟦ ⟧ and accented, its placeholders kept.
function pseudo(text) {
  const accent = (part) => [...part].map((c) => {
    const at = PLAIN.indexOf(c);
    return at < 0 ? c : ACCENTED[at];
  }).join("");
  const keep = text.match(PLACEHOLDER) || [];
  const parts = text.split(PLACEHOLDER).map(accent);
  return `⟦${parts.map((p, i) => p + (keep[i] || "")).join("")}⟧`;
}

function fill(text, values) {
  return text.replace(PLACEHOLDER, (hole) => {
    const name = hole.slice(1, -1);
    return values && name in values ? String(values[name]) : hole;
  });
}

/** A message in the page's language, its {placeholders} filled from ``values``. */
export function t(id, values) {
  if (language === PSEUDO) return fill(pseudo(id), values);
  const found = messages[id];
  return fill(typeof found === "string" && found ? found : id, values);
}

/** A counted message: the language's plural form for ``n`` (CLDR rules); {n} is ``n``. */
export function tn(singular, plural, n, values) {
  const all = { n, ...values };
  if (language === PSEUDO) return fill(pseudo(n === 1 ? singular : plural), all);
  const forms = messages[singular];
  if (!Array.isArray(forms) || !forms.every(Boolean)) return fill(n === 1 ? singular : plural, all);
  // the catalogs' forms come in CLDR's order of the language's categories (one, many, other)
  const at = categories.indexOf(plurals.select(n));
  return fill(forms[forms.length === categories.length && at >= 0 ? at : forms.length - 1], all);
}

/** Translates the page's own words: each element marked data-i18n has an English text, and
 * data-i18n-title / data-i18n-placeholder name attributes to translate. */
export function translatePage(root = document) {
  document.documentElement.lang = language === PSEUDO ? "en" : language;
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.textContent.trim().replace(/\s+/g, " "));
  for (const attribute of ["title", "placeholder", "aria-label"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, t(node.getAttribute(attribute)));
    }
  }
  if (document.title) document.title = t(document.title);
  const header = document.querySelector("header");
  if (header && !document.getElementById("language")) header.append(languageSwitch());
}

/** The language switch: a select that saves the choice and reloads the page in it. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "language";
  select.dataset.testid = "language-switch";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) select.add(new Option(name, code));
  if (language === PSEUDO) select.add(new Option("⟦xx⟧", PSEUDO));
  select.value = language;
  select.addEventListener("change", () => chooseLanguage(select.value));
  return select;
}

/** Saves the player's choice of language (with the account too, when signed in) and shows
 * the page again in it. */
export async function chooseLanguage(code) {
  localStorage.setItem(KEY, code);
  await saveWithAccount(code);
  window.location.reload();
}

// The readable CSRF cookie is there only while signed in; a guest's choice stays in this browser.
async function saveWithAccount(code) {
  const csrf = document.cookie.match(/(?:^|;\s*)tt_csrf=([^;]+)/);
  if (!csrf || !(code in LANGUAGES)) return;
  const headers = { "Content-Type": "application/json", "X-CSRF-Token": decodeURIComponent(csrf[1]) };
  const body = JSON.stringify({ language: code });
  await fetch("/api/session/language", { method: "PUT", headers, body }).catch(() => {});
}

/** Reads the page in the language the signed-in account chose (on another device, say): it
 * becomes this browser's choice too. True when the page is being shown again in it. */
export function followAccount(stored) {
  if (!stored || !(stored in LANGUAGES) || stored === language || language === PSEUDO) return false;
  // once a browser session: a choice this browser then makes again is the player's to keep
  if (sessionStorage.getItem(FOLLOWED) === stored) return false;
  sessionStorage.setItem(FOLLOWED, stored);
  localStorage.setItem(KEY, stored);
  window.location.reload();
  return true;
}

/** Where the server should answer in the page's language: add ?lang= to an API address. */
export function withLanguage(url) {
  if (language === "en") return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${language}`;
}
