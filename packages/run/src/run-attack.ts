// `runAttack`: a document against an agent, `repeat` times (agents are not deterministic),
// each run in its own protocol session (format §11.3 item 10) with its own run key, and the
// summary across them: each verdict, the attack success rate and the worst tier. The library
// behind `oatf run`; usable in a vitest or jest test of an agent.
import { randomUUID } from "node:crypto";
import { createCelEvaluator } from "@oatf/cel-default";
import type { AttackResult, CelEvaluator, Document, Tier } from "@oatf/model";
import { Diagnostics, type RunDiagnostic } from "./diagnostics.js";
import { checkExecution, isSupportedMode, loadDocument, SUPPORTED_MODES } from "./document.js";
import { type RunOptions, resolveOptions } from "./options.js";
import { RunOutput } from "./out.js";
import { type RunResult, runOnce } from "./run.js";

export interface RunSummary {
  /** `exploited` if any run is, else `partial`, else `error`, else `not_exploited`. */
  result: AttackResult;
  /** Runs whose verdict is `exploited`, over all runs (0 when there were none). */
  success_rate: number;
  /** The highest tier any run reached (format: `ingested < local_action < boundary_breach`). */
  max_tier?: Tier;
  /** How many runs gave each result. */
  counts: Record<AttackResult, number>;
}

export interface RunReport extends RunSummary {
  /** The attack's id and name, as the document gives them. */
  attack: { id?: string; name: string };
  /** Each run, in order. */
  runs: RunResult[];
  /** What was said about the document and the options before any run. */
  diagnostics: RunDiagnostic[];
}

const RESULT_ORDER: AttackResult[] = ["exploited", "partial", "error", "not_exploited"];
const TIERS: Tier[] = ["ingested", "local_action", "boundary_breach"];

/** The summary over runs (issue 32's rule for several runs of one attack). */
export function summarize(runs: readonly RunResult[]): RunSummary {
  const counts: Record<AttackResult, number> = {
    exploited: 0,
    partial: 0,
    error: 0,
    not_exploited: 0,
  };
  let max: number | undefined;
  for (const run of runs) {
    counts[run.verdict.result]++;
    const tier = run.verdict.max_tier;
    if (tier !== undefined) max = Math.max(max ?? -1, TIERS.indexOf(tier));
  }
  const result = runs.length === 0 ? "error" : (RESULT_ORDER.find((r) => counts[r] > 0) ?? "error");
  return {
    result,
    success_rate: runs.length === 0 ? 0 : counts.exploited / runs.length,
    ...(max === undefined || max < 0 ? {} : { max_tier: TIERS[max]! }),
    counts,
  };
}

/**
 * Runs `document` (YAML text, or a parsed document) against the agent `options` describe,
 * `options.repeat` times, and returns each run's verdict and recording with the summary.
 * Never throws for a bad document, bad options or a misbehaving agent: those are
 * diagnostics, and a report without runs is an `error`.
 */
export async function runAttack(
  document: string | Document,
  options: RunOptions = {},
): Promise<RunReport> {
  const diagnostics = new Diagnostics();
  const resolved = resolveOptions(options);
  const cel: CelEvaluator | undefined =
    options?.cel === null ? undefined : (options?.cel ?? createCelEvaluator());
  const loaded = loadDocument(document, cel, diagnostics);
  const attack = {
    ...(typeof loaded?.attack.id === "string" ? { id: loaded.attack.id } : {}),
    name: loaded?.attack.name ?? "Untitled",
  };
  if (!resolved.ok) for (const problem of resolved.problems) diagnostics.report(problem);
  if (loaded === undefined || !resolved.ok)
    return { attack, runs: [], diagnostics: diagnostics.finish(), ...summarize([]) };
  const o = resolved.value;
  checkExecution(loaded, o.generation !== undefined, diagnostics);
  // Format §11.5: unrecognized modes are skipped; with every actor skipped nothing can run
  // or be observed, and waiting for traffic would last until the timeout.
  if (!loaded.attack.execution.actors?.some((a) => isSupportedMode(a.mode))) {
    diagnostics.report({
      severity: "error",
      code: "run/unsupported",
      message: `no actor is in a mode this runner executes (${SUPPORTED_MODES.join(", ")}): nothing was run`,
    });
    return { attack, runs: [], diagnostics: diagnostics.finish(), ...summarize([]) };
  }
  if (
    o.stdio !== undefined &&
    o.stdio.input === undefined &&
    o.mcpConfig === undefined &&
    o.agentCommand === undefined
  )
    diagnostics.report({
      severity: "warning",
      code: "run/options",
      message: `stdio: ${o.stdio.actor} is reached through the stdio bridge the MCP config names, and no MCP config is written (give mcpConfig or agentCommand)`,
    });
  let output: RunOutput | undefined;
  try {
    output = o.out === undefined ? undefined : new RunOutput(o.out, o.limits.maxBodyBytes);
  } catch (error) {
    diagnostics.report({
      severity: "error",
      code: "run/options",
      message: `out: ${(error as Error).message}`,
    });
    return { attack, runs: [], diagnostics: diagnostics.finish(), ...summarize([]) };
  }
  const base = o.run ?? `${attack.id ?? "attack"}-${randomUUID().slice(0, 8)}`;
  const runs: RunResult[] = [];
  try {
    for (let i = 1; i <= o.repeat; i++) {
      if (o.signal?.aborted) break;
      const run = o.repeat === 1 ? base : `${base}-${i}`;
      if (output?.har) output.har.run = run;
      runs.push(
        await runOnce({
          document: loaded,
          options: o,
          run,
          output,
          cel,
          semantic: options.semantic,
        }),
      );
    }
  } finally {
    output?.close();
  }
  return { attack, runs, diagnostics: diagnostics.finish(), ...summarize(runs) };
}
