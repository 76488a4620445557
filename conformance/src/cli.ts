// `oatf-conformance [dir...] [--only]`: runs the upstream suite, conformance/fixtures and each
// directory given (with --only, just those) against the built SDK. Exit 0 when every case
// passes, 1 when any fails (a missing suite or a run of zero cases fails), 2 on usage errors.

import { ERRATA_PATH, runRoots } from "./roots.js";
import { formatReport, runConformance } from "./run.js";

export const USAGE = `Usage: oatf-conformance [dir...] [--only]

Runs the conformance fixtures: the upstream suite (OATF_CONFORMANCE_DIR, else
../shared/conformance/upstream relative to the repository root), the repository's own
conformance/fixtures, and each fixture directory given. --only runs just the directories given.
Exit code: 0 when every case passes, 1 when any fails or none ran, 2 on usage errors.
`;

export interface Io {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export async function main(io: Io): Promise<number> {
  const dirs = io.argv.filter((a) => !a.startsWith("-"));
  const flags = io.argv.filter((a) => a.startsWith("-"));
  if (flags.includes("--help") || flags.includes("-h")) {
    io.stdout.write(USAGE);
    return 0;
  }
  const unknown = flags.filter((f) => f !== "--only");
  const only = flags.includes("--only");
  if (unknown.length > 0 || (only && dirs.length === 0)) {
    const why = unknown.length > 0 ? `unknown option ${unknown[0]}` : "--only needs a directory";
    io.stderr.write(`oatf-conformance: ${why}\n\n${USAGE}`);
    return 2;
  }
  const roots = runRoots(io.env, io.cwd, dirs, only);
  for (const root of roots) io.stdout.write(`fixtures (${root.label}): ${root.path}\n`);
  const report = await runConformance(roots, only ? {} : { errataPath: ERRATA_PATH });
  io.stdout.write(`${formatReport(report).join("\n")}\n`);
  return report.failed === 0 ? 0 : 1;
}
