// hilo: a home game that persists across nights. /home creates one; /home/{token} shows it
// to its host: its games and house rules, its players, the season ledger (each player's
// results added up over the nights) and "Start tonight's table".

import { chips, el, fill, getJSON, pageKind, postJSON, storeHostLinks, toast, tokenFromPath } from "./api.js";
import { rememberHome, showYourHomes } from "./your_homes.js";

const root = document.getElementById("home");
const token = pageKind() === "home" ? tokenFromPath() : "";

function netText(net) {
  return `${net > 0 ? "+" : ""}${chips(net)}`;
}

/** The form that creates a home game: its name, players, games and house rules. */
async function createForm() {
  let options;
  try {
    options = await getJSON("/api/options");
  } catch (error) {
    fill(root, el("p", { class: "panel-note" }, error.message));
    return;
  }
  const name = el("input", { type: "text", maxlength: 80, required: true, placeholder: "Friday night hi-lo", dataset: { testid: "home-name" } });
  const players = el("textarea", { rows: 4, placeholder: "One name a line", dataset: { testid: "home-players" } });
  const games = el(
    "select",
    { multiple: true, size: 6, "aria-label": "games", dataset: { testid: "home-games" } },
    options.games.map((game) => el("option", { value: game.name, selected: game.name === options.defaults.game }, game.title)),
  );
  const preset = el("select", { "aria-label": "house rules", dataset: { testid: "home-preset" } }, Object.keys(options.presets).map((word) => el("option", { value: word }, word)));
  const create = el("button", { type: "submit", class: "primary-button", dataset: { testid: "home-create" } }, "Create the home game");
  const form = el(
    "form",
    { class: "home-form" },
    el("h1", {}, "A home game"),
    el("p", { class: "panel-note" }, "A game that lasts the season: its games and house rules, its players, and a ledger that adds up every night."),
    el("label", {}, "Name", name),
    el("label", {}, "Players", players),
    el("label", {}, "Games (several make dealer's choice)", games),
    el("label", {}, "House rules", preset),
    create,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      name: name.value,
      players: players.value.split("\n").map((line) => line.trim()).filter(Boolean),
      games: [...games.selectedOptions].map((option) => option.value),
      rules: { preset: preset.value },
    };
    try {
      const made = await postJSON("/api/homes", body);
      location.assign(made.link);
    } catch (error) {
      toast(error.message);
    }
  });
  fill(root, form);
}

/** The home game for its host. */
async function showHome() {
  let home;
  try {
    home = await getJSON(`/api/home?token=${encodeURIComponent(token)}`);
  } catch (error) {
    fill(root, el("div", { class: "message-card", dataset: { testid: "not-found" } }, el("h1", {}, "This link does not lead to a home game"), el("p", {}, error.message)));
    return;
  }
  document.getElementById("title").textContent = home.name;
  document.title = `hilo: ${home.name}`;
  rememberHome(token, home.name);
  const settings = home.settings || {};
  const rules = settings.rules?.preset || "strict";
  const tonight = home.tonight;
  const start = el("button", { type: "button", class: "primary-button", dataset: { testid: "home-start" } }, "Start tonight's table");
  start.addEventListener("click", async () => {
    try {
      const opened = await postJSON("/api/home/tonight", { host: token });
      storeHostLinks(opened.host, { table: opened.table, invite: opened.links.invite, spectator: opened.links.spectator });
      location.assign(opened.links.host);
    } catch (error) {
      toast(error.message);
    }
  });
  const end = el("button", { type: "button", class: "small-button danger", dataset: { testid: "home-end-night" } }, "End night");
  end.addEventListener("click", async () => {
    if (!confirm("End tonight's table after the hand in play, and add its results to the season?")) return;
    try {
      await postJSON("/api/home/end-night", { host: token });
      toast("The night is over", "info");
      showHome();
    } catch (error) {
      toast(error.message);
    }
  });
  fill(
    root,
    el("h1", { dataset: { testid: "home-title" } }, home.name),
    el("p", { class: "panel-note" }, `${(settings.games || []).join(", ") || "the house's game"} · house rules: ${rules}`),
    home.players.length ? el("p", { class: "panel-note", dataset: { testid: "home-players" } }, `Players: ${home.players.join(", ")}`) : null,
    tonight
      ? el(
          "div",
          { class: "panel-block", dataset: { testid: "home-tonight" } },
          el("h2", {}, `Night ${tonight.night} is on`),
          el("div", { class: "button-row" }, el("a", { class: "small-button primary", href: tonight.links.host, dataset: { testid: "home-tonight-link" } }, "Go to tonight's table"), end),
        )
      : el("div", { class: "panel-block" }, start),
    el("h2", {}, "The season"),
    home.season.length
      ? el(
          "table",
          { class: "ledger", dataset: { testid: "season" } },
          el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "Nights"), el("th", { class: "num" }, "Net"))),
          el(
            "tbody",
            {},
            home.season.map((row) =>
              el(
                "tr",
                { dataset: { testid: "season-row", player: row.player, net: String(row.net) } },
                el("td", {}, row.player),
                el("td", { class: "num" }, String(row.nights)),
                el("td", { class: `num ${row.net > 0 ? "net-up" : row.net < 0 ? "net-down" : ""}` }, netText(row.net)),
              ),
            ),
          ),
        )
      : el("p", { class: "panel-note" }, "No night has been played yet."),
    home.nights.length
      ? el(
          "ol",
          { class: "home-nights", dataset: { testid: "home-nights" } },
          home.nights.map((night) =>
            el("li", {}, `${night.date}${night.over ? "" : " (being played)"}: `, night.nets.map((entry) => `${entry.player} ${netText(entry.net)}`).join(", ") || "nobody played"),
          ),
        )
      : null,
  );
}

if (token) showHome();
else {
  showYourHomes(document.getElementById("your-homes"));
  createForm();
}
