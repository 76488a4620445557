// SDK §3.2 with SDK §3.1's field tables: a document built in code can hold what `parse`
// never produces (a phase that is a list, `tags` as a mapping, `description: null`), which
// `serialize` would write as other data. The conformance walk parse reads with (`conform` in
// @oatf/model) checks every field's type, required fields and unknown fields, under the rule
// and with the message parse gives. It runs after the V-rule checks and reports only where
// none did.
import { conform, DOCUMENT } from "@oatf/model/shape";
import type { Context } from "../context.js";

/** Reports type problems of `document` at paths no earlier check reported anything at. */
export function checkTypes(ctx: Context, document: unknown): void {
  const reported = new Set(ctx.errors.map((e) => e.path));
  conform(document, { kind: "object", shape: DOCUMENT }, "", {
    written: "code",
    report: ({ rule, path, message }) => {
      if (reported.has(path)) return;
      reported.add(path);
      ctx.error(rule, path, message);
    },
  });
}
