// hilo: the table page for a player (/play), a spectator (/watch) and the host (/host).
// One WebSocket brings a view after every change; everything is drawn from it.

import { el, fill, getJSON, pageKind, storeSeat, storedSeat, toast, tokenFromPath } from "./api.js";
import { ActionBar } from "./actions.js";
import { TurnAlerts } from "./alerts.js";
import { ChatPanel } from "./chat.js";
import { BlindsPanel } from "./blinds.js";
import { GameChooser } from "./choosing.js";
import { HistoryPanel } from "./history.js";
import { HostPanel, SeatPanel } from "./host.js";
import { renderLedger, renderLog, renderResult } from "./panels.js";
import { showRejoin } from "./rejoin.js";
import { renderTable, tickClocks } from "./render.js";
import { TableSocket } from "./socket.js";

const kind = pageKind();
const token = tokenFromPath();
const role = { play: "seat", watch: "spectator", host: "host" }[kind] || "spectator";
const state = { table: null, view: null, you: null, decision: null, receivedAt: 0, sealedHand: null, closedResult: null, shownResult: null, declared: new Set(), declaredKey: null };
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const byId = (id) => document.getElementById(id);
byId("referee-link").href = `/referee?table=${encodeURIComponent(token)}`;

const socket = new TableSocket(token, {
  onView: (message) => receive(message),
  onError: (sentence) => {
    toast(sentence);
    actionBar.refused();
  },
  onStatus: (status) => connection(status),
  onChat: (line) => chat.add(line),
  onChatLog: (lines) => chat.replace(lines),
});
const chat = new ChatPanel(byId("chat"), socket, role, token);
const alerts = role === "seat" ? new TurnAlerts(byId("alerts"), document.body) : null;
const logPanel = byId("panel-log");
const logNew = byId("log-new");
logNew.addEventListener("click", () => {
  logPanel.scrollTop = logPanel.scrollHeight;
  logNew.hidden = true;
});
logPanel.addEventListener("scroll", () => {
  if (logAtEnd()) logNew.hidden = true;
});

/** Whether the log is scrolled to (or near) its newest entry. */
function logAtEnd() {
  return logPanel.scrollHeight - logPanel.scrollTop - logPanel.clientHeight < 40;
}
const actionBar = new ActionBar(byId("hand"), byId("actions"), socket);
const history = role === "spectator" ? null : new HistoryPanel(byId("history"), byId("replay"), token);
const hostPanel = role === "host" ? new HostPanel(byId("host"), token) : null;
const seatPanel = role === "seat" ? new SeatPanel(byId("seat-controls"), token) : null;
if (role === "seat") showRejoin(byId("rejoin"));
const chooser = new GameChooser(byId("dealer-choice"), token, role);
const blinds = new BlindsPanel(byId("blinds"), token, role);

const tabs = [
  ["log", "Log"],
  ["ledger", "Ledger"],
  history ? ["history", "History"] : null,
  hostPanel ? ["host", "Host"] : null,
  seatPanel ? ["seat", "Seat"] : null,
].filter(Boolean);

function showTab(name) {
  for (const [tab] of tabs) {
    byId(`panel-${tab}`).hidden = tab !== name;
    const button = byId(`tab-${tab}`);
    button.setAttribute("aria-selected", String(tab === name));
    button.classList.toggle("tab-current", tab === name);
  }
}

fill(
  byId("tabs"),
  tabs.map(([name, words]) =>
    el("button", { type: "button", role: "tab", id: `tab-${name}`, class: "tab", onclick: () => showTab(name), dataset: { testid: `tab-${name}` } }, words),
  ),
);
showTab(hostPanel ? "host" : "log");

let everOpen = false;

/** A page whose first connection fails asks why once: a table whose stored journal could not
 * be restored when the server started is told as such, and the page stops retrying. */
async function whyNotOpen() {
  try {
    await getJSON(`/api/lobby?token=${encodeURIComponent(token)}`);
  } catch (error) {
    if (error.status !== 503 || everOpen) return;
    socket.close();
    byId("connection").textContent = "not restored";
    byId("rejoin").hidden = true;
    fill(
      byId("table"),
      el(
        "div",
        { class: "message-card", dataset: { testid: "not-restored" } },
        el("h1", {}, "This table could not be restored"),
        el("p", {}, `The server could not read this table back when it started (${error.message}). Nothing stored was changed: tell whoever runs the server.`),
        el("a", { href: "/" }, "Start a table of your own"),
      ),
    );
  }
}

function connection(status) {
  if (status === "open") everOpen = true;
  if (status === "closed" && !everOpen && socket.attempt === 0) whyNotOpen();
  const badge = byId("connection");
  badge.dataset.state = status;
  badge.textContent = { connecting: "connecting", open: "live", closed: "reconnecting", refused: "link not valid" }[status] || status;
  if (status === "refused") {
    byId("rejoin").hidden = true;
    fill(
      byId("table"),
      el(
        "div",
        { class: "message-card", dataset: { testid: "not-found" } },
        el("h1", {}, "This link does not lead to a table"),
        el("p", {}, "The server does not accept this link. Ask the host for a fresh one, or "),
        el("a", { href: "/" }, "start a table of your own"),
        ".",
      ),
    );
  }
}

/** The number of the hand in the view (the count of finished hands moves when it ends). */
function handNumberOf(table, view) {
  if (!view || !table) return null;
  return table.hands_played + (view.phase === "complete" ? 0 : 1);
}

function receive(message) {
  state.table = message.table || state.table;
  state.view = message.view;
  state.you = Number.isInteger(message.you) ? message.you : null;
  state.requests = message.requests || [];
  state.decision = Number.isInteger(message.decision) ? message.decision : null;
  state.receivedAt = Date.now();
  const view = state.view;
  const table = state.table;
  const handNumber = handNumberOf(table, view);
  const key = handNumber === null ? null : `hand ${handNumber}`;
  // The reveal animation plays once, for a hand this page saw while the fists were closed.
  const revealed = (view?.events || []).some((event) => event.kind === "revealed");
  const animateReveal = revealed && state.sealedHand === key;
  if (view && view.phase === "declaring" && !revealed) state.sealedHand = key;
  else if (revealed) state.sealedHand = null;
  if (role === "seat" && table?.id && state.you !== null) {
    const stored = storedSeat(table.id);
    if (!stored || stored.token !== token) storeSeat(table.id, { ...(stored || {}), token, seat: state.you });
  }
  const declared = new Set((view?.seats || []).filter((seat) => seat.declared).map((seat) => seat.seat));
  const newlyDeclared = new Set([...declared].filter((seat) => state.declaredKey === key && !state.declared.has(seat)));
  state.declared = declared;
  state.declaredKey = key;
  // At the showdown everybody's cards lie at the seats, the player's own among them.
  const handStrip = role === "seat" && view?.phase !== "complete";
  const snapshot = { ...state, role, handStrip, animateReveal, handNumber, newlyDeclared, cardSize: "sm" };
  draw(snapshot, key);
}

function draw(snapshot, key) {
  const table = snapshot.table;
  const view = snapshot.view;
  const titles = table ? (table.games || []).map((game) => table.titles?.[game] || game) : [];
  byId("title").textContent = view?.title || titles.join(" · ") || "hilo table";
  if (table?.id) byId("rules-link").href = `/rules?table=${encodeURIComponent(table.id)}`;
  const myTurn = (view?.legal || []).length > 0;
  const plainTitle = `hilo · ${view?.title || titles[0] || "table"}`;
  if (alerts) alerts.title(plainTitle);
  else document.title = plainTitle;
  const turn = myTurn ? `${key} decision ${snapshot.decision}` : null;
  if (turn && turn !== state.alertedTurn) alerts?.yourTurn();
  if (!myTurn) alerts?.stopTitle();
  state.alertedTurn = turn;
  document.body.classList.toggle("my-turn", myTurn);
  renderTable(byId("table"), snapshot);
  tickClocks();
  actionBar.update(snapshot);
  const result = byId("result");
  if (state.closedResult === key && view?.phase === "complete") result.hidden = true;
  else {
    const isNew = view?.phase === "complete" && state.shownResult !== key;
    renderResult(result, snapshot, () => {
      state.closedResult = key;
      result.hidden = true;
    }, isNew);
    if (isNew) {
      state.shownResult = key;
      const below = result.getBoundingClientRect().top - (innerHeight - 160);
      if (below > 0) scrollBy({ top: below, behavior: reducedMotion.matches ? "auto" : "smooth" });
    }
  }
  chooser.update(snapshot); // after the result, so the dealer's chooser is what a phone shows
  blinds.update(snapshot);
  const followLog = logAtEnd();
  const entries = Number(byId("log").dataset.events || 0);
  renderLog(byId("log"), snapshot);
  if (followLog) logPanel.scrollTop = logPanel.scrollHeight;
  else if (Number(byId("log").dataset.events || 0) > entries) logNew.hidden = false;
  chat.update(snapshot);
  renderLedger(byId("ledger"), snapshot);
  hostPanel?.update(snapshot);
  seatPanel?.update(snapshot);
  if (history && table) history.refresh(table.hands_played, snapshot.you, (table.seats || []).length);
}

setInterval(tickClocks, 250);
socket.connect();
