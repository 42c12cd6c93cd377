// hilo: the player's own cards (large, at the bottom) and the buttons for what the rules
// allow now, built from the view's "legal" list: fold, check, call, bet and raise with
// sizes, bring-in, complete, draw (choose the cards to throw), turning a card up, and the
// home games' decisions from decisions.js (tap the cards to pass, throw away, turn up, or
// all of them in the order they are to turn up; take or stand; an extra card; match), and
// show or muck for a winner nobody called.

import { chips, el, fill, toast } from "./api.js";
import { cardBack, cardFace, seatCards } from "./cards.js";
import { renderDeclare, renderSealed } from "./declare.js";
import { CHOICES, DECISION_KEYS, buyButton, buyNote, choiceButton, choiceNote, chosenNow, choosingWords, mostToPick, offerButtons, offerNote } from "./decisions.js";
import { pointsWords } from "./render.js";

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

function mySeat(snapshot) {
  return (snapshot.view?.seats || []).find((seat) => seat.seat === snapshot.you) || null;
}

function legalOf(view, kind) {
  return (view?.legal || []).find((option) => option.kind === kind) || null;
}

/** The option to choose cards for (draw, pass, discard, roll, arrange), if any. */
function picking(view) {
  return (view?.legal || []).find((option) => option.kind === "draw" || option.kind === "buy" || option.kind in CHOICES) || null;
}

/** The bar of actions under the table, with the player's own cards. */
export class ActionBar {
  constructor(handRoot, actionRoot, socket) {
    this.handRoot = handRoot;
    this.actionRoot = actionRoot;
    this.socket = socket;
    this.key = null;
    this.discards = new Set();
    this.snapshot = null;
    this.sending = false;
    document.addEventListener("keydown", (event) => this.shortcut(event));
  }

  /** Redraw for a new snapshot (keeps a half-chosen amount or discard while nothing changed). */
  update(snapshot) {
    this.snapshot = snapshot;
    this.sending = false;
    const view = snapshot.view;
    const key = JSON.stringify([view?.legal, view?.phase, view?.street, view?.events?.length, snapshot.you, snapshot.decision]);
    if (key !== this.key) {
      this.key = key;
      const seat = mySeat(snapshot);
      const cards = new Set([...(seat?.down || []), ...(seat?.up || [])]);
      for (const card of [...this.discards]) if (!cards.has(card) || !picking(view)) this.discards.delete(card);
      this.drawActions();
    }
    this.drawHand();
  }

  /** Send one action for the decision on screen; every button stays disabled until the next view. */
  send(action) {
    if (this.sending) return;
    this.sending = true;
    for (const control of this.actionRoot.querySelectorAll("button, input")) control.disabled = true;
    this.key = null; // the next view draws the buttons afresh
    this.socket.act(action, this.snapshot?.decision ?? null);
  }

  /** The server refused what was sent: the buttons work again. */
  refused() {
    if (!this.sending || !this.snapshot) return;
    this.sending = false;
    this.drawActions();
  }

  drawHand() {
    const snapshot = this.snapshot;
    const seat = mySeat(snapshot);
    if (!seat || !snapshot.handStrip) {
      fill(this.handRoot);
      this.handRoot.hidden = true;
      return;
    }
    this.handRoot.hidden = false;
    const drawing = picking(snapshot.view);
    const chosen = drawing ? null : chosenNow(snapshot.view, seat.seat);
    const shown = (snapshot.view.events || []).some((event) => event.kind === "shown" && event.seat === seat.seat);
    const cards = seatCards(seat, !shown).map((card) => {
      if (!card.code) return cardBack("lg");
      const options = { size: "lg", private: card.private, wild: card.wild, selected: this.discards.has(card.code) };
      if (drawing) {
        const order = [...this.discards].indexOf(card.code) + 1; // arranging: the place it turns up in
        options.mark = drawing.kind === "arrange" ? (order ? `${order}` : null) : CHOICES[drawing.kind]?.mark || (drawing.kind === "buy" ? "replace" : "discard");
      }
      if (drawing) options.onclick = () => this.toggleDiscard(card.code, mostToPick(drawing));
      if (chosen?.cards.includes(card.code)) Object.assign(options, { selected: true, mark: chosen.mark(card.code) });
      return cardFace(card.code, options);
    });
    const points = pointsWords(seat);
    const note = drawing
      ? drawing.kind in CHOICES
        ? choiceNote(snapshot.view, drawing, this.discards.size)
        : drawing.kind === "buy"
          ? buyNote(drawing)
          : "Tap the cards to throw away, then draw."
      : seat.folded
        ? "You folded."
        : cards.some((card) => card.classList.contains("card-private"))
          ? "Marked cards are hidden from the others."
          : "";
    fill(
      this.handRoot,
      el("div", { class: `hand-cards${drawing ? " hand-cards-drawing" : ""}`, dataset: { testid: "my-cards" } }, cards),
      note ? el("div", { class: "hand-note", dataset: { testid: "hand-note" } }, note) : null,
      points ? el("div", { class: "hand-note", dataset: { testid: "my-points" } }, `Your total: ${points}`) : null,
    );
  }

  toggleDiscard(code, most) {
    if (this.discards.has(code)) this.discards.delete(code);
    else if (this.discards.size >= most) {
      toast(`You may choose at most ${most} card${most === 1 ? "" : "s"}`);
      return;
    } else this.discards.add(code);
    this.drawHand();
    this.drawActions();
  }

  drawActions() {
    const snapshot = this.snapshot;
    const view = snapshot.view;
    const legal = view?.legal || [];
    const root = this.actionRoot;
    if (snapshot.role === "seat" && legalOf(view, "show")) {
      root.hidden = false;
      this.drawShowOrMuck(root, snapshot);
      return;
    }
    if (snapshot.role !== "seat" || view?.phase === "complete") {
      fill(root);
      root.hidden = true;
      return;
    }
    root.hidden = false;
    const me = mySeat(snapshot);
    if (!legal.length && view?.phase === "declaring" && me?.declared && snapshot.table?.rules?.declare !== "in-turn") {
      renderSealed(root, snapshot, namesToAct(view));
      return;
    }
    if (!legal.length) {
      fill(root, el("div", { class: "actions-waiting", dataset: { testid: "actions-waiting" } }, waitingWords(snapshot)));
      return;
    }
    if (legalOf(view, "declare")) {
      renderDeclare(root, snapshot, (direction) => this.send({ kind: "declare", direction }));
      return;
    }
    const buttons = [];
    const sizers = [];
    if (legalOf(view, "fold")) buttons.push(button("fold", "Fold", () => this.send({ kind: "fold" }), "F"));
    if (legalOf(view, "check")) buttons.push(button("check", "Check", () => this.send({ kind: "check" }), "C"));
    const call = legalOf(view, "call");
    if (call) buttons.push(button("call", `Call ${chips(call.min)}`, () => this.send({ kind: "call" }), "C"));
    const bringIn = legalOf(view, "bring-in");
    if (bringIn) buttons.push(button("bring-in", `Bring in ${chips(bringIn.min)}`, () => this.send({ kind: "bring-in" }), "C"));
    for (const kind of ["complete", "bet", "raise"]) {
      const option = legalOf(view, kind);
      if (!option) continue;
      const words = { complete: "Complete to", bet: "Bet", raise: "Raise to" }[kind];
      if (option.min === option.max) {
        buttons.push(button(kind, `${words} ${chips(option.min)}`, () => this.send({ kind, amount: option.min }), "R", "primary"));
      } else {
        const sizer = amountSizer(snapshot, option, words, (amount) => this.send({ kind, amount }));
        sizers.push(sizer.controls);
        buttons.push(sizer.confirm);
      }
    }
    const drawing = legalOf(view, "draw");
    if (drawing) {
      const count = this.discards.size;
      buttons.push(button("stand-pat", "Stand pat", () => this.send({ kind: "draw", cards: "" }), "P"));
      const draw = button("draw", count ? `Draw ${count}` : "Draw", () => this.send({ kind: "draw", cards: [...this.discards].join(" ") }), "D", "primary");
      draw.disabled = count === 0;
      buttons.push(draw);
    }
    const choice = (view?.legal || []).find((option) => option.kind in CHOICES);
    if (choice) buttons.push(choiceButton(choice, this.discards.size, () => this.send({ kind: choice.kind, cards: [...this.discards].join(" ") }), button));
    const buying = legalOf(view, "buy");
    if (buying) buttons.push(buyButton(buying, [...this.discards], (action) => this.send(action), button));
    const offers = offerButtons(view, (action) => this.send(action), button);
    buttons.push(...offers);
    if (legalOf(view, "turn-up")) {
      buttons.push(button("keep-down", "Keep hole card down", () => this.send({ kind: "keep-down" })));
      buttons.push(button("turn-up", "Turn hole card up", () => this.send({ kind: "turn-up" }), null, "primary"));
    }
    fill(
      root,
      el("div", { class: "actions-turn", role: "status" }, "Your turn", el("span", { class: "actions-street" }, ` · ${view.street}`)),
      offers.length && offerNote(view) ? el("div", { class: "actions-note", dataset: { testid: "offer-note" } }, offerNote(view)) : null,
      legalOf(view, "turn-up") ? el("div", { class: "actions-note", dataset: { testid: "turn-up-note" } }, TURN_UP_NOTE) : null,
      sizers,
      el("div", { class: "action-buttons" }, buttons),
    );
  }

  /** Everybody else folded: the pot is ours, and the cards are shown only if we say so. */
  drawShowOrMuck(root, snapshot) {
    const won = snapshot.table?.showing?.amount;
    fill(
      root,
      el("div", { class: "actions-turn", role: "status" }, won ? `You win ${chips(won)} uncalled` : "You win uncalled"),
      el("div", { class: "actions-note", dataset: { testid: "show-note" } }, "Nobody called: show your cards to everybody, or muck them unseen."),
      el(
        "div",
        { class: "action-buttons" },
        button("muck", "Muck", () => this.send({ kind: "muck" }), "M"),
        button("show", "Show", () => this.send({ kind: "show" }), "S", "primary"),
      ),
    );
  }

  shortcut(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || TYPING.has(event.target?.tagName)) return;
    if (document.querySelector(".modal:not([hidden])")) return;
    const keys = { ...DECISION_KEYS, f: ["fold"], c: ["check", "call", "bring-in"], r: ["raise", "bet", "complete"], d: ["draw", "pass", "discard", "roll", "arrange"], p: ["stand-pat"], h: ["declare-high"], l: ["declare-low"], b: ["declare-both", "buy"], s: [...DECISION_KEYS.s, "show"], m: [...DECISION_KEYS.m, "muck"] };
    const wanted = keys[event.key.toLowerCase()];
    if (!wanted) return;
    for (const name of wanted) {
      const target = this.actionRoot.querySelector(`[data-testid="${name.startsWith("declare") ? name : `action-${name}`}"]`);
      if (target && !target.disabled) {
        event.preventDefault();
        target.click();
        return;
      }
    }
  }
}

/** Five-card stud's turn-up choice, in one sentence. */
const TURN_UP_NOTE =
  "Turn your hole card face up now and your last card comes face down instead: everyone sees four of your cards either way, you choose which stays hidden.";

function waitingWords(snapshot) {
  const view = snapshot.view;
  if (!view) return snapshot.table?.status === "ended" ? "The session is over." : "Waiting for the next hand.";
  if (view.phase === "complete") return "Hand over.";
  const me = mySeat(snapshot);
  if (!me) return "You are not in this hand.";
  if (me.folded) return "You folded this hand.";
  const names = namesToAct(view);
  const choosing = choosingWords(view, names);
  if (choosing) return choosing;
  return names.length ? `Waiting for ${names.join(", ")}…` : "Waiting…";
}

function namesToAct(view) {
  return (view.to_act || []).map((seat) => view.seats.find((item) => item.seat === seat)?.name || `seat ${seat + 1}`);
}

function button(kind, words, onclick, key = null, style = "") {
  return el(
    "button",
    { type: "button", class: `action action-${kind}${style ? ` action-${style}` : ""}`, onclick, title: key ? `shortcut: ${key}` : null, dataset: { testid: `action-${kind}` } },
    words,
  );
}

/** Chips in the middle and in front of the players, and what this seat must call. */
function potFacts(snapshot) {
  const seats = snapshot.view.seats || [];
  const bets = seats.map((seat) => seat.bet || 0);
  const current = Math.max(0, ...bets);
  const mine = mySeat(snapshot)?.bet || 0;
  const pot = (snapshot.view.pots || []).reduce((sum, amount) => sum + amount, 0) + bets.reduce((sum, bet) => sum + bet, 0);
  return { current, toCall: current - mine, pot };
}

function amountSizer(snapshot, option, words, send) {
  const { current, toCall, pot } = potFacts(snapshot);
  const clamp = (amount) => Math.max(option.min, Math.min(option.max, Math.round(amount)));
  const sized = (fraction) => clamp(current + fraction * (pot + toCall));
  let amount = option.min;
  const slider = el("input", { type: "range", min: option.min, max: option.max, step: 1, value: amount, "aria-label": "amount", dataset: { testid: "amount-slider" } });
  const number = el("input", { type: "number", min: option.min, max: option.max, step: 1, value: amount, inputmode: "numeric", "aria-label": "amount in chips", dataset: { testid: "amount-input" } });
  const confirm = el("button", { type: "button", class: `action action-${option.kind} action-primary`, title: "shortcut: R", dataset: { testid: `action-${option.kind}` } });
  const set = (value) => {
    amount = clamp(value);
    slider.value = String(amount);
    number.value = String(amount);
    confirm.textContent = `${words} ${chips(amount)}`;
  };
  slider.addEventListener("input", () => set(Number(slider.value)));
  number.addEventListener("change", () => set(Number(number.value) || option.min));
  number.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      set(Number(number.value) || option.min);
      send(amount);
    }
  });
  confirm.addEventListener("click", () => send(amount));
  const presets = [
    ["Min", option.min],
    ["½ pot", sized(0.5)],
    ["Pot", sized(1)],
    ["Max", option.max],
  ].map(([label, value]) => el("button", { type: "button", class: "preset", onclick: () => set(value), dataset: { testid: `preset-${label === "½ pot" ? "half" : label.toLowerCase()}` } }, label));
  set(option.min);
  return { controls: el("div", { class: "sizer" }, el("div", { class: "sizer-presets" }, presets), el("div", { class: "sizer-inputs" }, slider, number)), confirm };
}
