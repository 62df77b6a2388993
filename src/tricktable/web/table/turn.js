// The signal that it is your turn, for a player whose eyes are elsewhere: the tab's title
// begins with ● while you may act, and when your turn comes a short beep sounds (the "sound"
// setting), a phone vibrates, and a hidden tab shows a notification where the player allowed
// one. Each beep played is counted on <body data-turn-sounds>, so a test sees the sound.
import { canAct, state } from "./store.js";
import { t } from "../i18n.js";

const MARK = "● ";
const BEEP_SECONDS = 0.18;
const VIBRATION_MS = 120;

let myTurnBefore = false;
let audio = null;
let sounds = 0;

/** Called after every redraw: sets the title and signals a turn that has just come. */
export function signalTurn() {
  const mine = canAct();
  const title = document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title;
  document.title = mine ? MARK + title : title;
  if (mine && !myTurnBefore) announceTurn();
  myTurnBefore = mine;
}

function announceTurn() {
  if (!state.prefs.sound) return;
  beep();
  // only a touch screen: a desktop browser has nothing to shake, and says so in its console
  if (navigator.vibrate && window.matchMedia("(pointer: coarse)").matches) navigator.vibrate(VIBRATION_MS);
  if (document.hidden) notify();
}

function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + BEEP_SECONDS);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + BEEP_SECONDS);
  sounds += 1;
  document.body.dataset.turnSounds = String(sounds);
}

function notify() {
  if (!state.prefs.notify || !("Notification" in window) || Notification.permission !== "granted") return;
  const title = state.table ? t(state.table.title) : t("Table");
  const note = new Notification(t("Your turn at {title}", { title }), { tag: "tricktable-turn" });
  note.onclick = () => window.focus();
}

/** The notification setting: asks the browser's permission when switched on. */
export async function allowNotifications(wanted) {
  if (!wanted || !("Notification" in window)) return false;
  const answer = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  return answer === "granted";
}
