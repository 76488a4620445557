// `synthesize` blocks in a run (format §7.4, SDK §6.3): the prompt goes through the SDK's
// `synthesize` (interpolation, GenerationError shaping; awaited through `synthesizeAsync`, the
// SDK §8.7 wrapper of generation/async.ts) to the user's provider, and the
// answer is checked against the binding's structure before any adapter injects it. Every
// failure is a `run/synthesize` diagnostic carrying the GenerationError (format §11.3 item
// 11); the caller then serves the entry's static content, or the list's default.
import { interpolateTemplate } from "@oatf/evaluate";
import { PROMPT_PREVIEW_LENGTH } from "@oatf/evaluate/internal";
import type { GenerationProvider, ResponseEntry, SynthesizeBlock, Value } from "@oatf/model";
import type { PhaseMachine } from "../phase-machine.js";
import { synthesizeAsync } from "./async.js";
import { checkGenerated, type GeneratedShape, SHAPE_DESCRIPTIONS } from "./structure.js";

export interface SynthesisRequest {
  block: SynthesizeBlock;
  shape: GeneratedShape;
  /** What the provider needs to shape its output (SDK §6.3 `response_context`). */
  context: Record<string, Value>;
  /** The request being answered, for `{{request.*}}` in the prompt. */
  request?: Value;
}

export class Synthesizer {
  readonly provider: GenerationProvider | undefined;

  constructor(provider: GenerationProvider | undefined) {
    this.provider = provider;
  }

  /** Whether `synthesize` blocks can be served at all (format §11.3 item 11). */
  get available(): boolean {
    return this.provider !== undefined;
  }

  /**
   * What a dispatch entry's `synthesize` block generates, checked; undefined when the entry
   * has none, there is no provider, or generation failed (said): the caller then serves the
   * entry's static content, or the list's default.
   */
  fromEntry(
    machine: PhaseMachine,
    entry: ResponseEntry | undefined,
    request: Omit<SynthesisRequest, "block">,
  ): Promise<Value | undefined> {
    if (entry?.synthesize === undefined || !this.available) return Promise.resolve(undefined);
    return this.generate(machine, { ...request, block: entry.synthesize });
  }

  /** The generated value, checked; undefined (with a diagnostic) when there is none. */
  async generate(machine: PhaseMachine, request: SynthesisRequest): Promise<Value | undefined> {
    const { diagnostics } = machine.context;
    const where = { actor: machine.name, phase: machine.phaseName };
    const prompt = typeof request.block?.prompt === "string" ? request.block.prompt : "";
    const outcome = await synthesizeAsync(this.provider, {
      prompt,
      protocol: machine.protocol,
      responseContext: { shape: SHAPE_DESCRIPTIONS[request.shape], ...request.context },
      phaseName: machine.phaseName,
      extractors: machine.values(),
      ...(request.request === undefined ? {} : { request: request.request }),
    });
    for (const d of outcome.diagnostics) diagnostics.sdk(d, where);
    if (!outcome.result.ok) {
      diagnostics.report({
        severity: "error",
        code: "run/synthesize",
        message: `synthesize failed (${outcome.result.error.kind}): ${outcome.result.error.message}`,
        ...where,
        generation_error: outcome.result.error,
      });
      return undefined;
    }
    const checked = checkGenerated(request.shape, outcome.result.value);
    if (checked.problem !== undefined) {
      const message = `generated content is not ${SHAPE_DESCRIPTIONS[request.shape]}: ${checked.problem}`;
      diagnostics.report({
        severity: "error",
        code: "run/synthesize",
        message: `synthesize output rejected before injection: ${checked.problem}`,
        ...where,
        generation_error: {
          kind: "validation_failure",
          message,
          phase_name: machine.phaseName,
          prompt_preview: Array.from(
            interpolateTemplate(prompt, machine.values(), request.request ?? null).value.slice(
              0,
              PROMPT_PREVIEW_LENGTH * 2,
            ),
          )
            .slice(0, PROMPT_PREVIEW_LENGTH)
            .join(""),
        },
      });
      return undefined;
    }
    return checked.value;
  }
}
