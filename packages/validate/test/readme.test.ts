import { readFileSync } from "node:fs";
import { ruleInfo, VALIDATION_RULES, WARNING_RULES } from "@oatf/model";
import { describe, expect, it } from "vitest";

// Table cells are compared with runs of spaces collapsed (formatters pad columns).
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8").replace(/ +/g, " ");

describe("README", () => {
  it.each(Object.entries(VALIDATION_RULES))(
    "lists %s with its spec reference",
    (rule, { spec_ref }) => {
      const check = ruleInfo(rule)!.check;
      expect(readme).toContain(`| ${rule} |`);
      expect(readme).toContain(
        `| ${check.replace(/\|/g, "\\|").replace(/ +/g, " ")} | ${spec_ref} |`,
      );
    },
  );

  it.each(Object.keys(WARNING_RULES))("lists warning code %s", (code) => {
    expect(readme).toContain(`| \`${code}\` |`);
  });
});
