// hilo: the blinds at the table. The player left of the big blind is asked, before the deal,
// whether to straddle (with a short countdown; everybody else reads who is asked), and a
// player owing blinds reads whether they wait for the big blind or post to play, and may
// choose. Names are text, never markup.

import { chips, el, fill, postJSON, toast } from "./api.js";

/** The chips a player owing blinds posts to play now, in words. */
function postWords(owes) {
  const live = owes.live ? `a big blind (${chips(owes.live)})` : "";
  const dead = owes.dead ? `${chips(owes.dead)} dead` : "";
  return [live, dead].filter(Boolean).join(" and ");
}

export class BlindsPanel {
  constructor(root, token, role) {
    this.root = root;
    this.token = token;
    this.role = role;
    this.key = null;
    this.deadline = null;
    this.sending = false;
    setInterval(() => this.tick(), 250);
  }

  update(snapshot) {
    const table = snapshot.table || {};
    const asked = table.straddler || null;
    const seat = this.role === "seat" && snapshot.you !== null ? table.seats?.[snapshot.you] || null : null;
    const owes = seat && !seat.sitting_out ? seat.owes || null : null;
    this.deadline = asked && asked.left !== null ? snapshot.receivedAt + asked.left * 1000 : null;
    const key = JSON.stringify([asked?.seat, asked?.amount, asked?.name, owes, table.joining, snapshot.you]);
    if (key === this.key) return;
    this.key = key;
    const parts = [];
    if (asked) parts.push(asked.seat === snapshot.you && this.role === "seat" ? this.ask(asked) : this.waiting(asked));
    if (owes) parts.push(this.owing(owes, table.joining));
    this.root.hidden = !parts.length;
    fill(this.root, parts);
    if (asked && asked.seat === snapshot.you) this.root.scrollIntoView({ block: "nearest" });
    this.tick();
  }

  countdown() {
    return el("span", { class: "choice-clock", dataset: { testid: "straddle-clock" } });
  }

  tick() {
    const clock = this.root.querySelector("[data-testid=straddle-clock]");
    if (!clock) return;
    clock.textContent = this.deadline === null ? "" : `${Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000))} s`;
  }

  ask(asked) {
    const button = (testid, words, command, primary) =>
      el("button", { type: "button", class: primary ? "primary-button" : "small-button", dataset: { testid }, onclick: () => this.send(command) }, words);
    return el(
      "div",
      { class: "blinds-ask", role: "group", "aria-label": "straddle", dataset: { testid: "straddle-ask" } },
      el("div", { class: "choice-head" }, el("strong", {}, "You are left of the big blind: straddle before the deal?"), " ", this.countdown()),
      el(
        "div",
        { class: "choice-methods" },
        button("straddle-yes", `Straddle ${chips(asked.amount)}`, "straddle", false),
        button("straddle-no", "No straddle", "no-straddle", true),
      ),
    );
  }

  waiting(asked) {
    return el("div", { class: "choice-waiting", dataset: { testid: "straddle-waiting" } }, `${asked.name} may straddle ${chips(asked.amount)}…`, " ", this.countdown());
  }

  owing(owes, joining) {
    const choose = (testid, words, command) => el("button", { type: "button", class: "small-button", dataset: { testid }, onclick: () => this.send(command) }, words);
    if (owes.waits) {
      return el(
        "div",
        { class: "blinds-owed", dataset: { testid: "owes-waiting" } },
        el("strong", {}, "Waiting for the big blind"),
        el("span", { class: "choice-summary" }, " — you are dealt in when it reaches you."),
        joining === "post" ? el("div", { class: "choice-methods" }, choose("owes-post", `Post ${postWords(owes)} to play now`, "post-big-blind")) : null,
      );
    }
    return el(
      "div",
      { class: "blinds-owed", dataset: { testid: "owes-posting" } },
      el("strong", {}, `You post ${postWords(owes)} to play`),
      el("span", { class: "choice-summary" }, " — at the next hand where you are not on the button or in the small blind."),
      el("div", { class: "choice-methods" }, choose("owes-wait", "Wait for the big blind", "wait-for-big-blind")),
    );
  }

  async send(command) {
    if (this.sending) return;
    this.sending = true;
    try {
      await postJSON("/api/seat", { token: this.token, command });
    } catch (error) {
      toast(error.message);
    } finally {
      this.sending = false;
    }
  }
}
