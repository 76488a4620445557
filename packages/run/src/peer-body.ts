// A peer's HTTP answer read as text under a bound (format §12.1: the peer is untrusted): a
// JSON body that floods or never ends stops at `maxBytes` instead of being buffered without
// limit until the run times out, and a body cut off midway is a problem to say, never a throw.

export type PeerBody =
  | { ok: true; text: string }
  /** `limit`: the body passed the bound (`run/limit`); else it broke off (`run/wire`). */
  | { ok: false; limit: boolean; problem: string };

/** `response`'s body as text, or why not: past `maxBytes` (the rest unread), or broken. */
export async function readPeerBody(response: Response, maxBytes: number): Promise<PeerBody> {
  const body = response.body;
  if (body === null) return { ok: true, text: "" };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { ok: true, text: text + decoder.decode() };
      size += value.byteLength;
      if (size > maxBytes)
        return {
          ok: false,
          limit: true,
          problem: `a body over ${maxBytes} bytes (limits.maxBodyBytes)`,
        };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return {
      ok: false,
      limit: false,
      problem: `the body broke off: ${(error as Error)?.message ?? error}`,
    };
  } finally {
    reader.cancel().catch(() => {});
  }
}
