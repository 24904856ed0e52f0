// Just enough of a browser for the node tests of the game clients: elements found by id
// (made on first use), storage, cookies, events, the focus, simple selectors, the address
// bar and a clock the test moves by hand. Import it before any module of the client.

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

// Selectors: lists of compound selectors made of a tag, #id, .class, [attr], [attr=value] and
// :not(...). Anything else (descendants, ^=) matches nothing, so that a page-wide lookup the
// fake cannot answer finds nothing rather than the wrong elements.
function parseCompound(text) {
  const parts = { tag: null, id: null, classes: [], attrs: [], nots: [] };
  let rest = text.trim();
  const patterns = [
    [/^(\*|[a-zA-Z][\w-]*)/, (m) => (parts.tag = m[1] === "*" ? null : m[1].toUpperCase())],
    [/^#([\w-]+)/, (m) => (parts.id = m[1])],
    [/^\.([\w-]+)/, (m) => parts.classes.push(m[1])],
    [/^\[\s*([\w-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*))\s*)?\]/, (m) => parts.attrs.push({ name: m[1], value: m[2] ?? m[3] ?? m[4] })],
    [/^:not\(([^)]*)\)/, (m) => parts.nots.push(parseList(m[1]))],
  ];
  while (rest) {
    const found = patterns.find(([re]) => re.test(rest));
    if (!found) return null;
    const m = rest.match(found[0]);
    found[1](m);
    rest = rest.slice(m[0].length);
  }
  return parts;
}

function parseList(selector) {
  const list = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= selector.length; i += 1) {
    const c = selector[i];
    if (c === "[" || c === "(") depth += 1;
    else if (c === "]" || c === ")") depth -= 1;
    else if ((c === "," && depth === 0) || i === selector.length) {
      list.push(parseCompound(selector.slice(start, i)));
      start = i + 1;
    }
  }
  return list;
}

function attributeOf(node, name) {
  if (name.startsWith("data-")) {
    const key = name.slice(5).replace(/-(\w)/g, (_, c) => c.toUpperCase());
    return key in node.dataset ? String(node.dataset[key]) : null;
  }
  if (name === "hidden" || name === "disabled") return node[name] ? "" : null;
  if (name === "id") return node.id || null;
  if (name === "class") return node.className || null;
  return node.attributes[name] ?? null;
}

function matchesCompound(node, parts) {
  if (!parts) return false;
  if (parts.tag && node.tagName !== parts.tag) return false;
  if (parts.id && node.id !== parts.id) return false;
  if (parts.classes.some((name) => !node.classList.contains(name))) return false;
  for (const { name, value } of parts.attrs) {
    const actual = attributeOf(node, name);
    if (actual == null || (value !== undefined && actual !== value)) return false;
  }
  return !parts.nots.some((list) => list.some((p) => matchesCompound(node, p)));
}

function matchesList(node, list) {
  return node instanceof FakeElement && list.some((parts) => matchesCompound(node, parts));
}

export class FakeElement extends EventTarget {
  constructor(tag = "div", id = "") {
    super();
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
    this.scrollHeight = 0;
    this.clientHeight = 0;
    this.parentElement = null;
    this.onPage = false; // found by id, or <html>/<body>: in the document
  }
  get className() {
    return [...this.classList.names].join(" ");
  }
  set className(text) {
    this.classList = new FakeClassList();
    this.classList.add(...text.split(/\s+/).filter(Boolean));
  }
  append(...nodes) {
    const children = nodes.map((n) => (typeof n === "string" ? Object.assign(new FakeElement("#text"), { textContent: n }) : n));
    for (const child of children) child.parentElement = this;
    this.children.push(...children);
  }
  replaceChildren(...nodes) {
    for (const child of this.children) if (child.parentElement === this) child.parentElement = null;
    this.children = [];
    this.append(...nodes);
  }
  setAttribute(name, value) {
    if (name === "class") this.className = String(value); // as on an <svg>: the class list follows
    else this.attributes[name] = String(value);
  }
  getAttribute(name) {
    if (name === "class") return this.className || null;
    return this.attributes[name] ?? null;
  }
  removeAttribute(name) {
    delete this.attributes[name];
  }
  /** The simple selectors above, over the whole subtree, in document order. */
  querySelectorAll(selector) {
    const list = parseList(selector);
    const found = [];
    const walk = (node) => {
      for (const child of node.children) {
        if (matchesList(child, list)) found.push(child);
        if (child.children) walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  closest(selector) {
    const list = parseList(selector);
    for (let node = this; node; node = node.parentElement) if (matchesList(node, list)) return node;
    return null;
  }
  matches(selector) {
    return matchesList(this, parseList(selector));
  }
  contains(node) {
    for (let at = node; at; at = at.parentElement) if (at === this) return true;
    return false;
  }
  get isConnected() {
    return this.onPage || Boolean(this.parentElement?.isConnected);
  }
  /** Drawn: in the document, and neither it nor an ancestor hidden. */
  getClientRects() {
    for (let node = this; node; node = node.parentElement) if (node.hidden || node.style.display === "none") return [];
    return this.isConnected ? [{ width: 1, height: 1 }] : [];
  }
  click() {
    if (!this.disabled) this.dispatchEvent(new Event("click", { cancelable: true }));
  }
  /** The focus follows, as `document.activeElement` (the options, such as preventScroll, are kept). */
  focus(options) {
    this.focusOptions = options;
    document.activeElement = this;
  }
  blur() {
    if (document.activeElement === this) document.activeElement = document.body;
  }
  scrollIntoView() {
    this.scrolledIntoView = true;
  }
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

/**
 * Cookies as `document.cookie` keeps them: written one at a time ("name=value; path=/; max-age=…"),
 * read back as "a=1; b=2"; a max-age of 0 or less removes the cookie.
 */
class CookieJar {
  constructor() {
    this.items = new Map();
    this.written = []; // every assignment, attributes and all
  }
  write(text) {
    this.written.push(text);
    const [pair, ...attributes] = text.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith("max-age="));
    if (maxAge && Number(maxAge.split("=")[1]) <= 0) this.items.delete(name);
    else this.items.set(name, pair.slice(at + 1));
  }
  read() {
    return [...this.items].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  clear() {
    this.items.clear();
    this.written = [];
  }
}

export const cookies = new CookieJar();

class FakeDocument extends EventTarget {
  constructor() {
    super();
    this.documentElement = Object.assign(new FakeElement("html"), { lang: "", onPage: true });
    this.body = Object.assign(new FakeElement("body"), { onPage: true });
    this.activeElement = null;
    this.title = "";
    this.visibilityState = "visible";
  }
  get cookie() {
    return cookies.read();
  }
  set cookie(text) {
    cookies.write(text);
  }
  getElementById(id) {
    if (!elements.has(id)) elements.set(id, Object.assign(new FakeElement("div", id), { onPage: true }));
    return elements.get(id);
  }
  createElement(tag) {
    return new FakeElement(tag);
  }
  createElementNS(_ns, tag) {
    return new FakeElement(tag);
  }
  /** Over every element of the page: those found by id so far, their contents, <html> and <body>. */
  querySelectorAll(selector) {
    const list = parseList(selector);
    const found = new Set();
    for (const root of [this.documentElement, this.body, ...elements.values()]) {
      if (matchesList(root, list)) found.add(root);
      for (const node of root.querySelectorAll(selector)) found.add(node);
    }
    return [...found];
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

export const document = new FakeDocument();

/**
 * Send an event of `type` to `target` (no bubbling); `props` go on the event (key, shiftKey,
 * and target when the event should seem to come from elsewhere). Returns the event.
 */
export function fire(target, type, props = {}) {
  const event = new Event(type, { cancelable: true });
  for (const [name, value] of Object.entries(props)) Object.defineProperty(event, name, { value, configurable: true });
  target.dispatchEvent(event);
  return event;
}

/** The address bar: `history.replaceState` moves it, as in a browser. */
export const location = { pathname: "/", protocol: "http:", host: "localhost", origin: "http://localhost", href: "http://localhost/", hash: "" };
export const history = {
  replaceState(_state, _title, path) {
    const url = new URL(path, location.href);
    location.pathname = url.pathname;
    location.hash = url.hash;
    location.href = url.href;
  },
};

/** A clock the test moves: `clock.now` milliseconds. */
export const clock = { now: 1_000 };

globalThis.document = document;
/** The media queries that match (`window.matchMedia`): none unless a test adds them. */
export const media = new Set();

globalThis.window = { scrollTo() {}, addEventListener() {}, focus() {}, matchMedia: (query) => ({ matches: media.has(query), addEventListener() {} }) };
globalThis.navigator ??= {};
globalThis.location = location;
globalThis.history = history;
globalThis.sessionStorage = new FakeStorage();
globalThis.localStorage = new FakeStorage();
Object.defineProperty(globalThis, "performance", { value: { now: () => clock.now }, configurable: true });

/**
 * Forget every element, the storage, the cookies, the focus and the address: each test starts
 * on a blank page. (Listeners a module put on the document at its import stay, as in a browser.)
 */
export function resetPage(path = "/") {
  elements.clear();
  sessionStorage.clear();
  localStorage.clear();
  cookies.clear();
  const root = document.documentElement;
  root.dataset = {};
  root.className = "";
  root.lang = "";
  document.title = "";
  document.activeElement = null;
  document.visibilityState = "visible";
  location.pathname = path;
  location.hash = "";
  location.href = new URL(path, "http://localhost").href;
  media.clear();
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
