// Just enough of a browser for the node tests of the game clients: elements found by id
// (made on first use), storage, the address bar and a clock the test moves by hand.
// Import it before any module of the client.

class FakeClassList {
  constructor() {
    this.names = new Set();
  }
  add(...names) {
    for (const name of names) this.names.add(name);
  }
  remove(...names) {
    for (const name of names) this.names.delete(name);
  }
  toggle(name, on = !this.names.has(name)) {
    if (on) this.names.add(name);
    else this.names.delete(name);
    return on;
  }
  contains(name) {
    return this.names.has(name);
  }
}

export class FakeElement {
  constructor(tag = "div", id = "") {
    this.tagName = tag.toUpperCase();
    this.id = id;
    this.children = [];
    this.dataset = {};
    this.style = { setProperty: (name, value) => (this.style[name] = value), removeProperty: (name) => delete this.style[name] };
    this.attributes = {};
    this.classList = new FakeClassList();
    this.textContent = "";
    this.hidden = false;
    this.disabled = false;
    this.value = "";
    this.offsetWidth = 0;
  }
  get className() {
    return [...this.classList.names].join(" ");
  }
  set className(text) {
    this.classList = new FakeClassList();
    this.classList.add(...text.split(/\s+/).filter(Boolean));
  }
  append(...nodes) {
    this.children.push(...nodes.map((n) => (typeof n === "string" ? Object.assign(new FakeElement("#text"), { textContent: n }) : n)));
  }
  replaceChildren(...nodes) {
    this.children = [];
    this.append(...nodes);
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  getAttribute(name) {
    return this.attributes[name] ?? null;
  }
  removeAttribute(name) {
    delete this.attributes[name];
  }
  /** Only ".class" selectors, over the whole subtree. */
  querySelectorAll(selector) {
    const name = selector.startsWith(".") ? selector.slice(1) : null;
    const found = [];
    const walk = (node) => {
      for (const child of node.children) {
        if (name && child.classList?.contains(name)) found.push(child);
        if (child.children) walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  addEventListener() {}
  removeEventListener() {}
  closest() {
    return null;
  }
  matches() {
    return false;
  }
  focus() {}
  blur() {}
  scrollIntoView() {}
}

class FakeStorage {
  constructor() {
    this.items = new Map();
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const elements = new Map();

export const document = {
  documentElement: new FakeElement("html"),
  body: new FakeElement("body"),
  activeElement: null,
  getElementById(id) {
    if (!elements.has(id)) elements.set(id, new FakeElement("div", id));
    return elements.get(id);
  },
  createElement: (tag) => new FakeElement(tag),
  createElementNS: (_ns, tag) => new FakeElement(tag),
  querySelectorAll: () => [],
};

/** The address bar: `history.replaceState` moves it, as in a browser. */
export const location = { pathname: "/", protocol: "http:", host: "localhost" };
export const history = {
  replaceState(_state, _title, path) {
    location.pathname = new URL(path, "http://localhost").pathname;
  },
};

/** A clock the test moves: `clock.now` milliseconds. */
export const clock = { now: 1_000 };

globalThis.document = document;
globalThis.window = { scrollTo() {}, addEventListener() {}, matchMedia: () => ({ matches: false, addEventListener() {} }) };
globalThis.navigator ??= {};
globalThis.location = location;
globalThis.history = history;
globalThis.sessionStorage = new FakeStorage();
globalThis.localStorage = new FakeStorage();
Object.defineProperty(globalThis, "performance", { value: { now: () => clock.now }, configurable: true });

/** Forget every element, the storage and the address: each test starts on a blank page. */
export function resetPage(path = "/") {
  elements.clear();
  sessionStorage.clear();
  localStorage.clear();
  location.pathname = path;
  clock.now = 1_000;
}

/** The element of `id` (made when first asked, as the page would have it). */
export const byId = (id) => document.getElementById(id);

/**
 * What app.js gives a game client, recorded: `sent` (messages), `said` (messages shown),
 * `announced` (screen-reader texts), `errors` (the home page's), `played` (sounds), `renders`.
 */
export function fakeHost(alphabets = {}) {
  const host = {
    sent: [],
    said: [],
    announced: [],
    errors: [],
    played: [],
    renders: 0,
    detachedNow: false,
    send: (msg) => host.sent.push(msg),
    showMessage: (text) => host.said.push(text),
    clearMessage: () => {},
    showError: (text) => host.errors.push(text),
    announce: (text) => host.announced.push(text),
    render: () => (host.renders += 1),
    alphabet: (lang) => alphabets[lang],
    detached: () => host.detachedNow,
    sounds: { play: (name) => host.played.push(name) },
    confirm: async () => true,
    setRating: (rating) => (host.rating = rating),
    refreshFromStore: () => {},
    me: () => ({ id: "p1", name: "Ada" }),
    alertTurn: () => {},
  };
  return host;
}

/** A board of `n` rows (class board-row), so that a shaken row can be seen. */
export function boardWithRows(id, n) {
  const board = byId(id);
  board.replaceChildren(...Array.from({ length: n }, () => Object.assign(new FakeElement(), { className: "board-row" })));
  return board.children;
}
