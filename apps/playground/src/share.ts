// Sharing through the URL fragment: the document and trace, deflated and base64url-encoded.
// The fragment is never sent to a server, so a shared link carries the content without any
// request leaving the browser.
export interface Shared {
  document: string;
  trace: string;
}

const PREFIX = "#v1=";

export async function encodeShare(shared: Shared): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify([shared.document, shared.trace]));
  const deflated = await transform(json, new CompressionStream("deflate-raw"));
  return PREFIX + toBase64Url(deflated);
}

/** The content of a fragment made by `encodeShare`; undefined for any other fragment. */
export async function decodeShare(fragment: string): Promise<Shared | undefined> {
  if (!fragment.startsWith(PREFIX)) return undefined;
  try {
    const deflated = fromBase64Url(fragment.slice(PREFIX.length));
    const json = await transform(deflated, new DecompressionStream("deflate-raw"));
    const value: unknown = JSON.parse(new TextDecoder().decode(json));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      return { document: value[0], trace: value[1] };
    }
  } catch {
    // A damaged or hand-edited link: ignore it like any unknown fragment.
  }
  return undefined;
}

async function transform(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
