// `oatf validate --fix` / `--fix-dry-run` (issue 37 §5): the language server's unambiguous
// quick fixes applied to the file's text, comments and layout kept; what is left is reported.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured } from "./cli-capture.js";

// A missing `oatf`, a misspelt tier value and a misspelt field name, around comments.
const BROKEN = `# the attack, as first drafted
attack:
  name: "Typos"   # keep this comment
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    # the exfiltration
    - surface: tools/call
      target: arguments
      tier: boundary_breech
      descripton: "sends a key"
      pattern: { contains: "KEY" }
`;
// What --fix makes of it: the three fixes, nothing else changed.
const FIXED = BROKEN.replace("drafted\n", 'drafted\noatf: "0.1"\n')
  .replace("boundary_breech", "boundary_breach")
  .replace("descripton:", "description:");

async function validate(args: string[], files: Record<string, string>, stdin?: string) {
  const dir = mkdtempSync(join(tmpdir(), "oatf-fix-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const captured = await runCaptured(["validate", ...args], dir, { env: {}, stdin });
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  return { ...captured, read };
}

describe("oatf validate --fix", () => {
  it("rewrites the file with every safe fix, keeping comments, and reports it valid", async () => {
    expect((await validate(["doc.yaml"], { "doc.yaml": BROKEN })).code).toBe(1);
    const r = await validate(["--fix", "doc.yaml"], { "doc.yaml": BROKEN });
    expect(r.read("doc.yaml")).toBe(FIXED);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("oatf validate: doc.yaml:12: fixed: Change to `boundary_breach`\n");
    expect(r.stderr).toContain("oatf validate: doc.yaml:13: fixed: Change to `description`\n");
    expect(r.stderr).toMatch(/doc\.yaml:\d+: fixed: Add required field `oatf`\n/);
  });

  it("--fix-dry-run says the fixes and validates the fixed text without writing", async () => {
    const r = await validate(["--fix-dry-run", "doc.yaml"], { "doc.yaml": BROKEN });
    expect(r.read("doc.yaml")).toBe(BROKEN);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("doc.yaml:12: would fix: Change to `boundary_breach`");
    const piped = await validate(["--fix", "-", "--stdin-filename", "in.yaml"], {}, BROKEN);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toContain("in.yaml:12: would fix: Change to `boundary_breach`");
  });

  it("leaves what is not safe: placeholders for required fields, ambiguous names", async () => {
    // `target` is required: the editor offers `target: ""`, which --fix does not write.
    const noTarget = FIXED.replace("      target: arguments\n", "");
    const r = await validate(["--fix", "doc.yaml"], { "doc.yaml": noTarget });
    expect(r.read("doc.yaml")).toBe(noTarget);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain("fixed");
    expect(r.stdout).toContain("target");
  });

  it("is a usage error with both flags", async () => {
    const r = await validate(["--fix", "--fix-dry-run", "doc.yaml"], { "doc.yaml": FIXED });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--fix and --fix-dry-run do not go together/);
  });
});
