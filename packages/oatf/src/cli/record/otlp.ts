// `oatf record --otlp HOST:PORT --out <file>` (issue 35 §2): an OTLP/HTTP receiver. Programs
// instrumented with OpenTelemetry export their spans to `http://HOST:PORT/v1/traces` (JSON or
// protobuf, gzip or deflate), and each request is written as one line of OTLP JSON, the
// collector file exporter's format, which `oatf evaluate` reads (`@oatf/trace/otlp`); the
// same lines feed --evaluate and --redis. A body that cannot be read (too large, not JSON, not
// protobuf, a bad encoding) is answered with an error and still written, as a line whose
// `note` says why, so the recording reports it: nothing the exporter sent disappears silently.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import type { LineSink, SourceLine, TraceRecord } from "@oatf/trace";
import { loadOtlpProtobuf, OtlpDecoder } from "@oatf/trace/otlp";
import { type CliContext, EXIT } from "../shared/context.js";
import { safe } from "../shared/terminal.js";
import { listenUntilStopped } from "./listen.js";

export interface OtlpRecording {
  host: string;
  port: number;
  /** Receives each request as a line of OTLP JSON. */
  sink: LineSink;
  /** The longest body read (decompressed), in bytes. */
  maxBody: number;
  /** Resolves when the recording should stop (default: SIGINT or SIGTERM). */
  stop?: Promise<void>;
}

const TRACES_PATH = "/v1/traces";
const PROTOBUF = /^application\/(x-)?protobuf\b/i;
const JSON_TYPE = /^application\/json\b/i;

/** A line reader over OTLP lines for --evaluate and --redis (TraceDecoder's shape). */
export function otlpLineReader(): {
  line(source: SourceLine, out: TraceRecord[]): void;
  end(out: TraceRecord[]): void;
} {
  const decoder = new OtlpDecoder();
  return {
    line: (source, out) =>
      source.tooLong
        ? decoder.tooLong(source.line, out)
        : decoder.line(source.text, source.line, out),
    end: (out) => decoder.end(out),
  };
}

/** The line of a body that could not be read: an empty request with a note the reader reports. */
const noteLine = (why: string) => JSON.stringify({ resourceSpans: [], note: why });

function decompressor(encoding: string): Transform | undefined {
  if (encoding === "gzip" || encoding === "x-gzip") return zlib.createGunzip();
  if (encoding === "deflate") return zlib.createInflate();
  return undefined;
}

/** The body, decompressed and held to `max` bytes; a reason when it cannot be read. */
function readBody(
  req: IncomingMessage,
  max: number,
): Promise<{ body: Buffer } | { why: string; status: number }> {
  const encoding = String(req.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  const inflate = decompressor(encoding);
  if (inflate === undefined && encoding !== "identity" && encoding !== "")
    return Promise.resolve({
      why: `an OTLP/HTTP body in ${encoding}, which is not read`,
      status: 415,
    });
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: { body: Buffer } | { why: string; status: number }) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    const stream = inflate === undefined ? req : req.pipe(inflate);
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        finish({ why: `an OTLP/HTTP body longer than ${max} bytes: not read`, status: 413 });
        req.resume(); // the rest is drained, not kept
        if (inflate !== undefined) inflate.destroy();
        return;
      }
      if (!done) parts.push(chunk);
    });
    stream.on("end", () => finish({ body: Buffer.concat(parts) }));
    stream.on("error", (error: Error) =>
      finish({
        why: `an OTLP/HTTP body that does not decode (${encoding}): ${error.message}`,
        status: 400,
      }),
    );
  });
}

/** The OTLP JSON line of a body, or why it cannot be read. */
async function lineOf(body: Buffer, type: string): Promise<{ line: string } | { why: string }> {
  if (PROTOBUF.test(type)) {
    const { otlpJsonOfProtobuf } = await loadOtlpProtobuf();
    return { line: JSON.stringify(otlpJsonOfProtobuf(body)) };
  }
  if (!JSON_TYPE.test(type))
    return { why: `an OTLP/HTTP body of type '${type}', neither JSON nor protobuf` };
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return { line: JSON.stringify(value) };
  } catch (error) {
    return { why: `an OTLP/HTTP body that is not JSON: ${(error as Error).message}` };
  }
}

export function recordOtlp(options: OtlpRecording, ctx: CliContext): Promise<number> {
  const { sink, maxBody } = options;
  // Requests are written in the order they arrive, each once its body is read and decoded.
  let queue = Promise.resolve();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== TRACES_PATH)
      return answer(res, 404, `no ${path} here: OTLP traces go to ${TRACES_PATH}`);
    if (req.method !== "POST") return answer(res, 405, "POST OTLP traces");
    const type = String(req.headers["content-type"] ?? "");
    const read = await readBody(req, maxBody);
    const decoded = "body" in read ? await lineOf(read.body, type) : read;
    if ("line" in decoded) sink(decoded.line);
    else {
      sink(noteLine(decoded.why));
      ctx.stderr.write(safe`oatf record: ${decoded.why}\n`);
    }
    if ("line" in decoded) {
      // An empty ExportTraceServiceResponse: nothing rejected.
      const protobuf = PROTOBUF.test(type);
      res.writeHead(200, {
        "content-type": protobuf ? "application/x-protobuf" : "application/json",
      });
      res.end(protobuf ? undefined : "{}");
    } else answer(res, "status" in decoded ? (decoded.status as number) : 400, decoded.why);
  }

  const server = http.createServer((req, res) => {
    queue = queue
      .then(() => handle(req, res))
      .catch((error: unknown) => {
        ctx.stderr.write(safe`oatf record: ${(error as Error)?.message ?? String(error)}\n`);
        if (!res.headersSent) answer(res, 500, "the request could not be recorded");
      });
  });
  return new Promise((resolve) => {
    const stop = () => {
      server.close();
      server.closeAllConnections();
      // Requests already received are written before the recording ends.
      void queue.then(() => resolve(EXIT.ok));
    };
    listenUntilStopped(
      server,
      options,
      ctx,
      ` for OTLP traces (POST ${TRACES_PATH})`,
      stop,
      resolve,
    );
  });
}

function answer(res: ServerResponse, status: number, why: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ code: status, message: why }));
}
