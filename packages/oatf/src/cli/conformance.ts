// `oatf conformance [dir...]`: the conformance runner (packages/oatf/src/conformance).
import { type ParsedArgs, UsageError } from "./args.js";
import type { CliContext } from "./context.js";

export const CONFORMANCE_USAGE = `Usage: oatf conformance [dir...] [--only]

Runs the conformance fixtures: the upstream suite (../shared/conformance/upstream beside the
repository, or OATF_CONFORMANCE_DIR), the repository's own conformance/fixtures, and each
fixture directory given. --only runs just the directories given.
Exit code: 0 when every case passes, 1 when any fails, 2 on usage errors.
`;

export async function conformanceCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  // The harness loads the whole SDK, CEL included: only when this command runs.
  const { defaultRoots, formatReport, runConformance } = await import("../conformance/index.js");
  const only = args.options.has("--only");
  if (only && args.positionals.length === 0)
    throw new UsageError("--only needs at least one directory");
  const found = defaultRoots(ctx.env, ctx.cwd, args.positionals);
  const roots = only ? found.roots.filter((r) => args.positionals.includes(r.label)) : found.roots;
  for (const note of only ? [] : found.notes) ctx.stdout.write(`note: ${note}\n`);
  for (const root of roots) ctx.stdout.write(`fixtures (${root.label}): ${root.path}\n`);
  const report = await runConformance(
    roots,
    found.errataPath ? { errataPath: found.errataPath } : {},
  );
  ctx.stdout.write(`${formatReport(report).join("\n")}\n`);
  return report.failed === 0 ? 0 : 1;
}
