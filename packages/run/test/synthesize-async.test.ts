// synthesizeAsync, the SDK §8.7 async wrapper of SDK §6.3 `synthesize` (delegating to it): the
// same interpolation and errors as `synthesize`, with the provider's `generateAsync` when it has
// one; the provider's synchronous `generate` is then never called.

import { synthesize } from "@oatf/evaluate";
import type { GenerationProvider } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { type AsyncGenerationProvider, synthesizeAsync } from "../src/index.js";

const request = {
  prompt: "Write about {{topic}} for {{request.user}}",
  protocol: "mcp" as const,
  phaseName: "p1",
  extractors: { topic: "cats" },
  request: { user: "ann" },
  responseContext: { inputSchema: {} },
};

describe("synthesizeAsync", () => {
  it("calls generateAsync with the interpolated prompt, protocol and context", async () => {
    const calls: unknown[][] = [];
    const provider: AsyncGenerationProvider = {
      generate: () => err({ kind: "model_error", message: "the sync path was taken" }),
      generateAsync: async (...args) => {
        calls.push(args);
        return ok({ content: [] });
      },
    };
    const outcome = await synthesizeAsync(provider, request);
    expect(outcome).toEqual({ result: ok({ content: [] }), diagnostics: [] });
    expect(calls).toEqual([["Write about cats for ann", "mcp", { inputSchema: {} }]]);
  });

  it("falls back to the synchronous generate, and answers as synthesize does", async () => {
    const provider: GenerationProvider = { generate: (prompt) => ok(prompt) };
    expect(await synthesizeAsync(provider, request)).toEqual(synthesize(provider, request));
  });

  it("reports a rejection, a missing result and a provider error with phase and preview", async () => {
    const rejecting: AsyncGenerationProvider = {
      generate: () => ok(1),
      generateAsync: () => Promise.reject(new Error("connection refused")),
    };
    const empty = { generate: () => ok(1), generateAsync: async () => null } as never;
    const failing: AsyncGenerationProvider = {
      generate: () => ok(1),
      generateAsync: async () => err({ kind: "timeout", message: "took too long" }),
    };
    const where = { phase_name: "p1", prompt_preview: "Write about cats for ann" };
    expect((await synthesizeAsync(rejecting, request)).result).toEqual(
      err({ kind: "model_error", message: "connection refused", ...where }),
    );
    expect((await synthesizeAsync(empty, request)).result).toEqual(
      err({ kind: "model_error", message: "the GenerationProvider returned no result", ...where }),
    );
    expect((await synthesizeAsync(failing, request)).result).toEqual(
      err({ kind: "timeout", message: "took too long", ...where }),
    );
  });

  it("says a missing provider and a missing request, never rejecting", async () => {
    expect((await synthesizeAsync(undefined, request)).result).toEqual(
      err({
        kind: "provider_unavailable",
        message: "no GenerationProvider is configured",
        phase_name: "p1",
        prompt_preview: "Write about cats for ann",
      }),
    );
    expect((await synthesizeAsync(undefined, null as never)).result.ok).toBe(false);
  });
});
