// SARIF 2.1.0 output for code-scanning upload (e.g. github/codeql-action/upload-sarif).
import { type Diagnostic, ruleInfo } from "@oatf/model";
import { sarifArtifact as artifact, sarifLog } from "../shared/sarif.js";

export interface FileReport {
  file: string;
  diagnostics: Diagnostic[];
}

export function toSarif(reports: readonly FileReport[]): object {
  const ruleIds = [...new Set(reports.flatMap((r) => r.diagnostics.map((d) => d.rule)))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => ({
    id,
    shortDescription: { text: describe(id) },
    helpUri: "https://oatf.io/sdk/entry-points/#32-validate",
  }));
  const results = reports.flatMap((r) =>
    r.diagnostics.map((d) => ({
      ruleId: d.rule,
      ruleIndex: ruleIndex.get(d.rule),
      level: d.severity === "error" ? "error" : "warning",
      message: { text: d.path ? `${d.message} (at ${d.path})` : d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifact(r.file),
            // Code scanning needs a region; a diagnostic without a position points at line 1.
            region: {
              startLine: d.range?.start.line ?? 1,
              startColumn: d.range?.start.column ?? 1,
              ...(d.range && { endLine: d.range.end.line, endColumn: d.range.end.column }),
            },
          },
        },
      ],
    })),
  );
  return sarifLog({ rules }, { results });
}

function describe(id: string): string {
  return ruleInfo(id)?.check ?? id;
}
