// Sharing through the URL fragment: the document and trace, deflated and base64url-encoded.
// The fragment is never sent to a server, so a shared link carries the content without any
// request leaving the browser.
//
// A link is untrusted input: deflate expands up to ~1,000×, so a 583 kB link once inflated to
// 450 MB and stalled the tab. The decoder inflates as a stream, feeding the compressed bytes a
// slice at a time and stopping as soon as the output passes MAX_SHARE_BYTES, so a bomb never
// inflates beyond the limit plus one slice's worth.
export interface Shared {
  document: string;
  trace: string;
}

/** The most a link may hold once decompressed (the JSON of document and trace), in bytes. */
export const MAX_SHARE_BYTES = 8 * 1024 * 1024;
/** Compressed bytes fed to the decompressor at a time: at most ~1 MiB of output each. */
const SLICE = 1024;
/** No valid link is longer: base64 of deflate output, which is at most ~0.1 % above its input. */
const MAX_FRAGMENT_LENGTH = Math.ceil((MAX_SHARE_BYTES * 1.01 * 4) / 3) + 64;
const PREFIX = "#v1=";
const LIMIT = `${MAX_SHARE_BYTES / 1024 / 1024} MiB`;

export type Encoded = { ok: true; fragment: string } | { ok: false; message: string };
export type Decoded = { ok: true; shared: Shared } | { ok: false; message: string };

export async function encodeShare(shared: Shared): Promise<Encoded> {
  const json = new TextEncoder().encode(JSON.stringify([shared.document, shared.trace]));
  if (json.byteLength > MAX_SHARE_BYTES) {
    return {
      ok: false,
      message: `The document and trace are too large to share as a link (more than ${LIMIT}).`,
    };
  }
  const deflated = await deflate(json);
  return { ok: true, fragment: PREFIX + toBase64Url(deflated) };
}

/**
 * The content of a fragment made by `encodeShare`; undefined for any other fragment; a message
 * for a link that is damaged or holds more than MAX_SHARE_BYTES once decompressed.
 */
export async function decodeShare(fragment: string): Promise<Decoded | undefined> {
  if (!fragment.startsWith(PREFIX)) return undefined;
  const tooLarge: Decoded = {
    ok: false,
    message: `This share link was not opened: it holds more than ${LIMIT} once decompressed (the limit for a shared document and trace).`,
  };
  if (fragment.length > MAX_FRAGMENT_LENGTH) return tooLarge;
  try {
    const json = await inflate(fromBase64Url(fragment.slice(PREFIX.length)), MAX_SHARE_BYTES);
    if (json === undefined) return tooLarge;
    const value: unknown = JSON.parse(new TextDecoder().decode(json));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      return { ok: true, shared: { document: value[0], trace: value[1] } };
    }
  } catch {
    // Not base64, not deflate, not JSON: a damaged or hand-edited link.
  }
  return { ok: false, message: "This share link was not opened: it is damaged or incomplete." };
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(output).arrayBuffer());
}

/**
 * `bytes` inflated, or undefined once the output passes `limit`. The input is pulled one
 * slice at a time (the pipe only pulls when the output is read), so at most one slice is
 * inflated past the limit before the stream is cancelled. Throws on damaged input.
 */
async function inflate(
  bytes: Uint8Array<ArrayBuffer>,
  limit: number,
): Promise<Uint8Array | undefined> {
  let offset = 0;
  const source = new ReadableStream<BufferSource>(
    {
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(offset, offset + SLICE));
        offset += SLICE;
      },
    },
    { highWaterMark: 0 },
  );
  const reader = source.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
