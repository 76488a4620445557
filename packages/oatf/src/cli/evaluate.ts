// `oatf evaluate <document> --trace <trace.jsonl>`: trace evaluation and the attack verdict.
import { evaluateTrace } from "@oatf/evaluate";
import { type AttackVerdict, TIERS, type Tier } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { oneOfOption, option, type ParsedArgs, UsageError } from "./args.js";
import { celFor } from "./cel.js";
import { checkDocument } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { readInput } from "./files.js";
import { invalidDocument, plural } from "./report.js";
import { parseTrace } from "./trace.js";

export const EVALUATE_USAGE = `Usage: oatf evaluate <document> --trace <trace.jsonl> [--format text|json] [--fail-on-tier <tier>]

Evaluates the document's indicators over an observed trace and prints the attack verdict
(--format json: the AttackVerdict). The trace has one message per line:
  {"protocol":"mcp","direction":"response","operation":"tools/list","content":{...},
   "actor":"default","timestamp":"2026-01-01T00:00:00Z"}     (actor, timestamp optional)
Expression indicators use the default CEL evaluator; semantic indicators are skipped.

Exit code:
  0  not_exploited (or exploited/partial below --fail-on-tier)
  1  exploited or partial; with --fail-on-tier <tier> only when max_tier >= <tier>
     (tiers: ingested < local_action < boundary_breach)
  2  usage error, missing or unreadable file
  3  invalid document or trace, or the verdict is error
`;

export async function evaluateCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const format = oneOfOption(args, "--format", ["text", "json"] as const, "text");
  const failOnTier = option(args, "--fail-on-tier");
  if (failOnTier !== undefined && !TIERS.includes(failOnTier as Tier)) {
    throw new UsageError(`--fail-on-tier must be one of ${TIERS.join(", ")}`);
  }
  if (args.positionals.length !== 1) throw new UsageError("expected exactly one document");
  const tracePath = option(args, "--trace");
  if (tracePath === undefined) throw new UsageError("--trace <trace.jsonl> is required");
  const file = args.positionals[0]!;

  const doc = readInput(file, ctx.cwd);
  if (!doc.ok) return cannotRead(file, doc.reason, ctx);
  const trace = readInput(tracePath, ctx.cwd);
  if (!trace.ok) return cannotRead(tracePath, trace.reason, ctx);

  const checked = await checkDocument(doc.text);
  if (!checked.valid) {
    ctx.stderr.write(invalidDocument("evaluate", file, doc.text, checked.diagnostics));
    return EXIT.error;
  }
  const messages = parseTrace(trace.text);
  if (!messages.ok) {
    ctx.stderr.write(`oatf evaluate: ${tracePath}:${messages.line}: ${messages.reason}\n`);
    return EXIT.error;
  }

  const computed = evaluateTrace(normalize(checked.document), messages.messages, {
    source: "oatf-cli",
    cel: (await celFor(checked.document)) ?? undefined,
  });
  // Why the verdict is `error` when no indicator says so (no indicators: format §11.4).
  for (const d of computed.diagnostics ?? []) {
    ctx.stderr.write(`oatf evaluate: ${file}: ${d.severity}: ${d.message}\n`);
  }
  const verdict = ordered(computed);
  if (format === "json") ctx.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else ctx.stdout.write(summary(verdict, checked.document.attack?.name, messages.messages.length));
  return exitCode(verdict, failOnTier as Tier | undefined);
}

function cannotRead(path: string, reason: string, ctx: CliContext): number {
  ctx.stderr.write(`oatf evaluate: cannot read ${path}: ${reason}\n`);
  return EXIT.usage;
}

/** The AttackVerdict with its fields in spec order (`max_tier` after `result`). */
function ordered(v: AttackVerdict): AttackVerdict {
  return {
    ...(v.attack_id === undefined ? {} : { attack_id: v.attack_id }),
    result: v.result,
    ...(v.max_tier === undefined ? {} : { max_tier: v.max_tier }),
    indicator_verdicts: v.indicator_verdicts,
    evaluation_summary: v.evaluation_summary,
    ...(v.timestamp === undefined ? {} : { timestamp: v.timestamp }),
    ...(v.source === undefined ? {} : { source: v.source }),
  };
}

function exitCode(v: AttackVerdict, failOnTier: Tier | undefined): number {
  if (v.result === "error") return EXIT.error;
  if (v.result === "not_exploited") return EXIT.ok;
  if (failOnTier === undefined) return EXIT.failed;
  const reached = v.max_tier === undefined ? -1 : TIERS.indexOf(v.max_tier);
  return reached >= TIERS.indexOf(failOnTier) ? EXIT.failed : EXIT.ok;
}

function summary(v: AttackVerdict, name: string | undefined, count: number): string {
  const title = [v.attack_id, name ? `"${name}"` : undefined].filter(Boolean).join(" ") || "attack";
  const tier = v.max_tier ? ` (max_tier: ${v.max_tier})` : "";
  const lines = [`${title}: ${v.result}${tier} over ${plural(count, "trace message")}`];
  const width = Math.max(...v.indicator_verdicts.map((i) => i.indicator_id.length), 0);
  for (const i of v.indicator_verdicts) {
    lines.push(
      `  ${i.result.padEnd(11)} ${i.indicator_id.padEnd(width)}  ${i.evidence ?? ""}`.trimEnd(),
    );
  }
  const s = v.evaluation_summary;
  lines.push(
    `  ${s.matched} matched, ${s.not_matched} not_matched, ${s.error} error, ${s.skipped} skipped`,
  );
  return `${lines.join("\n")}\n`;
}
