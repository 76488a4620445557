// What every SARIF 2.1.0 log the CLI writes shares (validate's diagnostics, evaluate's
// findings): the log envelope with the `oatf` driver, and artifact locations relative to the
// checkout root, as code-scanning uploads (github/codeql-action/upload-sarif) expect them.
import { VERSION } from "../../version.js";

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** A SARIF artifact location: relative paths against %SRCROOT%, absolute ones as file:// URIs. */
export function sarifArtifact(file: string): { uri: string; uriBaseId?: string } {
  const slashed = file.replace(/\\/g, "/");
  const encoded = slashed.split("/").map(encodeURIComponent).join("/");
  if (slashed.startsWith("/")) return { uri: `file://${encoded}` };
  return { uri: encoded.replace(/^\.\//, ""), uriBaseId: "%SRCROOT%" };
}

/** A one-run SARIF log of the `oatf` tool; `driver` and `run` add to what is shared. */
export function sarifLog(driver: object, run: object): object {
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: { name: "oatf", version: VERSION, informationUri: "https://oatf.io", ...driver },
        },
        ...run,
      },
    ],
  };
}
