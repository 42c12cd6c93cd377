// hilo: the house-rules sheet. The rules in plain words and a gallery of hard showdowns,
// each settled by the referee under these rules; every text from the server is shown as text.

import { el, fill, getJSON } from "./api.js";

const root = document.getElementById("sheet");

function sentences(document) {
  return el("ul", { class: "rules-sentences", dataset: { testid: "rules-sentences" } }, document.sentences.map((line) => el("li", {}, line)));
}

function players(item) {
  const rows = item.players.map((player) =>
    el(
      "tr",
      {},
      el("td", {}, player.name),
      el("td", {}, player.declare || "cards speak"),
      el("td", { class: "rules-cards" }, player.cards),
      el("td", { class: "rules-wins" }, String(item.awards[player.name] || 0)),
    ),
  );
  if (item.carried) rows.push(el("tr", {}, el("td", {}, "(rides)"), el("td"), el("td"), el("td", { class: "rules-wins" }, String(item.carried))));
  const pots = item.pots ? item.pots.map((pot) => `${pot.amount} (${(pot.players || []).join(", ")})`).join(", ") : String(item.pot);
  return [
    el("p", { class: "rules-pot" }, `Pot: ${pots}`),
    el(
      "table",
      { class: "rules-players" },
      el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Declared"), el("th", {}, "Cards"), el("th", {}, "Wins"))),
      el("tbody", {}, rows),
    ),
  ];
}

function galleryItem(item, number) {
  return el(
    "article",
    { class: "rules-case", dataset: { testid: `case-${item.situation}` } },
    el("h3", {}, `${number}. ${item.title}`),
    players(item),
    el("ol", { class: "rules-ruling", dataset: { testid: "ruling" } }, item.explanation.map((line) => el("li", {}, line))),
    item.decided_by.length
      ? el("div", { class: "rules-decided" }, el("strong", {}, "Decided by: "), el("ul", {}, item.decided_by.map((rule) => el("li", {}, rule.sentence))))
      : null,
  );
}

function show(document) {
  const games = document.games.length ? el("p", { class: "lead", dataset: { testid: "rules-games" } }, `For: ${document.games.map((game) => document.titles?.[game] || game).join(", ")}`) : null;
  fill(
    root,
    el("h1", { dataset: { testid: "rules-name" } }, `House rules: ${document.name}`),
    games,
    document.paragraph ? el("p", { class: "rules-paragraph", dataset: { testid: "rules-paragraph" } }, document.paragraph) : null,
    el("section", {}, el("h2", {}, "The rules"), sentences(document)),
    document.gallery.length
      ? el(
          "section",
          { class: "rules-gallery", dataset: { testid: "rules-gallery" } },
          el("h2", {}, "Hard showdowns under these rules"),
          el("p", { class: "hint" }, "Each showdown below is settled by hilo's referee under the rules above. Each hand is up to seven cards: its best five for high and, separately, for low."),
          document.gallery.map((item, index) => galleryItem(item, index + 1)),
        )
      : null,
  );
}

async function start() {
  document.getElementById("print").addEventListener("click", () => print());
  try {
    show(await getJSON(`/api/rules${location.search}`));
  } catch (error) {
    fill(root, el("div", { class: "form-error", role: "alert", dataset: { testid: "rules-error" } }, `Cannot show these rules: ${error.message}`));
  }
}

start();
