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
import { err, ok } from "@oatf/model";
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
 * A GenerationProvider that can also answer without blocking: SDK §8.7 allows async
 * convenience wrappers beside the synchronous interface, and a tool that serves other
 * connections while a model answers (an attack runner) needs one.
 */
export interface AsyncGenerationProvider extends GenerationProvider {
  generateAsync(
    prompt: string,
    protocol: Protocol,
    response_context: Value,
  ): Promise<Result<Value, GenerationError>>;
}

/** The steps around the provider's call, shared by `synthesize` and `synthesizeAsync`. */
function prepare(provider: GenerationProvider | undefined, input: SynthesizeRequest) {
  if (typeof input !== "object" || input === null) {
    const message = "synthesize needs a request object ({ prompt, protocol, ... })";
    const early: SynthesizeOutcome = {
      result: err({ kind: "validation_failure", message }),
      diagnostics: [],
    };
    return { early };
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
    return {
      early: fail({ kind: "provider_unavailable", message: "no GenerationProvider is configured" }),
    };
  }
  const finish = (result: Result<Value, GenerationError>): SynthesizeOutcome => {
    if (typeof result !== "object" || result === null) {
      return fail({ kind: "model_error", message: "the GenerationProvider returned no result" });
    }
    return result.ok ? { result: ok(result.value), diagnostics } : fail(result.error);
  };
  const thrown = (error: unknown) => fail({ kind: "model_error", message: describeThrown(error) });
  return { prompt, provider, finish, thrown };
}

const callSync = (
  provider: GenerationProvider,
  prompt: string,
  input: SynthesizeRequest,
): Result<Value, GenerationError> =>
  provider.generate(prompt, input.protocol, input.responseContext ?? null);

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
  const step = prepare(provider, input);
  if (step.early !== undefined) return step.early;
  try {
    return step.finish(callSync(step.provider, step.prompt, input));
  } catch (error) {
    return step.thrown(error);
  }
}

/**
 * `synthesize` without blocking (SDK §8.7 async wrapper): the same steps and errors, with the
 * provider's `generateAsync` when it has one (its synchronous `generate` otherwise). A
 * rejected promise is a `model_error`. Never rejects.
 */
export async function synthesizeAsync(
  provider: GenerationProvider | AsyncGenerationProvider | undefined,
  input: SynthesizeRequest,
): Promise<SynthesizeOutcome> {
  const step = prepare(provider, input);
  if (step.early !== undefined) return step.early;
  const { generateAsync } = step.provider as Partial<AsyncGenerationProvider>;
  try {
    const result =
      typeof generateAsync === "function"
        ? await generateAsync.call(
            step.provider,
            step.prompt,
            input.protocol,
            input.responseContext ?? null,
          )
        : callSync(step.provider, step.prompt, input);
    return step.finish(result);
  } catch (error) {
    return step.thrown(error);
  }
}
