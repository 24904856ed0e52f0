// Your turn must be noticeable: while it is your turn, or a round
// is running, the tab's title says so and its icon carries a red dot. A player
// who accepts turn alerts (offered when they first queue for a rated
// tournament) also gets a system notification while the tab is in the
// background, and a short vibration on a phone.

import { LOCAL } from "./storage.js";

const ICON = "/static/icons/icon.svg";
const ICON_ATTENTION = "/static/icons/icon-turn.svg";
const NOTIFICATION_ICON = "/static/icons/icon-192.png";
const VIBRATION_MS = [90, 60, 90];
const TAG = "wordarena-turn"; // one alert at a time: a new turn replaces the last one

let shown = "";
let worker = null; // the service worker's registration (sw.js), once the player wants alerts

/** `text`: what the title says before the site's name ("Your turn", "Round 2/3 · 0:42"), or "" for none. */
export function setAttention(text, siteName) {
  const title = text ? `● ${text} · ${siteName}` : siteName;
  if (document.title !== title) document.title = title;
  const state = text ? "on" : "off";
  if (state === shown) return;
  shown = state;
  const link = document.getElementById("favicon");
  if (link) link.href = text ? ICON_ATTENTION : ICON;
  document.documentElement.dataset.attention = state;
}

/** "on", "off", or null while the player has not been asked. */
export function alertsChoice() {
  const choice = localStorage.getItem(LOCAL.turnAlerts);
  return choice === "on" || choice === "off" ? choice : null;
}

/** Whether this browser can alert at all (a notification, or a vibration). */
export function alertsPossible() {
  return "Notification" in window || typeof navigator.vibrate === "function";
}

/**
 * The service worker that shows alerts where a page may not (phones): registered once the
 * player said yes, and at every start after that. A server without it changes nothing:
 * the page's own notifications, the title and the dot remain.
 */
export function registerAlertWorker() {
  if (worker || alertsChoice() !== "on" || !("serviceWorker" in navigator)) return;
  worker = navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

/** The player's answer; saying yes asks the browser's permission (it must follow a click). */
export async function chooseAlerts(on) {
  localStorage.setItem(LOCAL.turnAlerts, on ? "on" : "off");
  registerAlertWorker();
  if (on && "Notification" in window && Notification.permission === "default") {
    try {
      await Notification.requestPermission();
    } catch {
      // An old browser without the promise form, or a refusal: the title and the dot remain.
    }
  }
}

/** It has just become your turn: alert, when the player asked for it. */
export function alertTurn(title, body) {
  if (alertsChoice() !== "on") return;
  if (typeof navigator.vibrate === "function" && window.matchMedia?.("(pointer: coarse)").matches) {
    try {
      navigator.vibrate(VIBRATION_MS);
    } catch {
      // Not allowed before the page has been touched: nothing to do.
    }
  }
  if (document.visibilityState !== "hidden" || !("Notification" in window) || Notification.permission !== "granted") return;
  const options = { body, tag: TAG, icon: NOTIFICATION_ICON };
  try {
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    document.addEventListener("visibilitychange", () => notification.close(), { once: true });
  } catch {
    // Phones allow notifications only from a service worker (sw.js): shown through it.
    showFromWorker(title, options);
  }
}

async function showFromWorker(title, options) {
  const registration = await worker;
  if (!registration) return; // no worker: the vibration is the alert
  try {
    await registration.showNotification(title, { ...options, data: { url: location.href } });
    document.addEventListener("visibilitychange", () => closeFromWorker(registration), { once: true });
  } catch {
    // Permission taken back meanwhile: the title and the dot remain.
  }
}

async function closeFromWorker(registration) {
  for (const notification of await registration.getNotifications({ tag: TAG })) notification.close();
}
