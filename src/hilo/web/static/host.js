// hilo: the host's controls (links to hand out, requests to sit down, start, pause, end,
// bots, removing a player, a new link for a player, adjusting stacks and add-ons) and a
// seated player's own controls (sit out, rebuy, leave).

import { absolute, chips, copyText, el, fill, getJSON, postJSON, storeSeat, storedHostLinks, toast } from "./api.js";
import { says } from "./grammar.js";

function linkRow(label, path, testid) {
  const input = el("input", { type: "text", readonly: true, value: absolute(path), class: "link-input", "aria-label": label, dataset: { testid: `${testid}-link` } });
  return el(
    "div",
    { class: "link-row" },
    el("label", { class: "link-label" }, label),
    el("div", { class: "link-line" }, input, el("button", { type: "button", class: "small-button", onclick: () => copyText(input.value, input), dataset: { testid: `copy-${testid}` } }, "Copy")),
  );
}

/** The host's panel on /host/{token}. */
const JOINING_WORDS = { wait: "A player sitting down or back in waits for the big blind.", post: "A player sitting down or back in posts a big blind to play now, or waits for it." };

/** The table's straddle and way of joining, in a line (nothing at a table without them). */
function blindsNote(table) {
  const words = [table.straddle ? "The player left of the big blind may straddle." : "", JOINING_WORDS[table.joining] || ""].filter(Boolean);
  return words.length ? el("p", { class: "panel-note", dataset: { testid: "host-blinds" } }, words.join(" ")) : null;
}

export class HostPanel {
  constructor(root, token) {
    this.root = root;
    this.token = token;
    this.links = storedHostLinks(token);
    this.bots = ["random", "calling", "solid"];
    this.key = null;
    this.snapshot = null;
    this.newLinks = new Map();
    this.loadExtras();
  }

  async loadExtras() {
    try {
      const options = await getJSON("/api/options");
      if (Array.isArray(options.bots) && options.bots.length) this.bots = options.bots;
    } catch {
      // the default bot kinds stay
    }
    if (!this.links?.invite) {
      try {
        const lobby = await getJSON(`/api/lobby?token=${encodeURIComponent(this.token)}`);
        if (lobby.links?.invite) this.links = { invite: lobby.links.invite, spectator: lobby.links.spectator };
        else if (lobby.invite) this.links = { invite: `/join/${lobby.invite}`, spectator: `/watch/${lobby.spectator}` };
      } catch {
        // shown below as missing links
      }
    }
    this.key = null;
    if (this.snapshot) this.update(this.snapshot);
  }

  /** Send a host command; the server's answer, or null (the error is shown) if refused. */
  async command(command, extra = {}) {
    try {
      return await postJSON("/api/host", { host: this.token, command, ...extra });
    } catch (error) {
      toast(error.message);
      return null;
    }
  }

  /** Redraw when the table's seats, status or requests to sit down changed. */
  update(snapshot) {
    this.snapshot = snapshot;
    const table = snapshot.table || {};
    const requests = snapshot.requests || [];
    const key = JSON.stringify([table.status, (table.seats || []).map((seat) => seat && [seat.name, seat.bot]), this.links, this.bots, requests, [...this.newLinks]]);
    if (key === this.key) return;
    this.key = key;
    const status = table.status || "waiting";
    const seats = table.seats || [];
    const empty = seats.map((seat, number) => (seat ? null : number)).filter((number) => number !== null);
    const seated = seats.map((seat, number) => (seat ? { ...seat, number } : null)).filter(Boolean);
    const controls = [];
    if (status === "waiting") controls.push(this.button("Start dealing", "start", "host-start", "primary"));
    if (status === "playing") controls.push(this.button("Pause after this hand", "pause", "host-pause"));
    if (status === "paused") controls.push(this.button("Resume", "resume", "host-resume", "primary"));
    if (status !== "ended") {
      const end = el("button", { type: "button", class: "small-button danger", dataset: { testid: "host-end" } }, "End session");
      end.addEventListener("click", () => {
        if (confirm("End the session after the hand in play? The table becomes read-only.")) this.command("end");
      });
      controls.push(end);
    }
    if (this.links?.invite) {
      controls.push(el("a", { class: "small-button", href: this.links.invite, dataset: { testid: "host-take-seat" } }, "Take a seat"));
    }
    const seatChoice = el("select", { "aria-label": "seat for the bot", dataset: { testid: "bot-seat" } }, empty.map((number) => el("option", { value: number }, `Seat ${number + 1}`)));
    const kindChoice = el("select", { "aria-label": "kind of bot", dataset: { testid: "bot-kind" } }, this.bots.map((kind) => el("option", { value: kind }, kind)));
    const buyIn = el("input", { type: "number", min: 1, placeholder: "buy-in", "aria-label": "bot buy-in", class: "short-input", dataset: { testid: "bot-buy-in" } });
    const addBot = el("button", { type: "button", class: "small-button", dataset: { testid: "host-add-bot" } }, "Add bot");
    addBot.addEventListener("click", async () => {
      const extra = { seat: Number(seatChoice.value), bot: kindChoice.value };
      if (buyIn.value) extra.buy_in = Number(buyIn.value);
      if (await this.command("add-bot", extra)) toast(`A ${extra.bot} bot sits at seat ${extra.seat + 1}`, "info");
    });
    fill(
      this.root,
      el("div", { class: "panel-block" }, el("h3", {}, "Links to hand out"), this.links?.invite ? [linkRow("Players join with", this.links.invite, "invite"), linkRow("Spectators watch with", this.links.spectator, "spectator")] : el("p", { class: "panel-note" }, "The invitation link is shown on the browser that created the table.")),
      el("div", { class: "panel-block" }, el("h3", {}, "Table"), el("p", { class: "panel-note", dataset: { testid: "host-status" } }, `Status: ${status}`), blindsNote(table), el("div", { class: "button-row" }, controls)),
      requests.length ? this.requestList(requests) : null,
      status !== "ended" && empty.length ? el("div", { class: "panel-block" }, el("h3", {}, "Add a bot"), el("div", { class: "button-row" }, seatChoice, kindChoice, buyIn, addBot)) : null,
      seated.length ? this.stackControls(seated) : null,
      seated.length
        ? el(
            "div",
            { class: "panel-block" },
            el("h3", {}, "Players"),
            el(
              "ul",
              { class: "player-list" },
              seated.map((seat) => [
                el(
                  "li",
                  {},
                  el("span", {}, `${seat.number + 1}. ${seat.name}${seat.bot ? " (bot)" : ""} · ${chips(seat.stack)}`),
                  el("span", { class: "button-row" }, seat.bot ? null : this.newLinkButton(seat), status === "ended" ? null : this.removeButton(seat)),
                ),
                this.newLinks.get(seat.number)?.name === seat.name
                  ? el("li", { class: "player-new-link" }, linkRow(`New link for ${seat.name}: hand it to them (the old one no longer works)`, this.newLinks.get(seat.number).link, `new-link-${seat.number}`))
                  : null,
              ]),
            ),
          )
        : null,
    );
  }

  /** Adjust a player's stack (up or down, with a reason) or give an add-on; both go in the ledger. */
  stackControls(seated) {
    const seatChoice = (testid) => el("select", { "aria-label": "player", dataset: { testid } }, seated.map((seat) => el("option", { value: seat.number }, `${seat.number + 1}. ${seat.name}`)));
    const adjustSeat = seatChoice("adjust-seat");
    const adjustChips = el("input", { type: "number", step: 1, placeholder: "+/- chips", class: "short-input", "aria-label": "chips to add or take away", dataset: { testid: "adjust-chips" } });
    const reason = el("input", { type: "text", maxlength: 80, placeholder: "reason", "aria-label": "reason for the adjustment", dataset: { testid: "adjust-reason" } });
    const adjust = el("button", { type: "button", class: "small-button", dataset: { testid: "host-adjust" } }, "Adjust stack");
    adjust.addEventListener("click", async () => {
      const amount = Number(adjustChips.value);
      if (!Number.isInteger(amount) || !amount) {
        toast("Write how many chips to add (or, with a minus, take away)");
        return;
      }
      if (await this.command("adjust", { seat: Number(adjustSeat.value), chips: amount, reason: reason.value })) {
        toast(`Stack adjusted by ${amount > 0 ? "+" : ""}${amount}`, "info");
        adjustChips.value = "";
        reason.value = "";
      }
    });
    const addOnSeat = seatChoice("add-on-seat");
    const addOnChips = el("input", { type: "number", min: 1, placeholder: "chips", class: "short-input", "aria-label": "add-on chips", dataset: { testid: "add-on-chips" } });
    const addOn = el("button", { type: "button", class: "small-button", dataset: { testid: "host-add-on" } }, "Give add-on");
    addOn.addEventListener("click", async () => {
      const amount = Number(addOnChips.value);
      if (await this.command("add-on", { seat: Number(addOnSeat.value), chips: amount })) {
        toast(`An add-on of ${amount} chips`, "info");
        addOnChips.value = "";
      }
    });
    return el(
      "div",
      { class: "panel-block", dataset: { testid: "host-stacks" } },
      el("h3", {}, "Stacks"),
      el("p", { class: "panel-note" }, "Between hands: correct a stack (kept in the ledger with the reason), or give an add-on (chips bought, like a rebuy)."),
      el("div", { class: "button-row" }, adjustSeat, adjustChips, reason, adjust),
      el("div", { class: "button-row" }, addOnSeat, addOnChips, addOn),
    );
  }

  button(words, command, testid, style = "") {
    const button = el("button", { type: "button", class: `small-button ${style}`, dataset: { testid } }, words);
    button.addEventListener("click", () => this.command(command));
    return button;
  }

  /** The requests to sit down, each with Approve and Deny. */
  requestList(requests) {
    return el(
      "div",
      { class: "panel-block", dataset: { testid: "host-requests" } },
      el("h3", {}, "Asking to sit down"),
      el(
        "ul",
        { class: "player-list" },
        requests.map((request, index) => {
          const approve = el("button", { type: "button", class: "small-button primary", dataset: { testid: `host-approve-${index}` } }, "Approve");
          approve.addEventListener("click", async () => {
            if (await this.command("approve", { request: request.request })) toast(`${says(request.name, "sits")} at seat ${request.seat + 1}`, "info");
          });
          const deny = el("button", { type: "button", class: "small-button danger", dataset: { testid: `host-deny-${index}` } }, "Deny");
          deny.addEventListener("click", () => this.command("deny", { request: request.request }));
          return el(
            "li",
            { dataset: { testid: `host-request-${index}` } },
            el("span", {}, `${says(request.name, "asks")} for seat ${request.seat + 1} with ${chips(request.buy_in)} chips`),
            el("span", { class: "button-row" }, approve, deny),
          );
        }),
      ),
    );
  }

  newLinkButton(seat) {
    const button = el("button", { type: "button", class: "small-button", dataset: { testid: `host-new-link-${seat.number}` } }, "New link");
    button.addEventListener("click", async () => {
      if (!confirm(`Give ${seat.name} a new link? The old one stops working at once; ${seat.name} keeps the seat and the chips.`)) return;
      const answer = await this.command("new-link", { seat: seat.number });
      if (answer?.link) {
        this.newLinks.set(seat.number, { name: seat.name, link: answer.link });
        this.key = null;
        this.update(this.snapshot);
      }
    });
    return button;
  }

  removeButton(seat) {
    const button = el("button", { type: "button", class: "small-button danger", dataset: { testid: `host-remove-${seat.number}` } }, "Remove");
    button.addEventListener("click", () => {
      if (confirm(`Remove ${seat.name} from seat ${seat.number + 1}?`)) this.command("remove", { seat: seat.number });
    });
    return button;
  }
}

/** A seated player's own panel on /play/{token}. */
export class SeatPanel {
  constructor(root, token) {
    this.root = root;
    this.token = token;
    this.key = null;
  }

  async command(command, extra = {}) {
    try {
      await postJSON("/api/seat", { token: this.token, command, ...extra });
      return true;
    } catch (error) {
      toast(error.message);
      return false;
    }
  }

  update(snapshot) {
    const me = snapshot.table?.seats?.[snapshot.you] || null;
    const key = JSON.stringify([me?.sitting_out, Boolean(me), snapshot.table?.status]);
    if (key === this.key) return;
    this.key = key;
    if (!me) {
      fill(this.root, el("p", { class: "panel-note" }, "You have no seat at this table now."));
      return;
    }
    const sit = me.sitting_out
      ? el("button", { type: "button", class: "small-button primary", onclick: () => this.command("sit-in"), dataset: { testid: "seat-sit-in" } }, "Sit in")
      : el("button", { type: "button", class: "small-button", onclick: () => this.command("sit-out"), dataset: { testid: "seat-sit-out" } }, "Sit out");
    const amount = el("input", { type: "number", min: 1, placeholder: "chips", class: "short-input", "aria-label": "chips to add", dataset: { testid: "rebuy-chips" } });
    const rebuy = el("button", { type: "button", class: "small-button", dataset: { testid: "seat-rebuy" } }, "Rebuy");
    rebuy.addEventListener("click", async () => {
      const chipsWanted = Number(amount.value);
      if (!chipsWanted) {
        toast("Write how many chips to add");
        return;
      }
      if (await this.command("rebuy", { chips: chipsWanted })) toast(`${chipsWanted} chips added`, "info");
    });
    const leave = el("button", { type: "button", class: "small-button danger", dataset: { testid: "seat-leave" } }, "Leave the table");
    leave.addEventListener("click", async () => {
      if (!confirm("Leave the table and take your chips?")) return;
      if (await this.command("leave")) {
        if (snapshot.table?.id) storeSeat(snapshot.table.id, null);
        toast("You left the table", "info");
      }
    });
    fill(
      this.root,
      el("div", { class: "panel-block" }, el("h3", {}, "Your seat"), el("div", { class: "button-row" }, sit, leave)),
      el("div", { class: "panel-block" }, el("h3", {}, "Rebuy"), el("div", { class: "button-row" }, amount, rebuy)),
    );
  }
}
