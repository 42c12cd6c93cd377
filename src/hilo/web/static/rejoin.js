// hilo: on a player's page, a short note that the page's address is their key to the seat,
// and a control that copies it (or, where the clipboard is refused, selects it to copy).

import { el, fill, toast } from "./api.js";

/** Fill ``root`` with the note and the "Copy my rejoin link" control for this page. */
export function showRejoin(root) {
  const link = location.origin + location.pathname;
  const field = el("input", { type: "text", readonly: true, value: link, class: "link-input", hidden: true, "aria-label": "your rejoin link", dataset: { testid: "rejoin-link" } });
  const copy = el("button", { type: "button", class: "small-button", dataset: { testid: "copy-rejoin" } }, "Copy my rejoin link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast("Your rejoin link is copied: keep it somewhere only you can see", "info");
    } catch {
      field.hidden = false;
      field.focus();
      field.select();
      toast("Copy the selected link (Ctrl+C, or long-press)", "info");
    }
  });
  root.hidden = false;
  fill(
    root,
    el("p", { class: "rejoin-note", dataset: { testid: "rejoin-note" } }, "This page's address is your key to your seat: keep it to yourself, and use it to come back."),
    el("div", { class: "rejoin-line" }, copy, field),
  );
}
