// What the user's own request asks for, the same for both policies: the resources it names, the
// prompt it names, the tools whose names (or, failing that, descriptions) match its words, and the
// agents whose cards match it; in that order, tools and agents in the order the request names them.
import type { Action, Chain } from "./actions.js";
import { clauseNaming, fillArguments } from "./arguments.js";
import { type Catalog, GENERIC_NAME_WORDS as GENERIC, type Peer, type Tool } from "./catalog.js";
import { peerNamed } from "./instructions.js";
import { OPERATIONS, operationOf } from "./operations.js";
import { keywords, mentions, quoted, sentences, urls, words } from "./text.js";

/** Words of one family: one holds the other and the shorter has four letters or more ("email", "mail"). */
function sameFamily(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.includes(short);
}

function toolScore(tool: Tool, text: string, requestWords: Set<string>): number {
  let score = 0;
  for (const word of keywords(tool.name))
    if (requestWords.has(word) || [...requestWords].some((w) => sameFamily(w, word)))
      score += GENERIC.has(word) ? 1 : 2;
  const operation = OPERATIONS.find(([pattern]) => pattern.test(text.toLowerCase()));
  if (operation) {
    const nameWords = keywords(tool.name);
    if (operation[1].some((w) => nameWords.has(w))) score += 4;
    else if (/calc|math|arithmetic/.test(tool.name.toLowerCase())) score += 3;
  }
  return score;
}

/** Shared content words of the request and a text, generic words left out. */
function overlap(requestWords: Set<string>, text: string): number {
  let count = 0;
  for (const word of keywords(text)) if (!GENERIC.has(word) && requestWords.has(word)) count++;
  return count;
}

/** Where in the request a tool is named (for ordering "X, then Y"). */
function position(text: string, names: Set<string>): number {
  const lower = text.toLowerCase();
  const at = words(lower).findIndex((w) => names.has(w));
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
}

export interface PlanOptions {
  /** Which agents' cards the policy trusts (the careful agent leaves out look-alikes). */
  trustPeer: (peer: Peer) => boolean;
}

/** The actions the user's request asks for. */
export function planRequest(
  text: string,
  catalog: Catalog,
  chain: Chain,
  options: PlanOptions,
): Action[] {
  const base = (key: string) => ({ chain, key: `request#${key}` });
  const requestWords = keywords(text);
  const actions: Action[] = [];

  for (const uri of urls(text)) {
    const resource = catalog.resources.find((r) => r.uri === uri);
    const server =
      resource?.server ?? (/^https?:/i.test(uri) ? undefined : catalog.resources[0]?.server);
    if (server !== undefined) actions.push({ ...base(uri), type: "resource", server, uri });
  }

  for (const prompt of catalog.prompts.filter((p) => mentions(text, p.name))) {
    const afterColon = text.includes(":") ? text.slice(text.indexOf(":") + 1).trim() : text;
    const args: Record<string, string> = {};
    for (const arg of prompt.arguments) args[arg.name] = quoted(text)[0] ?? afterColon;
    actions.push({ ...base(prompt.name), type: "prompt", prompt, args });
  }

  const ranked: { at: number; action: Action }[] = [];
  let tools = catalog.tools.filter((tool) => toolScore(tool, text, requestWords) >= 2);
  if (tools.length === 0) {
    const best = catalog.tools
      .map((tool) => ({ tool, score: overlap(requestWords, sentences(tool.description)[0] ?? "") }))
      .sort((a, b) => b.score - a.score)[0];
    if (best && best.score >= 2) tools = [best.tool];
  }
  for (const tool of tools) {
    // The part of the request that names the tool gives its arguments; the rest fills gaps.
    const data = { ref: "last" } as const;
    const args = {
      ...fillArguments(tool, text, { data }),
      ...fillArguments(tool, clauseNaming(text, tool), { data }),
    };
    const names = new Set([
      ...keywords(tool.name),
      ...(operationOf(text) ? ["+", "calculate"] : []),
    ]);
    ranked.push({
      at: position(text, names),
      action: { ...base(tool.name), type: "tool", tool, args },
    });
  }

  const asksForAgent = /\bagents?\b/i.test(text);
  for (const peer of catalog.peers) {
    if (!options.trustPeer(peer)) continue;
    const score = overlap(requestWords, `${peer.name}\n${peer.claims}`);
    const named = peerNamed(text, [peer]) !== undefined;
    if (named || (asksForAgent && score >= 1) || (score >= 3 && tools.length === 0)) {
      const names = keywords(`${peer.name} ${peer.claims}`);
      ranked.push({
        at: position(text, names),
        action: { ...base(peer.id), type: "delegate", peer },
      });
    }
  }
  ranked.sort((a, b) => a.at - b.at);
  return [...actions, ...ranked.map((r) => r.action)];
}
