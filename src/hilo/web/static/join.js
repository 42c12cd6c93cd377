// hilo: the join page. The table's summary, the free seats to click, a name and a buy-in;
// the seat token it gives is kept in this browser so the seat can be found again. At a
// table where the host lets each player in, the page waits for the host's answer.

import { ServerError, chips, el, fill, getJSON, postJSON, storeSeat, storedSeat, tokenFromPath } from "./api.js";
import { describeStakes } from "./stakes.js";

const root = document.getElementById("join");
const invite = tokenFromPath();
const NAME_KEY = "hilo.name";
const REQUEST_KEY = "hilo.request.";
const POLL_MS = 1500;

/** The request to sit down this browser is waiting on at a table: {token, seat, name} or null. */
function storedRequest(tableId) {
  try {
    return JSON.parse(localStorage.getItem(REQUEST_KEY + tableId) || "null");
  } catch {
    return null;
  }
}

function storeRequest(tableId, request) {
  try {
    if (request === null) localStorage.removeItem(REQUEST_KEY + tableId);
    else localStorage.setItem(REQUEST_KEY + tableId, JSON.stringify(request));
  } catch {
    // no storage: the page waits as long as it stays open
  }
}

/** Wait for the host's answer to a request, asking the server every POLL_MS. */
function showWaiting(lobby, title, request) {
  const status = el("p", { class: "panel-note", role: "status", dataset: { testid: "join-waiting-status" } }, "Asking the server…");
  const again = el("button", { type: "button", class: "primary-button", hidden: true, dataset: { testid: "join-ask-again" } }, "Ask again");
  again.addEventListener("click", () => {
    storeRequest(lobby.table, null);
    start();
  });
  fill(
    root,
    el("h1", {}, title),
    el(
      "div",
      { class: "notice", dataset: { testid: "join-waiting" } },
      el("strong", {}, "Waiting for the host to let you sit down"),
      el("p", {}, `You asked for seat ${Number(request.seat) + 1} as ${request.name}. This page goes to the table as soon as the host lets you in.`),
      status,
    ),
    el("div", { class: "submit-row" }, again),
  );
  const finish = (words) => {
    storeRequest(lobby.table, null);
    status.textContent = words;
    status.dataset.state = "over";
    again.hidden = false;
  };
  const look = async () => {
    let state;
    try {
      state = await getJSON(`/api/request?token=${encodeURIComponent(request.token)}`);
    } catch (error) {
      if (error instanceof ServerError && error.status === 404) {
        finish("The server no longer knows your request (it may have restarted): ask again.");
        return;
      }
      status.textContent = `${error.message}; still waiting.`;
      setTimeout(look, POLL_MS);
      return;
    }
    if (state.status === "approved") {
      storeRequest(lobby.table, null);
      storeSeat(lobby.table, { token: state.token, seat: state.seat, invite, name: request.name });
      status.textContent = "The host let you in: going to the table…";
      location.assign(state.link || `/play/${state.token}`);
    } else if (state.status === "denied") {
      finish(state.reason || "The host did not let you sit down.");
    } else {
      status.textContent = "The host has your request.";
      setTimeout(look, POLL_MS);
    }
  };
  look();
}

function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

/** The table's title, shown in the top bar and the tab. */
function titleOf(lobby) {
  const gameTitles = (lobby.games || []).map((game) => lobby.titles?.[game] || game);
  const title = lobby.title || (gameTitles.length > 1 ? "Dealer's choice" : gameTitles[0]) || "hilo table";
  document.getElementById("title").textContent = title;
  document.title = `hilo: join ${title}`;
  return title;
}

function showJoin(lobby) {
  lobby.table = lobby.table ?? lobby.id;
  const gameTitles = (lobby.games || []).map((game) => lobby.titles?.[game] || game);
  const title = titleOf(lobby);
  const stored = storedSeat(lobby.table);
  let chosen = null;
  const seatButtons = (lobby.seats || []).map((seat) => {
    const taken = Boolean(seat.name);
    const button = el(
      "button",
      {
        type: "button",
        class: "seat-choice",
        disabled: taken,
        "aria-pressed": "false",
        dataset: { testid: `join-seat-${seat.seat}` },
        "aria-label": taken ? `seat ${seat.seat + 1}, taken by ${seat.name}` : `seat ${seat.seat + 1}, free`,
      },
      `Seat ${seat.seat + 1}`,
      el("small", {}, taken ? `${seat.name}${seat.bot ? " (bot)" : ""}` : "free"),
    );
    button.addEventListener("click", () => {
      chosen = seat.seat;
      for (const other of seatButtons) other.setAttribute("aria-pressed", String(other === button));
      error.hidden = true;
    });
    return button;
  });
  const buyIn = lobby.buy_in || {};
  const name = el("input", { type: "text", maxlength: 24, autocomplete: "nickname", value: rememberedName(), required: true, dataset: { testid: "join-name" } });
  const amount = el("input", { type: "number", step: 1, inputmode: "numeric", min: buyIn.min, max: buyIn.max, value: buyIn.default ?? buyIn.min ?? 100, dataset: { testid: "join-buy-in" } });
  const error = el("div", { class: "form-error", role: "alert", hidden: true, dataset: { testid: "join-error" } });
  const asking = Boolean(lobby.approve_seats);
  const submit = el("button", { type: "submit", class: "primary-button", dataset: { testid: "join-submit" } }, asking ? "Ask to sit down" : "Sit down");
  const ended = lobby.status === "ended";
  const form = el(
    "form",
    { novalidate: true },
    el(
      "fieldset",
      {},
      el("legend", {}, "Choose a seat"),
      lobby.seats_line ? el("p", { class: "hint", dataset: { testid: "join-seats-line" } }, lobby.seats_line) : null,
      seatButtons.length ? el("div", { class: "seat-picker" }, seatButtons) : el("p", { class: "panel-note" }, "No seats."),
    ),
    el(
      "fieldset",
      {},
      el("legend", {}, "You"),
      el(
        "div",
        { class: "field-row" },
        el("div", { class: "field" }, el("label", {}, "Your name", name)),
        el("div", { class: "field" }, el("label", {}, "Buy-in (chips)", amount), el("span", { class: "hint" }, `${chips(buyIn.min)} to ${chips(buyIn.max)}`)),
      ),
    ),
    error,
    el("div", { class: "submit-row" }, submit),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fail = (message) => {
      error.textContent = message;
      error.hidden = false;
    };
    if (chosen === null) return fail("Choose a free seat first.");
    if (!name.value.trim()) return fail("Write the name the others will see.");
    submit.disabled = true;
    try {
      const joined = await postJSON("/api/join", { invite, name: name.value.trim(), seat: chosen, buy_in: Number(amount.value) });
      try {
        localStorage.setItem(NAME_KEY, name.value.trim());
      } catch {
        // no storage: nothing to remember
      }
      if (joined.pending) {
        const request = { token: joined.pending, seat: joined.seat, name: joined.name || name.value.trim() };
        storeRequest(lobby.table, request);
        showWaiting(lobby, title, request);
        return;
      }
      storeSeat(joined.table || lobby.table, { token: joined.token, seat: joined.seat, invite, name: name.value.trim() });
      location.assign(joined.link || `/play/${joined.token}`);
    } catch (problem) {
      fail(problem.message);
      submit.disabled = false;
    }
  });
  fill(
    root,
    el("h1", {}, title),
    el(
      "dl",
      { class: "summary", dataset: { testid: "join-summary" } },
      el("dt", {}, "Games"),
      el("dd", {}, gameTitles.join(" · ")),
      el("dt", {}, "House rules"),
      el("dd", {}, lobby.rules_name || "—"),
      ...(lobby.rule_notes || []).map((note) => el("dd", { dataset: { testid: "join-rule-note" } }, note)),
      el("dt", {}, "Stakes"),
      el("dd", {}, describeStakes(lobby.stakes) || "—"),
      el("dt", {}, "Table"),
      el("dd", {}, lobby.status || "—"),
      el("dt", {}, "Seats"),
      el("dd", { dataset: { testid: "join-seat-rules" } }, `${lobby.several_seats_per_browser ? "several per browser" : "one per browser"}${asking ? "; the host lets each player sit down" : ""}`),
    ),
    el("p", {}),
    stored?.token
      ? el(
          "div",
          { class: "notice", dataset: { testid: "join-have-seat" } },
          `This browser already has seat ${Number(stored.seat) + 1} at this table${stored.name ? ` (as ${stored.name})` : ""}. `,
          el("a", { class: "small-button primary", href: `/play/${stored.token}`, dataset: { testid: "join-return" } }, "Back to your seat"),
        )
      : null,
    ended ? el("div", { class: "form-error" }, "This session is over: the table takes no more players.") : form,
  );
}

async function start() {
  try {
    const lobby = await getJSON(`/api/lobby?token=${encodeURIComponent(invite)}`);
    const request = storedRequest(lobby.id);
    if (request?.token) {
      lobby.table = lobby.id;
      showWaiting(lobby, titleOf(lobby), request);
    } else showJoin(lobby);
  } catch (error) {
    fill(
      root,
      el(
        "div",
        { class: "message-card", dataset: { testid: "not-found" } },
        el("h1", {}, "Cannot open this table"),
        el("p", {}, error.message),
        el("p", {}, "Ask the host for a fresh link, or ", el("a", { href: "/" }, "start a table of your own"), "."),
      ),
    );
  }
}

start();
