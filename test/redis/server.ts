// A throwaway redis-server for one test file: a free loopback port, no persistence, its own
// temporary directory; stopped (and the directory removed) afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Kills the server with SIGKILL, as a crash would (`stop` still removes its directory). */
  crash(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "redis-server";

const TLS_DIR = fileURLToPath(new URL("./tls/", import.meta.url));
/**
 * The test certificates (tls/): a CA, and a certificate for 127.0.0.1 valid for 100 years, for
 * client and server auth (cluster nodes present it to each other).
 */
export const TEST_TLS = {
  cert: join(TLS_DIR, "server.pem"),
  key: join(TLS_DIR, "server.key"),
  ca: join(TLS_DIR, "ca.pem"),
};

/** redis-server arguments to also serve TLS on `port` with TEST_TLS (no client certificate asked). */
export const tlsArgs = (port: number) => [
  "--tls-port",
  String(port),
  "--tls-cert-file",
  TEST_TLS.cert,
  "--tls-key-file",
  TEST_TLS.key,
  "--tls-ca-cert-file",
  TEST_TLS.ca,
  "--tls-auth-clients",
  "no",
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("error", () => resolve(false));
    socket.once("data", (data) => {
      socket.destroy();
      // A server that wants a password answers, but with NOAUTH: it is up.
      resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
    });
    socket.once("connect", () => socket.write("PING\r\n"));
  });
}

/** `extra(dir)`: more server arguments, given the server's own temporary directory. */
export async function startRedis(extra?: (dir: string) => string[]): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), "oatf-redis-"));
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
      ...(extra?.(dir) ?? []),
    ],
    { stdio: "ignore" },
  );
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; i < 200 && !exited; i++) {
    if (await ping(port)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (exited || !(await ping(port))) throw new Error(`${REDIS_SERVER} did not start on ${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async crash() {
      if (exited) return;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await gone;
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
