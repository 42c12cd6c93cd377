// hilo: the finished hands. A list of them, a replay stepping through each hand as this
// player saw it (drawn by the same table renderer), and downloads as JSON or PHH.

import { ServerError, el, fill, getJSON, toast } from "./api.js";
import { inlineCards } from "./cards.js";
import { describeEvent, renderResult } from "./panels.js";
import { renderTable } from "./render.js";

export class HistoryPanel {
  constructor(root, modal, token) {
    this.root = root;
    this.modal = modal;
    this.token = token;
    this.seen = null;
    this.replay = null;
    modal.addEventListener("keydown", (event) => this.key(event));
  }

  /** Fetch the list again when the number of finished hands changed. */
  async refresh(handsPlayed, _you, seatCount) {
    this.seatCount = seatCount || 0;
    if (handsPlayed === this.seen) return;
    this.seen = handsPlayed;
    let data;
    try {
      data = await getJSON(`/api/history?token=${encodeURIComponent(this.token)}`);
    } catch (error) {
      fill(this.root, el("p", { class: "panel-empty" }, error instanceof ServerError ? `History unavailable: ${error.message}` : "History unavailable."));
      return;
    }
    const hands = [...(data.hands || [])].reverse();
    if (!hands.length) {
      fill(this.root, el("p", { class: "panel-empty" }, "No finished hands yet."));
      return;
    }
    fill(
      this.root,
      el(
        "ul",
        { class: "history-list", dataset: { testid: "history-list" } },
        hands.map((hand) =>
          el(
            "li",
            {},
            el(
              "button",
              { type: "button", class: "history-item", onclick: () => this.open(hand.number), dataset: { testid: `history-${hand.number}` } },
              el("span", { class: "history-number" }, `#${hand.number}`),
              el("span", { class: "history-title" }, hand.title || hand.game),
              el("span", { class: "history-summary" }, inlineCards(summary(hand.result || []))),
            ),
          ),
        ),
      ),
    );
  }

  /** Open the replay of one hand. */
  async open(number) {
    let hand;
    try {
      hand = await getJSON(`/api/history/${number}?token=${encodeURIComponent(this.token)}&format=json`);
    } catch (error) {
      toast(`Cannot open hand ${number}: ${error.message}`);
      return;
    }
    const views = hand.views || [];
    if (!views.length) {
      toast(`Hand ${number} has nothing to replay`);
      return;
    }
    const seats = hand.seats || [];
    this.replay = { hand, step: 0, seatCount: Math.max(this.seatCount || 0, Math.max(0, ...seats) + 1) };
    const link = (format) => `/api/history/${number}?token=${encodeURIComponent(this.token)}&format=${format}`;
    fill(
      this.modal,
      el(
        "div",
        { class: "modal-box", role: "dialog", "aria-modal": "true", "aria-labelledby": "replay-title", dataset: { testid: "replay" } },
        el(
          "div",
          { class: "modal-head" },
          el("h2", { id: "replay-title" }, `Hand ${number}: ${hand.title || hand.game}`),
          el("button", { type: "button", class: "icon-button", "aria-label": "close the replay", onclick: () => this.close(), dataset: { testid: "replay-close" } }, "×"),
        ),
        el("div", { class: "replay-table" }),
        el(
          "div",
          { class: "replay-controls" },
          el("button", { type: "button", class: "action", onclick: () => this.step(-1), "aria-label": "previous step", dataset: { testid: "replay-prev" } }, "‹ Prev"),
          el("div", { class: "replay-where", "aria-live": "polite", dataset: { testid: "replay-step" } }),
          el("button", { type: "button", class: "action", onclick: () => this.step(1), "aria-label": "next step", dataset: { testid: "replay-next" } }, "Next ›"),
        ),
        el("section", { class: "result replay-result" }),
        el(
          "div",
          { class: "downloads" },
          "Download: ",
          downloadLink(link("json"), `hilo-hand-${number}.json`, "JSON", "download-json"),
          " · ",
          downloadLink(link("phh"), `hilo-hand-${number}.phh`, "PHH", "download-phh"),
        ),
      ),
    );
    this.modal.hidden = false;
    this.draw();
    this.modal.querySelector("[data-testid=replay-next]").focus();
  }

  step(delta) {
    if (!this.replay) return;
    const last = this.replay.hand.views.length - 1;
    this.replay.step = Math.max(0, Math.min(last, this.replay.step + delta));
    this.draw();
  }

  draw() {
    const { hand, step, seatCount } = this.replay;
    const view = hand.views[step];
    const names = new Map((view.seats || []).map((seat) => [seat.seat, seat.name]));
    // The seat this player held in that hand (null: not dealt in), not the one held now.
    const you = Number.isInteger(hand.you) ? hand.you : null;
    const snapshot = { table: null, view, you, replay: true, seatCount, handNumber: hand.number, cardSize: "sm" };
    renderTable(this.modal.querySelector(".replay-table"), snapshot);
    const event = (view.events || [])[view.events.length - 1];
    fill(
      this.modal.querySelector(".replay-where"),
      el("span", { class: "replay-count" }, `Step ${step + 1} of ${hand.views.length}`),
      event ? el("span", { class: "replay-event" }, inlineCards(describeEvent(event, names, view.sides))) : null,
    );
    renderResult(this.modal.querySelector(".replay-result"), snapshot, null);
    this.modal.querySelector("[data-testid=replay-prev]").disabled = step === 0;
    this.modal.querySelector("[data-testid=replay-next]").disabled = step === hand.views.length - 1;
  }

  close() {
    this.modal.hidden = true;
    fill(this.modal);
    this.replay = null;
  }

  key(event) {
    if (!this.replay) return;
    if (event.key === "Escape") this.close();
    else if (event.key === "ArrowLeft") this.step(-1);
    else if (event.key === "ArrowRight") this.step(1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }
}

/** A link that downloads a file, or says in a toast why the server cannot make it. */
function downloadLink(href, name, words, testid) {
  const link = el("a", { href, download: name, dataset: { testid } }, words);
  link.addEventListener("click", async (event) => {
    event.preventDefault();
    let response;
    try {
      response = await fetch(href);
    } catch {
      toast("cannot reach the hilo server: check the connection");
      return;
    }
    if (!response.ok) {
      let sentence = `the server answered ${response.status}`;
      try {
        sentence = (await response.json()).error || sentence;
      } catch {
        // not JSON: keep the status
      }
      toast(`No ${words} download: ${sentence}`);
      return;
    }
    const address = URL.createObjectURL(await response.blob());
    const save = el("a", { href: address, download: name, hidden: true });
    document.body.append(save);
    save.click();
    save.remove();
    setTimeout(() => URL.revokeObjectURL(address), 10000);
  });
  return link;
}

function summary(lines) {
  const awards = lines.find((line) => line.startsWith("Awards:"));
  return awards || lines[lines.length - 1] || "";
}
