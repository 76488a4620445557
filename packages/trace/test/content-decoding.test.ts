// Content codings decoded as the client decodes them (issue 33 §1): for any list of codings,
// what `contentDecoding` + `contentDecoder` make of the bytes on the wire is what Node's own
// `fetch` (undici, the official SDKs' transport) hands the client, on a loopback server; a
// body the client is left with compressed bytes for is a problem said, never a silent skip.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentDecoder, contentDecoding } from "../src/node.js";

const BODY = Buffer.from(
  JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text: "é".repeat(50) } }),
);

/** The body with `codings` applied in header order (the first listed applied first). */
function encode(body: Buffer, codings: string[]): Buffer {
  let out = body;
  for (const coding of codings) {
    if (coding === "gzip" || coding === "x-gzip") out = zlib.gzipSync(out);
    else if (coding === "br") out = zlib.brotliCompressSync(out);
    else if (coding === "deflate") out = zlib.deflateSync(out);
    else if (coding === "deflate-raw") out = zlib.deflateRawSync(out);
  }
  return out;
}

/** What the recorder reads of `wire`: its decoded bytes, or the problem it says. */
async function recorderReads(wire: Buffer, header: string): Promise<Buffer | string> {
  const decoding = contentDecoding(header);
  if ("problem" in decoding) return decoding.problem;
  const decoder = contentDecoder(decoding.decode);
  if (decoder === undefined) return wire;
  const chunks: Buffer[] = [];
  decoder.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer | string>((resolve) => {
    decoder.on("end", () => resolve(Buffer.concat(chunks)));
    decoder.on("error", (e) => resolve(`error: ${e.message}`));
  });
  // Fed in small chunks, as a relayed response arrives.
  for (let i = 0; i < wire.length; i += 7) decoder.write(wire.subarray(i, i + 7));
  decoder.end();
  return done;
}

describe("content decoding is Node's fetch's", () => {
  let wire: Buffer = Buffer.alloc(0);
  let header = "";
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-encoding": header });
    res.end(wire);
  });
  let url = "";
  beforeAll(
    () =>
      new Promise<void>((resolve) =>
        server.listen(0, "127.0.0.1", () => {
          url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
          resolve();
        }),
      ),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const clientReads = async (): Promise<Buffer | undefined> => {
    try {
      return Buffer.from(await (await fetch(url)).arrayBuffer());
    } catch {
      return undefined; // the client refused the response (too many codings, broken data)
    }
  };

  const coding = fc.constantFrom("gzip", "x-gzip", "br", "deflate", "identity", "x-custom", "GZIP");

  it("decodes what the client decodes; says when the client reads no message", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(coding, { minLength: 1, maxLength: 7 }), async (codings) => {
        header = codings.join(", ");
        wire = encode(
          BODY,
          codings.map((c) => c.toLowerCase()),
        );
        const client = await clientReads();
        const recorder = await recorderReads(wire, header);
        if (client?.equals(BODY)) expect(recorder).toEqual(BODY);
        else expect(typeof recorder === "string" || !recorder.equals(BODY)).toBe(true);
        if (typeof recorder === "string") expect(client?.equals(BODY) ?? false).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("raw deflate, a truncated stream and stacked codings, as fetch reads them", async () => {
    for (const [h, w] of [
      ["deflate", zlib.deflateRawSync(BODY)],
      ["gzip", zlib.gzipSync(BODY).subarray(0, 40)],
      ["br, gzip", zlib.gzipSync(zlib.brotliCompressSync(BODY))],
    ] as const) {
      header = h;
      wire = w;
      const client = await clientReads();
      expect(await recorderReads(w, h)).toEqual(client);
    }
  });
});
