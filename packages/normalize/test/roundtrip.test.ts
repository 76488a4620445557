// parse → normalize → serialize → parse → normalize is stable for generated documents
// (the fixture cases run in packages/oatf/test/normalize-conformance.test.ts).
import { parse, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validDocument } from "./arbitraries.js";

it("round-trips generated documents", () => {
  fc.assert(
    fc.property(validDocument, (document) => {
      const first = normalize(document);
      const reparsed = parse(serialize(first));
      expect(reparsed.ok && normalize(reparsed.value)).toEqual(first);
    }),
    { numRuns: 200 },
  );
});

describe("x- fields keep their position (SDK §3.4 item 4)", () => {
  const text = `oatf: "0.1"
attack:
  name: n
  x-after-name: 1
  execution:
    mode: mcp_server
    x-after-mode: {a: 1}
    state: {}
  indicators:
    - x-first: true
      target: "a.b"
      pattern: {contains: x}
      x-last: 2
`;

  it("writes each x- field after the known field it followed, in parsed and normalized output", () => {
    const parsed = parse(text);
    if (!parsed.ok) throw new Error("expected a document");
    const keys = (yaml: string) => [...yaml.matchAll(/^\s*(?:- )?([\w$-]+):/gm)].map((m) => m[1]);
    const written = keys(serialize(parsed.value));
    expect(written.indexOf("x-after-name")).toBe(written.indexOf("name") + 1);
    expect(written.indexOf("x-after-mode")).toBe(written.indexOf("mode") + 1);
    const canonical = keys(serialize(normalize(parsed.value)));
    expect(canonical.indexOf("x-after-name")).toBe(canonical.indexOf("name") + 1);
    // N-006 moves the mode to the actor; the x- field stays in execution, after nothing known.
    expect(
      canonical.slice(canonical.indexOf("execution"), canonical.indexOf("execution") + 2),
    ).toEqual(["execution", "x-after-mode"]);
    const indicator = canonical.slice(
      canonical.indexOf("indicators") + 1,
      canonical.indexOf("correlation"),
    );
    expect(indicator[0]).toBe("x-first");
    expect(indicator.at(-1)).toBe("x-last");
  });

  it("writes x- fields of documents built in code after the known fields", () => {
    const document = {
      oatf: "0.1",
      attack: {
        extensions: { "x-tool": "mine" },
        name: "demo",
        execution: { mode: "mcp_server", state: {} },
      },
    };
    expect(serialize(document)).toBe(
      'oatf: "0.1"\nattack:\n  name: demo\n  execution:\n    mode: mcp_server\n    state: {}\n  x-tool: mine\n',
    );
  });
});
