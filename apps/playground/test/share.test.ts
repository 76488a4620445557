// Share links: the document and trace round-trip through the fragment, and a link is untrusted
// input: a damaged one is refused with a message, and one that inflates past MAX_SHARE_BYTES
// (a deflate bomb) is refused without being inflated in full.
import { constants, deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeShare, encodeShare, MAX_SHARE_BYTES } from "../src/share.js";

const link = (deflated: Uint8Array) => `#v1=${Buffer.from(deflated).toString("base64url")}`;
/** The JSON the link holds for a document of `size` bytes and an empty trace. */
const json = (size: number) => Buffer.from(JSON.stringify(["a".repeat(size), ""]));
/** JSON.stringify(["…",""]) adds 7 bytes to the document. */
const LARGEST = MAX_SHARE_BYTES - 7;

describe("share links", () => {
  it("round-trip the document and trace, whatever the characters", async () => {
    const shared = {
      document: 'oatf: "0.1"\n# naïve — 日本語 🎉 \u202e\n',
      trace: '{"a":1}\n\u0000',
    };
    const encoded = await encodeShare(shared);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    expect(encoded.fragment).toMatch(/^#v1=[A-Za-z0-9_-]+$/);
    expect(await decodeShare(encoded.fragment)).toEqual({ ok: true, shared });
    expect(await decodeShare(link(deflateRawSync(Buffer.from('["",""]'))))).toEqual({
      ok: true,
      shared: { document: "", trace: "" },
    });
  });

  it("ignore fragments that are not share links", async () => {
    expect(await decodeShare("")).toBeUndefined();
    expect(await decodeShare("#section")).toBeUndefined();
    expect(await decodeShare("#v2=abc")).toBeUndefined();
  });

  it.each([
    ["not base64", "#v1=!!!"],
    ["not deflate", link(Buffer.from("plain text, not deflated"))],
    [
      "cut short",
      link(
        deflateRawSync(Buffer.from(JSON.stringify(["naïve", "x".repeat(99)])), {
          level: 0,
        }).subarray(0, 40),
      ),
    ],
    ["not JSON", link(deflateRawSync(Buffer.from("{not json")))],
    ["not two strings", link(deflateRawSync(Buffer.from('["only one"]')))],
    ["not strings", link(deflateRawSync(Buffer.from("[1,2]")))],
  ])("refuse a damaged link (%s) with a message", async (_, fragment) => {
    expect(await decodeShare(fragment)).toEqual({
      ok: false,
      message: "This share link was not opened: it is damaged or incomplete.",
    });
  });

  it("hold up to MAX_SHARE_BYTES, both ways", async () => {
    const largest = { document: "a".repeat(LARGEST), trace: "" };
    const encoded = await encodeShare(largest);
    expect(encoded.ok).toBe(true);
    if (encoded.ok)
      expect(await decodeShare(encoded.fragment)).toEqual({ ok: true, shared: largest });
    const over = await encodeShare({ document: "a".repeat(LARGEST + 1), trace: "" });
    expect(over).toEqual({
      ok: false,
      message: "The document and trace are too large to share as a link (more than 8 MiB).",
    });
    expect(await decodeShare(link(deflateRawSync(json(LARGEST + 1))))).toMatchObject({
      ok: false,
      message: expect.stringContaining("more than 8 MiB once decompressed"),
    });
  });

  it("refuse a deflate bomb (a 32 kB link of 32 MiB) with a message", async () => {
    const bomb = link(deflateRawSync(json(32 * 1024 * 1024), { level: 9 }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await decodeShare(bomb)).toEqual({
      ok: false,
      message:
        "This share link was not opened: it holds more than 8 MiB once decompressed (the limit for a shared document and trace).",
    });
  });

  it("stop inflating at the limit: a bomb's tail past it is never read", async () => {
    // A valid, unfinished deflate stream of `size` bytes, then bytes that are not deflate:
    // inflating this to the end fails as damaged, so "too large" means it stopped early.
    const poisoned = (size: number) =>
      link(
        Buffer.concat([
          deflateRawSync(json(size), { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
          Buffer.alloc(4096, 0xff),
        ]),
      );
    const under = await decodeShare(poisoned(MAX_SHARE_BYTES / 2));
    expect(under).toMatchObject({ ok: false, message: expect.stringContaining("damaged") });
    const over = await decodeShare(poisoned(MAX_SHARE_BYTES + 2 * 1024 * 1024));
    expect(over).toMatchObject({ ok: false, message: expect.stringContaining("more than 8 MiB") });
  });

  it("refuse a link longer than any link of MAX_SHARE_BYTES before decoding it", async () => {
    const long = `#v1=${"A".repeat(Math.ceil((MAX_SHARE_BYTES * 4) / 3) * 1.02)}`;
    expect(await decodeShare(long)).toMatchObject({
      ok: false,
      message: expect.stringContaining("more than 8 MiB"),
    });
  });
});
