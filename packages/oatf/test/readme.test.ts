// The README example, run as written (minus the process exit).
import { readFileSync } from "node:fs";
import { computeVerdict, evaluateIndicator, evaluateTrace, load } from "oatf";
import { expect, it } from "vitest";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const documentText = /load\(`\n([\s\S]*?)`\);/.exec(readme)![1]!;

it("README example: load → evaluateIndicator / evaluateTrace → computeVerdict", () => {
  const loaded = load(documentText);
  expect(loaded.ok).toBe(true);
  if (!loaded.ok) return;
  const { document, warnings } = loaded.value;
  expect(warnings).toEqual([]);

  const message = {
    name: "calculator",
    arguments: { note: "-----BEGIN OPENSSH PRIVATE KEY-----" },
  };
  const verdicts = document.attack.indicators!.map((indicator) =>
    evaluateIndicator(indicator, message),
  );
  expect(verdicts.map((v) => v.result)).toEqual(["matched", "matched"]);
  expect(computeVerdict(document.attack, verdicts).result).toBe("exploited");

  const verdict = evaluateTrace(document, [
    { protocol: "mcp", direction: "request", operation: "tools/call", content: message },
  ]);
  expect(verdict.result).toBe("exploited");
  expect(verdict.evaluation_summary).toEqual({ matched: 2, not_matched: 0, error: 0, skipped: 0 });
});
