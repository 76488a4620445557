// Running a `synthesize` block (format §7.4) through a GenerationProvider (SDK §6.3).
// The provider does not know the phase, so the SDK fills `phase_name` and
// `prompt_preview` into any GenerationError (SDK §7.3a).
import type {
  Diagnostic,
  GenerationError,
  GenerationProvider,
  Protocol,
  Result,
  Value,
} from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { describeThrown } from "../compile/compile-error.js";
import { type ExtractorValues, interpolateTemplate } from "../compile/template.js";

/** SDK §7.3a: the preview is the first 200 characters of the resolved prompt. */
export const PROMPT_PREVIEW_LENGTH = 200;

export interface SynthesizeRequest {
  /** `synthesize.prompt` as written; templates are interpolated first. */
  prompt: string;
  protocol: Protocol;
  /** Protocol metadata the provider needs to shape its output (SDK §6.3). */
  responseContext?: Value;
  /** The phase being executed, reported in errors. */
  phaseName?: string;
  extractors?: ExtractorValues;
  request?: Value;
  response?: Value;
}

export interface SynthesizeOutcome {
  result: Result<Value, GenerationError>;
  /** W-004 warnings from prompt interpolation. */
  diagnostics: Diagnostic[];
}

function preview(prompt: string): string {
  // Characters, not UTF-16 units: never cut a surrogate pair in half.
  const chars = Array.from(prompt.slice(0, PROMPT_PREVIEW_LENGTH * 2));
  return chars.slice(0, PROMPT_PREVIEW_LENGTH).join("");
}

/**
 * Interpolates the prompt, calls the provider, and returns its Value or a GenerationError
 * carrying `phase_name` and `prompt_preview`. A missing provider is `provider_unavailable`;
 * a provider that throws is a `model_error`; a missing request is a `validation_failure`.
 * Never throws.
 */
export function synthesize(
  provider: GenerationProvider | undefined,
  input: SynthesizeRequest,
): SynthesizeOutcome {
  if (typeof input !== "object" || input === null) {
    const message = "synthesize needs a request object ({ prompt, protocol, ... })";
    return { result: err({ kind: "validation_failure", message }), diagnostics: [] };
  }
  const { value: prompt, diagnostics } = interpolateTemplate(
    typeof input.prompt === "string" ? input.prompt : "",
    input.extractors,
    input.request,
    input.response,
  );
  const fail = (error: GenerationError): SynthesizeOutcome => ({
    result: err({
      ...error,
      ...(input.phaseName === undefined ? {} : { phase_name: input.phaseName }),
      prompt_preview: preview(prompt),
    }),
    diagnostics,
  });
  if (provider === undefined || provider === null) {
    return fail({ kind: "provider_unavailable", message: "no GenerationProvider is configured" });
  }
  let result: Result<Value, GenerationError>;
  try {
    result = provider.generate(prompt, input.protocol, input.responseContext ?? null);
  } catch (thrown) {
    return fail({ kind: "model_error", message: describeThrown(thrown) });
  }
  if (typeof result !== "object" || result === null) {
    return fail({ kind: "model_error", message: "the GenerationProvider returned no result" });
  }
  return result.ok ? { result: ok(result.value), diagnostics } : fail(result.error);
}
