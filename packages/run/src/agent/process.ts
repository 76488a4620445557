// The agent under test as a process of the run (`agentCommand`, RUN-CONTRACT.md): started
// after the rogue servers listen and the MCP config is written, with OATF_MCP_CONFIG and
// OATF_AGENT_URL in its environment and `{mcp_config}` replaced in the command; ready when
// it prints `listening <url>`; stopped after the run (SIGTERM to its process group, then
// SIGKILL). The command is the user's, never the document's.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { timerDelay } from "../timer.js";

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
    const timer = setTimeout(() => resolve(undefined), timerDelay(readyTimeout));
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
      if (child.pid === undefined) return;
      const group = child.pid;
      if (!done || groupAlive(group)) signal("SIGTERM");
      // The shell may end before what it started: wait for the whole group, then kill it.
      const deadline = Date.now() + 3000;
      while ((!done || groupAlive(group)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      if (!done || groupAlive(group)) {
        signal("SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * Whether a process of group `pgid` still runs. A zombie (dead, not yet reaped by whoever
 * adopted it) does not count: it holds no port and does nothing.
 */
function groupAlive(pgid: number): boolean {
  if (process.platform === "win32") return false;
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // gone meanwhile
      }
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") return true;
    }
    return false;
  } catch {
    return true;
  }
}
