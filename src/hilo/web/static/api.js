// hilo: small helpers shared by every page: building elements, talking to the server,
// remembering tokens in this browser, and transient messages (toasts).

/** The token in this page's address: the last part of the path. */
export function tokenFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

/** The page kind from the address: "host", "join", "play" or "watch" ("" for the create page). */
export function pageKind() {
  const parts = location.pathname.split("/").filter(Boolean);
  return parts.length > 1 ? parts[0] : "";
}

/**
 * Build an element: el("button", {class: "x", onclick: fn, dataset: {testid: "y"}}, "text", child).
 * Attributes named on* become listeners; "dataset" sets data-* attributes; false/null skip.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      for (const [key, item] of Object.entries(value)) node.dataset[key] = item;
    } else if (name === "class") {
      node.className = value;
    } else if (name === "text") {
      node.textContent = value;
    } else if (value === true) {
      node.setAttribute(name, "");
    } else {
      node.setAttribute(name, String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An element built from SVG markup we write ourselves (never from server text). */
export function svg(markup) {
  const holder = document.createElement("span");
  holder.innerHTML = markup;
  return holder.firstElementChild;
}

/** Replace every child of ``node``. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** An error the server explained in a sentence. */
export class ServerError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function readReply(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const sentence = data && typeof data.error === "string" ? data.error : null;
    throw new ServerError(sentence || `the server answered ${response.status}`, response.status);
  }
  return data;
}

/** GET a JSON document; throws ServerError with the server's sentence. */
export async function getJSON(url) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" } });
  } catch {
    throw new ServerError("cannot reach the hilo server: check the connection", 0);
  }
  return readReply(response);
}

/** POST a JSON body and read the JSON answer; throws ServerError with the server's sentence. */
export async function postJSON(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ServerError("cannot reach the hilo server: check the connection", 0);
  }
  return readReply(response);
}

/** Show a short message that goes away by itself. kind: "error" | "info". */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", class: "toasts", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", dataset: { testid: "toast" } }, message);
  box.append(item);
  setTimeout(() => item.classList.add("toast-leaving"), 4200);
  setTimeout(() => item.remove(), 4700);
}

const SEAT_KEY = "hilo.seat.";
const HOST_KEY = "hilo.host.";

/** The seat this browser holds at a table: {token, seat, invite, name} or null. */
export function storedSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY + tableId) || "null");
  } catch {
    return null;
  }
}

/** Remember (or, with null, forget) this browser's seat at a table. */
export function storeSeat(tableId, seat) {
  try {
    if (seat === null) localStorage.removeItem(SEAT_KEY + tableId);
    else localStorage.setItem(SEAT_KEY + tableId, JSON.stringify(seat));
  } catch {
    // private browsing without storage: the link in the address bar still works
  }
}

/** The links a host received when creating a table: {table, invite, spectator} or null. */
export function storedHostLinks(hostToken) {
  try {
    return JSON.parse(localStorage.getItem(HOST_KEY + hostToken) || "null");
  } catch {
    return null;
  }
}

/** Remember the links of a table this browser created. */
export function storeHostLinks(hostToken, links) {
  try {
    localStorage.setItem(HOST_KEY + hostToken, JSON.stringify(links));
  } catch {
    // without storage the host page asks the server for the links
  }
}

/** An absolute address for a path on this server. */
export function absolute(path) {
  return new URL(path, location.origin).href;
}

/** Copy text to the clipboard; falls back to selecting it when the clipboard is refused. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied", "info");
  } catch {
    if (input) {
      input.focus();
      input.select();
    }
    toast("Press Ctrl+C (or long-press) to copy the selected link", "info");
  }
}

/** Chips as a person reads them: 1234 -> "1,234". */
export function chips(amount) {
  return Number(amount || 0).toLocaleString("en-US");
}
