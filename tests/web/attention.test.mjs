// Your turn must be noticeable: the tab's title and icon, and (for a player who said yes) a
// vibration on a phone and a notification while the tab is in the background, through the
// service worker where a page may not show one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byId, document, fire, location, media, resetPage } from "./fake-dom.mjs";
import { LOCAL } from "../../src/wordarena/web/storage.js";
import * as attention from "../../src/wordarena/web/attention.js";

const { alertTurn, alertsChoice, alertsPossible, chooseAlerts, registerAlertWorker, setAttention } = attention;
const COARSE = "(pointer: coarse)";
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The browser's Notification: what was shown, and the permission the test sets. */
class FakeNotification {
  static permission = "default";
  static asked = 0;
  static shown = [];
  static refuse = false; // a phone: only a service worker may show one
  static async requestPermission() {
    FakeNotification.asked += 1;
    return FakeNotification.permission;
  }
  constructor(title, options) {
    if (FakeNotification.refuse) throw new TypeError("Illegal constructor");
    this.title = title;
    this.options = options;
    this.closed = false;
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

/** A service worker's registration: what it showed, and closing them by tag. */
function fakeWorker() {
  const worker = { registered: [], shown: [] };
  worker.registration = {
    showNotification: async (title, options) => worker.shown.push({ title, options, closed: false }),
    getNotifications: async ({ tag }) =>
      worker.shown.filter((n) => n.options.tag === tag).map((n) => ({ close: () => (n.closed = true) })),
  };
  worker.container = {
    register: (url, options) => {
      worker.registered.push({ url, options });
      return Promise.resolve(worker.registration);
    },
  };
  return worker;
}

/** A page with alerts possible or not: Notification and vibrate present only when asked. */
function page({ notifications = true, vibrate = false, permission = "default", choice = null } = {}) {
  resetPage("/t/T1");
  delete window.Notification;
  delete globalThis.Notification;
  delete navigator.vibrate;
  Object.assign(FakeNotification, { permission, asked: 0, shown: [], refuse: false });
  if (notifications) window.Notification = globalThis.Notification = FakeNotification;
  const vibrations = [];
  if (vibrate) navigator.vibrate = (pattern) => vibrations.push(pattern);
  if (choice) localStorage.setItem(LOCAL.turnAlerts, choice);
  return { vibrations };
}

test("the title says what waits before the site's name, and the icon carries the dot while it does", () => {
  page();
  const icon = byId("favicon");
  setAttention("Your turn", "WordArena");
  assert.equal(document.title, "● Your turn · WordArena");
  assert.equal(icon.href, "/static/icons/icon-turn.svg");
  assert.equal(document.documentElement.dataset.attention, "on");
  icon.href = "kept";
  setAttention("Round 2/3 · 0:42", "WordArena"); // still on: only the title changes
  assert.equal(document.title, "● Round 2/3 · 0:42 · WordArena");
  assert.equal(icon.href, "kept");
  setAttention("", "WordArena");
  assert.equal(document.title, "WordArena");
  assert.equal(icon.href, "/static/icons/icon.svg");
  assert.equal(document.documentElement.dataset.attention, "off");
});

test("the player's answer is on, off, or not asked yet", () => {
  page();
  assert.equal(alertsChoice(), null);
  localStorage.setItem(LOCAL.turnAlerts, "on");
  assert.equal(alertsChoice(), "on");
  localStorage.setItem(LOCAL.turnAlerts, "off");
  assert.equal(alertsChoice(), "off");
  localStorage.setItem(LOCAL.turnAlerts, "maybe");
  assert.equal(alertsChoice(), null);
});

test("alerts are possible with notifications or a vibration, else not offered", () => {
  page({ notifications: false });
  assert.equal(alertsPossible(), false);
  page({ notifications: false, vibrate: true });
  assert.equal(alertsPossible(), true);
  page({ notifications: true });
  assert.equal(alertsPossible(), true);
});

test("saying yes keeps the answer and asks the browser's permission once, only when it was never given", async () => {
  page({ permission: "default" });
  await chooseAlerts(true);
  assert.equal(alertsChoice(), "on");
  assert.equal(FakeNotification.asked, 1);
  page({ permission: "denied" });
  await chooseAlerts(true);
  assert.equal(FakeNotification.asked, 0);
  page({ permission: "default" });
  await chooseAlerts(false);
  assert.equal(alertsChoice(), "off");
  assert.equal(FakeNotification.asked, 0);
  page({ permission: "default" });
  FakeNotification.requestPermission = async () => {
    throw new TypeError("no promise form");
  };
  await chooseAlerts(true); // an old browser: no error reaches the page
  FakeNotification.requestPermission = async () => FakeNotification.permission;
});

test("no alert for a player who did not say yes", () => {
  const { vibrations } = page({ vibrate: true, permission: "granted", choice: "off" });
  media.add(COARSE);
  document.visibilityState = "hidden";
  alertTurn("Your turn", "Bob played");
  assert.deepEqual(vibrations, []);
  assert.deepEqual(FakeNotification.shown, []);
});

test("a phone vibrates; a desktop does not", () => {
  const phone = page({ vibrate: true, choice: "on" });
  media.add(COARSE);
  alertTurn("Your turn", "");
  assert.deepEqual(phone.vibrations, [[90, 60, 90]]);
  const desktop = page({ vibrate: true, choice: "on" });
  alertTurn("Your turn", "");
  assert.deepEqual(desktop.vibrations, []);
});

test("a notification only while the tab is hidden and allowed; a click brings the tab back, a look closes it", () => {
  page({ permission: "granted", choice: "on" });
  alertTurn("Your turn", "Bob played"); // the tab is in front: its title is enough
  assert.deepEqual(FakeNotification.shown, []);
  page({ permission: "default", choice: "on" });
  document.visibilityState = "hidden";
  alertTurn("Your turn", "Bob played");
  assert.deepEqual(FakeNotification.shown, []);

  page({ permission: "granted", choice: "on" });
  document.visibilityState = "hidden";
  alertTurn("Your turn", "Bob played");
  const [shown] = FakeNotification.shown;
  assert.equal(shown.title, "Your turn");
  assert.deepEqual(shown.options, { body: "Bob played", tag: "wordarena-turn", icon: "/static/icons/icon-192.png" });
  let focused = 0;
  window.focus = () => (focused += 1);
  shown.onclick();
  assert.equal(focused, 1);
  assert.equal(shown.closed, true);

  alertTurn("Your turn", "again");
  const second = FakeNotification.shown[1];
  document.visibilityState = "visible";
  fire(document, "visibilitychange");
  assert.equal(second.closed, true);
});

test("the service worker is registered once the player said yes, and only once", () => {
  const worker = fakeWorker();
  navigator.serviceWorker = worker.container;
  page({ choice: "off" });
  registerAlertWorker();
  assert.deepEqual(worker.registered, []);
  page({ choice: "on" });
  registerAlertWorker();
  registerAlertWorker();
  assert.deepEqual(worker.registered, [{ url: "/sw.js", options: { scope: "/" } }]);
  delete navigator.serviceWorker;
});

test("where a page may not show a notification (phones), the worker shows it, with the page's address", async () => {
  // A fresh copy of the module: its worker is registered here, whatever the tests above did.
  const fresh = await import("../../src/wordarena/web/attention.js?worker");
  const worker = fakeWorker();
  navigator.serviceWorker = worker.container;
  page({ permission: "granted", choice: "on" });
  FakeNotification.refuse = true;
  document.visibilityState = "hidden";
  fresh.registerAlertWorker();
  fresh.alertTurn("Your turn", "Bob played");
  await flush();
  assert.deepEqual(worker.shown, [
    { title: "Your turn", options: { body: "Bob played", tag: "wordarena-turn", icon: "/static/icons/icon-192.png", data: { url: location.href } }, closed: false },
  ]);
  fire(document, "visibilitychange");
  await flush();
  assert.equal(worker.shown[0].closed, true);
  delete navigator.serviceWorker;
});

test("without a worker, a phone's alert is its vibration alone", async () => {
  const fresh = await import("../../src/wordarena/web/attention.js?no-worker");
  const { vibrations } = page({ vibrate: true, permission: "granted", choice: "on" });
  media.add(COARSE);
  FakeNotification.refuse = true;
  document.visibilityState = "hidden";
  fresh.registerAlertWorker(); // no serviceWorker in this browser
  fresh.alertTurn("Your turn", "");
  await flush();
  assert.deepEqual(vibrations, [[90, 60, 90]]);
  assert.deepEqual(FakeNotification.shown, []);
});
