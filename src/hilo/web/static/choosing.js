// hilo: dealer's choice at the table. The dealer gets a chooser (the table's games with a
// line on how each goes, the default marked, a countdown); everybody else reads who is
// choosing, then what was chosen, with its summary. Names and summaries are text, never markup.

import { el, fill, postJSON, toast } from "./api.js";
import { says } from "./grammar.js";

const METHOD_WORDS = { simultaneous: "Declare", "in-turn": "Declare in turn", "cards-speak": "Cards speak" };

/** A game's line without its title in front (the chooser shows the title above it). */
function withoutTitle(option) {
  const lead = `${option.title}: `;
  const line = option.summary.startsWith(lead) ? option.summary.slice(lead.length) : option.summary;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

export class GameChooser {
  constructor(root, token, role) {
    this.root = root;
    this.token = token;
    this.role = role;
    this.key = null;
    this.picked = null;
    this.sending = false;
    this.deadline = null;
    setInterval(() => this.tick(), 250);
  }

  update(snapshot) {
    this.last = snapshot;
    const choice = snapshot.table?.choice || null;
    const mine = choice !== null && choice.chooser !== null && this.role === "seat" && choice.chooser === snapshot.you;
    this.deadline = choice && choice.left !== null ? snapshot.receivedAt + choice.left * 1000 : null;
    const key = JSON.stringify([choice?.chooser, choice?.chosen, choice?.options, mine, this.picked]);
    if (key === this.key) return;
    this.key = key;
    if (!choice || (choice.chooser === null && !choice.chosen)) {
      this.root.hidden = true;
      fill(this.root);
      return;
    }
    this.root.hidden = false;
    if (choice.chooser === null) {
      this.picked = null;
      fill(this.root, this.chosen(choice.chosen, choice.orbit));
    } else if (mine) {
      const fresh = !this.root.querySelector("[data-testid=choice-chooser]");
      fill(this.root, this.chooser(choice));
      if (fresh) this.root.scrollIntoView({ block: "nearest" });
    } else {
      this.picked = null;
      fill(
        this.root,
        el("div", { class: "choice-waiting", dataset: { testid: "choice-waiting" } }, `${says(choice.chooser_name || "The dealer", "is")} choosing the game…`, " ", this.countdown()),
      );
    }
    this.tick();
  }

  countdown() {
    return el("span", { class: "choice-clock", dataset: { testid: "choice-clock" } });
  }

  tick() {
    const clock = this.root.querySelector("[data-testid=choice-clock]");
    if (!clock) return;
    clock.textContent = this.deadline === null ? "" : `${Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000))} s`;
  }

  chosen(chosen, orbit) {
    return el(
      "div",
      { class: "choice-made", dataset: { testid: "choice-made" } },
      el("div", { class: "choice-announcement", dataset: { testid: "choice-announcement" } }, chosen.announcement),
      el("div", { class: "choice-summary", dataset: { testid: "choice-summary" } }, chosen.summary),
      orbit ? el("div", { class: "choice-summary", dataset: { testid: "choice-orbit" } }, "Dealt for a full orbit of the button.") : null,
    );
  }

  chooser(choice) {
    const games = choice.options.map((option) =>
      el(
        "button",
        {
          type: "button",
          class: `choice-game${option.default ? " choice-default" : ""}${this.picked === option.game ? " choice-picked" : ""}`,
          dataset: { testid: `choose-${option.game}` },
          onclick: () => (option.declare.length ? this.pick(option.game) : this.send(option.game, null)),
        },
        el("span", { class: "choice-title" }, option.title, option.default ? el("span", { class: "choice-default-mark" }, " (default)") : null),
        el("span", { class: "choice-line" }, withoutTitle(option)),
      ),
    );
    const picked = choice.options.find((option) => option.game === this.picked);
    const methods = picked
      ? el(
          "div",
          { class: "choice-methods", dataset: { testid: "choice-methods" } },
          el("span", {}, `How is ${picked.title} declared?`),
          picked.declare.map((method) =>
            el("button", { type: "button", class: "primary-button", dataset: { testid: `choose-method-${method}` }, onclick: () => this.send(picked.game, method) }, METHOD_WORDS[method] || method),
          ),
        )
      : null;
    return el(
      "div",
      { class: "choice-chooser", role: "group", "aria-label": "name the game", dataset: { testid: "choice-chooser" } },
      el("div", { class: "choice-head" }, el("strong", {}, "You deal: name the game"), " ", this.countdown()),
      el("div", { class: "choice-games" }, games),
      methods,
    );
  }

  pick(game) {
    this.picked = game;
    this.key = null;
    this.update(this.last);
  }

  async send(game, declare) {
    if (this.sending) return;
    this.sending = true;
    try {
      await postJSON("/api/seat", { token: this.token, command: "choose", game, ...(declare ? { declare } : {}) });
    } catch (error) {
      toast(error.message);
    } finally {
      this.sending = false;
    }
  }
}
