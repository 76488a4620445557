// The agent under test as a process of the run (`agentCommand`, RUN-CONTRACT.md): started
// after the rogue servers listen and the MCP config is written, with OATF_MCP_CONFIG and
// OATF_AGENT_URL in its environment and `{mcp_config}` replaced in the command; ready when
// it prints `listening <url>`; stopped after the run (SIGTERM to its process group, then
// SIGKILL). The command is the user's, never the document's.
import { type ChildProcess, spawn } from "node:child_process";

/** Characters of the agent's output kept for diagnostics (its last words). */
const TAIL = 4096;

export interface AgentProcess {
  /** The URL the agent printed (`listening <url>`), or undefined when it exited or timed out first. */
  ready: Promise<string | undefined>;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<string>;
  /** The end of what it wrote on stdout and stderr. */
  tail(): string;
  stop(): Promise<void>;
}

/** A shell word: `{mcp_config}` may hold spaces or quotes. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function startAgent(
  command: string,
  env: { mcpConfig?: string; agentUrl?: string },
  readyTimeout: number,
): AgentProcess {
  const line = command.replaceAll(
    "{mcp_config}",
    env.mcpConfig === undefined ? "" : quote(env.mcpConfig),
  );
  const child: ChildProcess = spawn(line, {
    shell: true,
    detached: process.platform !== "win32",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ...(env.mcpConfig === undefined ? {} : { OATF_MCP_CONFIG: env.mcpConfig }),
      ...(env.agentUrl === undefined ? {} : { OATF_AGENT_URL: env.agentUrl }),
    },
  });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-TAIL);
  };
  const exited = new Promise<string>((resolve) => {
    child.on("error", (error) => resolve(`could not start: ${error.message}`));
    child.on("exit", (code, signal) => resolve(signal ?? String(code)));
  });
  const ready = new Promise<string | undefined>((resolve) => {
    let pending = "";
    const timer = setTimeout(() => resolve(undefined), readyTimeout);
    child.stdout?.on("data", (chunk: Buffer) => {
      keep(chunk);
      pending = (pending + chunk.toString("utf8")).slice(-TAIL);
      const match = /(?:^|\n)listening (\S+)/.exec(pending);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  child.stderr?.on("data", keep);
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  return {
    ready,
    exited,
    tail: () => tail,
    async stop() {
      if (done || child.pid === undefined) return;
      signal("SIGTERM");
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 3000)),
      ]);
      if (!killed) {
        signal("SIGKILL");
        await exited;
      }
    },
  };
}
