// hilo: stakes as a person reads them ("4/8 fixed limit, ante 1, bring-in 2"), and which
// stakes fields each betting structure asks for.

import { chips } from "./api.js";

const STRUCTURE_WORDS = { "fixed-limit": "fixed limit", "spread-limit": "spread limit", "pot-limit": "pot limit", "no-limit": "no limit" };

/** The stakes in one line. */
export function describeStakes(stakes) {
  if (!stakes) return "";
  const parts = [];
  const structure = STRUCTURE_WORDS[stakes.structure] || stakes.structure || "";
  if (stakes.structure === "fixed-limit") parts.push(`${chips(stakes.small_bet)}/${chips(stakes.big_bet)} ${structure}`);
  else if (stakes.structure === "spread-limit") parts.push(`${chips(stakes.min_bet)} to ${chips(stakes.max_bet)} ${structure}`);
  else parts.push(structure);
  if (stakes.small_blind || stakes.big_blind) parts.push(`blinds ${chips(stakes.small_blind)}/${chips(stakes.big_blind)}`);
  if (stakes.ante) parts.push(`ante ${chips(stakes.ante)}`);
  if (stakes.bring_in) parts.push(`bring-in ${chips(stakes.bring_in)}`);
  if (stakes.min_bet && stakes.structure !== "spread-limit") parts.push(`smallest bet ${chips(stakes.min_bet)}`);
  return parts.filter(Boolean).join(", ");
}

/** Every stakes field the form may show: its label and help (the server sends the values). */
export const STAKE_FIELDS = {
  ante: { label: "Ante", help: "Everyone puts this in before the deal." },
  bring_in: { label: "Bring-in", help: "Stud: the lowest up card opens for this." },
  small_blind: { label: "Small blind", help: "" },
  big_blind: { label: "Big blind", help: "" },
  small_bet: { label: "Small bet", help: "Early streets (stud: what the bring-in completes to)." },
  big_bet: { label: "Big bet", help: "Later streets." },
  min_bet: { label: "Smallest bet", help: "" },
  max_bet: { label: "Largest bet", help: "Spread limit: the most one bet or raise may be." },
};

/** The fields one structure needs, for games with stud or blinds among them. */
export function stakeFieldsFor(structure, hasStud, hasBlinds) {
  const fields = ["ante"];
  if (hasStud) fields.push("bring_in");
  if (hasBlinds) fields.push("small_blind", "big_blind");
  if (structure === "fixed-limit") fields.push("small_bet", "big_bet");
  else if (structure === "spread-limit") fields.push("min_bet", "max_bet");
  else if (hasStud) fields.push("min_bet");
  return fields;
}
