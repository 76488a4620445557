// The recorder's listening servers (the HTTP proxy, the OTLP receiver) start and stop alike:
// listen on the given host and port, say where on stderr, stop on SIGINT/SIGTERM or when the
// caller's `stop` promise settles, and give exit 3 when the address cannot be taken.
import type { Server } from "node:http";
import { type CliContext, EXIT } from "../shared/context.js";
import { safe } from "../shared/terminal.js";

export interface ListenOptions {
  host: string;
  port: number;
  /** Stops the recording when it settles (tests, the library); else the process's signals do. */
  stop?: Promise<unknown>;
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Listens, then says `listening on http://host:port<what>`. `stop` ends the recording (it is
 * called once signals are no longer listened for); `failed` gets exit 3 when listening fails.
 */
export function listenUntilStopped(
  server: Server,
  options: ListenOptions,
  ctx: CliContext,
  what: string,
  stop: () => void,
  failed: (code: number) => void,
): void {
  const stopOnce = () => {
    for (const signal of SIGNALS) process.off(signal, stopOnce);
    stop();
  };
  server.on("error", (error) => {
    ctx.stderr.write(
      safe`oatf record: cannot listen on ${options.host}:${options.port}: ${error.message}\n`,
    );
    failed(EXIT.error);
  });
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address !== null ? address.port : options.port;
    const host = options.host.includes(":") ? `[${options.host}]` : options.host;
    ctx.stderr.write(safe`oatf record: listening on http://${host}:${port}${what}\n`);
    if (options.stop !== undefined) void options.stop.then(stopOnce);
    else for (const signal of SIGNALS) process.on(signal, stopOnce);
  });
}
