// hilo: telling a player it is their turn. A short tone made with WebAudio (no sound file)
// unless the player turned alerts off (remembered in this browser), and, while the tab is
// hidden, "● Your turn — hilo" as its title until they look.

import { el, fill } from "./api.js";

const KEY = "hilo.turn-alerts";
const TURN_TITLE = "● Your turn — hilo";

export class TurnAlerts {
  /** root: where the toggle goes; body: the element whose data-turn-alerts attributes tests read. */
  constructor(root, body) {
    this.body = body;
    this.enabled = readSetting();
    this.fired = 0;
    this.audio = null;
    this.plainTitle = document.title;
    this.alerting = false;
    this.button = el("button", {
      type: "button",
      class: "turn-alerts",
      dataset: { testid: "turn-alerts" },
      onclick: () => this.toggle(),
    });
    root.append(this.button);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.stopTitle();
    });
    this.show();
  }

  toggle() {
    this.enabled = !this.enabled;
    try {
      localStorage.setItem(KEY, this.enabled ? "on" : "off");
    } catch {
      // a browser that keeps nothing: the choice lasts for this page only
    }
    if (this.enabled) this.context(); // a click lets the page make sound from now on
    this.show();
  }

  show() {
    fill(
      this.button,
      el("span", { "aria-hidden": "true" }, this.enabled ? "🔔" : "🔕"),
      el("span", { class: "turn-alerts-words" }, this.enabled ? " Turn alerts on" : " Turn alerts off"),
    );
    this.button.setAttribute("aria-pressed", String(this.enabled));
    this.button.title = this.enabled ? "A sound when it is your turn: click to turn it off" : "Click for a sound when it is your turn";
    this.body.dataset.turnAlerts = this.enabled ? "on" : "off";
    this.body.dataset.turnAlertsFired = String(this.fired);
  }

  /** The page's title when it is nobody's turn here (kept so it comes back). */
  title(text) {
    this.plainTitle = text;
    if (!this.alerting) document.title = text;
  }

  /** It has just become this player's turn. */
  yourTurn() {
    if (!this.enabled) return;
    this.fired += 1;
    this.body.dataset.turnAlertsFired = String(this.fired);
    this.beep();
    if (document.hidden) {
      this.alerting = true;
      document.title = TURN_TITLE;
    }
  }

  /** The turn is over (or the player looked). */
  stopTitle() {
    if (!this.alerting) return;
    this.alerting = false;
    document.title = this.plainTitle;
  }

  context() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!this.audio) this.audio = new Context();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  beep() {
    const audio = this.context();
    if (!audio) return;
    const start = audio.currentTime;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(1320, start + 0.09);
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.26);
  }
}

function readSetting() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}
