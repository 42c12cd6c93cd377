// hilo: draws the table (an oval with the seats around it, the board, the pots, bets,
// the button and the clock) from one view message. The same drawing serves the live
// table and the replay of a finished hand.

import { chips, el, fill, svg } from "./api.js";
import { cardBack, cardFace, cardSpace, seatCards } from "./cards.js";

const DIRECTION_WORDS = { high: "High", low: "Low", both: "Both" };
const CHIPS_IN_FIST = { low: 0, high: 1, both: 2 };

const FIST = `<svg class="fist-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
<g fill="#e8b08a" stroke="#7a4a2c" stroke-width="2" stroke-linejoin="round">
<rect x="9" y="24" width="46" height="32" rx="13"/>
<rect x="12" y="13" width="11" height="22" rx="5.5"/><rect x="23" y="10" width="11" height="24" rx="5.5"/>
<rect x="34" y="11" width="11" height="23" rx="5.5"/><rect x="45" y="15" width="9" height="20" rx="4.5"/>
<path d="M9 42c6-9 15-11 25-8" fill="none"/></g></svg>`;

/** A poker chip drawn in SVG. */
export function chipIcon(className = "chip-icon") {
  return svg(`<svg class="${className}" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
<circle cx="20" cy="20" r="18" fill="#c62f3a"/><circle cx="20" cy="20" r="18" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="6 8.1"/>
<circle cx="20" cy="20" r="10" fill="#fff" opacity=".9"/><circle cx="20" cy="20" r="7" fill="#c62f3a"/></svg>`);
}

/** A closed fist: a declaration made but not shown. */
export function fistIcon() {
  return svg(FIST);
}

/** The word for a direction in this game: its side's name (Chicago's "Spade", 7/27's "27"). */
export function directionWord(direction, sides) {
  const name = { high: sides?.[0], low: sides?.[1] }[direction];
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : DIRECTION_WORDS[direction] || direction;
}

/** The chips a declaration means (none = low, one = high, two = both) and its word. */
export function declarationBadge(direction, options = {}) {
  const count = CHIPS_IN_FIST[direction] ?? 0;
  const icons = Array.from({ length: count }, () => chipIcon());
  return el(
    "span",
    {
      class: `declaration declaration-${direction}${options.animate ? " declaration-flip" : ""}`,
      dataset: { testid: options.testid || "declaration", direction },
      "aria-label": `declared ${direction === "both" ? "both ways" : direction}`,
    },
    el("span", { class: "declaration-chips" }, icons.length ? icons : el("span", { class: "no-chip" }, "no chip")),
    el("span", { class: "declaration-word" }, directionWord(direction, options.sides)),
  );
}

/** Whether the declarations of this hand are public (revealed, or made aloud in turn). */
export function declarationsPublic(snapshot) {
  const view = snapshot.view;
  if (!view) return false;
  if ((view.events || []).some((event) => event.kind === "revealed")) return true;
  return snapshot.table?.rules?.declare === "in-turn";
}

/** Chips each seat won this hand, from the "awarded" events. */
export function winnings(view) {
  const won = new Map();
  for (const event of view?.events || []) {
    if (event.kind === "awarded" && event.seat !== undefined && event.seat !== null) {
      won.set(event.seat, (won.get(event.seat) || 0) + (event.amount || 0));
    }
  }
  return won;
}

function seatCount(snapshot) {
  const fromTable = snapshot.table?.seats?.length || 0;
  const fromView = Math.max(-1, ...(snapshot.view?.seats || []).map((seat) => seat.seat)) + 1;
  return Math.max(fromTable, fromView, snapshot.seatCount || 0, 2);
}

function place(index, anchor, count, radiusX, radiusY) {
  const step = (2 * Math.PI) / count;
  const angle = Math.PI / 2 + ((index - anchor + count) % count) * step;
  return { left: 50 + radiusX * Math.cos(angle), top: 50 + radiusY * Math.sin(angle) };
}

function positionStyle(point) {
  return `left:${point.left.toFixed(2)}%;top:${point.top.toFixed(2)}%`;
}

/** A seat's clock: filled bar while the action time runs, a different colour in the bank. */
function clockFor(snapshot, seatNumber) {
  const clock = snapshot.table?.clock;
  const waiting = clock?.waiting?.[String(seatNumber)];
  if (waiting === undefined || waiting === null || snapshot.replay) return null;
  // showing or mucking runs on the action clock alone
  const bank = snapshot.table?.showing?.seat === seatNumber ? 0 : Number(clock.banks?.[String(seatNumber)] ?? clock.bank ?? 0);
  const deadline = (snapshot.receivedAt || Date.now()) + Number(waiting) * 1000;
  return el(
    "div",
    {
      class: "seat-clock",
      role: "timer",
      "aria-label": "time left to act",
      dataset: { deadline: String(deadline), bank: String(bank), action: String(clock.action || 30), testid: `clock-${seatNumber}` },
    },
    el("span", { class: "clock-track" }, el("span", { class: "clock-fill" })),
    el("span", { class: "clock-text" }),
  );
}

/** Update every running clock on the page (called a few times a second). */
export function tickClocks() {
  const now = Date.now();
  for (const clock of document.querySelectorAll(".seat-clock[data-deadline]")) {
    const left = Math.max(0, (Number(clock.dataset.deadline) - now) / 1000);
    const bank = Number(clock.dataset.bank) || 0;
    const action = Number(clock.dataset.action) || 30;
    const inBank = left <= bank && bank > 0;
    const fraction = inBank ? left / bank : Math.min(1, (left - bank) / action);
    clock.classList.toggle("clock-bank", inBank);
    clock.classList.toggle("clock-low", !inBank && left - bank < 8);
    clock.querySelector(".clock-fill").style.width = `${(Math.max(0, fraction) * 100).toFixed(1)}%`;
    const seconds = Math.ceil(inBank ? left : left - bank);
    clock.querySelector(".clock-text").textContent = inBank ? `bank ${seconds}s` : `${seconds}s`;
  }
}

function declareMark(snapshot, seat, isPublic, animate) {
  if (!seat || (!seat.declared && !seat.declaration)) return null;
  const mine = seat.seat === snapshot.you;
  if (seat.declaration && (isPublic || !mine)) {
    return declarationBadge(seat.declaration, { animate, testid: `declaration-${seat.seat}`, sides: snapshot.view?.sides });
  }
  const label = mine && seat.declaration ? `your choice, ${seat.declaration}, in your closed fist` : "has declared, choice hidden";
  return el(
    "span",
    { class: `fist${snapshot.newlyDeclared?.has(seat.seat) ? " fist-new" : ""}`, dataset: { testid: `fist-${seat.seat}` }, role: "img", "aria-label": label, title: label },
    fistIcon(),
    mine && seat.declaration ? el("span", { class: "fist-peek" }, directionWord(seat.declaration, snapshot.view?.sides)) : null,
  );
}

function seatCardsRow(snapshot, seat, size) {
  const mine = seat.seat === snapshot.you;
  const shown = (snapshot.view?.events || []).some((event) => event.kind === "shown" && event.seat === seat.seat);
  return el(
    "div",
    { class: "seat-cards" },
    seatCards(seat, mine && !shown).map((card) =>
      card.code ? cardFace(card.code, { size, private: card.private, wild: card.wild }) : cardBack(size),
    ),
  );
}

function seatElement(snapshot, number, point, facts) {
  const player = snapshot.table?.seats?.[number] || null;
  const inHand = facts.inHand.get(number) || null;
  const mine = number === snapshot.you;
  if (!player && !inHand) {
    return el(
      "div",
      { class: "seat seat-empty", style: positionStyle(point), dataset: { testid: `seat-${number}`, seat: String(number) } },
      el("span", { class: "seat-empty-label" }, `Seat ${number + 1}`),
    );
  }
  const name = inHand?.name || player?.name || `Seat ${number + 1}`;
  const stack = inHand ? inHand.stack : player?.stack ?? 0;
  const classes = ["seat"];
  if (mine) classes.push("seat-mine");
  if (facts.toAct.has(number)) classes.push("seat-to-act");
  if (inHand?.folded) classes.push("seat-folded");
  if (facts.won.has(number)) classes.push("seat-winner");
  if (player?.sitting_out) classes.push("seat-sitting-out");
  if (player && player.connected === false && !player.bot) classes.push("seat-away");
  const status = [];
  if (facts.won.has(number)) status.push(el("span", { class: "seat-won", dataset: { testid: `won-${number}` } }, `+${chips(facts.won.get(number))}`));
  if (inHand?.folded) status.push(el("span", { class: "seat-tag" }, "folded"));
  if (inHand?.all_in && snapshot.view?.phase !== "complete") status.push(el("span", { class: "seat-tag seat-tag-strong", dataset: { testid: `all-in-${number}` } }, "All-in"));
  if (pointsWords(inHand)) status.push(el("span", { class: "seat-tag seat-points", dataset: { testid: `points-${number}` }, title: "points in the cards you see" }, `${pointsWords(inHand)} pts`));
  if (player?.sitting_out) status.push(el("span", { class: "seat-tag" }, "sitting out"));
  else if (player?.owes && !inHand) status.push(el("span", { class: "seat-tag", dataset: { testid: `owes-${number}` } }, player.owes.waits ? "waits for the big blind" : "posts to play"));
  if (player && player.connected === false && !player.bot) status.push(el("span", { class: "seat-tag" }, "away"));
  const showCards = inHand && (!mine || !snapshot.handStrip);
  return el(
    "div",
    {
      class: classes.join(" "),
      style: positionStyle(point),
      role: "group",
      dataset: { testid: `seat-${number}`, seat: String(number) },
      "aria-label": `seat ${number + 1}, ${name}${mine ? " (you)" : ""}, ${stack} chips`,
    },
    showCards ? seatCardsRow(snapshot, inHand, snapshot.cardSize || "sm") : null,
    el(
      "div",
      { class: "seat-plate" },
      el(
        "div",
        { class: "seat-name" },
        el("span", { class: "seat-name-text", title: name }, name),
        mine ? el("span", { class: "seat-you" }, "you") : null,
        player?.bot ? el("span", { class: "seat-bot", title: `${player.bot} bot` }, "bot") : null,
      ),
      el("div", { class: "seat-stack", dataset: { testid: `stack-${number}` } }, chips(stack)),
      clockFor(snapshot, number),
    ),
    el("div", { class: "seat-status" }, declareMark(snapshot, inHand, facts.isPublic, facts.animate), status),
  );
}

/** Criss-cross's board laid as a cross: the row across, the column down, the centre in both. */
function crossBoard(view) {
  const { row, column } = view.board_lines;
  const centre = row.find((code) => column.includes(code)) || null;
  const wild = new Set(view.board_wild || []);
  const card = (code, place) =>
    el("div", { class: `cross-${place}` }, code ? cardFace(code, { size: "sm", wild: wild.has(code) }) : cardSpace("sm"));
  const arms = (line) => line.filter((code) => code !== centre);
  const [left, right] = arms(row);
  const [top, bottom] = arms(column);
  return el(
    "div",
    { class: "board board-cross", dataset: { testid: "board" }, "aria-label": "board: the row across and the column down, sharing the centre" },
    card(top, "top"),
    card(left, "left"),
    card(centre, "centre"),
    card(right, "right"),
    card(bottom, "bottom"),
  );
}

/** What is wild now, in words: the table's wild cards (less any left plain, such as an
 * unmatched face-up three), and the viewer's own (nobody else's). */
export function wildWords(view) {
  const table = view.wild && view.wild !== "none" ? view.wild : "";
  const own = view.own_wild || "";
  if (!table && !own) return "";
  const words = [];
  const plain = view.not_wild || [];
  if (table) words.push(`Wild: ${table.replaceAll(",", ", ")}` + (plain.length ? ` (not ${plain.join(", ")})` : ""));
  if (own) words.push(`wild for you alone: ${own.replaceAll(",", ", ")}`);
  return words.join(" · ");
}

/** A seat's 7/27 totals as far as the viewer sees them ("9½ or 19½"), or "". */
export function pointsWords(seat) {
  return typeof seat?.points === "string" ? seat.points : "";
}

function centre(snapshot) {
  const view = snapshot.view;
  const table = snapshot.table;
  const parts = [];
  if (view) {
    const handNumber = snapshot.handNumber ?? (table ? table.hands_played + (view.phase === "complete" ? 0 : 1) : null);
    parts.push(el("div", { class: "centre-title" }, view.title || view.game));
    parts.push(
      el("div", { class: "centre-street", dataset: { testid: "street" } }, handNumber ? `Hand ${handNumber} · ` : "", view.phase === "complete" ? "hand over" : view.street),
    );
    const boardGame = (view.board || []).length > 0 || /holdem|omaha/.test(view.game || "");
    if (view.board_lines) {
      parts.push(crossBoard(view));
    } else if (boardGame) {
      const boardWild = new Set(view.board_wild || []);
      const board = (view.board || []).map((code) => cardFace(code, { size: "md", wild: boardWild.has(code) }));
      while (board.length < 5) board.push(cardSpace("md"));
      parts.push(el("div", { class: "board", dataset: { testid: "board" }, "aria-label": "board" }, board));
    }
    const wild = wildWords(view);
    if (wild) parts.push(el("div", { class: "centre-wild", dataset: { testid: "wild" } }, wild));
    const pots = view.pots || [];
    const bets = (view.seats || []).reduce((sum, seat) => sum + (seat.bet || 0), 0);
    const potWords = pots.map((amount, index) =>
      el("span", { class: "pot", dataset: { testid: `pot-${index}` } }, chipIcon("pot-chip"), `${index === 0 ? "Pot" : `Side pot ${index}`} ${chips(amount)}`),
    );
    const total = pots.reduce((sum, amount) => sum + amount, 0);
    parts.push(el("div", { class: "pots", dataset: { testid: "pots", total: String(total) } }, potWords, bets && view.phase !== "complete" ? el("span", { class: "pot-bets" }, `+ ${chips(bets)} in bets`) : null));
    if (view.carried_in) parts.push(el("div", { class: "centre-note" }, `${chips(view.carried_in)} rode in from the last hand`));
    if (view.carried_out) parts.push(el("div", { class: "centre-note" }, `${chips(view.carried_out)} rides to the next hand`));
  } else {
    parts.push(el("div", { class: "centre-title" }, table ? (table.games || []).map((game) => table.titles?.[game] || game).join(" · ") : "hilo"));
  }
  const message = statusLine(snapshot);
  if (message) parts.push(el("div", { class: "centre-message", dataset: { testid: "table-status" } }, message));
  return el("div", { class: "table-centre" }, parts);
}

function statusLine(snapshot) {
  const table = snapshot.table;
  if (!table || snapshot.replay) return null;
  const seated = (table.seats || []).filter(Boolean).length;
  if (table.status === "ended") return "The session is over.";
  if (table.status === "paused") return "Paused by the host.";
  if (snapshot.view && snapshot.view.phase !== "complete") return null;
  if (table.status === "waiting") return seated < 2 ? "Waiting for players to sit down." : "Waiting for the host to start.";
  if (table.next_game && snapshot.view && (table.games || []).length > 1) {
    return `Next: ${table.titles?.[table.next_game] || table.next_game}`;
  }
  return null;
}

/**
 * Draw the table into ``root``. snapshot: {table, view, you, receivedAt, replay, handStrip,
 * seatCount, cardSize, animateReveal, newlyDeclared (a Set of seats whose fist just closed)}.
 */
export function renderTable(root, snapshot) {
  const view = snapshot.view;
  const count = seatCount(snapshot);
  const anchor = Number.isInteger(snapshot.you) ? snapshot.you : 0;
  const facts = {
    inHand: new Map((view?.seats || []).map((seat) => [seat.seat, seat])),
    toAct: new Set(view && view.phase !== "complete" ? view.to_act || [] : []),
    won: view?.phase === "complete" ? winnings(view) : new Map(),
    isPublic: declarationsPublic(snapshot),
    animate: Boolean(snapshot.animateReveal),
  };
  const felt = el("div", { class: "felt" }, centre(snapshot));
  const layer = el("div", { class: "seats" });
  for (let number = 0; number < count; number += 1) {
    layer.append(seatElement(snapshot, number, place(number, anchor, count, 43, 43), facts));
    const seat = facts.inHand.get(number);
    if (seat && seat.bet > 0 && view.phase !== "complete") {
      layer.append(
        el("div", { class: "bet", style: positionStyle(place(number, anchor, count, 25, 24)), dataset: { testid: `bet-${number}` } }, chipIcon("bet-chip"), chips(seat.bet)),
      );
    }
    if (view && view.button === number) {
      const point = place(number + 0.4, anchor, count, 29, 26);
      layer.append(el("div", { class: "dealer-button", style: positionStyle(point), title: "the button", dataset: { testid: "button" } }, "D"));
    }
  }
  fill(root, el("div", { class: `table-oval seats-${count}`, dataset: { testid: "table" } }, felt, layer));
}
