// Numbers as the page's language writes them (3,2 in German, −0,4 signed in French); the
// pseudo-locale writes them as English does.
import { language } from "../i18n.js";

const locale = language === "xx" ? "en" : language;
const whole = new Intl.NumberFormat(locale);
const tenth = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
const tenths = new Intl.NumberFormat(locale, tenth);
const signedTenths = new Intl.NumberFormat(locale, { ...tenth, signDisplay: "always" });

/** A count or a score: "1.000" in German. */
export const number = (n) => whole.format(n);

/** To the tenth, signed if asked ("3,2", "+9,6"). */
export const decimal = (n, signed = false) => (signed ? signedTenths : tenths).format(n);
