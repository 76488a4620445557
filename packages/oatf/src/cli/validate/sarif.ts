// SARIF 2.1.0 output for code-scanning upload (e.g. github/codeql-action/upload-sarif).
import { type Diagnostic, ruleInfo } from "@oatf/model";
import { VERSION } from "../../version.js";

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
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: { name: "oatf", version: VERSION, informationUri: "https://oatf.io", rules },
        },
        results,
      },
    ],
  };
}

function describe(id: string): string {
  return ruleInfo(id)?.check ?? id;
}

/** Relative paths against the checkout root (%SRCROOT%); absolute ones as file:// URIs. */
function artifact(file: string): { uri: string; uriBaseId?: string } {
  const slashed = file.replace(/\\/g, "/");
  const encoded = slashed.split("/").map(encodeURIComponent).join("/");
  if (slashed.startsWith("/")) return { uri: `file://${encoded}` };
  return { uri: encoded.replace(/^\.\//, ""), uriBaseId: "%SRCROOT%" };
}
