// oatf/schema.json in a real YAML editor engine: yaml-language-server (what VS Code's YAML
// extension runs) over stdio, with the modelines the README documents, on the repository's
// example documents. Diagnostics, hover (the specification's descriptions) and completion
// (enum values with their descriptions) come from the schema alone.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";

const REPO = new URL("../../../", import.meta.url).pathname;
const PACKAGE = join(REPO, "packages/oatf");
const README = readFileSync(join(PACKAGE, "README.md"), "utf8");
const EXAMPLES = ["mcp-rug-pull", "a2a-skill-poisoning", "ag-ui-injection", "cross-protocol-chain"];

/** The modelines of the README's schema section, in order: once published, then from a clone. */
function documentedModelines(): string[] {
  return [...README.matchAll(/^# yaml-language-server: \$schema=(\S+)$/gm)].map((m) => m[0]);
}

interface Diagnostic {
  message: string;
  range: { start: { line: number; character: number } };
}
type Markup = { value: string } | string | undefined;
interface CompletionItem {
  label: string;
  documentation?: Markup;
}
const text = (markup: Markup) => (typeof markup === "string" ? markup : (markup?.value ?? ""));

/** LSP position of `needle` in `source`, `shift` characters in. */
function at(source: string, needle: string, shift = 0) {
  const index = source.indexOf(needle);
  if (index < 0) throw new Error(`no ${needle}`);
  const before = source.slice(0, index + shift).split("\n");
  return { line: before.length - 1, character: before.at(-1)!.length };
}

describe("schema.json in yaml-language-server", () => {
  // A project that installed oatf: its schema.json where npm puts it.
  const project = mkdtempSync(join(tmpdir(), "oatf-yaml-ls-"));
  const installed = join(project, "node_modules/oatf");
  mkdirSync(installed, { recursive: true });
  for (const file of ["package.json", "schema.json"])
    copyFileSync(join(PACKAGE, file), join(installed, file));

  let child: ChildProcess;
  let connection: MessageConnection;
  const published = new Map<string, (diagnostics: Diagnostic[]) => void>();
  let version = 0;

  /** Opens `source` as `name` in the project; resolves with its diagnostics. */
  const open = (name: string, source: string) => {
    const uri = pathToFileURL(join(project, name)).href;
    writeFileSync(join(project, name), source);
    const diagnostics = new Promise<Diagnostic[]>((resolve) => published.set(uri, resolve));
    void connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "yaml", version: ++version, text: source },
    });
    return { uri, diagnostics };
  };

  beforeAll(async () => {
    const bin = createRequire(import.meta.url).resolve(
      "yaml-language-server/bin/yaml-language-server",
    );
    child = spawn(process.execPath, [bin, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    // No schema store (no network): the modeline is the only association.
    const settings = {
      yaml: { validate: true, hover: true, completion: true, schemaStore: { enable: false } },
    };
    connection.onRequest("workspace/configuration", (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === "yaml" ? settings.yaml : null)),
    );
    connection.onRequest("client/registerCapability", () => null);
    connection.onNotification(
      "textDocument/publishDiagnostics",
      (params: { uri: string; diagnostics: Diagnostic[] }) =>
        published.get(params.uri)?.(params.diagnostics),
    );
    connection.listen();
    await connection.sendRequest("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(project).href,
      capabilities: {
        workspace: { configuration: true },
        textDocument: {
          hover: { contentFormat: ["markdown"] },
          completion: { completionItem: { documentationFormat: ["markdown"] } },
        },
      },
    });
    await connection.sendNotification("initialized", {});
    await connection.sendNotification("workspace/didChangeConfiguration", { settings });
  }, 60_000);

  afterAll(() => {
    connection?.dispose();
    child?.kill();
  });

  it("the README documents a modeline for installs and one for a clone", () => {
    expect(documentedModelines()).toEqual([
      "# yaml-language-server: $schema=./node_modules/oatf/schema.json",
      "# yaml-language-server: $schema=<clone>/packages/oatf/schema.json",
    ]);
  });

  it.each(EXAMPLES)("finds nothing wrong in examples/%s.yaml", async (name) => {
    const [modeline] = documentedModelines();
    const source = `${modeline}\n${readFileSync(join(REPO, `examples/${name}.yaml`), "utf8")}`;
    expect(await open(`${name}.yaml`, source).diagnostics).toEqual([]);
  });

  describe("on an example with a wrong value and an unknown field", () => {
    const [modeline] = documentedModelines();
    const source = `${modeline}\n${readFileSync(join(REPO, "examples/mcp-rug-pull.yaml"), "utf8")}`
      .replace("status: stable", "status: drafty")
      .replace("  severity:\n", "  severty: high\n  severity:\n");
    let uri: string;
    let diagnostics: Diagnostic[];

    beforeAll(async () => {
      const opened = open("broken.yaml", source);
      uri = opened.uri;
      diagnostics = await opened.diagnostics;
    }, 60_000);

    const hover = async (needle: string, shift: number) =>
      text(
        (
          (await connection.sendRequest("textDocument/hover", {
            textDocument: { uri },
            position: at(source, needle, shift),
          })) as { contents: Markup } | null
        )?.contents,
      );
    const complete = async (needle: string, shift: number) => {
      const result = (await connection.sendRequest("textDocument/completion", {
        textDocument: { uri },
        position: at(source, needle, shift),
      })) as { items: CompletionItem[] } | CompletionItem[];
      return Array.isArray(result) ? result : result.items;
    };

    it("reports both where they are", () => {
      expect(diagnostics.map((d) => [d.range.start, d.message])).toEqual([
        [
          at(source, "drafty"),
          'Value is not accepted. Valid values: "draft", "experimental", "stable", "deprecated".',
        ],
        [at(source, "severty"), "Property severty is not allowed."],
      ]);
    });

    it("hovers a field with the specification's description", async () => {
      expect(await hover("status: drafty", 2)).toContain("Lifecycle status. Default: \\`draft\\`.");
      expect(await hover("tier: ingested", 2)).toContain("How far the attack got");
      expect(await hover("framework: atlas", 2)).toContain(
        "The external framework being referenced.",
      );
    });

    it("hovers an enum value with what that value means", async () => {
      expect(await hover("level: high", 8)).toContain(
        "* `high`: Significant impact. Likely to cause data exposure",
      );
    });

    it("completes an enum's values, each with its description", async () => {
      const items = await complete("status: drafty", 8);
      expect(items.map((i) => [i.label, text(i.documentation)])).toEqual([
        ["draft", "Under active development. Schema may change without notice."],
        ["experimental", "Complete and testable but not yet validated against multiple tools."],
        [
          "stable",
          "Validated against at least one adversarial and one evaluation tool. Changes increment `version`.",
        ],
        [
          "deprecated",
          "Superseded or no longer relevant. The `description` SHOULD indicate the replacement.",
        ],
      ]);
    });

    it("completes an open field's known values (the examples)", async () => {
      const items = await complete("mode: mcp_server", 6);
      expect(items.map((i) => i.label)).toEqual([
        "mcp_server",
        "mcp_client",
        "a2a_server",
        "a2a_client",
        "ag_ui_client",
      ]);
    });
  });

  it("reads the schema of a clone through the documented clone modeline", async () => {
    const clone = documentedModelines()[1]!.replace("<clone>", REPO.replace(/\/$/, ""));
    const source = `${clone}\n${readFileSync(join(REPO, "examples/mcp-rug-pull.yaml"), "utf8")}`;
    const broken = source.replace("status: stable", "status: drafty");
    expect(await open("from-clone.yaml", source).diagnostics).toEqual([]);
    const diagnostics = await open("from-clone-broken.yaml", broken).diagnostics;
    expect(diagnostics.map((d) => d.range.start)).toEqual([at(broken, "drafty")]);
  });
});
