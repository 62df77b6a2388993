// "How deals are made": the page's words in the reader's language. Two of its sentences hold
// a command or a formula's symbols, which stay as typed: each is one message whose
// placeholders are filled with those elements, so a translator moves them where the language
// puts them.
import { t, translatePage } from "./i18n.js";

const code = (text) => Object.assign(document.createElement("code"), { textContent: text });
const symbol = (text) => Object.assign(document.createElement("var"), { textContent: text });

/** The translated ``message`` as nodes: its text, each {placeholder} the element ``parts`` names. */
function filled(message, parts) {
  return message.split(/(\{[a-z_]+\})/).filter(Boolean)
    .map((piece) => parts[piece.slice(1, -1)]?.cloneNode(true) || piece);
}

function show(id, message, parts) {
  const box = document.getElementById(id);
  box.dataset.i18nFilled = ""; // one message as a whole, the pseudo-locale's check reads it so
  box.replaceChildren(...filled(message, parts));
}

translatePage();
show("fair-check", t("{command} recomputes every deal from its secret, checks it against the commitment shown at the table, and replays every bid and card against the rules. It says \"verified\", or names the first hand that does not match."),
  { command: code("tricktable verify game.json") });
show("fair-commitment", t("The commitment to deal {n} (0 is the first, a redeal counts as a deal) at table {table} is the lowercase hexadecimal SHA-256 of the bytes {label}, a zero byte, the table's id in UTF-8, a zero byte, {n} as 8 bytes big-endian, and then the secret."),
  { n: symbol("n"), table: symbol("T"), label: code("tricktable-deal/1") });
