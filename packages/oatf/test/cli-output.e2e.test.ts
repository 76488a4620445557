// End to end through the built CLI: its stdout and stderr as a file, the null device, a pipe
// and a descriptor that cannot be written. The CLI writes to a file, a pipe or /dev/null
// without Node's stream (src/cli-launcher/standard-output.ts); what it writes and the exit
// code must be those of the pipe, and a failed write still says so and exits 3.
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const tmp = mkdtempSync(join(tmpdir(), "oatf-output-e2e-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const RUG = join(REPO, "examples/mcp-rug-pull.yaml");
const RUG_TRACE = join(REPO, "examples/mcp-rug-pull.trace.jsonl");
const INVALID = "oatf: '0.1'\nattack:\n  name: 1\n";

const CASES: { name: string; args: string[]; input?: string }[] = [
  { name: "validate, valid", args: ["validate", RUG] },
  { name: "validate, invalid, JSON", args: ["validate", "--format", "json", "-"], input: INVALID },
  { name: "evaluate, exploited", args: ["evaluate", RUG, "--trace", RUG_TRACE] },
  { name: "usage error", args: ["validate", "--format", "nope", RUG] },
];

/** Runs the CLI with stdout and stderr in files; returns their bytes and the exit code. */
function toFiles(args: string[], input?: string) {
  const out = join(tmp, "out");
  const err = join(tmp, "err");
  const fds = [openSync(out, "w"), openSync(err, "w")] as const;
  try {
    const r = spawnSync(process.execPath, [CLI, ...args], {
      input: input ?? "",
      stdio: ["pipe", fds[0], fds[1]],
    });
    return {
      status: r.status,
      stdout: readFileSync(out, "utf8"),
      stderr: readFileSync(err, "utf8"),
    };
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

describe("the CLI's output", () => {
  for (const { name, args, input } of CASES) {
    it(`${name}: the same bytes and exit code in files as through pipes`, () => {
      const piped = spawnSync(process.execPath, [CLI, ...args], {
        input: input ?? "",
        encoding: "utf8",
      });
      expect(piped.stdout.length + piped.stderr.length).toBeGreaterThan(0);
      const filed = toFiles(args, input);
      expect(filed).toEqual({ status: piped.status, stdout: piped.stdout, stderr: piped.stderr });
    });
  }

  it("to /dev/null: the exit code is still the verdict's", () => {
    const r = spawnSync(process.execPath, [CLI, "validate", "--format", "json", "-"], {
      input: INVALID,
      stdio: ["pipe", "ignore", "ignore"],
    });
    expect(r.status).toBe(1);
  });

  it("a stdout that cannot be written: exit 3 and the reason on stderr", () => {
    const readOnly = openSync(RUG, "r");
    try {
      const r = spawnSync(process.execPath, [CLI, "validate", RUG], {
        stdio: ["ignore", readOnly, "pipe"],
        encoding: "utf8",
      });
      expect(r.status).toBe(3);
      expect(r.stderr).toMatch(
        /^oatf: cannot write the output: EBADF: bad file descriptor, write\n$/,
      );
    } finally {
      closeSync(readOnly);
    }
  });
});
