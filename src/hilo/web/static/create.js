// hilo: the create page. Every game the engine knows, grouped by family, dealer's choice,
// seats, stakes, buy-in, clock, provable fairness and the house-rule switches that apply to
// the chosen games (the server says which), each with its help line.

import { el, fill, getJSON, postJSON, storeHostLinks } from "./api.js";
import { showYourHomes } from "./your_homes.js";
import { STAKE_FIELDS, stakeFieldsFor } from "./stakes.js";

const root = document.getElementById("create");

/** The seats hint: the most players the chosen games deal to (a deck holds only so many). */
export function seatsHint(chosen, most) {
  if (chosen.length === 1) return `2 to ${most}: ${chosen[0].title || chosen[0].name} deals to at most ${most}`;
  const limiting = chosen.filter((game) => (game.max_players || 10) === most).map((game) => game.title || game.name);
  return `2 to ${most}: ${most < 10 ? `${limiting.join(", ")} deal${limiting.length === 1 ? "s" : ""} to at most ${most}` : "every chosen game deals to 10"}`;
}

function field(label, control, hint = "") {
  return el("div", { class: "field" }, el("label", {}, label, control), hint ? el("span", { class: "hint" }, hint) : null);
}

function numberInput(testid, value, extra = {}) {
  return el("input", { type: "number", step: 1, value, inputmode: "numeric", dataset: { testid }, ...extra });
}

/** The games in families, in the order the server lists them: [[family, [games]]]. */
function byFamily(games) {
  const families = new Map();
  for (const game of games) {
    const name = game.family || "games";
    if (!families.has(name)) families.set(name, []);
    families.get(name).push(game);
  }
  return [...families];
}

function familyTitle(family) {
  return family === "games" ? "Games" : `${family[0].toUpperCase()}${family.slice(1)} games`;
}

class CreateForm {
  constructor(options) {
    this.options = options;
    this.games = options.games || [];
    this.touchedRules = false;
    this.build();
  }

  build() {
    const games = this.games;
    this.defaults = this.options.defaults || {};
    const wanted = this.defaults.game;
    const start = games.some((game) => game.name === wanted) ? wanted : games[0]?.name;
    this.mode = el("select", { dataset: { testid: "create-mode" } }, el("option", { value: "one" }, "One game"), el("option", { value: "choice" }, "Dealer's choice (several games)"));
    const families = byFamily(games);
    const option = (game) => el("option", { value: game.name, selected: game.name === start }, game.title);
    this.game = el(
      "select",
      { dataset: { testid: "create-game" } },
      families.map(([family, members]) => el("optgroup", { label: familyTitle(family) }, members.map(option))),
    );
    this.choices = [];
    const choiceGroups = families.map(([family, members]) => {
      const boxes = members.map((game) =>
        el("label", { class: "check" }, el("input", { type: "checkbox", value: game.name, dataset: { testid: `choice-${game.name}` } }), game.title),
      );
      this.choices.push(...boxes);
      return el("div", { class: "games-family", dataset: { testid: `family-${family}` } }, el("div", { class: "games-family-title" }, familyTitle(family)), el("div", { class: "games-grid" }, boxes));
    });
    this.picking = el(
      "select",
      { dataset: { testid: "create-picking" } },
      el("option", { value: "rotate" }, "The games take turns with the button"),
      el("option", { value: "dealer-names" }, "The dealer names the game each hand"),
    );
    this.dealerDeclares = el("input", { type: "checkbox", dataset: { testid: "create-dealer-declares" } });
    this.orbit = el("input", { type: "checkbox", dataset: { testid: "create-orbit" } });
    this.dealerBox = el(
      "div",
      { class: "dealer-options", hidden: true },
      el("label", { class: "check" }, this.dealerDeclares, "The dealer also says how to declare (declare or cards speak)"),
      el("label", { class: "check" }, this.orbit, "The dealer's game holds for a full orbit of the button"),
    );
    this.gameRulesBox = el("div", { class: "game-rules", dataset: { testid: "game-rules" } });
    this.gameRules = new Map();
    this.choiceBox = el(
      "div",
      { class: "games-families", hidden: true },
      choiceGroups,
      el("div", { class: "field-row" }, field("Who picks the game", this.picking, "The dealer names the game from the ticked ones, with the action clock; when it runs out the last game played is dealt.")),
      this.dealerBox,
      el("div", { class: "field" }, el("span", { class: "field-title" }, "House rules for each game"), el("span", { class: "hint" }, "Keep the table's rules (below), or give a game a preset of its own: many houses play hold'em and Omaha cards speak and stud declared."), this.gameRulesBox),
    );
    this.seats = numberInput("create-seats", 7, { min: 2, max: 10 });
    this.seatsHint = el("span", { class: "hint", dataset: { testid: "create-seats-hint" } }, "2 to 10, as the game allows");
    this.seatsField = el("div", { class: "field" }, el("label", {}, "Seats", this.seats), this.seatsHint);
    this.structure = el("select", { dataset: { testid: "create-structure" } }, (this.options.structures || ["fixed-limit"]).map((name) => el("option", { value: name }, name)));
    this.stakeInputs = {};
    this.stakeBox = el("div", { class: "field-row" });
    for (const [name, facts] of Object.entries(STAKE_FIELDS)) {
      const input = numberInput(`stake-${name}`, 0, { min: 0, name });
      this.stakeInputs[name] = { input, box: field(facts.label, input, facts.help) };
    }
    this.buyInMin = numberInput("buy-in-min", 1, { min: 1 });
    this.buyInMax = numberInput("buy-in-max", 1, { min: 1 });
    for (const input of [...Object.values(this.stakeInputs).map((entry) => entry.input), this.buyInMin, this.buyInMax]) {
      for (const what of ["input", "change"]) {
        input.addEventListener(what, () => {
          input.dataset.touched = "yes";
        });
      }
    }
    const clock = this.options.clock || { action: 30, bank: 60 };
    this.clockAction = numberInput("clock-action", clock.action, { min: 5 });
    this.clockBank = numberInput("clock-bank", clock.bank, { min: 0 });
    this.fair = el("input", { type: "checkbox", dataset: { testid: "create-fair" } });
    this.straddle = el("input", { type: "checkbox", dataset: { testid: "create-straddle" } });
    this.joining = el(
      "select",
      { dataset: { testid: "create-joining" } },
      el("option", { value: "deal-in" }, "Dealt in at the next hand, posting nothing extra"),
      el("option", { value: "wait" }, "Wait for the big blind"),
      el("option", { value: "post" }, "Post a big blind to play now (or wait)"),
    );
    this.blindsBox = el(
      "fieldset",
      { dataset: { testid: "create-blinds" } },
      el("legend", {}, "Blinds"),
      el("div", { class: "field-row" }, field("A player sitting down or back in", this.joining, "Nobody comes in on the button or the small blind. Back from missing blinds: the big one live, the small one dead.")),
      el("label", { class: "check" }, this.straddle, "Straddle: the player left of the big blind may post twice the big blind before the deal, and acts last"),
    );
    this.severalSeats = el("input", { type: "checkbox", dataset: { testid: "create-several-seats" } });
    this.approveSeats = el("input", { type: "checkbox", dataset: { testid: "create-approve-seats" } });
    const presets = Object.keys(this.options.presets || {});
    this.preset = el("select", { dataset: { testid: "rules-preset" } }, presets.map((name) => el("option", { value: name, selected: name === "strict" }, name)));
    this.switches = (this.options.switches || []).map((item) => this.switchRow(item));
    this.presetWords = el("p", { class: "hint", dataset: { testid: "preset-paragraph" } });
    this.rulesLink = el("a", { href: "/rules", target: "_blank", rel: "noopener", class: "small-button", dataset: { testid: "create-rules-link" } }, "House rules");
    this.switchNote = el("div", { class: "hint", dataset: { testid: "switches-hidden" } });
    this.error = el("div", { class: "form-error", role: "alert", hidden: true, dataset: { testid: "create-error" } });
    this.submit = el("button", { type: "submit", class: "primary-button", dataset: { testid: "create-submit" } }, "Create the table");
    const form = el(
      "form",
      { novalidate: true },
      el("fieldset", {}, el("legend", {}, "Game"), el("div", { class: "field-row" }, field("Play", this.mode), field("Game", this.game), this.seatsField), this.choiceBox),
      el("fieldset", {}, el("legend", {}, "Stakes"), el("div", { class: "field-row" }, field("Betting", this.structure)), this.stakeBox),
      this.blindsBox,
      el(
        "fieldset",
        {},
        el("legend", {}, "Buy-in and clock"),
        el("div", { class: "field-row" }, field("Smallest buy-in", this.buyInMin), field("Largest buy-in", this.buyInMax), field("Seconds to act", this.clockAction), field("Time bank (seconds)", this.clockBank, "extra time each player may use")),
        el("label", { class: "check" }, this.fair, "Provably fair: publish a commitment to each deck before the deal, and the deck after"),
      ),
      el(
        "fieldset",
        {},
        el("legend", {}, "Seats"),
        field(el("span", { class: "check" }, this.severalSeats, "Several seats per browser"), null, "Let one browser take more than one seat (a tablet passed round); otherwise each browser holds one seat."),
        field(el("span", { class: "check" }, this.approveSeats, "You let each player sit down"), null, "Players ask for a seat with the invitation and wait until you approve them on your host page."),
      ),
      el(
        "fieldset",
        {},
        el("legend", {}, "House rules"),
        el("div", { class: "field-row" }, field("Preset", this.preset, "A preset fills every switch below; change any of them after."), this.rulesLink),
        this.presetWords,
        el("div", { class: "switches", dataset: { testid: "switches" } }, this.switches.map((row) => row.row)),
        this.switchNote,
      ),
      this.error,
      el("div", { class: "submit-row" }, this.submit),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.create();
    });
    this.mode.addEventListener("change", () => this.gamesChanged());
    this.picking.addEventListener("change", () => this.gamesChanged());
    this.game.addEventListener("change", () => this.gamesChanged());
    for (const box of this.choices) box.querySelector("input").addEventListener("change", () => this.gamesChanged());
    this.structure.addEventListener("change", () => this.showStakes());
    this.preset.addEventListener("change", () => {
      this.touchedRules = false;
      this.applyPreset();
    });
    fill(root, form);
    this.gamesChanged();
    this.applyPreset();
  }

  switchRow(item) {
    let control;
    if (item.kind === "bool") {
      control = el("input", { type: "checkbox", dataset: { testid: `switch-${item.name}` } });
    } else if (item.kind === "choice" || (item.choices || []).length) {
      control = el("select", { dataset: { testid: `switch-${item.name}` } }, (item.choices || []).map((choice) => el("option", { value: JSON.stringify(choice) }, choice === null ? "none" : String(choice))));
    } else {
      control = el("input", { type: "number", step: 1, placeholder: "none", dataset: { testid: `switch-${item.name}` } });
    }
    const help = el("span", { class: "switch-help", dataset: { testid: `help-${item.name}` } }, item.help || "");
    const row = el(
      "div",
      { class: "switch-row" },
      el("label", { class: "switch-name", for: `switch-${item.name}` }, item.name),
      control,
      help,
    );
    control.id = `switch-${item.name}`;
    const entry = { item, control, row, help };
    control.addEventListener("change", () => {
      this.touchedRules = true;
      row.classList.toggle("switch-changed", JSON.stringify(this.read(item, control)) !== JSON.stringify(this.presetValue(item)));
      this.describe(entry);
      this.linkRules();
    });
    return entry;
  }

  /** The switch's setting in plain words (the house-rules sheet's sentence), else its help line. */
  describe({ item, control, help }) {
    help.textContent = item.words?.[JSON.stringify(this.read(item, control))] || item.help || "";
  }

  /** Point the "House rules" link at the sheet of the chosen rules and games. */
  linkRules() {
    const query = new URLSearchParams({ preset: this.preset.value });
    for (const { item, control } of this.switches) {
      const value = this.read(item, control);
      if (JSON.stringify(value) !== JSON.stringify(this.presetValue(item))) query.append("set", `${item.name}=${value === null ? "none" : value}`);
    }
    for (const game of this.chosenGames()) query.append("game", game);
    this.rulesLink.href = `/rules?${query}`;
  }

  read(item, control) {
    if (item.kind === "bool") return control.checked;
    if (control.tagName === "SELECT") return JSON.parse(control.value);
    return control.value === "" ? null : Number(control.value);
  }

  write(item, control, value) {
    if (item.kind === "bool") control.checked = Boolean(value);
    else if (control.tagName === "SELECT") control.value = JSON.stringify(value ?? null);
    else control.value = value === null || value === undefined ? "" : String(value);
  }

  presetValue(item) {
    const preset = this.options.presets?.[this.preset.value] || {};
    return item.name in preset ? preset[item.name] : item.default;
  }

  applyPreset() {
    for (const entry of this.switches) {
      this.write(entry.item, entry.control, this.presetValue(entry.item));
      entry.row.classList.remove("switch-changed");
      this.describe(entry);
    }
    this.presetWords.textContent = this.options.paragraphs?.[this.preset.value] || "";
    this.linkRules();
  }

  chosenGames() {
    if (this.mode.value === "one") return [this.game.value];
    return this.choices.map((box) => box.querySelector("input")).filter((input) => input.checked).map((input) => input.value);
  }

  gamesChanged() {
    const several = this.mode.value === "choice";
    this.choiceBox.hidden = !several;
    this.game.closest(".field").hidden = several;
    const chosen = this.games.filter((game) => this.chosenGames().includes(game.name));
    if (chosen.length) {
      const most = Math.min(...chosen.map((game) => game.max_players || 10));
      this.seats.max = String(most);
      this.seatsHint.textContent = seatsHint(chosen, most);
      if (Number(this.seats.value) > most) this.seats.value = String(most);
      if (!this.touchedRules && this.options.presets?.["cards-speak"]) {
        const wanted = chosen.every((game) => !game.declare) ? "cards-speak" : this.preset.value === "cards-speak" ? "strict" : this.preset.value;
        if (wanted !== this.preset.value) {
          this.preset.value = wanted;
          this.applyPreset();
        }
      }
    }
    this.dealerBox.hidden = !several || this.picking.value !== "dealer-names";
    this.showGameRules(several ? chosen : []);
    this.showSwitches(chosen);
    this.showStakes();
  }

  /** A preset of its own for each chosen game ("" keeps the table's rules). */
  showGameRules(chosen) {
    const presets = Object.keys(this.options.presets || {});
    for (const game of chosen) {
      if (this.gameRules.has(game.name)) continue;
      const select = el(
        "select",
        { dataset: { testid: `game-rules-${game.name}` } },
        el("option", { value: "" }, "the table's rules"),
        presets.map((name) => el("option", { value: name }, name)),
      );
      this.gameRules.set(game.name, field(game.title, select));
    }
    fill(this.gameRulesBox, chosen.map((game) => this.gameRules.get(game.name)));
  }

  gameRulesPayload() {
    if (this.mode.value !== "choice") return {};
    const chosen = new Set(this.chosenGames());
    const rules = {};
    for (const [name, box] of this.gameRules) {
      const value = box.querySelector("select").value;
      if (chosen.has(name) && value) rules[name] = value;
    }
    return rules;
  }

  /** Only the switches that come into play in the chosen games (all, if the server does not say). */
  showSwitches(chosen) {
    const said = chosen.filter((game) => Array.isArray(game.switches));
    const applies = new Set(said.flatMap((game) => game.switches));
    let hidden = 0;
    for (const { item, row } of this.switches) {
      row.hidden = said.length > 0 && !applies.has(item.name);
      if (row.hidden) hidden += 1;
    }
    this.linkRules();
    this.switchNote.textContent = hidden ? `${hidden} switch${hidden === 1 ? "" : "es"} that no chosen game uses ${hidden === 1 ? "is" : "are"} hidden and keep${hidden === 1 ? "s" : ""} the preset's setting.` : "";
  }

  showStakes() {
    const chosen = this.games.filter((game) => this.chosenGames().includes(game.name));
    const hasStud = chosen.some((game) => game.stud);
    const hasBlinds = chosen.some((game) => !game.stud && !game.antes) || !chosen.length;
    this.visibleStakes = stakeFieldsFor(this.structure.value, hasStud, hasBlinds);
    this.blindsBox.hidden = !chosen.some((game) => !game.stud && !game.antes);
    // Untouched fields show the server's defaults for these games and this structure.
    const kind = hasStud && hasBlinds ? "both" : hasStud ? "stud" : hasBlinds ? "blinds" : "antes";
    const stakes = this.defaults.stakes?.[kind]?.[this.structure.value] || {};
    for (const [name, { input }] of Object.entries(this.stakeInputs)) {
      if (!input.dataset.touched && name in stakes) input.value = String(stakes[name]);
    }
    // A game played for antes (Anaconda, pass the trash) among others still needs an ante.
    const ante = this.stakeInputs.ante.input;
    if (chosen.some((game) => game.antes) && !ante.dataset.touched && !Number(ante.value)) {
      ante.value = String(this.defaults.stakes?.antes?.[this.structure.value]?.ante || 1);
    }
    const buyIn = this.defaults.buy_in?.[kind]?.[this.structure.value];
    if (buyIn && !this.buyInMin.dataset.touched) this.buyInMin.value = String(buyIn.min);
    if (buyIn && !this.buyInMax.dataset.touched) this.buyInMax.value = String(buyIn.max);
    fill(this.stakeBox, this.visibleStakes.map((name) => this.stakeInputs[name].box));
  }

  payload() {
    const stakes = { structure: this.structure.value };
    for (const name of this.visibleStakes) stakes[name] = Number(this.stakeInputs[name].input.value) || 0;
    const rules = { preset: this.preset.value };
    for (const { item, control } of this.switches) rules[item.name] = this.read(item, control);
    return {
      games: this.chosenGames(),
      rules,
      stakes,
      seats: Number(this.seats.value),
      provably_fair: this.fair.checked,
      several_seats_per_browser: this.severalSeats.checked,
      approve_seats: this.approveSeats.checked,
      clock: { action: Number(this.clockAction.value), bank: Number(this.clockBank.value) },
      buy_in: { min: Number(this.buyInMin.value), max: Number(this.buyInMax.value) },
      ...this.choicePayload(),
      ...(this.blindsBox.hidden ? {} : { straddle: this.straddle.checked, joining: this.joining.value }),
    };
  }

  choicePayload() {
    if (this.mode.value !== "choice" || this.picking.value !== "dealer-names") return { game_rules: this.gameRulesPayload() };
    return { mode: "dealer-names", game_rules: this.gameRulesPayload(), dealer_declares: this.dealerDeclares.checked, orbit: this.orbit.checked };
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
    if (message) this.error.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  async create() {
    const payload = this.payload();
    if (this.mode.value === "choice" && payload.games.length < 2) {
      this.showError("Dealer's choice needs at least two games: tick the games to play.");
      return;
    }
    this.showError("");
    this.submit.disabled = true;
    this.submit.textContent = "Creating…";
    try {
      const created = await postJSON("/api/tables", payload);
      const links = created.links || { host: `/host/${created.host}`, invite: `/join/${created.invite}`, spectator: `/watch/${created.spectator}` };
      storeHostLinks(created.host, { table: created.table, invite: links.invite, spectator: links.spectator });
      location.assign(links.host);
    } catch (error) {
      this.showError(error.message);
      this.submit.disabled = false;
      this.submit.textContent = "Create the table";
    }
  }
}

async function start() {
  try {
    new CreateForm(await getJSON("/api/options"));
  } catch (error) {
    fill(root, el("div", { class: "form-error", role: "alert", dataset: { testid: "create-error" } }, `Cannot load the games: ${error.message}`));
  }
}

start();
showYourHomes(document.getElementById("your-homes"));
