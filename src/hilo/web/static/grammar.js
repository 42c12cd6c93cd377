// hilo: a player's name in a sentence, grammatical whatever the name is. The rule is
// hilo.grammar on the server (the referee's sentences); this is its one port for the
// browser's table log, checked against it on the same cases.

/** Names English reads as a pronoun that is not he, she or it, and their possessive. */
const POSSESSIVES = { i: "my", you: "your", we: "our", they: "their", ye: "your" };
const PLURAL = { has: "have", is: "are", was: "were", does: "do" };
const SIBILANT = ["shes", "ches", "sses", "xes", "zes", "oes"];

function isPronoun(name) {
  return Object.hasOwn(POSSESSIVES, String(name).trim().toLowerCase());
}

/** `word` in the case `name` was written in: YOU -> YOUR, You -> Your, you -> your. */
function casedLike(word, name) {
  if (name.length > 1 && name === name.toUpperCase() && name !== name.toLowerCase()) return word.toUpperCase();
  const first = name.charAt(0);
  return first && first === first.toUpperCase() && first !== first.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** `form` (a verb as it follows he or she: has, is, takes) as it follows `name`. */
export function verb(name, form) {
  if (!isPronoun(name)) return form;
  if (String(name).trim().toLowerCase() === "i" && (form === "is" || form === "was")) return form === "is" ? "am" : "was";
  if (Object.hasOwn(PLURAL, form)) return PLURAL[form];
  if (SIBILANT.some((ending) => form.endsWith(ending))) return form.slice(0, -2);
  return form.endsWith("s") ? form.slice(0, -1) : form;
}

/** The name followed by the verb agreeing with it: "Ann has", "You have". */
export function says(name, form) {
  return `${name} ${verb(name, form)}`;
}

/** Whose: "Ann's", "James's", and for a name read as a pronoun "Your", "My". */
export function possessive(name) {
  if (isPronoun(name)) return casedLike(POSSESSIVES[String(name).trim().toLowerCase()], name);
  return `${name}'s`;
}
