// The account bar of the lobby's pages: sign up, sign in, sign out. The session is an HttpOnly
// cookie; the page only keeps the CSRF token it must send back with every change.
import { $, account, element, fetchJson } from "./api.js";
import { followAccount, t } from "./i18n.js";

let changed = () => {};

function announce() {
  changed(account.name);
  document.dispatchEvent(new CustomEvent("tricktable:account", { detail: account.name }));
}

function signedInBar() {
  const out = element("button", { type: "button", id: "sign-out", textContent: t("Sign out") });
  out.addEventListener("click", async () => {
    await fetchJson("/api/session", undefined, "DELETE");
    account.name = null; account.csrf = null;
    render(); announce();
  });
  return [
    element("span", {}, t("Signed in as") + " ",
      element("a", { id: "me", href: `/players/${encodeURIComponent(account.name)}`, textContent: account.name })),
    element("a", { href: "/leaderboard", textContent: t("Leaderboard") }),
    element("a", { href: "/clubs", textContent: t("Clubs") }), out,
  ];
}

function signedOutBar() {
  const name = element("input", { id: "account-name", maxLength: 40, autocomplete: "username",
    placeholder: t("name"), "aria-label": t("Account name") });
  const password = element("input", { id: "account-password", type: "password", maxLength: 200,
    autocomplete: "current-password", placeholder: t("password (8+)"), "aria-label": t("Password") });
  const error = element("span", { id: "account-error", className: "error", role: "alert" });
  const submit = async (url) => {
    error.textContent = "";
    try {
      const data = await fetchJson(url, { name: name.value, password: password.value });
      account.name = data.name; account.csrf = data.csrf;
      if (followAccount(data.language)) return;
      render(); announce();
    } catch (e) {
      error.textContent = e.message.charAt(0).toUpperCase() + e.message.slice(1);
    }
  };
  const signIn = element("button", { type: "submit", id: "sign-in", textContent: t("Sign in") });
  const signUp = element("button", { type: "button", id: "sign-up", textContent: t("Sign up") });
  signUp.addEventListener("click", () => submit("/api/accounts"));
  const label = element("span", { className: "account-label",
    textContent: t("Account (optional, for statistics and a rating):") });
  // a form, so that Enter signs in and a password manager knows the fields
  const form = element("form", { className: "account-form" }, label, name, password, signIn, signUp);
  form.addEventListener("submit", (e) => { e.preventDefault(); submit("/api/session"); });
  return [form, element("a", { href: "/leaderboard", textContent: t("Leaderboard") }),
    element("a", { href: "/clubs", textContent: t("Clubs") }), error];
}

function render() {
  const bar = $("account");
  if (bar) bar.replaceChildren(...(account.name ? signedInBar() : signedOutBar()));
}

export async function startAccount(onChange) {
  changed = onChange || changed;
  const session = await fetchJson("/api/session");
  account.name = session.name; account.csrf = session.csrf;
  if (followAccount(session.language)) return;
  render();
  changed(account.name);
}
