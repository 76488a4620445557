// A real editor against `oatf lsp`: Debian's Neovim, headless, with its built-in LSP client
// (oatf-lsp.lua) opens a copy of an example with one typo, waits for the diagnostics, then
// asks hover, completion and definition. The results (and the transcript of the session)
// land in a JSON file asserted here.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { at } from "./position.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const CLI = join(REPO, "packages/oatf/dist/cli.js");
const NVIM = process.env.NVIM_PATH ?? "nvim";

interface Session {
  diagnostics: {
    message: string;
    code: string;
    range: { start: { line: number; character: number } };
  }[];
  vim_diagnostics: { lnum: number; col: number; message: string }[];
  hover: { contents: { kind: string; value: string } };
  completion: { items: { label: string }[] } | { label: string }[];
  definition: { uri: string; range: { start: { line: number; character: number } } }[];
  transcript: { step: string; value: unknown }[];
}

describe("Neovim's LSP client with oatf lsp", () => {
  const dir = mkdtempSync(join(tmpdir(), "oatf-nvim-"));
  const docPath = join(dir, "cross-protocol-chain.yaml");
  const text = readFileSync(join(REPO, "examples/cross-protocol-chain.yaml"), "utf8").replace(
    "tier: ingested",
    "tier: ingestd",
  );
  const positions = {
    hover: at(text, "surface: message/send", 10),
    completion: at(text, "direction: request", 11),
    definition: at(text, "actor: rogue_checker", 9),
  };
  let session: Session;

  beforeAll(() => {
    writeFileSync(docPath, text);
    const outPath = join(dir, "session.json");
    const run = spawnSync(
      NVIM,
      ["--headless", "--clean", "-n", "-c", `luafile ${join(REPO, "test/nvim/oatf-lsp.lua")}`],
      {
        env: {
          ...process.env,
          OATF_LSP_CMD: JSON.stringify([process.execPath, CLI, "lsp", "--stdio"]),
          OATF_DOC: docPath,
          OATF_OUT: outPath,
          OATF_POSITIONS: JSON.stringify(positions),
        },
        encoding: "utf8",
        timeout: 50_000,
      },
    );
    if (run.error)
      throw new Error(`cannot run ${NVIM} (apt-get install -y neovim): ${run.error.message}`);
    session = JSON.parse(readFileSync(outPath, "utf8")) as Session;
    if (process.env.OATF_NVIM_TRANSCRIPT)
      writeFileSync(process.env.OATF_NVIM_TRANSCRIPT, JSON.stringify(session, null, 2));
  }, 60_000);

  it("receives validate's diagnostics, at the typo", () => {
    const typo = session.diagnostics.find((d) => d.message.includes("ingestd"));
    expect(typo?.range.start).toEqual(at(text, "ingestd"));
    expect(session.vim_diagnostics).toContainEqual(
      expect.objectContaining({
        lnum: at(text, "ingestd").line,
        col: at(text, "ingestd").character,
      }),
    );
  });

  it("shows a hover for a surface", () => {
    expect(session.hover.contents.value).toContain("protocol: `a2a`");
  });

  it("completes a direction with its enum values", () => {
    const items = Array.isArray(session.completion) ? session.completion : session.completion.items;
    expect(items.map((i) => i.label)).toEqual(["request", "response"]);
  });

  it("goes to the actor's definition", () => {
    expect(session.definition).toHaveLength(1);
    expect(session.definition[0]!.uri).toBe(`file://${docPath}`);
    expect(session.definition[0]!.range.start).toEqual(at(text, "name: rogue_checker", 6));
  });
});
