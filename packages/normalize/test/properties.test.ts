// normalize over generated valid documents: idempotent, never mutates its input,
// and every post-normalization guarantee of SDK §3.3 holds.
import type { Document, PatternMatch } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validDocument } from "./arbitraries.js";

// JSON text keeps own `__proto__` keys and key order, so equal text means equal data.
const snapshot = (document: Document) => JSON.stringify(document);

describe("normalize properties", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const once = normalize(document);
        expect(snapshot(normalize(once))).toBe(snapshot(once));
      }),
      { numRuns: 500 },
    );
  });

  it("never mutates its input or Object.prototype", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const before = snapshot(document);
        const result = normalize(document);
        expect(snapshot(document)).toBe(before);
        expect(result).not.toBe(document);
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("shares no object with its input", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const inputs = new Set(objectsOf(document));
        for (const object of objectsOf(normalize(document))) expect(inputs.has(object)).toBe(false);
      }),
    );
  });

  it("never throws on documents validate would reject", () => {
    const junk = fc.anything({ maxDepth: 3 });
    const list = fc.oneof(junk, fc.array(junk, { maxLength: 3 }));
    const malformed = fc.record(
      {
        oatf: junk,
        attack: fc.oneof(
          junk,
          fc.record(
            {
              id: junk,
              severity: junk,
              classification: fc.oneof(junk, fc.record({ tags: list, mappings: list })),
              correlation: junk,
              indicators: fc.oneof(
                list,
                fc.array(
                  fc.record({ target: junk, pattern: junk, semantic: junk, protocol: junk }),
                ),
              ),
              execution: fc.oneof(
                junk,
                fc.record(
                  {
                    mode: junk,
                    state: junk,
                    phases: fc.oneof(
                      list,
                      fc.array(fc.record({ name: junk, mode: junk, trigger: junk })),
                    ),
                    actors: fc.oneof(
                      list,
                      fc.array(fc.record({ name: junk, mode: junk, phases: list })),
                    ),
                  },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(malformed, (document) => {
        normalize(document as Document);
      }),
      // Found by this property (seed -1107853377): N-007 read `phases[0]` of `phases: null`.
      { numRuns: 3000, examples: [[{ attack: { execution: { phases: null } } }]] },
    );
  });

  it("gives every post-normalization guarantee", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const { attack } = normalize(document);
        expect(attack.name).toBeDefined();
        expect(attack.version).toBeDefined();
        expect(attack.status).toBeDefined();
        if (attack.severity !== undefined) {
          expect(attack.severity).toMatchObject({
            level: expect.any(String),
            confidence: expect.any(Number),
          });
        }
        const { execution } = attack;
        expect(Object.keys(execution).filter((k) => k !== "extensions")).toEqual(["actors"]);
        expect(execution.actors!.length).toBeGreaterThan(0);
        for (const actor of execution.actors!) {
          expect(actor.name).toBeTypeOf("string");
          expect(actor.mode).toBeTypeOf("string");
          for (const phase of actor.phases) {
            expect(phase.name).toBeTypeOf("string");
            expect(phase.mode).toBe(actor.mode);
            if (phase.trigger?.event !== undefined)
              expect(phase.trigger.count).toBeTypeOf("number");
          }
        }
        for (const tag of attack.classification?.tags ?? []) expect(tag).toMatch(/^[^A-Z_ ]*$/);
        for (const mapping of attack.classification?.mappings ?? [])
          expect(mapping.relationship).toBeDefined();
        if (attack.indicators === undefined) return;
        expect(attack.correlation?.logic).toBeDefined();
        for (const indicator of attack.indicators) {
          expect(indicator.id).toBeTypeOf("string");
          expect(indicator.protocol).toBeTypeOf("string");
          if (indicator.pattern) expectStandardForm(indicator.pattern);
          if (indicator.semantic) expect(indicator.semantic.target).toBeTypeOf("string");
        }
      }),
      { numRuns: 500 },
    );
  });
});

function expectStandardForm(pattern: PatternMatch) {
  expect(pattern.target).toBeTypeOf("string");
  expect(pattern.condition).toBeDefined();
  expect(Object.keys(pattern).sort()).toEqual(["condition", "target"]);
}

function* objectsOf(value: unknown): Generator<object> {
  if (typeof value !== "object" || value === null) return;
  yield value;
  for (const key of Object.keys(value)) yield* objectsOf((value as Record<string, unknown>)[key]);
}
