// hilo: "Your home games". hilo has no accounts: this browser remembers the host links of the
// home games it created or opened (links and names only, in its local storage), and the
// front page and /home list them, each with a way to forget it. The server lists only the
// home games whose host links are presented (POST /api/homes/mine).

import { el, fill, postJSON } from "./api.js";

const KEY = "hilo.homes";
const MOST = 50;

/** The home games this browser remembers: [{host, name}], the latest opened first. */
export function rememberedHomes() {
  try {
    const homes = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(homes) ? homes.filter((home) => typeof home?.host === "string" && home.host) : [];
  } catch {
    return [];
  }
}

function keep(homes) {
  try {
    localStorage.setItem(KEY, JSON.stringify(homes.slice(0, MOST)));
  } catch {
    // no storage: the host link itself still opens the home game
  }
}

/** Remember a home game this browser has opened with its host link (first in the list). */
export function rememberHome(host, name) {
  keep([{ host, name: String(name || "") }, ...rememberedHomes().filter((home) => home.host !== host)]);
}

/** Forget a home game (its link still works; this browser no longer lists it). */
export function forgetHome(host) {
  keep(rememberedHomes().filter((home) => home.host !== host));
}

/** Fill `root` with this browser's home games, as the server knows them now. */
export async function showYourHomes(root) {
  const remembered = rememberedHomes();
  root.hidden = !remembered.length;
  if (!remembered.length) return;
  let homes;
  try {
    homes = (await postJSON("/api/homes/mine", { hosts: remembered.map((home) => home.host) })).homes;
  } catch (error) {
    fill(root, el("h2", {}, "Your home games"), el("p", { class: "panel-note" }, error.message));
    return;
  }
  const found = new Set(homes.map((home) => home.host));
  const gone = remembered.filter((home) => !found.has(home.host));
  const forget = (host, name) =>
    el(
      "button",
      {
        type: "button",
        class: "small-button",
        "aria-label": `forget ${name}`,
        dataset: { testid: "your-home-forget" },
        onclick: () => {
          forgetHome(host);
          showYourHomes(root);
        },
      },
      "Forget",
    );
  fill(
    root,
    el("h2", {}, "Your home games"),
    el(
      "ul",
      { class: "your-homes", dataset: { testid: "your-homes-list" } },
      homes.map((home) =>
        el(
          "li",
          { dataset: { testid: "your-home", host: home.host } },
          el("a", { href: home.link, dataset: { testid: "your-home-link" } }, home.name),
          el("span", { class: "panel-note" }, ` ${home.nights} night${home.nights === 1 ? "" : "s"}${home.playing ? ", one on now" : ""} `),
          forget(home.host, home.name),
        ),
      ),
      gone.map((home) =>
        el(
          "li",
          { dataset: { testid: "your-home-gone" } },
          el("span", {}, `${home.name || "A home game"}: this server no longer knows it `),
          forget(home.host, home.name || "it"),
        ),
      ),
    ),
  );
}
