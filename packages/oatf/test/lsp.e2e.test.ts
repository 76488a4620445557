// `oatf lsp` at the protocol level: the built bin spawned, spoken to through
// vscode-languageserver's own JSON-RPC connection (vscode-jsonrpc), one test per capability.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const EXAMPLE = readFileSync(join(REPO, "examples/cross-protocol-chain.yaml"), "utf8");
const URI = "file:///work/cross-protocol-chain.yaml";

interface Diagnostics {
  uri: string;
  version?: number;
  diagnostics: {
    code: string;
    message: string;
    range: { start: { line: number; character: number } };
    data?: unknown;
  }[];
}

interface Server {
  child: ChildProcess;
  connection: MessageConnection;
  /** Resolves with the next diagnostics published for `uri` (optionally for `version`). */
  nextDiagnostics(uri: string, version?: number): Promise<Diagnostics>;
  exited: Promise<number | null>;
}

function start(args: string[] = []): Server {
  const child = spawn(process.execPath, [CLI, "lsp", "--stdio", ...args], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const waiting: { uri: string; version?: number; resolve: (d: Diagnostics) => void }[] = [];
  connection.onNotification("textDocument/publishDiagnostics", (params: Diagnostics) => {
    const index = waiting.findIndex(
      (w) => w.uri === params.uri && (w.version === undefined || w.version === params.version),
    );
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(params);
  });
  connection.listen();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    connection,
    exited,
    nextDiagnostics: (uri, version) =>
      new Promise((resolve) => waiting.push({ uri, version, resolve })),
  };
}

/** Position of `needle` in the example, `shift` characters in. */
function at(text: string, needle: string, shift = 0): { line: number; character: number } {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`no ${needle}`);
  const before = text.slice(0, index + shift).split("\n");
  return { line: before.length - 1, character: before.at(-1)!.length };
}

describe("oatf lsp", () => {
  let server: Server;
  let capabilities: Record<string, unknown>;
  const doc = { textDocument: { uri: URI } };

  beforeAll(async () => {
    server = start();
    const result = (await server.connection.sendRequest("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
    })) as { capabilities: Record<string, unknown> };
    capabilities = result.capabilities;
    await server.connection.sendNotification("initialized", {});
  });

  afterAll(() => {
    server.connection.dispose();
    server.child.kill();
  });

  it("announces every capability it implements", () => {
    expect(capabilities).toMatchObject({
      textDocumentSync: 2,
      hoverProvider: true,
      completionProvider: expect.any(Object),
      definitionProvider: true,
      referencesProvider: true,
      codeActionProvider: { codeActionKinds: ["quickfix"] },
      documentSymbolProvider: true,
    });
  });

  it("publishes validate's diagnostics on open and on each incremental change", async () => {
    const opened = server.nextDiagnostics(URI, 1);
    await server.connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: URI, languageId: "yaml", version: 1, text: EXAMPLE },
    });
    expect(
      (await opened).diagnostics.filter(
        (d) => d.code.startsWith("V-0") || d.code.startsWith("parse/"),
      ),
    ).toEqual([]);

    const changed = server.nextDiagnostics(URI, 2);
    const start = at(EXAMPLE, "tier: ingested", 6);
    await server.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [
        {
          range: { start, end: { line: start.line, character: start.character + 8 } },
          text: "ingestd",
        },
      ],
    });
    const published = await changed;
    const tier = published.diagnostics.find((d) => d.message.includes("ingestd"));
    expect(tier?.range.start).toEqual(start);
    expect(tier?.data).toMatchObject({ path: "attack.indicators[0].tier" });

    // Quick fix for it, through textDocument/codeAction.
    const actions = (await server.connection.sendRequest("textDocument/codeAction", {
      ...doc,
      range: tier!.range,
      context: { diagnostics: [tier] },
    })) as { title: string; edit: { changes: Record<string, { newText: string }[]> } }[];
    expect(actions.map((a) => a.title)).toContain("Change to `ingested`");
    expect(actions[0]!.edit.changes[URI]![0]!.newText).toBe("ingested");

    // Back to the example.
    const restored = server.nextDiagnostics(URI, 3);
    await server.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: URI, version: 3 },
      contentChanges: [{ text: EXAMPLE }],
    });
    expect((await restored).diagnostics.find((d) => d.message.includes("ingestd"))).toBeUndefined();
  });

  it("answers textDocument/hover", async () => {
    const hover = (await server.connection.sendRequest("textDocument/hover", {
      ...doc,
      position: at(EXAMPLE, "surface: tools/call", 10),
    })) as { contents: { value: string } };
    expect(hover.contents.value).toContain("protocol: `mcp`");
    expect(hover.contents.value).toContain("`mcp_server`");
  });

  it("answers textDocument/completion", async () => {
    const list = (await server.connection.sendRequest("textDocument/completion", {
      ...doc,
      position: at(EXAMPLE, "tier: ingested", 6),
    })) as { items: { label: string }[] };
    expect(list.items.map((i) => i.label)).toEqual(["ingested", "local_action", "boundary_breach"]);
  });

  it("answers textDocument/definition and textDocument/references", async () => {
    const definition = (await server.connection.sendRequest("textDocument/definition", {
      ...doc,
      position: at(EXAMPLE, "actor: mcp_poisoner", 9),
    })) as { uri: string; range: { start: unknown } }[];
    expect(definition).toEqual([
      {
        uri: URI,
        range: {
          start: at(EXAMPLE, "name: mcp_poisoner", 6),
          end: at(EXAMPLE, "name: mcp_poisoner", 18),
        },
      },
    ]);
    const references = (await server.connection.sendRequest("textDocument/references", {
      ...doc,
      position: at(EXAMPLE, "name: requested_env", 8),
      context: { includeDeclaration: false },
    })) as { range: { start: unknown } }[];
    expect(references.map((r) => r.range.start)).toEqual([at(EXAMPLE, "requested_env}}", 0)]);
  });

  it("answers textDocument/documentSymbol with the outline", async () => {
    const symbols = (await server.connection.sendRequest("textDocument/documentSymbol", doc)) as {
      name: string;
      children?: { name: string }[];
    }[];
    expect(symbols.map((s) => s.name)).toEqual([
      "mcp_poisoner",
      "rogue_checker",
      "OATF-030-01",
      "OATF-030-02",
      "OATF-030-03",
    ]);
    expect(symbols[0]!.children!.map((c) => c.name)).toEqual(["poison", "wait"]);
  });

  it("checks CEL with the default evaluator (V-014), as oatf validate does", async () => {
    const uri = "file:///work/cel.yaml";
    const text = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: { tools: [] }\n  indicators:\n    - target: x\n      expression:\n        cel: "a +"\n`;
    const published = server.nextDiagnostics(uri, 1);
    await server.connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "yaml", version: 1, text },
    });
    expect((await published).diagnostics.map((d) => d.code)).toContain("V-014");
    const cleared = server.nextDiagnostics(uri);
    await server.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
    expect((await cleared).diagnostics).toEqual([]);
  });
});

describe("oatf lsp exits", () => {
  it("0 after shutdown and exit", async () => {
    const server = start();
    await server.connection.sendRequest("initialize", {
      processId: null,
      rootUri: null,
      capabilities: {},
    });
    await server.connection.sendRequest("shutdown");
    await server.connection.sendNotification("exit");
    expect(await server.exited).toBe(0);
  });

  it("1 on exit without shutdown", async () => {
    const server = start();
    await server.connection.sendRequest("initialize", {
      processId: null,
      rootUri: null,
      capabilities: {},
    });
    await server.connection.sendNotification("exit");
    expect(await server.exited).toBe(1);
  });

  it("1 when the client closes the pipe", async () => {
    const server = start();
    server.child.stdin!.end();
    expect(await server.exited).toBe(1);
  });
});

describe("oatf lsp answers for OATF documents only", () => {
  // Seven lines of a GitHub Actions workflow: five diagnostics from `oatf lsp` before it
  // answered for OATF documents only.
  const WORKFLOW = readFileSync(
    new URL("../../../test/fixtures/github-actions-workflow.yml", import.meta.url),
    "utf8",
  );
  let server: Server;
  const logs: string[] = [];
  const open = async (uri: string, text: string, version = 1) => {
    const published = server.nextDiagnostics(uri, version);
    await server.connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "yaml", version, text },
    });
    return (await published).diagnostics;
  };

  beforeAll(async () => {
    // A glob on the command line, more from the client, one of them not a glob.
    server = start(["--glob", "*.oatf.yaml"]);
    server.connection.onNotification("window/logMessage", (m: { message: string }) =>
      logs.push(m.message),
    );
    await server.connection.sendRequest("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions: { globs: ["**/attacks/**", 42] },
    });
    await server.connection.sendNotification("initialized", {});
  });

  afterAll(() => {
    server.connection.dispose();
    server.child.kill();
  });

  it("is silent on a GitHub Actions workflow: no diagnostics, hover, completion or outline", async () => {
    const uri = "file:///repo/.github/workflows/ci.yml";
    expect(await open(uri, WORKFLOW)).toEqual([]);
    const at = { textDocument: { uri }, position: { line: 4, character: 6 } };
    expect(await server.connection.sendRequest("textDocument/hover", at)).toBeNull();
    expect(await server.connection.sendRequest("textDocument/completion", at)).toBeNull();
    expect(
      await server.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } }),
    ).toEqual([]);
  });

  it("validates a document with a top-level oatf key, whatever its name", async () => {
    const diagnostics = await open("file:///repo/anything.yml", 'oatf: "0.1"\nattack: {}\n');
    expect(diagnostics.map((d) => d.code)).toEqual(["V-004"]); // attack.execution is missing
  });

  it("treats files matching --glob or the client's globs as OATF, even empty", async () => {
    const fromFlag = await open("file:///repo/new.oatf.yaml", "");
    expect(fromFlag.map((d) => d.message)).toEqual(["the input is empty"]);
    const fromClient = await open("file:///repo/attacks/draft.yaml", WORKFLOW);
    expect(fromClient.map((d) => d.code)).toContain("V-001"); // no oatf field: it is flagged here
    const list = (await server.connection.sendRequest("textDocument/completion", {
      textDocument: { uri: "file:///repo/new.oatf.yaml" },
      position: { line: 0, character: 0 },
    })) as { items: { label: string }[] };
    expect(list.items.map((i) => i.label)).toContain("oatf");
    expect(logs).toContain("oatf lsp: ignoring the glob 42");
  });

  it("clears its diagnostics when a document stops being OATF", async () => {
    const uri = "file:///repo/was-oatf.yaml";
    expect((await open(uri, 'oatf: "0.1"\nattack: {}\n')).length).toBeGreaterThan(0);
    const cleared = server.nextDiagnostics(uri, 2);
    await server.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: WORKFLOW }],
    });
    expect((await cleared).diagnostics).toEqual([]);
  });
});
