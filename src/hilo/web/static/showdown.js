// hilo: the pieces of a showdown document the referee page builds: cards typed in hilo's
// notation, a card button to tap, the base64url JSON a share link carries, and the ruling.

import { copyText, el, fill } from "./api.js";
import { cardName, inlineCards, rankLabel, suitIcon } from "./cards.js";

const CARD = /^(?:[2-9TJQKA][cdhs]|Jk)$/;

/** One typed card as hilo writes it ("as" -> "As", "10h" -> "Th", "jk" -> "Jk"), or null. */
function cardCode(token) {
  let text = token.trim();
  if (/^10[cdhs]$/i.test(text)) text = `T${text[2]}`;
  if (/^jk$/i.test(text)) return "Jk";
  if (text.length !== 2) return null;
  const code = text[0].toUpperCase() + text[1].toLowerCase();
  return CARD.test(code) ? code : null;
}

/** Typed cards ("As Kd, 7c") as codes; throws a sentence naming the first bad token. */
export function readCards(text) {
  const codes = [];
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const code = cardCode(token);
    if (code === null) throw new Error(`'${token}' is not a card: write a rank and a suit, such as As, Td or 7c (Jk for the joker)`);
    if (codes.includes(code)) throw new Error(`${code} is written twice`);
    codes.push(code);
  }
  return codes;
}

/** A document as base64url JSON (UTF-8), for the share link. */
export function encodeDocument(document) {
  const bytes = new TextEncoder().encode(JSON.stringify(document));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The document a share link holds; throws when it is damaged. */
export function decodeDocument(text) {
  let base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (base64.length % 4) base64 += "=";
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}

/** A card to tap (in the picker, or in a row to take it back). */
export function cardButton(code, onclick, testid, options = {}) {
  const suit = code === "Jk" ? "" : code[1];
  return el(
    "button",
    {
      type: "button",
      class: `pick${suit ? ` suit-${suit}` : " pick-joker"}${options.used ? " pick-used" : ""}`,
      "aria-label": cardName(code) + (options.remove ? ", tap to take it back" : ""),
      disabled: options.disabled,
      onclick,
      dataset: { testid, card: code },
    },
    el("span", { class: "pick-rank" }, rankLabel(code)),
    suit ? suitIcon(suit, "pick-suit") : null,
  );
}

/** The ruling in ``node``: the awards, the chips that ride, the explanation and the share
 * link; or the server's sentence on what is wrong. ``ruling``: {answer, error, shared}. */
export function showRuling(node, ruling) {
  node.hidden = !ruling.answer && !ruling.error;
  if (ruling.error) {
    fill(node, el("h2", {}, "Cannot rule yet"), el("p", { class: "referee-error", role: "alert", dataset: { testid: "referee-error" } }, ruling.error));
    return;
  }
  if (!ruling.answer) return;
  const answer = ruling.answer;
  const awards = Object.entries(answer.awards).map(([name, amount]) =>
    el("li", { class: "award", dataset: { testid: "referee-award", player: name, amount: String(amount) } }, el("strong", {}, name), el("span", { class: "award-amount" }, String(amount))),
  );
  if (!awards.length) awards.push(el("li", { class: "award" }, "Nobody wins anything."));
  const linkInput = el("input", { type: "text", readonly: true, value: ruling.shared, "aria-label": "share link", dataset: { testid: "referee-share-link" } });
  fill(
    node,
    el("h2", {}, "Ruling"),
    el("ul", { class: "award-list", dataset: { testid: "referee-awards" } }, awards),
    answer.carried ? el("p", { class: "result-rides", dataset: { testid: "referee-carried" } }, `${answer.carried} rides to the next hand.`) : null,
    el(
      "div",
      { class: "referee" },
      el("div", { class: "referee-title" }, "Why"),
      el("ol", { class: "referee-lines", dataset: { testid: "referee-explanation" } }, answer.explanation.map((line) => el("li", {}, inlineCards(line)))),
    ),
    el(
      "div",
      { class: "link-row referee-share" },
      el("span", { class: "link-label" }, "Share this ruling: the link shows it again"),
      el("div", { class: "link-line" }, linkInput, el("button", { type: "button", class: "small-button", dataset: { testid: "referee-share" }, onclick: () => copyText(ruling.shared, linkInput) }, "Copy")),
    ),
  );
}
