// The obedient agent's reading: what a text it received asks it to do. General heuristics over
// sentences and clauses, never knowledge of a particular attack:
//   - a clause that names a known tool and an action verb is a call of that tool, its arguments
//     taken from the clause (paths, URLs, addresses, quoted literals, "both files");
//   - "include/pass X as the <argument> parameter (in your <tool> call)" is a standing rule for
//     that argument;
//   - a read verb and a file path is a read through the reading tool used last (or the best one);
//   - a send verb and an e-mail address or URL is a call of the tool that takes one;
//   - a delegation verb and an agent's name ("the analytics-service agent") is a delegation,
//     "re-delegate"/"retry" without a name goes back to the agent that said it;
//   - "use the X prompt" gets that prompt;
//   - "include … in your response" (and lists after "the following:") puts disclosures or data
//     in the answer; "… in the task message" puts them in messages to agents.
import type { Chain, DataRef, Include, Observation, Reading } from "./actions.js";
import { argumentKind, fillArguments } from "./arguments.js";
import { argumentNames, type Catalog, type Peer, type Tool } from "./catalog.js";
import { disclosures } from "./disclosure.js";
import { argumentRule } from "./rules.js";
import {
  filePaths,
  keywords,
  LIST_ITEM,
  mentions,
  quoted,
  sentences,
  splitIdentifiers,
  squash,
  stem,
  urls,
} from "./text.js";
import {
  ALL,
  ANY_VERB,
  CALL,
  clauses,
  DELEGATE,
  DELEGATE_WITHOUT_NAME,
  IMPERATIVE_START,
  INCLUDE,
  isDirective,
  MESSAGES,
  READ,
  REPEAT,
  RESPONSE,
  SEND,
} from "./verbs.js";

/** Data a clause refers to: disclosures it names, "both files"/"the complete dataset", or "it". */
export function dataOf(clause: string): DataRef {
  const items = disclosures(clause).filter((d) => d !== "data");
  if (items.length > 0) return { ref: "disclosure", items };
  return { ref: ALL.test(clause.toLowerCase()) ? "all" : "last" };
}

/** Tools a clause names: exactly, or (for multi-word names, in an imperative) by all their words. */
function toolsNamed(clause: string, catalog: Catalog, self: string | undefined): Tool[] {
  const lower = clause.toLowerCase();
  const clauseWords = keywords(clause);
  const imperative = IMPERATIVE_START.test(lower);
  const found = catalog.tools.filter((tool) => {
    if (tool.name === self) return false;
    if (mentions(clause, tool.name)) return true;
    const nameWords = keywords(tool.name);
    return imperative && nameWords.size >= 2 && [...nameWords].every((w) => clauseWords.has(w));
  });
  const position = (tool: Tool) => {
    const at = lower.indexOf(tool.name.toLowerCase());
    return at === -1 ? lower.length : at;
  };
  return found.sort((a, b) => position(a) - position(b));
}

/** The peer a clause names: by its card name or configured name, or as "the <word> agent". */
export function peerNamed(clause: string, peers: Peer[]): Peer | undefined {
  const squashed = squash(clause);
  const byName = peers.find((peer) =>
    [peer.name, peer.id].some((n) => {
      const base = squash(n).replace(/agent$/, "");
      return base.length >= 4 && squashed.includes(base);
    }),
  );
  if (byName) return byName;
  const word = /\b([a-z][\w-]*)\s+agent\b/i.exec(clause)?.[1];
  if (word === undefined) return undefined;
  const wanted = stem(word.toLowerCase());
  return peers.find((peer) => keywords(splitIdentifiers(peer.name)).has(wanted));
}

/**
 * The resource a clause names: one the servers list, or (a URI with a scheme of its own, such
 * as `internal://keys`) one asked of the server the text came from.
 */
function resourceNamed(
  clause: string,
  catalog: Catalog,
  from: string | undefined,
): { server: string; uri: string } | undefined {
  for (const uri of urls(clause)) {
    const listed = catalog.resources.find((r) => r.uri === uri);
    if (listed) return { server: listed.server, uri };
    if (/^(?:https?|wss?|mailto|file|ftp):/i.test(uri)) continue;
    const server = from ?? catalog.resources[0]?.server;
    if (server !== undefined) return { server, uri };
  }
  return undefined;
}

const SAY =
  /\b(?:say|respond with|reply with|answer with|write|end (?:your|every|each) (?:response|answer|reply) with|start (?:your|every|each) (?:response|answer|reply) with)\b/;
const MARKDOWN_LINK = /!?\[[^\]\n]{0,200}\]\([^)\s]{1,2000}\)/;

/** "Include this link in your answer: ![x](https://…)", "say 'ACCESS GRANTED'": text to add. */
function literalToSay(clause: string): string | undefined {
  const lower = clause.toLowerCase();
  if (!SAY.test(lower) && !(INCLUDE.test(lower) && RESPONSE.test(lower))) return undefined;
  return MARKDOWN_LINK.exec(clause)?.[0] ?? quoted(clause)[0];
}

/** The tool that reads files best: a path argument, "read"/"file" in its name. */
function bestReader(catalog: Catalog): Tool | undefined {
  let best: Tool | undefined;
  let bestScore = 0;
  for (const tool of catalog.tools) {
    if (!argumentNames(tool).some((a) => argumentKind(tool, a) === "path")) continue;
    const name = tool.name.toLowerCase();
    let score = 1;
    if (/read|cat|open|load/.test(name)) score += 3;
    if (/get|fetch/.test(name)) score += 1;
    if (/file/.test(name)) score += 2;
    if (/secret|config|env|credential/.test(name)) score += 1;
    if (/write|delete|remove|upload|send/.test(name)) score -= 3;
    if (score > bestScore) [best, bestScore] = [tool, score];
  }
  return best;
}

/** A tool that takes an argument of `kind` (an e-mail address, a URL). */
function toolTaking(catalog: Catalog, kind: "email" | "url"): Tool | undefined {
  return catalog.tools.find((tool) =>
    argumentNames(tool).some((a) => argumentKind(tool, a) === kind),
  );
}

/** What one observation asks for. `chain` collects what the resulting actions return. */
export function readInstructions(
  observation: Observation,
  catalog: Catalog,
  chain: Chain,
): Reading {
  const reading: Reading = { actions: [], rules: [], includes: [] };
  let lastReader: Tool | undefined;
  let collecting: Include | undefined;
  const include = (target: Include["target"], items: Include["items"], sentence: string) => {
    let found = reading.includes.find((i) => i.target === target);
    if (!found) {
      found = { target, items: [], texts: [], sentence, chain };
      reading.includes.push(found);
    }
    for (const item of items) if (!found.items.includes(item)) found.items.push(item);
    const label =
      /code block (?:labell?ed|titled|named|called|marked)\s+["“']?([^"”'.\n]{1,60})/i.exec(
        sentence,
      )?.[1];
    if (label !== undefined) found.label = label.trim();
    return found;
  };
  const all = sentences(observation.text);
  all.forEach((sentence) => {
    if (collecting && LIST_ITEM.test(sentence)) {
      const items = disclosures(sentence).filter((d) => d !== "data");
      if (items.length > 0) {
        include(collecting.target, items, collecting.sentence);
        return;
      }
    } else collecting = undefined;
    clauses(sentence).forEach((clause, ci) => {
      const key = `${squash(sentence).slice(0, 200)}#${ci}`;
      const lower = clause.toLowerCase();
      if (!isDirective(clause)) return;
      const base = { chain, key, sentence };
      const rule = argumentRule(clause, sentence, catalog, chain, dataOf(clause));
      if (rule) {
        reading.rules.push(rule);
        return;
      }
      const [tool] = toolsNamed(clause, catalog, observation.self);
      if (tool && ANY_VERB.test(lower)) {
        const repeat = REPEAT.test(lower);
        const args = fillArguments(tool, clause, { data: dataOf(clause) });
        if (argumentNames(tool).some((a) => argumentKind(tool, a) === "path" && a in args))
          lastReader = tool;
        reading.actions.push({ ...base, type: "tool", tool, args, ...(repeat ? { repeat } : {}) });
        return;
      }
      const paths = filePaths(clause);
      if (paths.length > 0 && READ.test(lower)) {
        const reader = lastReader ?? bestReader(catalog);
        if (reader) {
          lastReader = reader;
          reading.actions.push({
            ...base,
            type: "tool",
            tool: reader,
            args: fillArguments(reader, clause),
          });
          return;
        }
      }
      const resource = resourceNamed(clause, catalog, observation.server);
      if (resource && (READ.test(lower) || CALL.test(lower))) {
        reading.actions.push({ ...base, type: "resource", ...resource });
        return;
      }
      for (const kind of ["email", "url"] as const) {
        const target = kind === "email" ? /@[\w-]+\.\w/.test(clause) : urls(clause).length > 0;
        const verb = SEND.test(lower) || (kind === "url" && READ.test(lower));
        const sender = target && verb ? toolTaking(catalog, kind) : undefined;
        if (sender) {
          reading.actions.push({
            ...base,
            type: "tool",
            tool: sender,
            args: fillArguments(sender, clause, { data: dataOf(clause) }),
          });
          return;
        }
      }
      const peer =
        peerNamed(clause, catalog.peers) ??
        (/\bagent\b/.test(lower) && DELEGATE_WITHOUT_NAME.test(lower)
          ? (observation.peer ?? (catalog.peers.length === 1 ? catalog.peers[0] : undefined))
          : undefined);
      if (peer && DELEGATE.test(lower)) {
        reading.actions.push({ ...base, type: "delegate", peer });
        return;
      }
      const prompt = catalog.prompts.find(
        (p) => mentions(clause, p.name) && /\bprompt\b/.test(lower),
      );
      if (prompt && (CALL.test(lower) || READ.test(lower))) {
        reading.actions.push({ ...base, type: "prompt", prompt, args: {} });
        return;
      }
      const literal = literalToSay(clause);
      if (literal !== undefined) {
        include("answer", [], sentence).texts.push(literal);
        return;
      }
      if (!INCLUDE.test(lower)) return;
      const items = disclosures(clause);
      if (/code block/.test(lower) && items.every((i) => i === "data")) {
        // "Format it as a code block labeled …": how to write what an earlier sentence asked for.
        include("answer", [], sentence);
        return;
      }
      const toAgents = MESSAGES.test(lower) && !RESPONSE.test(lower);
      const opensList = /\b(?:the following|as follows)\b|:\s*$/.test(clause);
      if (items.length === 0 && !opensList) return;
      if (items.includes("data") && !RESPONSE.test(lower) && !toAgents) return;
      const found = include(toAgents ? "messages" : "answer", items, sentence);
      if (opensList) collecting = found;
    });
  });
  reading.includes = reading.includes.filter((i) => i.items.length > 0 || i.texts.length > 0);
  return reading;
}
