import { createCelEvaluator } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";

// A generous time limit: the limit has its own tests (limits.test.ts), and a loaded
// machine must not turn these into timeouts.
const cel = createCelEvaluator({ timeoutMs: 10_000 });

describe("check (V-014)", () => {
  it("accepts valid expressions without evaluating them", () => {
    for (const e of [
      "message.tools.exists(t, size(t.description) > 500 && t.description.contains('IMPORTANT:'))",
      "message.messages.filter(m, m.role == 'system').size() >\n  message.messages.filter(m, m.role == 'user').size() * 3",
      "unknown_variable.field == 1",
      "1 / 0 == 1",
    ]) {
      expect(cel.check(e), e).toEqual({ ok: true, value: undefined });
    }
  });

  it("reports syntax errors with a 1-based line and column", () => {
    expect(cel.check("a &&\n  b +")).toEqual({
      ok: false,
      error: { message: "found end of input but expecting an expression", line: 2, column: 6 },
    });
    const r = cel.check("'unterminated");
    expect(r).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
    expect(r.ok || r.error.message).toBe("found a string literal without its closing '");
  });

  it("accepts a `//` comment that ends the expression (CEL langdef: comments are whitespace)", () => {
    // A YAML block scalar with `|-` or `>-` strips the final newline after the comment.
    expect(cel.check("message.a == 1 // the tool's argument")).toEqual({
      ok: true,
      value: undefined,
    });
    expect(cel.evaluate("1 == 1 //", {})).toEqual({ ok: true, value: true });
    // The expression before the comment is still checked; its input ends after the comment.
    expect(cel.check("a &&\n  b + // c")).toEqual({
      ok: false,
      error: { message: "found end of input but expecting an expression", line: 2, column: 11 },
    });
  });

  it("reports errors without a known position without line or column", () => {
    const r = createCelEvaluator({ maxExpressionLength: 3 }).check("1 + 2");
    expect(r).toEqual({ ok: false, error: { message: expect.any(String) } });
  });

  it("does not flag unknown functions (an evaluation-time unsupported_method)", () => {
    expect(cel.check("'A'.lowerAscii() == 'a'").ok).toBe(true);
  });

  it("agrees with evaluate on what is invalid", () => {
    for (const e of ["1 +", "((", "a.", "[1, 2", "{'a': }"] as const) {
      const c = cel.check(e);
      const r = cel.evaluate(e, { x: [] });
      expect(c.ok, e).toBe(false);
      expect(r.ok ? "ok" : r.error.kind, e).toBe("cel_error");
    }
  });
});
