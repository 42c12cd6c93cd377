// hilo: the referee page, for a hand played with real cards. The players, their cards
// (tapped from the picker or typed as "As Kd"), their declarations and the pots make the
// document `hilo settle --json` reads; POST /api/settle rules on it. The share link holds
// the whole document (base64url JSON in the address's fragment) and rules again on load.
// Every name and sentence is set as text, never as markup.

import { absolute, el, fill, getJSON, postJSON, toast } from "./api.js";
import { cardButton, decodeDocument, encodeDocument, readCards, showRuling } from "./showdown.js";

const RANKS = "AKQJT98765432";
const SUITS = "shdc";
const MAX_PLAYERS = 10;
const MAX_POTS = 10;
const SHARE_KEY = "d";

const root = document.getElementById("referee");
let nextId = 1;

function newPlayer(name = "") {
  return { id: nextId++, name, declare: null, cards: [], down: [], up: [] };
}

const state = {
  games: [],
  presets: [],
  game: "",
  rules: "strict",
  tableRules: null,
  tableRulesName: "",
  sharedRules: null,
  wild: "",
  players: [newPlayer(), newPlayer()],
  board: [],
  pots: [{ amount: "", members: null }],
  active: null,
  answer: null,
  error: "",
  shared: "",
};

// ---------- the document ----------

function gameFacts(name = state.game) {
  return state.games.find((game) => game.name === name) || { name, declare: true, stud: false, board: false, wild: false, split: "hi-lo-declare" };
}

function rulesValue() {
  if (state.rules === "table") return state.tableRules;
  if (state.rules === "shared") return state.sharedRules;
  return state.rules;
}

/** Whether players declare under the chosen rules (else the cards speak). */
function isDeclaring() {
  const rules = rulesValue();
  if (rules === "cards-speak") return false;
  if (rules && typeof rules === "object") {
    if (rules.preset === "cards-speak" && rules.declare === undefined) return false;
    if (rules.declare === "cards-speak") return false;
  }
  return gameFacts().declare;
}

/** The sides a declaration names in this game: [high, low] words. */
function sideWords() {
  const split = gameFacts().split || "";
  if (split.startsWith("chicago")) return ["high", "spade"];
  if (split === "seven-twenty-seven") return ["27", "7"];
  return ["high", "low"];
}

function partsOf(game = gameFacts()) {
  return game.stud ? ["down", "up"] : ["cards"];
}

/** Switch games, keeping every card entered: stud games hold down and up cards apart. */
function changeGame(name) {
  state.game = name;
  const stud = gameFacts().stud;
  for (const player of state.players) {
    if (stud && player.cards.length) [player.down, player.cards] = [[...player.down, ...player.cards], []];
    if (!stud && (player.down.length || player.up.length)) [player.cards, player.down, player.up] = [[...player.cards, ...player.down, ...player.up], [], []];
  }
  if (!gameFacts().board) state.board = [];
  state.active = state.players.length ? { owner: state.players[0], part: partsOf()[0] } : null;
}

function usedCards() {
  const used = new Set(state.board);
  for (const player of state.players) for (const part of ["cards", "down", "up"]) for (const code of player[part]) used.add(code);
  return used;
}

function playerName(player, index) {
  return player.name.trim() || `Player ${index + 1}`;
}

function chipsValue(text) {
  const trimmed = String(text).trim();
  return /^[0-9]{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The showdown as the document `hilo settle --json` reads. */
function documentOf() {
  const game = gameFacts();
  const declaring = isDeclaring();
  const names = state.players.map(playerName);
  const document = { game: game.name, rules: rulesValue() };
  document.players = state.players.map((player, index) => {
    const entry = { name: names[index] };
    if (declaring && player.declare) entry.declare = player.declare;
    if (game.stud) {
      entry.down = player.down.join(" ");
      entry.up = player.up.join(" ");
    } else {
      entry.cards = player.cards.join(" ");
    }
    return entry;
  });
  if (game.board) document.board = state.board.join(" ");
  const everybody = (pot) => pot.members === null || state.players.every((player) => pot.members.has(player.id));
  if (state.pots.length === 1 && everybody(state.pots[0])) {
    document.pot = chipsValue(state.pots[0].amount);
  } else {
    document.pots = state.pots.map((pot) => ({
      amount: chipsValue(pot.amount),
      players: state.players.filter((player) => pot.members === null || pot.members.has(player.id)).map((player) => names[state.players.indexOf(player)]),
    }));
  }
  const wild = state.wild.split(/[\s,]+/).filter(Boolean);
  if (wild.length) document.wild = wild;
  return document;
}

// ---------- the share link ----------

function shareLink(document) {
  return absolute(`/referee#${SHARE_KEY}=${encodeDocument(document)}`);
}

/** The page's state from a shared document (what the page cannot show is still ruled on). */
function load(document) {
  if (!document || typeof document !== "object" || Array.isArray(document)) throw new Error("not a showdown");
  if (typeof document.game === "string") state.game = document.game;
  const rules = document.rules;
  if (typeof rules === "string" && state.presets.includes(rules)) state.rules = rules;
  else if (rules !== undefined && rules !== null) {
    state.rules = "shared";
    state.sharedRules = rules;
  }
  const split = (value) => (typeof value === "string" ? readCards(value) : []);
  const listed = Array.isArray(document.players) ? document.players.slice(0, MAX_PLAYERS) : [];
  state.players = listed.map((entry) => {
    const player = newPlayer(typeof entry?.name === "string" ? entry.name : "");
    player.declare = ["high", "low", "both"].includes(entry?.declare) ? entry.declare : null;
    player.cards = split(entry?.cards);
    player.down = split(entry?.down);
    player.up = split(entry?.up);
    return player;
  });
  state.board = split(document.board);
  const byName = new Map(state.players.map((player) => [player.name, player.id]));
  if (Array.isArray(document.pots)) {
    state.pots = document.pots.slice(0, MAX_POTS).map((pot) => ({
      amount: String(pot?.amount ?? ""),
      members: Array.isArray(pot?.players) ? new Set(pot.players.map((name) => byName.get(name)).filter(Boolean)) : null,
    }));
  } else {
    state.pots = [{ amount: String(document.pot ?? ""), members: null }];
  }
  state.wild = Array.isArray(document.wild) ? document.wild.join(", ") : "";
}

// ---------- the ruling ----------

async function rule(document = documentOf()) {
  state.error = "";
  try {
    state.answer = await postJSON("/api/settle", document);
    state.shared = shareLink(document);
    history.replaceState(null, "", `${location.pathname}#${SHARE_KEY}=${encodeDocument(document)}`);
  } catch (error) {
    state.answer = null;
    state.shared = "";
    state.error = error.message;
  }
  renderResult();
  result.scrollIntoView({ block: "start", behavior: "instant" });
}

// ---------- drawing ----------

function field(label, control, hint = "") {
  return el("div", { class: "field" }, el("label", {}, label, control), hint ? el("span", { class: "hint" }, hint) : null);
}

const setup = el("fieldset", { class: "referee-setup" });
const players = el("fieldset", { class: "referee-players" });
const picker = el("div", { class: "card-picker", dataset: { testid: "card-picker" } });
const pots = el("fieldset", { class: "referee-pots" });
const result = el("section", { class: "result referee-result", dataset: { testid: "referee-result" }, "aria-live": "polite", hidden: true });

function renderSetup() {
  const families = new Map();
  for (const game of state.games) {
    const family = game.family || "games";
    if (!families.has(family)) families.set(family, []);
    families.get(family).push(game);
  }
  const gameSelect = el(
    "select",
    {
      dataset: { testid: "referee-game" },
      onchange: (event) => {
        changeGame(event.target.value);
        renderAll();
      },
    },
    [...families].map(([family, games]) => el("optgroup", { label: family }, games.map((game) => el("option", { value: game.name, selected: game.name === state.game }, game.title)))),
  );
  const choices = [];
  if (state.tableRules) choices.push(["table", `This table's rules (${state.tableRulesName})`]);
  if (state.sharedRules) choices.push(["shared", "The shared ruling's rules"]);
  for (const preset of state.presets) choices.push([preset, preset]);
  const rulesSelect = el(
    "select",
    {
      dataset: { testid: "referee-rules" },
      onchange: (event) => {
        state.rules = event.target.value;
        renderAll();
      },
    },
    choices.map(([value, label]) => el("option", { value, selected: value === state.rules }, label)),
  );
  const wild = el("input", {
    type: "text",
    value: state.wild,
    placeholder: "such as 3, 9 or joker=wild",
    autocomplete: "off",
    dataset: { testid: "referee-wild" },
    onchange: (event) => {
      state.wild = event.target.value;
      renderPicker();
    },
  });
  fill(
    setup,
    el("legend", {}, "Game and house rules"),
    field("Game", gameSelect),
    field("House rules", rulesSelect, isDeclaring() ? "Players declare high, low or both." : "Cards speak: nobody declares."),
    field("Extra wild cards", wild, "Leave empty unless the table made more cards wild."),
  );
}

function rowTitle(part) {
  return { cards: "Cards", down: "Down", up: "Up", board: "Board" }[part];
}

/** One row of cards (a player's, or the board): the cards, the typed form, and a target button. */
function cardRow(owner, part, testid, label) {
  const codes = owner[part];
  const isActive = state.active && state.active.owner === owner && state.active.part === part;
  const typed = el("input", {
    type: "text",
    value: codes.join(" "),
    placeholder: "tap below, or type As Kd",
    autocomplete: "off",
    autocapitalize: "none",
    spellcheck: "false",
    "aria-label": `${label}: cards typed`,
    dataset: { testid: `${testid}-text` },
    onfocus: () => {
      state.active = { owner, part };
      renderPicker();
      for (const row of players.querySelectorAll(".card-row")) row.classList.toggle("card-row-active", row.dataset.testid === testid);
    },
    onchange: (event) => {
      try {
        const wanted = readCards(event.target.value);
        const taken = usedCards();
        for (const code of owner[part]) taken.delete(code);
        const clash = wanted.find((code) => taken.has(code));
        if (clash) throw new Error(`${clash} is already somebody's card`);
        owner[part] = wanted;
      } catch (error) {
        toast(`${label}: ${error.message}`);
      }
      typed.value = owner[part].join(" ");
      fill(holder, shownCards());
      renderPicker();
    },
  });
  const shownCards = () => {
    const shown = owner[part].map((code) =>
      cardButton(
        code,
        () => {
          owner[part] = owner[part].filter((item) => item !== code);
          state.active = { owner, part };
          renderAll();
        },
        `${testid}-card-${code}`,
        { remove: true },
      ),
    );
    return shown.length ? shown : el("span", { class: "hint" }, "no cards yet");
  };
  const holder = el("div", { class: "card-row-cards" }, shownCards());
  return el(
    "div",
    { class: `card-row${isActive ? " card-row-active" : ""}`, dataset: { testid } },
    el(
      "button",
      {
        type: "button",
        class: "card-row-target",
        "aria-pressed": isActive ? "true" : "false",
        dataset: { testid: `${testid}-target` },
        onclick: () => {
          state.active = { owner, part };
          renderAll();
        },
      },
      rowTitle(part),
    ),
    holder,
    typed,
  );
}

function renderPlayers() {
  const declaring = isDeclaring();
  const [high, low] = sideWords();
  const entries = state.players.map((player, index) => {
    const name = el("input", {
      type: "text",
      value: player.name,
      maxlength: 40,
      placeholder: `Player ${index + 1}`,
      autocomplete: "off",
      "aria-label": `Player ${index + 1}'s name`,
      dataset: { testid: `player-name-${index}` },
      oninput: (event) => {
        player.name = event.target.value;
      },
      onchange: () => {
        renderPots();
        renderPicker();
      },
    });
    const declare = declaring
      ? el(
          "div",
          { class: "declare-row", role: "group", "aria-label": "declaration" },
          [
            ["high", high],
            ["low", low],
            ["both", "both"],
          ].map(([value, word]) =>
            el(
              "button",
              {
                type: "button",
                class: `declare-pick declare-pick-${value}${player.declare === value ? " declare-pick-chosen" : ""}`,
                "aria-pressed": player.declare === value ? "true" : "false",
                dataset: { testid: `declare-${index}-${value}` },
                onclick: () => {
                  player.declare = player.declare === value ? null : value;
                  renderAll();
                },
              },
              word,
            ),
          ),
        )
      : null;
    const remove = el(
      "button",
      {
        type: "button",
        class: "small-button danger",
        disabled: state.players.length <= 1,
        dataset: { testid: `player-remove-${index}` },
        onclick: () => {
          state.players = state.players.filter((item) => item !== player);
          if (state.active?.owner === player) state.active = null;
          renderAll();
        },
      },
      "Remove",
    );
    const rows = partsOf().map((part) => cardRow(player, part, `row-${index}-${part}`, `${playerName(player, index)}, ${rowTitle(part).toLowerCase()}`));
    return el("div", { class: "referee-player", dataset: { testid: `player-${index}` } }, el("div", { class: "referee-player-head" }, name, remove), declare, rows);
  });
  const add = el(
    "button",
    {
      type: "button",
      class: "small-button",
      disabled: state.players.length >= MAX_PLAYERS,
      dataset: { testid: "referee-add-player" },
      onclick: () => {
        const player = newPlayer();
        state.players.push(player);
        state.active = { owner: player, part: partsOf()[0] };
        renderAll();
        players.querySelector(`[data-testid=player-name-${state.players.length - 1}]`)?.focus();
      },
    },
    "Add a player",
  );
  const board = gameFacts().board ? cardRow(state, "board", "row-board", "Board") : null;
  fill(players, el("legend", {}, "Players, from the button's left"), entries, el("div", { class: "button-row" }, add), board);
}

/** Whose cards the picker adds to, in words: "Ann, down cards" or "the board". */
function activeLabel() {
  const { owner, part } = state.active;
  if (owner === state) return "the board";
  const index = state.players.indexOf(owner);
  const cards = part === "cards" ? "" : `, ${rowTitle(part).toLowerCase()} cards`;
  return `${playerName(owner, index)}${cards}`;
}

function renderPicker() {
  const used = usedCards();
  const target = state.active;
  const title = target ? `Tap cards for ${activeLabel()}` : "Choose a row of cards above, then tap its cards here";
  const joker = gameFacts().wild || /joker/i.test(state.wild);
  const rows = SUITS.split("").map((suit) =>
    el(
      "div",
      { class: "pick-row" },
      RANKS.split("").map((rank) => {
        const code = rank + suit;
        return cardButton(code, () => pick(code), `pick-${code}`, { disabled: !target || used.has(code), used: used.has(code) });
      }),
    ),
  );
  if (joker) rows.push(el("div", { class: "pick-row" }, cardButton("Jk", () => pick("Jk"), "pick-Jk", { disabled: !target || used.has("Jk"), used: used.has("Jk") })));
  fill(picker, el("div", { class: "pick-title", dataset: { testid: "picker-title" } }, title), rows);
}

function pick(code) {
  const target = state.active;
  if (!target || usedCards().has(code)) return;
  target.owner[target.part] = [...target.owner[target.part], code];
  renderAll();
}

function renderPots() {
  const names = state.players.map(playerName);
  const items = state.pots.map((pot, index) => {
    const amount = el("input", {
      type: "text",
      inputmode: "numeric",
      value: pot.amount,
      placeholder: "chips",
      autocomplete: "off",
      dataset: { testid: `pot-amount-${index}` },
      oninput: (event) => {
        pot.amount = event.target.value;
      },
    });
    const members = state.players.map((player, seat) =>
      el(
        "label",
        { class: "check" },
        el("input", {
          type: "checkbox",
          checked: pot.members === null || pot.members.has(player.id),
          dataset: { testid: `pot-${index}-player-${seat}` },
          onchange: (event) => {
            if (pot.members === null) pot.members = new Set(state.players.map((item) => item.id));
            if (event.target.checked) pot.members.add(player.id);
            else pot.members.delete(player.id);
          },
        }),
        names[seat],
      ),
    );
    const remove =
      index > 0
        ? el(
            "button",
            {
              type: "button",
              class: "small-button danger",
              dataset: { testid: `pot-remove-${index}` },
              onclick: () => {
                state.pots.splice(index, 1);
                renderAll();
              },
            },
            "Remove",
          )
        : null;
    return el(
      "div",
      { class: "referee-pot", dataset: { testid: `pot-${index}` } },
      el("div", { class: "referee-pot-head" }, el("label", { class: "referee-pot-name" }, index === 0 ? "Main pot" : `Side pot ${index}`, amount), remove),
      el("div", { class: "referee-pot-members", role: "group", "aria-label": "players in this pot" }, members),
    );
  });
  const add = el(
    "button",
    {
      type: "button",
      class: "small-button",
      disabled: state.pots.length >= MAX_POTS,
      dataset: { testid: "referee-add-pot" },
      onclick: () => {
        state.pots.push({ amount: "", members: null });
        renderAll();
      },
    },
    "Add a side pot",
  );
  fill(pots, el("legend", {}, "Pots"), el("p", { class: "hint" }, "A side pot lists only the players in it: those who could still match its bets."), items, el("div", { class: "button-row" }, add));
}

function renderResult() {
  showRuling(result, state);
}

function renderAll() {
  renderSetup();
  renderPlayers();
  renderPicker();
  renderPots();
}

// ---------- starting ----------

async function tableRules(token) {
  try {
    const table = await getJSON(`/api/lobby?token=${encodeURIComponent(token)}`);
    state.tableRules = table.rules;
    state.tableRulesName = table.rules_name;
    state.rules = "table";
    const allowed = new Set(table.games || []);
    if (allowed.size) state.games = state.games.filter((game) => allowed.has(game.name));
    state.game = allowed.has(table.next_game) ? table.next_game : state.games[0]?.name || state.game;
  } catch (error) {
    toast(`The table's rules could not be read: ${error.message}`);
  }
}

async function start() {
  let options;
  try {
    options = await getJSON("/api/options");
  } catch (error) {
    fill(root, el("p", { class: "form-error", role: "alert" }, error.message));
    return;
  }
  state.games = options.games || [];
  state.presets = Object.keys(options.presets || {});
  const declared = state.games.find((game) => game.name === "seven-card-stud-hilo-declare") || state.games.find((game) => game.declare);
  state.game = declared?.name || state.games[0]?.name || "stud";
  const query = new URLSearchParams(location.search);
  if (query.get("table")) {
    await tableRules(query.get("table"));
    history.replaceState(null, "", `${location.pathname}${location.hash}`); // a copied address must not carry the token
  }
  const fragment = new URLSearchParams(location.hash.slice(1));
  let shared = null;
  if (fragment.get(SHARE_KEY)) {
    try {
      shared = decodeDocument(fragment.get(SHARE_KEY));
      load(shared);
    } catch {
      shared = null;
      toast("The shared link is damaged: it does not hold a showdown");
    }
  }
  const ruleButton = el("button", { type: "button", class: "primary-button", dataset: { testid: "referee-rule" }, onclick: () => rule() }, "Rule on the showdown");
  if (!shared) changeGame(state.game);
  fill(root, setup, players, el("div", { class: "card-picker-holder" }, picker), pots, el("div", { class: "submit-row" }, ruleButton), result);
  renderAll();
  if (shared) await rule(shared);
}

start();
