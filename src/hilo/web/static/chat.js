// hilo: the table's chat. Names and text are only ever shown as text (textContent through
// el()), never as markup. The host mutes players and lets spectators write from here.

import { el, fill, postJSON, toast } from "./api.js";

/** The emotes the server knows, each with its picture and its words. */
export const EMOTES = [
  ["nice-hand", "👏", "nice hand"],
  ["good-game", "🤝", "good game"],
  ["thanks", "🙏", "thanks"],
  ["wow", "😮", "wow"],
  ["ouch", "😬", "ouch"],
  ["laugh", "😂", "ha ha"],
];
const EMOTE = new Map(EMOTES.map(([name, picture, words]) => [name, { picture, words }]));
const MAX_LENGTH = 200;
const PHONE = matchMedia("(max-width: 900px)");

/** "21:05": the time of day a line was said, in this browser's time zone. */
function timeOf(at) {
  if (typeof at !== "number") return "";
  return new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export class ChatPanel {
  /** root: the chat's <details>; socket: the table's TableSocket; role: seat, spectator or host. */
  constructor(root, socket, role, token) {
    this.root = root;
    this.socket = socket;
    this.role = role;
    this.token = token;
    this.unread = 0;
    this.root.open = !PHONE.matches; // a phone opens the chat when the player wants it
    this.badge = el("span", { class: "chat-unread", dataset: { testid: "chat-unread" }, hidden: true });
    this.lines = el("ol", { class: "chat-lines", dataset: { testid: "chat-lines" }, "aria-live": "polite" });
    this.input = el("input", {
      type: "text",
      class: "chat-input",
      maxlength: String(MAX_LENGTH),
      placeholder: "Say something…",
      "aria-label": "chat message",
      autocomplete: "off",
      dataset: { testid: "chat-input" },
    });
    this.sendButton = el("button", { type: "submit", class: "chat-send", dataset: { testid: "chat-send" } }, "Send");
    this.form = el("form", { class: "chat-form", onsubmit: (event) => this.sendText(event) }, this.input, this.sendButton);
    this.emotes = el(
      "div",
      { class: "chat-emotes", role: "group", "aria-label": "emotes" },
      EMOTES.map(([name, picture, words]) =>
        el(
          "button",
          { type: "button", class: "chat-emote", title: words, dataset: { testid: `chat-emote-${name}` }, onclick: () => this.send({ emote: name }) },
          el("span", { "aria-hidden": "true" }, picture),
          el("span", { class: "chat-emote-words" }, words),
        ),
      ),
    );
    this.note = el("p", { class: "chat-note", dataset: { testid: "chat-note" }, hidden: true });
    this.controls = el("div", { class: "chat-controls", dataset: { testid: "chat-controls" }, hidden: role !== "host" });
    fill(
      root,
      el("summary", { class: "chat-summary", dataset: { testid: "chat-toggle" } }, "Chat ", this.badge),
      el("div", { class: "chat-body" }, this.lines, this.note, this.emotes, this.form, this.controls),
    );
    root.addEventListener("toggle", () => {
      if (root.open) this.markRead();
    });
  }

  /** Every line the server keeps (on connecting): the panel shows exactly these. */
  replace(lines) {
    fill(this.lines, lines.map((line) => this.line(line)));
    this.lines.scrollTop = this.lines.scrollHeight;
  }

  /** One new line. */
  add(line) {
    const atEnd = this.lines.scrollHeight - this.lines.scrollTop - this.lines.clientHeight < 40;
    this.lines.append(this.line(line));
    while (this.lines.children.length > 100) this.lines.firstElementChild.remove();
    if (atEnd) this.lines.scrollTop = this.lines.scrollHeight;
    if (!this.root.open) {
      this.unread += 1;
      this.badge.textContent = String(this.unread);
      this.badge.hidden = false;
    }
  }

  markRead() {
    this.unread = 0;
    this.badge.hidden = true;
  }

  line(line) {
    const who = line.seat === null || line.seat === undefined ? String(line.from) : `${line.from} (seat ${line.seat + 1})`;
    const emote = EMOTE.get(line.emote);
    const said = emote
      ? el("span", { class: "chat-text chat-emote-line" }, `${emote.picture} ${emote.words}`)
      : el("span", { class: "chat-text" }, String(line.text ?? ""));
    return el(
      "li",
      { class: "chat-line", dataset: { testid: "chat-line" } },
      el("span", { class: "chat-time" }, timeOf(line.at)),
      el("span", { class: "chat-from" }, who),
      said,
    );
  }

  sendText(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send({ text })) this.input.value = "";
  }

  send(fields) {
    if (!this.socket.send({ type: "chat", ...fields })) {
      toast("not connected to the table: reconnecting, try again in a moment");
      return false;
    }
    return true;
  }

  /** Who may write now, and (for the host) the mute buttons. */
  update(snapshot) {
    const chat = snapshot.table?.chat || { muted: [], spectators: false };
    let why = null;
    if (this.role === "spectator" && !chat.spectators) why = "Spectators read the chat; the host has not let them write.";
    if (this.role === "seat" && snapshot.you !== null && chat.muted.includes(snapshot.you)) why = "The host has muted you in the chat.";
    this.note.textContent = why || "";
    this.note.hidden = !why;
    for (const control of [this.input, this.sendButton, ...this.emotes.children]) control.disabled = Boolean(why);
    if (this.role === "host") this.hostControls(snapshot.table, chat);
  }

  hostControls(table, chat) {
    const people = (table?.seats || []).filter((seat) => seat && !seat.bot);
    fill(
      this.controls,
      el(
        "label",
        { class: "chat-allow" },
        el("input", {
          type: "checkbox",
          checked: chat.spectators,
          dataset: { testid: "chat-spectators" },
          onchange: (event) => this.command("spectator-chat", { allowed: event.target.checked }),
        }),
        " Spectators may chat",
      ),
      people.map((seat) => {
        const muted = chat.muted.includes(seat.seat);
        return el(
          "button",
          {
            type: "button",
            class: "chat-mute",
            "aria-pressed": String(muted),
            dataset: { testid: `chat-mute-${seat.seat}` },
            onclick: () => this.command(muted ? "unmute" : "mute", { seat: seat.seat }),
          },
          `${muted ? "Unmute" : "Mute"} ${seat.name}`,
        );
      }),
    );
  }

  async command(command, extra) {
    try {
      await postJSON("/api/host", { host: this.token, command, ...extra });
    } catch (error) {
      toast(error.message);
    }
  }
}
