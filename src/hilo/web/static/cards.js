// hilo: playing cards drawn with CSS and SVG. Four-colour deck: spades black, hearts red,
// diamonds blue, clubs green, so every suit differs by colour as well as by shape.

import { el, svg } from "./api.js";

const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten",
  9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const SUIT_SYMBOLS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

const SUIT_SHAPES = {
  s: '<path d="M50 4C40 20 6 38 6 60c0 14 10 23 22 23 8 0 14-4 18-9-1 10-6 17-14 22h36c-8-5-13-12-14-22 4 5 10 9 18 9 12 0 22-9 22-23C94 38 60 20 50 4z"/>',
  h: '<path d="M50 92C22 68 4 50 4 30 4 15 15 5 28 5c10 0 18 6 22 15 4-9 12-15 22-15 13 0 24 10 24 25 0 20-18 38-46 62z"/>',
  d: '<path d="M50 3L88 50 50 97 12 50z"/>',
  c: '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="57" r="21"/><circle cx="74" cy="57" r="21"/><path d="M45 50c0 22-4 33-14 44h38C59 83 55 72 55 50z"/>',
};

/** The suit drawn as an SVG shape. */
export function suitIcon(suit, className = "suit-icon") {
  return svg(
    `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${SUIT_SHAPES[suit] || ""}</svg>`,
  );
}

/** "As" -> "ace of spades"; "Jk" -> "joker". */
export function cardName(code) {
  if (code === "Jk") return "joker";
  const rank = RANK_NAMES[code[0]] || code[0];
  return `${rank} of ${SUIT_NAMES[code[1]] || code[1]}`;
}

/** "Td" -> "10", "As" -> "A", "Jk" -> "★": how the rank is printed on the card. */
export function rankLabel(code) {
  if (code === "Jk") return "\u2605";
  return code[0] === "T" ? "10" : code[0];
}

/**
 * One face-up card. Options: size ("sm" | "md" | "lg"), private (only the viewer sees it:
 * marked as hidden from others), selected, mark (the word on a selected card, "discard" if
 * none), wild (marked wild: for this card's holder, as far as the viewer knows), onclick
 * (makes it a toggle button).
 */
export function cardFace(code, options = {}) {
  const suit = code[1];
  const label = cardName(code) + (options.wild ? ", wild" : "") + (options.private ? ", hidden from the others" : "");
  const classes = ["card", `suit-${suit}`, `card-${options.size || "md"}`];
  if (options.private) classes.push("card-private");
  if (options.selected) classes.push("card-selected");
  if (options.winning) classes.push("card-winning");
  if (options.wild) classes.push("card-wild");
  const parts = [
    el("span", { class: "card-rank", "aria-hidden": "true" }, rankLabel(code)),
    suitIcon(suit, "card-pip"),
    suitIcon(suit, "card-suit"),
  ];
  if (options.private) parts.push(el("span", { class: "card-private-mark", "aria-hidden": "true", title: "Only you can see this card" }));
  if (options.wild) parts.push(el("span", { class: "card-wild-mark", "aria-hidden": "true", title: "Wild" }));
  if (options.onclick) {
    return el(
      "button",
      {
        type: "button",
        class: classes.join(" "),
        "aria-label": label,
        "aria-pressed": options.selected ? "true" : "false",
        onclick: options.onclick,
        dataset: { card: code, testid: `card-${code}`, ...(options.mark ? { mark: options.mark } : {}) },
      },
      parts,
    );
  }
  return el("span", { class: classes.join(" "), role: "img", "aria-label": label, dataset: { card: code, ...(options.mark ? { mark: options.mark } : {}) } }, parts);
}

/** A face-down card: its back. */
export function cardBack(size = "md") {
  return el("span", { class: `card card-back card-${size}`, role: "img", "aria-label": "face-down card", dataset: { card: "back" } });
}

/** An empty place where a board card will come. */
export function cardSpace(size = "md") {
  return el("span", { class: `card card-space card-${size}`, "aria-hidden": "true" });
}

/** Card codes in text ("As Kd") as short coloured symbols, for logs and results. */
export function inlineCards(text) {
  const pieces = [];
  const pattern = /\b(?:([2-9TJQKA])([cdhs])|Jk)\b/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    const joker = match[0] === "Jk";
    pieces.push(
      el(
        "span",
        { class: `inline-card${joker ? " inline-joker" : ` suit-${match[2]}`}`, title: cardName(match[0]) },
        joker ? "\u2605" : rankLabel(match[0]) + SUIT_SYMBOLS[match[2]],
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * The cards of one seat in the order they lie: for seven-card stud the two first down
 * cards, the up cards, then the last down card; otherwise down cards then up cards.
 * Returns [{code | null, up, private, wild}], null for a card this viewer cannot see; wild
 * when the view lists the card among the seat's wild cards.
 */
export function seatCards(seat, isMine) {
  const wild = new Set(seat.wild || []);
  const down = (seat.down || []).map((code) => ({ code, up: false, private: isMine, wild: wild.has(code) }));
  const backs = Array.from({ length: seat.hidden || 0 }, () => ({ code: null, up: false, private: false }));
  const hidden = [...down, ...backs];
  const up = (seat.up || []).map((code) => ({ code, up: true, private: false, wild: wild.has(code) }));
  if (hidden.length === 3 && up.length === 4) return [hidden[0], hidden[1], ...up, hidden[2]];
  return [...hidden, ...up];
}
