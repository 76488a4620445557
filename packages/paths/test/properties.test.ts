import {
  checkPolicyPaths,
  compileWildcardPath,
  type ExecutionPolicy,
  type PolicyContext,
  parsePolicyPath,
  parseSimplePath,
  parseWildcardPath,
  resolveBatchMapping,
  resolvePolicyPath,
  resolveSimplePath,
  resolveWildcardPath,
} from "@oatf/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Paths built from the grammar's own alphabet hit real structure far more often than
// arbitrary strings; both are used.
const segmentChar = fc.constantFrom("a", "b", "x", "0", "_", "-", "__proto__", "length");
const name = fc.oneof(segmentChar, fc.string({ unit: segmentChar, minLength: 1, maxLength: 3 }));
const plainPath = fc.array(name, { maxLength: 5 }).map((s) => s.join("."));
const wildPath = fc
  .array(fc.tuple(name, fc.boolean()), { maxLength: 5 })
  .map((s) => s.map(([n, w]) => (w ? `${n}[*]` : n)).join("."));
const noisyPath = fc.string({
  unit: fc.constantFrom("a", "b", ".", "[", "]", "*", "0", " ", "-", "é"),
  maxLength: 12,
});
const anyPath = fc.oneof(
  plainPath,
  wildPath,
  noisyPath,
  fc.string(),
  fc.string({ unit: "binary" }),
);
const keyed = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "x", "0", "_", "__proto__", "length"), tie("value"), {
      maxKeys: 3,
    }),
  ),
})).value;
const anyValue = fc.oneof(fc.jsonValue(), keyed, fc.anything());

describe("properties", () => {
  it("resolution never throws, on arbitrary values and path strings", () => {
    fc.assert(
      fc.property(anyPath, anyValue, (path, value) => {
        resolveSimplePath(path, value);
        const all = resolveWildcardPath(path, value);
        expect(Array.isArray(all)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("parsing never throws and reports a position inside (or at the end of) the path", () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        for (const result of [parseSimplePath(path), parseWildcardPath(path)]) {
          if (!result.ok) {
            expect(result.error.position).toBeGreaterThanOrEqual(0);
            expect(result.error.position).toBeLessThanOrEqual(path.length);
            expect(result.error.message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("without wildcards, resolveWildcardPath is [resolveSimplePath] or []", () => {
    fc.assert(
      fc.property(fc.oneof(plainPath, noisyPath), keyed, (path, value) => {
        fc.pre(!path.includes("[*]"));
        const one = resolveSimplePath(path, value);
        expect(resolveWildcardPath(path, value)).toEqual(one === undefined ? [] : [one]);
      }),
      { numRuns: 3000 },
    );
  });

  it("a simple path parses as a wildcard path with the same segments", () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const simple = parseSimplePath(path);
        if (simple.ok) expect(parseWildcardPath(path)).toEqual(simple);
      }),
      { numRuns: 2000 },
    );
  });

  it("compiled and one-shot resolution agree", () => {
    fc.assert(
      fc.property(wildPath, keyed, (path, value) => {
        const compiled = compileWildcardPath(path);
        if (compiled.ok)
          expect(compiled.value.resolve(value)).toEqual(resolveWildcardPath(path, value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("pathological input", () => {
  const depth = 100_000;
  // Built iteratively: the nested value itself must not need recursion to exist.
  let deep: unknown = "leaf";
  for (let i = 0; i < depth; i++) deep = { a: deep };
  let deepArrays: unknown = { a: "leaf" };
  for (let i = 0; i < depth; i++) deepArrays = { a: [deepArrays] };
  const longPath = Array.from({ length: depth }, () => "a").join(".");
  const longWildPath = Array.from({ length: depth }, () => "a[*]").join(".");

  it("100,000-deep input with the default limit: no stack overflow, no result", () => {
    expect(resolveSimplePath(longPath, deep)).toBeUndefined();
    expect(resolveWildcardPath(longWildPath, deepArrays)).toEqual([]);
    expect(resolveWildcardPath("a.a.a", deep)).toEqual([{ a: expect.anything() }]);
  });

  it("100,000-deep input with the limit lifted: resolves iteratively", () => {
    expect(resolveSimplePath(longPath, deep, { maxDepth: Number.POSITIVE_INFINITY })).toBe("leaf");
    expect(
      resolveWildcardPath(`${longWildPath}.a`, deepArrays, { maxDepth: Number.POSITIVE_INFINITY }),
    ).toEqual(["leaf"]);
  });
});

describe("policy path properties", () => {
  const ident = fc.constantFrom("parent", "a", "b", "input", "output", "items", "x", "__proto__");
  const policyExpr = fc.oneof(
    fc
      .array(fc.oneof(ident, fc.constant("[]")), { minLength: 1, maxLength: 6 })
      .map((s) => s.join(".")),
    fc.string({ unit: fc.constantFrom("a", ".", "[", "]", "-", " ", "1", "parent", "input") }),
    fc.string(),
  );
  const mapping = fc.dictionary(fc.string({ maxLength: 3 }), policyExpr, { maxKeys: 4 });
  const agentData = fc.record(
    { input: fc.jsonValue(), output: fc.jsonValue() },
    {
      requiredKeys: [],
    },
  );
  const context = fc
    .tuple(agentData, fc.dictionary(fc.constantFrom("a", "b", "x"), agentData))
    .map(([parent, rest]) => ({ ...rest, parent }) as PolicyContext);

  it("parsing, resolution and batch mapping never throw", () => {
    fc.assert(
      fc.property(policyExpr, mapping, context, (expr, map, ctx) => {
        const parsed = parsePolicyPath(expr);
        if (!parsed.ok) expect(parsed.error.position).toBeLessThanOrEqual(expr.length);
        resolvePolicyPath(expr, ctx);
        resolveBatchMapping(map, ctx);
      }),
      { numRuns: 2000 },
    );
  });

  it("checking arbitrary policy-shaped data never throws", () => {
    const step = fc.record(
      {
        alias: fc.oneof(ident, fc.anything()),
        input_mapping: fc.oneof(mapping, fc.anything()),
        batch: fc.record({ input_mapping: mapping }),
        conditional: fc.record({
          routes: fc.array(fc.record({ alias: ident, when: fc.record({ args_match: mapping }) })),
        }),
        loop: fc.record({ exit_condition: fc.record({ args_match: mapping }) }),
      },
      { requiredKeys: [] },
    );
    const policy = fc.record(
      { local_agents: fc.array(fc.record({ alias: ident })), steps: fc.array(step) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(policy, fc.anything()), (p) => {
        expect(Array.isArray(checkPolicyPaths(p as ExecutionPolicy))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("policy paths in hostile data", () => {
  it("an expression whose toString is not a function is reported, not thrown (fast-check counterexample)", () => {
    const policy = { steps: [{ input_mapping: { "": { toString: 0 } } }] };
    expect(Array.isArray(checkPolicyPaths(policy as unknown as ExecutionPolicy))).toBe(true);
  });
});
