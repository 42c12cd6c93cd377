// hilo: the declaration. As at a real table, each player hides chips in a closed fist
// (none = low, one = high, two = both); all fists open together when everyone has chosen.

import { el, fill } from "./api.js";
import { chipIcon, directionWord, fistIcon } from "./render.js";

/** The three choices, named by the game's sides (Chicago's "spade", 7/27's "27" and "7"). */
function choicesFor(snapshot) {
  const [high, low] = snapshot.view?.sides || [];
  const highName = high || "high";
  const lowName = low || "low";
  return [
    { direction: "high", word: directionWord("high", [highName]), chips: 1, help: `one chip: the best ${highName} hand` },
    { direction: "low", word: directionWord("low", [null, lowName]), chips: 0, help: `no chip: the best ${lowName} hand` },
    { direction: "both", word: "Both", chips: 2, help: "two chips: swing, must win both ways" },
  ];
}

function chipsPicture(count) {
  if (!count) return el("span", { class: "declare-chip-empty", "aria-hidden": "true" });
  return el("span", { class: "declare-chip-stack", "aria-hidden": "true" }, Array.from({ length: count }, () => chipIcon()));
}

/** The three chips to choose from, when the rules let this player declare now. */
export function renderDeclare(root, snapshot, send) {
  const inTurn = snapshot.table?.rules?.declare === "in-turn";
  const chosen = (direction, button) => {
    for (const other of root.querySelectorAll(".declare-chip")) other.disabled = true;
    button.classList.add("declare-chip-chosen");
    send(direction);
  };
  const choices = choicesFor(snapshot);
  const [highName, lowName] = [choices[0].word.toLowerCase(), choices[1].word.toLowerCase()];
  const buttons = choices.map((choice) => {
    const button = el(
      "button",
      {
        type: "button",
        class: `declare-chip declare-chip-${choice.direction}`,
        title: `shortcut: ${choice.direction[0].toUpperCase()}`,
        "aria-label": `declare ${choice.direction === "both" ? "both ways" : choice.word.toLowerCase()}: ${choice.help}`,
        dataset: { testid: `declare-${choice.direction}` },
      },
      chipsPicture(choice.chips),
      el("span", { class: "declare-word" }, choice.word),
      el("span", { class: "declare-help" }, choice.help),
    );
    button.addEventListener("click", () => chosen(choice.direction, button));
    return button;
  });
  fill(
    root,
    el(
      "div",
      { class: "declare-panel", dataset: { testid: "declare-panel" } },
      el("div", { class: "declare-title" }, inTurn ? "Declare aloud: it is your turn" : `Declare in secret: ${highName}, ${lowName} or both?`),
      el(
        "p",
        { class: "declare-explain" },
        inTurn
          ? "Everyone sees your choice at once; the next player declares after you."
          : "Your choice goes into your closed fist. Reveal when everyone has chosen: all fists open together.",
      ),
      el("div", { class: "declare-chips" }, buttons),
    ),
  );
}

/** After declaring in secret: the player's own closed fist, and who is still choosing. */
export function renderSealed(root, snapshot, waitingFor) {
  const me = (snapshot.view?.seats || []).find((seat) => seat.seat === snapshot.you);
  const choice = choicesFor(snapshot).find((item) => item.direction === me?.declaration);
  fill(
    root,
    el(
      "div",
      { class: `declare-panel declare-sealed${snapshot.newlyDeclared?.has(snapshot.you) ? " declare-sealed-new" : ""}`, dataset: { testid: "my-fist" } },
      el("span", { class: "sealed-fist" }, fistIcon(), choice ? el("span", { class: "sealed-peek" }, choice.word) : null),
      el(
        "div",
        { class: "sealed-words" },
        el("div", { class: "declare-title" }, choice ? `You declared ${choice.word.toLowerCase()}: only you know` : "Your choice is in your fist"),
        el("p", { class: "declare-explain" }, waitingFor.length ? `Reveal when everyone has chosen. Still choosing: ${waitingFor.join(", ")}.` : "Reveal when everyone has chosen."),
      ),
    ),
  );
}
