// SDK §5.4–§5.10 execution primitives at their edges: predicates, response selection,
// extractors, effective state, triggers and synthesis, each given malformed input.
import {
  compilePredicate,
  computeEffectiveState,
  evaluateExtractor,
  evaluatePredicate,
  evaluateTrigger,
  selectResponse,
  synthesize,
} from "@oatf/evaluate";
import type {
  Extractor,
  GenerationProvider,
  MatchPredicate,
  Phase,
  ResponseEntry,
  Trigger,
  Value,
} from "@oatf/model";
import { ok } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";

describe("compilePredicate", () => {
  it("rejects a predicate that is not a mapping", () => {
    for (const predicate of ["x", null, [], 5]) {
      expect(compilePredicate(predicate as never)).toEqual({
        ok: false,
        error: { message: "a match predicate must be a mapping" },
      });
    }
  });

  it("names the key of an invalid condition", () => {
    expect(compilePredicate({ a: { contains: 1 } } as never)).toEqual({
      ok: false,
      error: { message: 'predicate key "a": contains needs a string operand' },
    });
  });

  it("is false on a value that cannot be read", () => {
    const hostile = Object.defineProperty({}, "a", {
      get() {
        throw new Error("no");
      },
      enumerable: true,
    });
    expect(evaluatePredicate({ a: "x" } as MatchPredicate, hostile as Value)).toBe(false);
  });
});

describe("selectResponse", () => {
  it("answers nothing for entries that are not a list", () => {
    expect(selectResponse({} as never, {})).toBeUndefined();
  });

  it("passes over entries that are not mappings", () => {
    const entry = { content: 1 } as unknown as ResponseEntry;
    expect(selectResponse([5, "x", null, entry] as never, {})).toBe(entry);
  });

  it("treats `when: null` as a default entry", () => {
    const entry = { when: null, content: 1 } as unknown as ResponseEntry;
    expect(selectResponse([entry], {})).toBe(entry);
  });
});

describe("evaluateExtractor", () => {
  it("captures nothing for an unknown extractor type", () => {
    const extractor = { name: "x", source: "request", type: "xpath", selector: "(a)" };
    expect(evaluateExtractor(extractor as unknown as Extractor, "a", "request")).toBeUndefined();
  });
});

describe("computeEffectiveState", () => {
  it("passes over phases that are null", () => {
    expect(computeEffectiveState([null, { state: { a: 1 } }] as unknown as Phase[], 1)).toEqual({
      a: 1,
    });
  });

  it("returns a state that cannot be cloned as it is", () => {
    const state = { f: () => 1 };
    expect(computeEffectiveState([{ state } as unknown as Phase], 0)).toBe(state);
  });
});

describe("evaluateTrigger", () => {
  const event = (qualifier?: string) => ({
    event_type: "tools/call",
    content: {},
    ...(qualifier === undefined ? {} : { qualifier }),
  });

  it("an unqualified trigger matches qualified events", () => {
    expect(evaluateTrigger({ event: "tools/call" }, event("calc"), 0, { event_count: 0 })).toEqual({
      advanced: true,
      reason: "event_matched",
    });
  });

  it("a null match is no predicate", () => {
    const trigger = { event: "tools/call", match: null } as unknown as Trigger;
    expect(evaluateTrigger(trigger, event(), 0, { event_count: 0 }).advanced).toBe(true);
  });
});

describe("synthesize errors", () => {
  it("rejects a missing request", () => {
    expect(synthesize(undefined, null as never)).toEqual({
      result: {
        ok: false,
        error: {
          kind: "validation_failure",
          message: "synthesize needs a request object ({ prompt, protocol, ... })",
        },
      },
      diagnostics: [],
    });
  });

  it("reports a null provider as unavailable, without a phase name when none is given", () => {
    expect(synthesize(null as never, { prompt: "p", protocol: "mcp" })).toEqual({
      result: {
        ok: false,
        error: {
          kind: "provider_unavailable",
          message: "no GenerationProvider is configured",
          prompt_preview: "p",
        },
      },
      diagnostics: [],
    });
  });

  it("reports a provider that returns no result", () => {
    for (const returned of [null, 5]) {
      const provider = { generate: () => returned } as unknown as GenerationProvider;
      expect(synthesize(provider, { prompt: "p", protocol: "mcp", phaseName: "ph" })).toEqual({
        result: {
          ok: false,
          error: {
            kind: "model_error",
            message: "the GenerationProvider returned no result",
            phase_name: "ph",
            prompt_preview: "p",
          },
        },
        diagnostics: [],
      });
    }
  });

  it("gives the provider an empty prompt for a non-string one, and null context by default", () => {
    const calls: unknown[][] = [];
    const provider: GenerationProvider = {
      generate: (...args: unknown[]) => {
        calls.push(args);
        return ok("v");
      },
    } as GenerationProvider;
    expect(synthesize(provider, { prompt: 5 as never, protocol: "mcp" }).result).toEqual(ok("v"));
    expect(calls).toEqual([["", "mcp", null]]);
  });
});
