// hilo: the home games' decisions at the browser table. Secret choices of cards (pass,
// throw away, turn up, arrange: tap the cards, then one button sends them), the offers
// answered in turn (7/27's take or stand, Baseball's extra card for a four and a three's
// match or fold, buying a card for one tapped), and what to say while the others choose in
// secret.

import { chips } from "./api.js";

/** The secret choices of cards, by the option's kind. */
export const CHOICES = {
  pass: { verb: "Pass", mark: "pass", waiting: "pass" },
  discard: { verb: "Throw away", mark: "discard", waiting: "throw away" },
  roll: { verb: "Turn up", mark: "turn up", waiting: "turn a card up" },
  arrange: { verb: "Arrange", mark: null, waiting: "arrange their cards" },
};

/** The phases in which every player still in chooses at once and in secret. */
const CHOOSING = { passing: "pass", discarding: "discard", rolling: "roll", arranging: "arrange" };

function cardsWord(count) {
  return `${count} card${count === 1 ? "" : "s"}`;
}

/** What to tap, in words: "Pick 3 cards to pass left (1 picked)". */
export function choiceNote(view, option, picked) {
  const count = option.min;
  const sofar = picked ? ` (${picked} picked)` : "";
  switch (option.kind) {
    case "pass":
      return `Pick ${cardsWord(count)} to pass${view.pass_to ? ` ${view.pass_to}` : ""}${sofar}. You see what you get once everyone has passed.`;
    case "discard":
      return `Pick ${cardsWord(count)} to throw away${sofar}.`;
    case "roll":
      return `Pick ${count === 1 ? "the face-down card" : `${count} face-down cards`} to turn up${sofar}; everyone's turn over together.`;
    case "arrange":
      return `Tap all ${cardsWord(count)} in the order they are to turn up, first card first${sofar}.`;
    default:
      return "";
  }
}

/** The button that sends the chosen cards: "Pass 3 of 3", enabled once enough are tapped. */
export function choiceButton(option, picked, send, button) {
  const words = `${CHOICES[option.kind].verb} ${picked || option.min} of ${option.min}`;
  const chosen = button(option.kind, words, send, "D", "primary");
  chosen.disabled = picked !== option.min;
  return chosen;
}

/** The most cards a player may tap for an option: one to replace when buying. */
export function mostToPick(option) {
  return option.kind === "buy" ? 1 : option.max;
}

/** What to tap to buy a card, in words. */
export function buyNote(option) {
  return `You may replace one of your cards${option.min ? ` for ${chips(option.min)}` : ""}: tap it, then buy.`;
}

/** The button that buys a card for the one tapped, enabled once one is. */
export function buyButton(option, picked, send, button) {
  const words = `Buy a card${option.min ? ` for ${chips(option.min)}` : ""}`;
  const buy = button("buy", words, () => send({ kind: "buy", cards: picked.join(" ") }), "B", "primary");
  buy.disabled = picked.length !== 1;
  return buy;
}

/** A line saying what an offer is about, for the phase it is made in. */
export function offerNote(view) {
  switch (view.phase) {
    case "taking":
      return "Take one more face-up card, or stand.";
    case "extra-card":
      return "You were dealt a four face up: you may take one extra card.";
    case "matching":
      return "You were dealt a three face up: match the pot, or fold.";
    default:
      return "";
  }
}

/** The buttons for the offers the legal list holds (none when it holds none). */
export function offerButtons(view, send, button) {
  const legal = new Map((view.legal || []).map((option) => [option.kind, option]));
  const buttons = [];
  if (legal.has("stand")) buttons.push(button("stand", "Stand", () => send({ kind: "stand" }), "S"));
  if (legal.has("take")) buttons.push(button("take", "Take a card", () => send({ kind: "take" }), "T", "primary"));
  const decline = legal.get("decline");
  const declined = { matching: "Leave it a plain three", buying: "Keep my cards" }[view.phase] || "No extra card";
  if (decline) buttons.push(button("decline", declined, () => send({ kind: "decline" }), "N"));
  const extra = legal.get("extra");
  if (extra) buttons.push(button("extra", extra.min ? `Buy the extra card for ${chips(extra.min)}` : "Take the extra card", () => send({ kind: "extra" }), "X", "primary"));
  const match = legal.get("match");
  if (match) buttons.push(button("match", `Match ${chips(match.min)}`, () => send({ kind: "match" }), "M", "primary"));
  return buttons;
}

/** While the others choose in secret and this seat has chosen: say so, naming who is left. */
export function choosingWords(view, names) {
  const kind = CHOOSING[view.phase];
  if (!kind) return "";
  const who = names.length ? names.join(", ") : "the others";
  return `You have chosen. Waiting for ${who} to ${CHOICES[kind].waiting}…`;
}

/** The cards this seat has chosen while the others still choose: {cards, mark} or null. */
export function chosenNow(view, seat) {
  if (!(view?.phase in CHOOSING) || (view.to_act || []).includes(seat)) return null;
  const chose = [...(view.events || [])].reverse().find((event) => event.kind === "chose" && event.seat === seat);
  if (!chose?.cards) return null;
  const cards = chose.cards.split(" ");
  return { cards, mark: (code) => (chose.action === "arrange" ? `${cards.indexOf(code) + 1}` : CHOICES[chose.action]?.mark || null) };
}

/** Keyboard shortcuts for these decisions: key -> button kinds, first enabled one wins. */
export const DECISION_KEYS = { t: ["take"], s: ["stand"], x: ["extra"], n: ["decline"], m: ["match"] };
