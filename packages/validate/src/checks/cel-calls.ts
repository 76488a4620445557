// The calls of a CEL expression as its source writes them, for OATF-V014-FUNCTION: each
// `name(...)` and `target.name(...)` with its argument count, macros included (the check
// compares them with what the evaluator declares). Run only on expressions the evaluator's
// `check` accepted, so literals are terminated and brackets balanced; on anything else the
// calls found may be incomplete, never wrong about the source they were read from.

export interface CelCall {
  name: string;
  /** Called on a receiver: `target.name(...)`. */
  receiver: boolean;
  /** Arguments, the receiver not counted. */
  arity: number;
  /** UTF-16 offset of the name in the expression. */
  offset: number;
  /**
   * For `a.b.name(...)` on plain names: `a.b.name`, which may be a namespaced function
   * (`math.greatest(...)`) rather than a method of `a.b`.
   */
  qualified?: string;
}

interface Token {
  text: string;
  offset: number;
  kind: "name" | "literal" | "punctuation";
}

// One token at a time: space and comments (skipped), string and bytes literals (raw ones, with
// prefix r, process no escapes) and numbers, names, and any other character on its own.
const RAW = String.raw`(?:[rR][bB]?|[bB][rR])(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'[^'\n\r]*'|"[^"\n\r]*")`;
const ESCAPED = String.raw`[bB]?(?:'''(?:\\[\s\S]|[^\\])*?'''|"""(?:\\[\s\S]|[^\\])*?"""|'(?:\\.|[^'\\\n\r])*'|"(?:\\.|[^"\\\n\r])*")`;
const NUMBER = String.raw`0[xX][0-9a-fA-F]+[uU]?|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[uU]?`;
const TOKEN = new RegExp(
  String.raw`(?<skip>\s+|\/\/[^\n\r]*)|(?<literal>${RAW}|${ESCAPED}|${NUMBER})|(?<name>[A-Za-z_]\w*)|(?<other>[\s\S])`,
  "y",
);

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(expression); m !== null; m = TOKEN.exec(expression)) {
    const { literal, name, other } = m.groups!;
    if (literal !== undefined) tokens.push({ text: literal, offset: m.index, kind: "literal" });
    else if (name !== undefined) tokens.push({ text: name, offset: m.index, kind: "name" });
    else if (other !== undefined)
      tokens.push({ text: other, offset: m.index, kind: "punctuation" });
  }
  return tokens;
}

/** A token that can end an operand, so that a `.` after it selects from that operand. */
function endsOperand(t: Token | undefined): boolean {
  return t !== undefined && (t.kind !== "punctuation" || /^[)\]}]$/.test(t.text));
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
    if (t.kind === "name" && tokens[i + 1]?.text === "(") {
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
  const name = tokens[at]!;
  const receiver = tokens[at - 1]?.text === "." && endsOperand(tokens[at - 2]);
  const found = { name: name.text, receiver, offset: name.offset };
  if (!receiver) return found;
  // `a.b.name`: plain names joined by dots, the first selected from nothing.
  const parts = [name.text];
  let i = at - 2;
  while (tokens[i]?.kind === "name") {
    parts.unshift(tokens[i]!.text);
    if (tokens[i - 1]?.text !== ".") return { ...found, qualified: parts.join(".") };
    i -= 2;
  }
  return found;
}
