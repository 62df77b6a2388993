// Shared by the lobby's pages: JSON requests (with the CSRF header once signed in) and the
// account bar (sign up, sign in, sign out). The session itself is an HttpOnly cookie.
import { t, withLanguage } from "./i18n.js";

export const $ = (id) => document.getElementById(id);
export const account = { name: null, csrf: null };

export class RequestError extends Error {
  constructor(message, code, status) { super(message); this.code = code; this.status = status; }
}

export async function fetchJson(url, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const csrf = csrfToken();
  if (csrf && init.method !== "GET") init.headers["X-CSRF-Token"] = csrf;
  // the server answers (its refusals, a game's words) in the page's language
  const response = await fetch(withLanguage(url), init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new RequestError(errorText(data), data.code, response.status);
  return data;
}

// The session's CSRF token: the readable tt_csrf cookie (set with the HttpOnly session cookie).
export function csrfToken() {
  const found = document.cookie.match(/(?:^|;\s*)tt_csrf=([^;]+)/);
  return found ? decodeURIComponent(found[1]) : account.csrf;
}

export function errorText(data) {
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) return data.detail.map((d) => d.msg).join("; ");
  return t("the server refused the request");
}

export function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// Seat tokens this browser holds: {table id: token}, from localStorage.
export function heldTokens() {
  const held = {};
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("tricktable:token:")) held[key.slice(17)] = localStorage.getItem(key);
  }
  return held;
}

export function rulesLine(table) {
  const words = table.rules_words || [];
  if (!words.length) return t("standard rules");
  return words.map((w) => `${t(w.name)}: ${t(w.value)}`).join(", "); // the catalog has every option's words
}

/** A finished table's record as a file to download: what `tricktable verify` reads. */
export function recordFile(tableId, game) {
  return { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `tricktable-${game || "game"}-${tableId}.json` };
}

/** The link to a finished table's record (data-testid=download-record), for the plain pages. */
export function recordLink(tableId, game) {
  const file = recordFile(tableId, game);
  return element("a", { className: "button", href: file.href, download: file.download, dataset: { testid: "download-record" },
    title: t("The game's record: every deal, its secret and every move; `tricktable verify FILE` checks it") },
  t("Download the record"));
}
