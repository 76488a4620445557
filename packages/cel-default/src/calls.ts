// The calls of a CEL expression as its source writes them, for validate's OATF-V014-FUNCTION:
// each `name(...)` and `target.name(...)` with its argument count, macros included (the check
// compares them with what the evaluator declares). Here rather than in @oatf/validate so that
// pattern-only bundles, which never hold CEL, do not carry it. Run only on expressions `check`
// accepted, so literals are terminated and brackets balanced; on anything else the
// calls found may be incomplete, never wrong about the source they were read from.

import type { CelCall } from "@oatf/model";

interface Token {
  text: string;
  offset: number;
  /** An identifier (not a literal with an r or b prefix). */
  name: boolean;
}

// One token at a time: space and comments (skipped), a string or bytes literal (raw ones, with
// an r prefix, process no escapes; a triple-quoted one ends at the first three quotes, which
// `check` accepted), a name, or any other character on its own (a number is one token a
// digit: none is ever called).
const LITERAL = String.raw`[bB]?[rR][bB]?(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'[^'\n]*'|"[^"\n]*")|[bB]?(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")`;
const TOKEN = new RegExp(String.raw`\s+|\/\/.*|(${LITERAL})|([A-Za-z_]\w*)|(\S)`, "y");

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(expression); m !== null; m = TOKEN.exec(expression)) {
    const text = m[1] ?? m[2] ?? m[3];
    if (text !== undefined) tokens.push({ text, offset: m.index, name: m[2] !== undefined });
  }
  return tokens;
}

/** A token that can end an operand, so that a `.` after it selects from that operand. */
function endsOperand(t: Token | undefined): boolean {
  return t !== undefined && /^[\w'")\]}]/.test(t.text);
}

/** An open bracket: the call it starts, if any, its commas, and whether it holds anything. */
interface Frame {
  call?: Omit<CelCall, "arity">;
  commas: number;
  empty: boolean;
}

/** The calls of `expression`, innermost first where they nest. */
export function celCalls(expression: string): CelCall[] {
  const tokens = tokenize(expression);
  const calls: CelCall[] = [];
  const frames: Frame[] = [{ commas: 0, empty: true }];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const top = frames[frames.length - 1]!;
    if (t.text === ",") {
      top.commas++;
      continue;
    }
    if (/^[)\]}]$/.test(t.text)) {
      const frame = frames.length > 1 ? frames.pop()! : top;
      if (frame.call) calls.push({ ...frame.call, arity: frame.empty ? 0 : frame.commas + 1 });
      continue;
    }
    top.empty = false;
    if (t.name && tokens[i + 1]?.text === "(") {
      frames.push({ call: call(tokens, i), commas: 0, empty: true });
      i++; // the `(`
    } else if (/^[([{]$/.test(t.text)) {
      frames.push({ commas: 0, empty: true });
    }
  }
  return calls;
}

/** The call whose name is tokens[at]. */
function call(tokens: Token[], at: number): Omit<CelCall, "arity"> {
  const { text, offset } = tokens[at]!;
  return {
    name: text,
    receiver: tokens[at - 1]?.text === "." && endsOperand(tokens[at - 2]),
    offset,
  };
}
