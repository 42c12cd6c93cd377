// hilo: the join page. The table's summary, the free seats to click, a name and a buy-in;
// the seat token it gives is kept in this browser so the seat can be found again.

import { chips, el, fill, getJSON, postJSON, storeSeat, storedSeat, tokenFromPath } from "./api.js";
import { describeStakes } from "./stakes.js";

const root = document.getElementById("join");
const invite = tokenFromPath();
const NAME_KEY = "hilo.name";

function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

function showJoin(lobby) {
  lobby.table = lobby.table ?? lobby.id;
  const gameTitles = (lobby.games || []).map((game) => lobby.titles?.[game] || game);
  const title = lobby.title || (gameTitles.length > 1 ? "Dealer's choice" : gameTitles[0]) || "hilo table";
  document.getElementById("title").textContent = title;
  document.title = `hilo: join ${title}`;
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
  const submit = el("button", { type: "submit", class: "primary-button", dataset: { testid: "join-submit" } }, "Sit down");
  const ended = lobby.status === "ended";
  const form = el(
    "form",
    { novalidate: true },
    el("fieldset", {}, el("legend", {}, "Choose a seat"), seatButtons.length ? el("div", { class: "seat-picker" }, seatButtons) : el("p", { class: "panel-note" }, "No seats.")),
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
      storeSeat(joined.table || lobby.table, { token: joined.token, seat: joined.seat, invite, name: name.value.trim() });
      try {
        localStorage.setItem(NAME_KEY, name.value.trim());
      } catch {
        // no storage: nothing to remember
      }
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
      el("dt", {}, "Stakes"),
      el("dd", {}, describeStakes(lobby.stakes) || "—"),
      el("dt", {}, "Table"),
      el("dd", {}, lobby.status || "—"),
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
    showJoin(await getJSON(`/api/lobby?token=${encodeURIComponent(invite)}`));
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
