// The root README's Neovim snippet, as written, in Debian's Neovim (issue 37): the snippet is
// taken from the README's Editors section and is the whole configuration (`nvim -u`). Its
// clone path (`~/src/oatf-sdk-ts`) is made true with a HOME in which that path links to this
// repository. readme-driver.lua then opens a GitHub Actions workflow, an OATF document with a
// typo and an empty `*.oatf.yaml` file, and records what Neovim holds.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { at } from "./position.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const NVIM = process.env.NVIM_PATH ?? "nvim";
const README = readFileSync(join(REPO, "README.md"), "utf8");
const PACKAGE_README = readFileSync(join(REPO, "packages/oatf/README.md"), "utf8");

/** The first ```lua block after `heading` in `markdown`. */
function luaBlock(markdown: string, heading: string): string {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`no ${heading}`);
  const block = /```lua\n([\s\S]*?)```/.exec(markdown.slice(start));
  if (!block) throw new Error(`no lua block after ${heading}`);
  return block[1]!;
}

const SNIPPET = luaBlock(README, "**Neovim 0.7 to 0.10**");

// Seven lines of a GitHub Actions workflow: five diagnostics from `oatf lsp` before it
// answered for OATF documents only.
const WORKFLOW = readFileSync(
  new URL("../fixtures/github-actions-workflow.yml", import.meta.url),
  "utf8",
);

interface VimDiagnostic {
  lnum: number;
  col: number;
  message: string;
  code: string;
}
interface Session {
  version: { major: number; minor: number; patch: number };
  buffers: Record<string, { filetype: string; attached: boolean; clients: number[] }>;
  workflow_hover: unknown;
  workflow_diagnostics: VimDiagnostic[];
  document_diagnostics: VimDiagnostic[];
  glob_diagnostics: VimDiagnostic[];
  hover: { contents: { value: string } } | null;
  completion: { items: { label: string }[] } | { label: string }[] | null;
  code_actions: { title: string; edit: { changes: Record<string, { newText: string }[]> } }[];
}

describe("the README's Neovim snippet, run as written", () => {
  const home = mkdtempSync(join(tmpdir(), "oatf-nvim-home-"));
  const work = join(home, "project");
  const files = {
    workflow: join(work, ".github/workflows/ci.yml"),
    document: join(work, "attack.yaml"),
    glob: join(work, "new.oatf.yaml"),
  };
  const document = readFileSync(join(REPO, "examples/mcp-rug-pull.yaml"), "utf8").replace(
    "status: stable",
    "status: stabel",
  );
  const positions = {
    workflow: at(WORKFLOW, "runs-on", 2),
    hover: at(document, "status: stabel", 2),
    completion: at(document, "direction: request", 11),
    typo: "stabel",
  };
  let session: Session;

  beforeAll(() => {
    mkdirSync(join(home, "src"), { recursive: true });
    symlinkSync(REPO, join(home, "src/oatf-sdk-ts"));
    mkdirSync(join(work, ".github/workflows"), { recursive: true });
    writeFileSync(files.workflow, WORKFLOW);
    writeFileSync(files.document, document);
    writeFileSync(files.glob, "");
    const init = join(home, "init.lua");
    writeFileSync(init, SNIPPET);
    const outPath = join(home, "session.json");
    const run = spawnSync(
      NVIM,
      [
        "--headless",
        "-u",
        init,
        "-i",
        "NONE",
        "-n",
        "-c",
        `luafile ${join(REPO, "test/nvim/readme-driver.lua")}`,
      ],
      {
        cwd: work,
        env: {
          ...process.env,
          HOME: home,
          XDG_CONFIG_HOME: join(home, ".config"),
          XDG_DATA_HOME: join(home, ".local/share"),
          XDG_STATE_HOME: join(home, ".local/state"),
          OATF_FILES: JSON.stringify(files),
          OATF_POSITIONS: JSON.stringify(positions),
          OATF_OUT: outPath,
        },
        encoding: "utf8",
        timeout: 90_000,
      },
    );
    if (run.error)
      throw new Error(`cannot run ${NVIM} (apt-get install -y neovim): ${run.error.message}`);
    try {
      session = JSON.parse(readFileSync(outPath, "utf8")) as Session;
    } catch {
      throw new Error(
        `Neovim wrote no session (exit ${run.status}):\n${run.stdout}\n${run.stderr}`,
      );
    }
    if (process.env.OATF_NVIM_TRANSCRIPT)
      writeFileSync(process.env.OATF_NVIM_TRANSCRIPT, JSON.stringify(session, null, 2));
  }, 120_000);

  it("is one block, the same in packages/oatf/README.md, for Neovim 0.7 (no vim.lsp.start)", () => {
    expect(luaBlock(PACKAGE_README, "Neovim 0.7 to 0.10")).toBe(SNIPPET);
    expect(SNIPPET).not.toMatch(/vim\.lsp\.start\(/);
    expect(SNIPPET).toContain("/packages/oatf/dist/cli.js");
    expect(SNIPPET).not.toMatch(/npx|"oatf", "lsp"/);
    expect(session.version.major).toBe(0);
    expect(session.version.minor).toBeGreaterThanOrEqual(7);
  });

  it("attaches one server to every YAML buffer", () => {
    const { workflow, document: doc, glob } = session.buffers;
    for (const buffer of [workflow, doc, glob]) {
      expect(buffer).toMatchObject({ filetype: "yaml", attached: true });
      expect(buffer!.clients).toHaveLength(1);
    }
    expect(doc!.clients).toEqual(workflow!.clients);
    expect(glob!.clients).toEqual(workflow!.clients);
  });

  it("leaves the GitHub Actions workflow alone", () => {
    expect(session.workflow_diagnostics).toEqual([]);
    expect(session.workflow_hover).toBeNull();
  });

  it("shows validate's diagnostic at the typo", () => {
    const typo = session.document_diagnostics.find((d) => d.message.includes("stabel"));
    expect(typo).toMatchObject({ ...pick(at(document, "stabel")), code: "V-005" });
  });

  it("hovers a field with its description, completes an enum, fixes the typo", () => {
    expect(session.hover?.contents.value).toContain("Lifecycle status.");
    const completion = session.completion;
    const items = Array.isArray(completion) ? completion : (completion?.items ?? []);
    expect(items.map((i) => i.label)).toEqual(["request", "response"]);
    const fix = session.code_actions.find((a) => a.title === "Change to `stable`");
    expect(Object.values(fix?.edit.changes ?? {})[0]?.[0]?.newText).toBe("stable");
  });

  it("treats the empty file matching the snippet's glob as an OATF document", () => {
    expect(session.glob_diagnostics.map((d) => d.message)).toEqual(["the input is empty"]);
  });
});

/** An LSP position as Neovim's diagnostic fields (0-based line; byte column = character here). */
function pick(position: { line: number; character: number }) {
  return { lnum: position.line, col: position.character };
}
