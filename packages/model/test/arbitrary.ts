// fast-check arbitraries for whole documents, generated from the same shape
// table parse reads against, so every field and form gets exercised.
import fc from "fast-check";
import { setOwn } from "../src/set-own.js";
import {
  DOCUMENT,
  type FieldType,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  OPERATOR_KEYS,
  PATTERN,
  SEVERITY,
  type Shape,
} from "../src/shape.js";
import type { Document, Value } from "../src/types.js";

/** Strings that trip YAML writers: look-alikes of other types, indicators, whitespace, escapes. */
const awkward = fc.constantFrom(
  "",
  "0.1",
  "1",
  "-0",
  "1e3",
  "0x1F",
  "0o17",
  ".inf",
  ".nan",
  "yes",
  "No",
  "on",
  "~",
  "null",
  "true",
  "<<",
  "- item",
  "? key",
  "a: b",
  "a #b",
  "#comment",
  "!tag",
  "&anchor",
  "*alias",
  "%YAML",
  "@at",
  "`tick",
  "'single'",
  '"double"',
  " leading",
  "trailing ",
  "line\nbreak",
  "trailing newline\n",
  "\ttab",
  "\u0000nul",
  "\u2028sep",
  "\uFEFFbom",
  "\uD83D\uDE00 pair",
  "\u0085nel",
  "\u007fdel",
  "cr\r",
  "=",
  "tab\tinside",
  "2025-01-01",
  "{{template}}",
  "[*].x",
  "---",
  "...",
  "x".repeat(300),
);

// Well-formed strings only: parse rejects unpaired surrogates, so no parsed document has one.
export const text = fc
  .oneof(fc.string(), fc.string({ unit: "binary", maxLength: 20 }), awkward)
  .filter((s) => !/\p{Cs}/u.test(s));
const key = fc.oneof(
  text,
  fc.constantFrom("__proto__", "constructor", "toString", "x-inner", "200"),
);

function object(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) setOwn(out, k, v);
  return out;
}

const number = fc.oneof(
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noDefaultInfinity: false }),
);

export const value: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    number,
    text,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }).map((e) => object(e) as Value),
  ),
})).value;

/** A Value that parse will not read as a MatchCondition. */
const bareCondition = value.filter(
  (v) =>
    !(
      v &&
      typeof v === "object" &&
      !Array.isArray(v) &&
      Object.keys(v).some((k) => OPERATOR_KEYS.has(k))
    ),
);

const date = fc.constantFrom("2026-01-15", "2026-02-15T14:00:00Z", "2025-06-01T00:00:00.123+05:30");

function arbitraryOf(type: FieldType): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case "string":
      return text;
    case "integer":
      return fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    case "number":
      return number;
    case "boolean":
      return fc.boolean();
    case "date":
      return date;
    case "enum":
      return fc.constantFrom(...type.values);
    case "value":
      return value;
    case "list":
      return fc.array(arbitraryOf(type.of), { maxLength: 3 });
    case "map":
      return fc.array(fc.tuple(key, arbitraryOf(type.of)), { maxLength: 3 }).map(object);
    case "object":
      return shapeOf(type.shape);
    case "severity":
      return fc.oneof(arbitraryOf(SEVERITY.fields.get("level")!.type), shapeOf(SEVERITY));
    case "condition":
      return fc.oneof(bareCondition, shapeOf(MATCH_CONDITION, 1));
    case "action":
      return fc
        .tuple(
          fc.oneof(
            ...[...KNOWN_ACTIONS].map(([name, shape]) =>
              shapeOf(shape).map((v) => [name, v] as [string, unknown]),
            ),
            fc.tuple(fc.constantFrom("delay_ms", "send_ui_event", "__proto__"), value),
          ),
          extensions,
        )
        .map(([entry, ext]) => object(ext ? [entry, ["extensions", ext]] : [entry]));
  }
}

const extensions = fc.option(
  fc
    .array(
      fc.tuple(
        text.map((t) => `x-${t}`),
        value,
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map(object),
  { nil: undefined },
);

const shapes = new Map<Shape, fc.Arbitrary<Record<string, unknown>>>();

/** A pattern in standard form (`condition`) or shorthand (one operator), as its check demands. */
function patternOf(): fc.Arbitrary<Record<string, unknown>> {
  const target = fc.option(text, { nil: undefined });
  const operators = [...PATTERN.fields].filter(([name]) => OPERATOR_KEYS.has(name));
  const body = fc.oneof(
    arbitraryOf({ kind: "condition" }).map((condition) => ["condition", condition] as const),
    ...operators.map(([name, field]) => arbitraryOf(field.type).map((v) => [name, v] as const)),
  );
  return fc.tuple(target, body).map(([t, [name, v]]) =>
    object(
      t === undefined
        ? [[name, v]]
        : [
            ["target", t],
            [name, v],
          ],
    ),
  );
}

/**
 * Objects of a shape: required fields always, optional ones sometimes, `x-` fields where
 * allowed, and only objects its cross-field check accepts.
 */
function shapeOf(shape: Shape, minOptional = 0): fc.Arbitrary<Record<string, unknown>> {
  if (shape === PATTERN) return patternOf();
  const cached = minOptional === 0 ? shapes.get(shape) : undefined;
  if (cached) return cached;
  const fields = [...shape.fields];
  const arbitrary = fc
    .tuple(
      fc.tuple(...fields.map(([, field]) => fc.option(fc.constant(field), { nil: undefined }))),
      shape.extensions ? extensions : fc.constant(undefined),
    )
    .chain(([chosen, ext]) => {
      const present = fields.filter(([, field], i) => field.required || chosen[i] !== undefined);
      const keep = present.length >= minOptional ? present : fields.slice(0, minOptional);
      return fc.tuple(...keep.map(([, field]) => arbitraryOf(field.type))).map((values) => {
        const entries: [string, unknown][] = keep.map(([name], i) => [name, values[i]]);
        if (ext) entries.push(["extensions", ext]);
        return object(entries);
      });
    })
    .filter((o) => shape.check?.(o, new Set(Object.keys(o))) === undefined);
  if (minOptional === 0) shapes.set(shape, arbitrary);
  return arbitrary;
}

export const document = fc
  .constant(null)
  .chain(() => shapeOf(DOCUMENT)) as fc.Arbitrary<unknown> as fc.Arbitrary<Document>;
