// Issue 12 §6: property-based fuzzing of every entry point with mutated real documents
// (the four examples and a few of our own) and mutated YAML text. Checked: nothing
// throws, normalize is idempotent and leaves its input alone, serialize output re-parses
// to the same data. No time bound: a hang fails the test by its timeout, and speed is
// measured in `pnpm bench` (a time limit here flipped with the load of the machine).
import { readdirSync, readFileSync } from "node:fs";
import { checkPlainTree } from "@oatf/model/internal";
import fc from "fast-check";
import {
  type Document,
  evaluateIndicator,
  evaluateTrace,
  interpolateTemplate,
  load,
  normalize,
  parse,
  parseDuration,
  resolveSimplePath,
  resolveWildcardPath,
  serialize,
  type TraceMessage,
  type Value,
  validate,
} from "oatf";
import {
  parseTemplate,
  resolveBatchMapping,
  resolveInputMapping,
  resolvePolicyPath,
} from "oatf/advanced";
import { describe, expect, it } from "vitest";

const OWN_DOCUMENTS = [
  `oatf: "0.1"
attack:
  id: FUZZ-001
  severity: high
  execution:
    mode: mcp_server
    phases:
      - name: lure
        state:
          tools:
            - name: "{{request.params.name}}"
              description: "escape \\\\{{ and {{steal}} and {{client.token}}"
        extractors:
          - { name: steal, source: request, type: json_path, selector: "$.params.arguments.path" }
          - { name: token, source: response, type: regex, selector: "token=(\\\\w+)" }
        trigger: { event: tools/call, count: 2, after: PT30S }
      - name: exploit
        state: { tools: [] }
  indicators:
    - { target: "arguments.path", pattern: { regex: "(\\\\.ssh|id_rsa)" } }
    - { id: FUZZ-001-07, target: "tools[*].description", pattern: { contains: IMPORTANT } }
    - target: "content[*].text"
      pattern: { condition: { any_of: [{ starts_with: "ok" }, { gt: 3 }] } }
  correlation: { logic: all }
`,
  `oatf: "0.1"
attack:
  name: Multi-actor
  severity: { level: low, confidence: 10 }
  execution:
    actors:
      - name: server
        mode: a2a_server
        phases:
          - name: p1
            state: { agent_card: { name: x, skills: [] } }
            trigger: { event: message/send, match: { "params.message.role": user } }
          - name: p2
            state: { agent_card: { name: y } }
      - name: client
        mode: ag_ui_client
        phases:
          - state: { run_agent_input: { messages: [{ role: user, content: "{{server.missing}}" }] } }
  indicators:
    - { protocol: a2a, target: "message.parts[*].text", pattern: { contains: "ignore previous" } }
`,
];

const texts = [
  ...readdirSync("examples")
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => readFileSync(`examples/${name}`, "utf8")),
  ...OWN_DOCUMENTS,
];

const documents: Document[] = texts.map((text) => {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(`fixture does not parse: ${JSON.stringify(parsed.error)}`);
  return parsed.value;
});

const traces: TraceMessage[][] = readdirSync("examples")
  .filter((name) => name.endsWith(".trace.jsonl"))
  .map((name) =>
    readFileSync(`examples/${name}`, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as TraceMessage),
  );
const messages: Value[] = traces.flat().map((message) => message.content as Value);

/** Runs `f`, failing the property with `name` if it throws. */
function call<T>(name: string, f: () => T): T {
  try {
    return f();
  } catch (thrown) {
    throw new Error(`${name} threw: ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
  }
}

// ------------------------------------------------------------ mutating documents as data

/** A place in a document where a value lives: `parent[key]`. */
interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

function slotsOf(root: unknown): Slot[] {
  const slots: Slot[] = [];
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((child, key) => {
        slots.push({ parent: node, key });
        stack.push(child);
      });
    } else {
      for (const [key, child] of Object.entries(node)) {
        slots.push({ parent: node as Record<string, unknown>, key });
        stack.push(child);
      }
    }
  }
  return slots;
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "{{",
    "}}",
    "\\{{x}}",
    "{{request.a.b}}",
    "{{response.}}",
    "{{a.b.c}}",
    "30s",
    "PT1H30M",
    "P99999999999999999999D",
    "__proto__",
    "constructor",
    "parent.input.items.[].v",
    "tools[*].description",
    "$..*",
    "(a+)+$",
    "\u202e\u0007\u001b[2J",
    "mcp_server",
    "ag_ui_client",
    "tools/call:calculator",
    "",
  ),
  fc.integer({ min: 1, max: 2000 }).map((n) => "{{".repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, undefined, true, 0, -0, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}}')),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
);

type Mutation =
  | { kind: "set"; at: number; value: unknown }
  | { kind: "delete"; at: number }
  | { kind: "share"; at: number; from: number }
  | { kind: "wrap"; at: number; inArray: boolean };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("share" as const), at: fc.nat(), from: fc.nat() }),
  fc.record({ kind: fc.constant("wrap" as const), at: fc.nat(), inArray: fc.boolean() }),
);

function mutate(document: Document, mutations: readonly Mutation[]): Document {
  const copy = structuredClone(document) as unknown as Record<string, unknown>;
  for (const m of mutations) {
    const slots = slotsOf(copy);
    if (slots.length === 0) break;
    const { parent, key } = slots[m.at % slots.length]!;
    const target = parent as Record<string | number, unknown>;
    if (m.kind === "set") target[key] = m.value;
    else if (m.kind === "delete") {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete target[key];
    } else if (m.kind === "share") {
      // The same object under two keys (what YAML aliases give), or a cycle when the
      // source is an ancestor.
      const from = slots[m.from % slots.length]!;
      target[key] = (from.parent as Record<string | number, unknown>)[from.key];
    } else target[key] = m.inArray ? [target[key]] : { wrapped: target[key] };
  }
  return copy as unknown as Document;
}

/** JSON text keeps key order and own `__proto__` keys; a cyclic value has none. */
function snapshot(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "undefined";
  } catch {
    return "<cyclic>";
  }
}

function stringsOf(root: unknown): string[] {
  return slotsOf(root)
    .map(({ parent, key }) => (parent as Record<string | number, unknown>)[key])
    .filter((value): value is string => typeof value === "string");
}

function exerciseEvaluation(document: Document, original: number): void {
  const indicators = (document as { attack?: { indicators?: unknown } }).attack?.indicators;
  if (Array.isArray(indicators)) {
    for (const indicator of indicators.slice(0, 8)) {
      for (const message of messages.slice(0, 6)) {
        call("evaluateIndicator", () => evaluateIndicator(indicator as never, message));
      }
    }
  }
  const trace = traces[original % traces.length]!;
  call("evaluateTrace", () => evaluateTrace(document, trace));
}

function exercisePrimitives(document: Document): void {
  const slots = slotsOf(document).slice(0, 200);
  const request = messages[0] ?? {};
  for (const text of stringsOf(document).slice(0, 50)) {
    call("parseTemplate", () => parseTemplate(text));
    call("interpolateTemplate", () =>
      interpolateTemplate(text, { steal: text }, request, document as never),
    );
    call("resolveSimplePath", () => resolveSimplePath(text, document as never));
    call("resolveWildcardPath", () => resolveWildcardPath(text, document as never));
  }
  const context = { parent: { input: document as never, output: request as never } };
  for (const { parent, key } of slots) {
    const value = (parent as Record<string | number, unknown>)[key];
    call("parseDuration", () => parseDuration(value as string));
    call("resolvePolicyPath", () => resolvePolicyPath(value as string, context));
    call("resolveInputMapping", () => resolveInputMapping({ field: value } as never, context));
    call("resolveBatchMapping", () => resolveBatchMapping({ field: value } as never, context));
  }
}

/** validate, normalize (checked not to touch its input) and serialize one document. */
function pipeline(document: Document) {
  const before = snapshot(document);
  const { errors } = call("validate", () => validate(document));
  const normalized = call("normalize", () => normalize(document));
  expect(snapshot(document)).toBe(before);
  const text = call("serialize", () => serialize(normalized));
  return { errors, normalized, text };
}

describe("fuzzing documents as data", () => {
  it("no entry point throws; normalize is idempotent and pure; a valid document re-parses to the same data", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: documents.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (index, mutations) => {
          const document = mutate(documents[index]!, mutations);
          const { errors, normalized, text } = pipeline(document);
          call("load", () => load(text));
          if (checkPlainTree(document) === undefined) {
            expect(snapshot(call("normalize", () => normalize(normalized)))).toBe(
              snapshot(normalized),
            );
          }
          // validate checks every field against parse's table (SDK §3.2), so a document it
          // accepts serializes to text that re-parses to the same data.
          if (errors.length === 0) {
            const reparsed = call("parse", () => parse(text));
            expect(reparsed.ok && reparsed.value).toEqual(normalized);
          }
          exerciseEvaluation(document, index);
          exercisePrimitives(document);
        },
      ),
      { numRuns: 120 },
    );
  });
});

// ------------------------------------------------------------ mutating documents as text

const yamlPiece = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    "\n",
    "\n  - ",
    ": ",
    "- ",
    "{",
    "}",
    "[",
    "]",
    "&a ",
    "*a",
    "<<: *a\n",
    "!!binary ",
    "'",
    '"',
    "\t",
    "#",
    "---\n",
    "...\n",
    "\uFEFF",
    "? ",
    "|\n",
    'oatf: "0.1"\n',
  ),
);

const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 20 }), insert: yamlPiece });

describe("fuzzing documents as text", () => {
  it("nothing throws; normalize is idempotent and pure; serialize re-parses to the same data", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: texts.length - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 5 }),
        (index, edits) => {
          let text = texts[index]!;
          for (const { at, remove, insert } of edits) {
            const position = at % (text.length + 1);
            text = text.slice(0, position) + insert + text.slice(position + remove);
          }
          call("load", () => load(text));
          const parsed = call("parse", () => parse(text));
          if (!parsed.ok) return;
          const { errors, normalized, text: output } = pipeline(parsed.value);
          if (errors.length === 0) {
            const reparsed = call("parse", () => parse(output));
            expect(reparsed.ok && reparsed.value).toEqual(normalized);
            expect(snapshot(normalize(normalized))).toBe(snapshot(normalized));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
