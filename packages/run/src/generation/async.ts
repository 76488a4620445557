// SDK §8.7: the core is synchronous (`synthesize`, `GenerationProvider.generate`), and a tool
// MAY wrap it asynchronously, delegating to the synchronous core. The runner must keep serving
// its other connections while a model answers, so it asks a provider that also has
// `generateAsync` without blocking, and leaves everything else to the SDK's `synthesize`: a
// first call gives the interpolated prompt to a provider that only keeps it; once the answer
// is in, a second call shapes it (or what was thrown) into the outcome, GenerationError fields
// (`phase_name`, `prompt_preview`) and W-004 diagnostics included, as for any provider.
import { type SynthesizeOutcome, type SynthesizeRequest, synthesize } from "@oatf/evaluate";
import type { GenerationError, GenerationProvider, Protocol, Result, Value } from "@oatf/model";
import { ok } from "@oatf/model/internal";

/** A GenerationProvider that can also answer without blocking its caller. */
export interface AsyncGenerationProvider extends GenerationProvider {
  generateAsync(
    prompt: string,
    protocol: Protocol,
    response_context: Value,
  ): Promise<Result<Value, GenerationError>>;
}

/** `synthesize` that awaits `generateAsync` when the provider has one. Never rejects. */
export async function synthesizeAsync(
  provider: GenerationProvider | AsyncGenerationProvider | undefined,
  input: SynthesizeRequest,
): Promise<SynthesizeOutcome> {
  const generateAsync = (provider as Partial<AsyncGenerationProvider> | undefined)?.generateAsync;
  if (typeof generateAsync !== "function") return synthesize(provider, input);
  let prompt: string | undefined;
  const first = synthesize(
    {
      generate: (text) => {
        prompt = text;
        return ok(null);
      },
    },
    input,
  );
  if (prompt === undefined) return first; // a request the SDK refused before asking

  let answered: { answer: Result<Value, GenerationError> } | { thrown: unknown };
  try {
    answered = {
      answer: await generateAsync.call(
        provider,
        prompt,
        input.protocol,
        input.responseContext ?? null,
      ),
    };
  } catch (thrown) {
    answered = { thrown };
  }
  return synthesize(
    {
      generate: () => {
        if ("thrown" in answered) throw answered.thrown;
        return answered.answer;
      },
    },
    input,
  );
}
