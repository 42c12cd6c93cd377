// hilo: the one WebSocket a table page keeps open. It reconnects with a growing pause when
// the connection drops, and asks for the whole view again when a message was missed.

const BAD_TOKEN = 4401;

export class TableSocket {
  /**
   * handlers: onView(message), onError(sentence), onStatus("connecting" | "open" | "closed" | "refused"),
   * onChat(line), onChatLog(lines).
   */
  constructor(token, handlers) {
    this.token = token;
    this.handlers = handlers;
    this.socket = null;
    this.seq = null;
    this.attempt = 0;
    this.stopped = false;
    this.pingTimer = null;
    this.retryTimer = null;
  }

  /** Open the connection (and keep it open). */
  connect() {
    this.stopped = false;
    this.handlers.onStatus?.("connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws?token=${encodeURIComponent(this.token)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.seq = null; // the first message after connecting is the whole view
      this.handlers.onStatus?.("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      if (event.code === BAD_TOKEN) {
        this.stopped = true;
        this.handlers.onStatus?.("refused");
        return;
      }
      this.handlers.onStatus?.("closed");
      if (!this.stopped) this.retry();
    });
  }

  retry() {
    clearTimeout(this.retryTimer);
    const pause = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), pause);
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "view") {
      // A view older than one already drawn (the frames of two changes crossing on the way)
      // would put the table back: it is dropped. The whole view after connecting resets seq.
      if (this.seq !== null && typeof message.seq === "number" && message.seq < this.seq) return;
      const gap = this.seq !== null && typeof message.seq === "number" && message.seq > this.seq + 1;
      if (typeof message.seq === "number") this.seq = message.seq;
      this.handlers.onView?.(message);
      if (gap) this.send({ type: "resync" });
    } else if (message.type === "chat") {
      this.handlers.onChat?.(message);
    } else if (message.type === "chat-log") {
      this.handlers.onChatLog?.(Array.isArray(message.lines) ? message.lines : []);
    } else if (message.type === "error") {
      this.handlers.onError?.(message.message || "the server refused that");
    } // a "notice" (an action that came after its decision, from a double click) needs nothing
  }

  /** Send a message; false when the connection is not open. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Send an action: {"type": "act", "action": {...}, "decision": n} (n from the view, when there is one). */
  act(action, decision = null) {
    const message = { type: "act", action };
    if (Number.isInteger(decision)) message.decision = decision;
    if (!this.send(message)) {
      this.handlers.onError?.("not connected to the table: reconnecting, try again in a moment");
    }
  }

  /** Close for good. */
  close() {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }
}
