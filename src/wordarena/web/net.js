// The WebSocket to the server, reopened with backoff whenever it drops.
// The server sends whole views, so after a reconnection the app only has to
// say hello and join again: nothing is replayed from here.

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;
const PING_EVERY_MS = 25_000; // keeps idle sockets alive through proxies

export class Connection {
  /**
   * @param {object} handlers
   * @param {() => void} handlers.onOpen     the socket is ready: say hello
   * @param {(msg: object) => void} handlers.onMessage  one parsed server message
   * @param {(online: boolean) => void} handlers.onStatus  for the "reconnecting" banner
   */
  constructor({ onOpen, onMessage, onStatus }) {
    this.handlers = { onOpen, onMessage, onStatus };
    this.socket = null;
    this.attempts = 0;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
  }

  open() {
    this.stopped = false;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.handlers.onStatus(true);
      this.pingTimer = setInterval(() => this.send({ type: "ping", t: Date.now() }), PING_EVERY_MS);
      this.handlers.onOpen();
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => this.closed(socket));
  }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return; // the server only sends JSON; ignore anything else
    }
    this.handlers.onMessage(msg);
  }

  /** The server accepted us: the next drop starts its backoff from the beginning. */
  confirmed() {
    this.attempts = 0;
  }

  closed(socket) {
    if (socket !== this.socket) return; // an older socket we already replaced
    clearInterval(this.pingTimer);
    this.socket = null;
    if (this.stopped) return;
    this.handlers.onStatus(false);
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempts);
    this.attempts += 1;
    // Jitter, so that a restarted server is not hit by every tab at once.
    this.retryTimer = setTimeout(() => this.open(), delay * (0.75 + Math.random() / 2));
  }

  /** Send one message; false when the socket is not open (the banner says so). */
  send(msg) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  /** Stop for good (another tab took the seat); `open()` starts again. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.socket) this.socket.close();
    this.socket = null;
  }
}
