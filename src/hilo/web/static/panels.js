// hilo: the panels beside the table: the event log, the showdown (awards and the
// referee's explanation) and the ledger of buy-ins, stacks and net results.

import { chips, el, fill, tokenFromPath } from "./api.js";
import { inlineCards } from "./cards.js";
import { says, verb } from "./grammar.js";
import { directionWord } from "./render.js";

/** Each action in words after the player's name: its verb as it follows he or she (agreed
 * with the name by `says`), then the rest. */
const ACTED = {
  fold: () => ["folds", ""],
  check: () => ["checks", ""],
  call: (amount) => ["calls", ` ${chips(amount)}`],
  bet: (amount) => ["bets", ` ${chips(amount)}`],
  raise: (amount) => ["raises", ` to ${chips(amount)}`],
  "bring-in": (amount) => ["brings", ` it in for ${chips(amount)}`],
  complete: (amount) => ["completes", ` to ${chips(amount)}`],
  timeout: () => ["runs", " out of time"],
  take: () => ["takes", " a card"],
  stand: () => ["stands", ""],
  extra: (amount) => (amount ? ["buys", ` an extra card for ${chips(amount)}`] : ["takes", " an extra card"]),
  match: (amount) => ["matches", ` the pot with ${chips(amount)}`],
  buy: (amount) => (amount ? ["buys", ` a card for ${chips(amount)}`] : ["buys", " a card"]),
  decline: () => ["declines", ""],
};

/** A declaration as the log says it, in this game's words ("both ways", "spade", "27"). */
function declaredWord(direction, sides) {
  return direction === "both" ? "both ways" : directionWord(direction, sides).toLowerCase();
}

function potName(index) {
  return index ? `side pot ${index}` : "the main pot";
}

/** One event in words, with the players' names and the game's names for its sides. */
export function describeEvent(event, names, sides = null) {
  const who = event.seat !== undefined && event.seat !== null ? names.get(event.seat) || `Seat ${event.seat + 1}` : "";
  const does = (form) => says(who, form);
  const cards = event.cards || "";
  switch (event.kind) {
    case "hand-started":
      return `New hand: ${event.text || ""}`.trim();
    case "posted":
      return `${does("posts")} ${event.text ? `the ${event.text} ` : ""}${chips(event.amount)}`;
    case "street":
      return `— ${event.text || "next street"} —`;
    case "dealt":
      if (event.text === "up") return `${does("gets")} ${cards} face up`;
      return cards ? `${does("gets")} ${cards} face down` : `${does("gets")} ${event.count || 1} card${event.count === 1 ? "" : "s"} face down`;
    case "board":
      return `Board: ${cards}`;
    case "acted":
    {
      const [form, rest] = ACTED[event.action]?.(event.amount || 0) || ["acts", event.action ? `: ${event.action}` : ""];
      return `${does(form)}${rest}`;
    }
    case "drawn":
      if (cards) return `${does("draws")} ${cards}`;
      return event.count ? `${does("draws")} ${event.count}` : `${does("stands")} pat`;
    case "reshuffled":
      return "The discards are shuffled to finish the draw";
    case "turned-up":
      return `${does("turns")} the hole card up${cards ? `: ${cards}` : ""}`;
    case "chose":
      return `${does("has")} chosen what to ${event.action}${cards ? `: ${cards}` : ""}`;
    case "passed": {
      const to = event.data?.to;
      const whom = names.get(to) || `Seat ${to + 1}`;
      return `${does("passes")} ${event.count} to ${whom}${cards ? `: ${cards}` : ""}`;
    }
    case "discarded":
      return `${does("throws")} away ${event.count}${cards ? `: ${cards}` : ""}`;
    case "rolled":
      return `${does("turns")} up ${cards}`;
    case "wild-changed":
      return event.text === "none" ? "Nothing is wild now" : `Wild now: ${event.text}`;
    case "declared":
      return event.direction ? `${does("declares")} ${declaredWord(event.direction, sides)}` : `${does("has")} declared`;
    case "revealed": {
      const list = event.data?.declarations || [];
      return `Declarations revealed: ${list.map(([seat, way]) => `${names.get(seat) || `Seat ${seat + 1}`} ${declaredWord(way, sides)}`).join(", ")}`;
    }
    case "returned":
      return `${chips(event.amount)} uncalled returned to ${who}`;
    case "shown":
      return `${does("shows")} ${cards}`;
    case "mucked":
      return does("mucks");
    case "awarded":
      return `${does("wins")} ${chips(event.amount)}${event.text ? ` (${event.text}${event.count ? `, ${potName(event.count)}` : ""})` : ""}`;
    case "hand-ended":
      return "Hand over";
    default:
      return event.text || event.kind;
  }
}

/** The players' names by seat, from the hand and from the table. */
export function namesOf(snapshot) {
  const names = new Map();
  (snapshot.table?.seats || []).forEach((seat, number) => seat && names.set(number, seat.name));
  for (const seat of snapshot.view?.seats || []) names.set(seat.seat, seat.name);
  return names;
}

/** The event log: a scrolling list, newest at the bottom. */
export function renderLog(root, snapshot) {
  const names = namesOf(snapshot);
  const events = snapshot.view?.events || [];
  const stickToEnd = root.scrollHeight - root.scrollTop - root.clientHeight < 40;
  // the host's changes to stacks go before the hand in play, or after the hand just finished
  const hands = snapshot.table?.hands_played ?? 0;
  const inPlay = Boolean(snapshot.view) && snapshot.view.phase !== "complete";
  const notes = ledgerNotes(snapshot, hands);
  const afterDeclare = snapshot.view?.after_declare_at;
  const items = [];
  const divider = () => el("li", { class: "log-item log-street", dataset: { testid: "log-after-declare" } }, "— after the declare —");
  events.forEach((event, index) => {
    if (index === afterDeclare) items.push(divider());
    const allIn = event.all_in ? el("span", { class: "log-all-in", dataset: { testid: "log-all-in" } }, "All-in") : null;
    items.push(el("li", { class: `log-item log-${event.kind}` }, inlineCards(describeEvent(event, names, snapshot.view?.sides)), allIn));
  });
  if (events.length && afterDeclare === events.length) items.push(divider()); // the round has just begun
  fill(
    root,
    inPlay ? notes : null,
    items.length ? items : notes.length ? null : el("li", { class: "log-item log-empty" }, "Nothing has happened yet."),
    inPlay ? null : notes,
  );
  root.dataset.events = String(events.length);
  if (stickToEnd) root.scrollTop = root.scrollHeight;
}

/** The showdown: awards per pot, and the referee's explanation. Hidden during a hand. */
export function renderResult(root, snapshot, onClose, isNew = false) {
  const view = snapshot.view;
  if (!view || view.phase !== "complete") {
    root.hidden = true;
    fill(root);
    return;
  }
  const names = namesOf(snapshot);
  const awards = (view.events || []).filter((event) => event.kind === "awarded");
  const pots = new Map();
  for (const award of awards) {
    const index = award.count || 0;
    if (!pots.has(index)) pots.set(index, []);
    pots.get(index).push(award);
  }
  const potLists = [...pots.entries()].map(([index, list]) =>
    el(
      "li",
      { class: "award-pot", dataset: { testid: `award-pot-${index}` } },
      el("span", { class: "award-pot-name" }, index ? `Side pot ${index}` : pots.size > 1 ? "Main pot" : "Pot"),
      el(
        "ul",
        { class: "award-list" },
        list.map((award) =>
          el(
            "li",
            { class: "award", dataset: { testid: "award", seat: String(award.seat), amount: String(award.amount) } },
            el("strong", {}, names.get(award.seat) || `Seat ${award.seat + 1}`),
            ` ${verb(names.get(award.seat) || "", "wins")} ${chips(award.amount)}`,
            award.text ? el("span", { class: "award-reason" }, ` — ${award.text}`) : null,
          ),
        ),
      ),
    ),
  );
  root.hidden = false;
  root.classList.toggle("result-new", isNew);
  fill(
    root,
    el(
      "div",
      { class: "result-head" },
      el("h2", {}, snapshot.handNumber ? `Hand ${snapshot.handNumber}: result` : "Result"),
      onClose ? el("button", { type: "button", class: "icon-button", "aria-label": "close the result", onclick: onClose }, "×") : null,
    ),
    awards.length ? el("ul", { class: "award-pots" }, potLists) : null,
    view.carried_out ? el("p", { class: "result-rides" }, `Nobody could win: ${chips(view.carried_out)} rides to the next hand.`) : null,
    showingLine(snapshot.table?.showing),
    (view.result || []).length
      ? el(
          "div",
          { class: "referee", dataset: { testid: "referee" } },
          el("div", { class: "referee-title" }, "The referee"),
          el("ol", { class: "referee-lines" }, view.result.map((line) => el("li", {}, inlineCards(line)))),
        )
      : null,
  );
}

/** A winner nobody called: deciding to show or muck, then what they did (the server's words). */
function showingLine(showing) {
  if (!showing) return null;
  return el("p", { class: `result-showing result-showing-${showing.state}`, dataset: { testid: "showing", state: showing.state } }, inlineCards(showing.text));
}

/** The ledger: what each player bought in for, has now, and is up or down. */
export function renderLedger(root, snapshot) {
  const seats = (snapshot.table?.seats || []).map((seat, number) => (seat ? { ...seat, number } : null)).filter(Boolean);
  if (!seats.length) {
    fill(root, el("p", { class: "panel-empty" }, "Nobody is seated yet."));
    return;
  }
  const total = (key) => seats.reduce((sum, seat) => sum + (seat[key] || 0), 0);
  const netCell = (net) => el("td", { class: `num ${net > 0 ? "net-up" : net < 0 ? "net-down" : ""}` }, `${net > 0 ? "+" : ""}${chips(net)}`);
  fill(
    root,
    el(
      "table",
      { class: "ledger", dataset: { testid: "ledger" } },
      el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "Bought in"), el("th", { class: "num" }, "Stack"), el("th", { class: "num" }, "Net"))),
      el(
        "tbody",
        {},
        seats.map((seat) =>
          el(
            "tr",
            { dataset: { testid: `ledger-row-${seat.number}`, stack: String(seat.stack), boughtIn: String(seat.bought_in ?? 0), net: String(seat.net ?? 0) } },
            el("td", {}, seat.name, seat.bot ? el("span", { class: "seat-bot" }, "bot") : null),
            el("td", { class: "num" }, chips(seat.bought_in)),
            el("td", { class: "num" }, chips(seat.stack)),
            netCell(seat.net ?? 0),
          ),
        ),
      ),
      el(
        "tfoot",
        {},
        el(
          "tr",
          { dataset: { testid: "ledger-total", stack: String(total("stack")), boughtIn: String(total("bought_in")) } },
          el("th", {}, "Total"),
          el("td", { class: "num" }, chips(total("bought_in"))),
          el("td", { class: "num" }, chips(total("stack"))),
          netCell(total("net")),
        ),
      ),
    ),
    snapshot.view?.carried_out ? el("p", { class: "panel-note" }, `${chips(snapshot.view.carried_out)} is riding in the middle.`) : null,
    settleUp(snapshot),
    fairnessNote(snapshot.table?.fairness),
  );
}

const LEDGER_NOTES = new Set(["rebuy", "add-on", "adjustment"]);

/** Rebuys, add-ons and the host's adjustments made after ``hands`` finished hands, for the log. */
function ledgerNotes(snapshot, hands) {
  return (snapshot.table?.ledger?.entries || [])
    .filter((entry) => LEDGER_NOTES.has(entry.kind) && entry.after_hand === hands)
    .map((entry) => el("li", { class: `log-item log-ledger log-${entry.kind}`, dataset: { testid: "log-ledger" } }, entry.text));
}

/** Who pays whom, the entries that are not buy-ins, and the CSV for the host and the players. */
function settleUp(snapshot) {
  const ledger = snapshot.table?.ledger;
  if (!ledger) return null;
  const notes = (ledger.entries || []).filter((entry) => entry.kind !== "buy-in");
  const csv = snapshot.role === "host" || snapshot.role === "seat" ? `/api/ledger?token=${encodeURIComponent(tokenFromPath())}&format=csv` : null;
  return el(
    "div",
    { class: "panel-block settle-up", dataset: { testid: "settle-up" } },
    el("h3", {}, "Settle up"),
    el("ul", { class: "settle-up-lines" }, (ledger.settle_up || []).map((line) => el("li", { dataset: { testid: "settle-up-line" } }, line))),
    notes.length ? el("ul", { class: "ledger-entries", dataset: { testid: "ledger-entries" } }, notes.map((entry) => el("li", {}, entry.text))) : null,
    csv ? el("a", { class: "small-button", href: csv, download: "", dataset: { testid: "ledger-csv" } }, "Download CSV") : null,
  );
}

/** Provably fair tables: the deck's commitment, and the deck and salt once the hand is over. */
function fairnessNote(fairness) {
  if (!fairness?.commitment) return null;
  return el(
    "details",
    { class: "fairness", dataset: { testid: "fairness" } },
    el("summary", {}, "Provably fair deck"),
    el("p", { class: "panel-note" }, "Before the deal the server published this commitment: the SHA-256 of the secret salt, a colon and the deck."),
    el("code", {}, fairness.commitment),
    fairness.deck
      ? [el("p", { class: "panel-note" }, "The hand is over; the deck and salt to check it against:"), el("code", {}, fairness.deck), el("code", {}, fairness.salt || "")]
      : el("p", { class: "panel-note" }, "The deck and the salt are shown when the hand is over."),
  );
}
