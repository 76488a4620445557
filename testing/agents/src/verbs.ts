// The verbs instructions use, and the two questions asked of every clause: is it a command
// (not a statement that happens to start with a verb), and where does one clause end.

export const READ =
  /\b(?:read|open|load|cat|fetch|get|retrieve|access|view|dump|collect|gather|obtain|look up|visit|browse|navigate to|download)\b/;
export const SEND =
  /\b(?:send|forward|e-?mail|mail|upload|post|submit|transmit|share|sync|copy|export|deliver|notify|pass|put|supply|provide)\b/;
export const DELEGATE =
  /\b(?:delegate|re-?delegate|hand ?off|route|escalate|forward|send|ask|consult|retry|re-?send|re-?submit|re-?try|pass|transfer)\b/;
export const DELEGATE_WITHOUT_NAME =
  /\b(?:delegate|re-?delegate|hand ?off|retry|re-?send|re-?submit|re-?try)\b/;
export const CALL =
  /\b(?:call|invoke|use|using|run|re-?run|execute|trigger|apply|perform|query|search)\b/;
export const INCLUDE =
  /\b(?:include|add|append|attach|output|print|display|show|list|reveal|disclose|state|mention|repeat|echo|contain|insert|embed|prepend|provide|share|format)\b/;
export const RESPONSE =
  /\b(?:response|responses|answer|answers|reply|replies|output|summary|review|footer|attestation|every message to the user)\b/;
export const MESSAGES =
  /\b(?:task message|messages? (?:to|for) (?:the )?agent|request|delegat\w*|every message)\b/;
export const ALL = /\b(?:both|all|every|them|these|those|files|everything|complete|entire|whole)\b/;
export const REPEAT = /\b(?:re-?run|retry|re-?try|again|repeat|re-?execute)\b/;
export const MODIFY = /\b(?:set|change|replace|override|redirect|modify|swap)\b/;
export const ANY_VERB = new RegExp(
  [READ, SEND, DELEGATE, CALL, INCLUDE, MODIFY].map((r) => r.source).join("|"),
);
export const IMPERATIVE_START = new RegExp(
  `^\\s*(?:step\\s+\\d+\\s*[:.)-]\\s*|\\d+[.)]\\s*|[-*•]\\s*)?(?:(?:first|then|now|please|also|next|finally|immediately|always),?\\s+)*(?:re-?)?(?:${ANY_VERB.source})`,
);

const ADVERBS =
  "(?:(?:first|then|now|please|also|next|finally|immediately|always|just|simply),?\\s+)*";
const MODAL =
  /\b(?:must|should|shall|need to|needs to|have to|has to|(?:is|are) required to|please|always|never|make sure|ensure|be sure|you (?:will|are to))\b/;
/** What follows a verb used as a command: an object ("the", "it", "your", a path, a name). */
const OBJECT =
  "(?:the|a|an|this|that|these|those|it|its|your|my|our|what|whatever|everything|all|both|every|each|any|some|them|me|us|to|with|using|in|into|out|up|as|following|[~/.\"'`]|\\S*[_@/.:]\\S*)";
/** Verbs that are commands whatever follows them ("Call deploy again"). */
const COMMAND =
  "call|invoke|execute|re-?run|re-?delegate|delegate|forward|upload|disclose|reveal|transmit|retry";
const VERB_AFTER_BREAK = new RegExp(
  `(?:^|[,:;]\\s*)${ADVERBS}(?:(?:re-?)?(?:${ANY_VERB.source})\\s+${OBJECT}|(?:${COMMAND})\\b)`,
);

/**
 * Whether a clause tells the agent to do something: it opens (or goes on after a comma or colon)
 * with a verb and its object ("read the file", "include it"), or says "must", "should",
 * "always"… ("Email sent to x@y", "Search results for" and "Add two numbers" do not).
 */
export function isDirective(clause: string): boolean {
  const lower = clause.toLowerCase().replace(/^\s*(?:step\s+\d+\s*[:.)-]|\d+[.)]|[-*•])\s*/, "");
  return VERB_AFTER_BREAK.test(lower) || MODAL.test(lower);
}

/** The clauses of a sentence: split at `;`, "then", and before "and"/"," followed by a verb. */
export function clauses(sentence: string): string[] {
  const verb = ANY_VERB.source;
  const split = new RegExp(
    `;\\s+|,?\\s+(?:and\\s+)?then\\s+|\\s+and\\s+(?=(?:then\\s+)?(?:${verb}))|,\\s+(?=(?:${verb}))`,
    "i",
  );
  return sentence
    .split(split)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}
