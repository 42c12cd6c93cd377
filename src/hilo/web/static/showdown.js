// hilo: the pieces of a showdown document the referee page builds: cards typed in hilo's
// notation, a card button to tap, and the base64url JSON a share link carries.

import { el } from "./api.js";
import { cardName, rankLabel, suitIcon } from "./cards.js";

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
