// Literal prefilters for RE2 patterns (SDK §5.3 regex; issue 14 §2): the substrings every
// match must contain, found by a small conservative reading of the pattern, so most
// inputs are rejected by `String.includes` without running the regex engine. Anything this
// reader does not fully understand (flags, `\Q…\E`, numeric escapes, unbalanced syntax)
// yields no prefilter: a missing prefilter costs speed, a wrong one would cost matches.

/** Alternatives kept at most: beyond this, checking them costs about what the regex does. */
const MAX_ALTERNATIVES = 16;

/** Every match contains one of these strings; `null`: nothing is known. */
type Factor = string[] | null;

class GiveUp extends Error {}

// Escapes that stand for one literal character: every ASCII punctuation character.
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;
// Escapes that match a class of characters or a position: no literal, but understood.
const OPAQUE_ESCAPES = new Set(["d", "D", "w", "W", "s", "S", "b", "B", "A", "z"]);

class Reader {
  #pos = 0;
  constructor(readonly source: string) {}

  get done(): boolean {
    return this.#pos >= this.source.length;
  }

  peek(): string | undefined {
    const cp = this.source.codePointAt(this.#pos);
    return cp === undefined ? undefined : String.fromCodePoint(cp);
  }

  next(): string {
    const c = this.peek();
    if (c === undefined) throw new GiveUp();
    this.#pos += c.length;
    return c;
  }

  startsWith(text: string): boolean {
    return this.source.startsWith(text, this.#pos);
  }

  /** `{n}`, `{n,}` or `{n,m}` at the cursor: its minimum, consuming it; else undefined. */
  repeat(): number | undefined {
    const m = /^\{(\d+)(,\d*)?\}/.exec(this.source.slice(this.#pos, this.#pos + 24));
    if (m === null) return undefined;
    this.#pos += m[0].length;
    return Number(m[1]);
  }
}

/** The better of two requirements: the one whose shortest alternative is longest. */
function better(a: Factor, b: Factor): Factor {
  if (a === null) return b;
  if (b === null) return a;
  const shortest = (f: string[]) => Math.min(...f.map((s) => s.length));
  const [sa, sb] = [shortest(a), shortest(b)];
  if (sa !== sb) return sa > sb ? a : b;
  return a.length <= b.length ? a : b;
}

/** alternation := sequence ('|' sequence)* */
function alternation(r: Reader): Factor {
  const branches: Factor[] = [sequence(r)];
  while (r.peek() === "|") {
    r.next();
    branches.push(sequence(r));
  }
  if (branches.some((b) => b === null)) return null;
  const union = [...new Set(branches.flatMap((b) => b!))];
  return union.length > MAX_ALTERNATIVES ? null : union;
}

/** sequence := (atom quantifier?)*, up to '|' or ')' */
function sequence(r: Reader): Factor {
  let best: Factor = null;
  let run = "";
  const endRun = () => {
    if (run !== "") best = better(best, [run]);
    run = "";
  };
  while (!r.done && r.peek() !== "|" && r.peek() !== ")") {
    const item = atom(r);
    const min = quantifier(r);
    if (min === undefined && item.literal !== undefined) {
      run += item.literal;
      continue;
    }
    endRun();
    if (min === undefined || min >= 1) best = better(best, item.factor);
  }
  endRun();
  return best;
}

/** The minimum count of a quantifier at the cursor (consumed), or undefined when none. */
function quantifier(r: Reader): number | undefined {
  const c = r.peek();
  let min: number | undefined;
  if (c === "*" || c === "?") {
    r.next();
    min = 0;
  } else if (c === "+") {
    r.next();
    min = 1;
  } else {
    min = r.repeat(); // undefined unless a `{n,m}` is at the cursor
  }
  // Non-greedy: same matches. (Without a quantifier, the cursor is not at a `?`.) A further
  // quantifier is left to `atom`, which gives up on it.
  if (r.peek() === "?") r.next();
  return min;
}

interface Atom {
  /** The one character this atom matches, when it is a literal. */
  literal?: string;
  factor: Factor;
}

const OPAQUE: Atom = { factor: null };

function atom(r: Reader): Atom {
  const c = r.next();
  switch (c) {
    case "(":
      return group(r);
    case "[":
      skipClass(r);
      return OPAQUE;
    case ".":
    case "^":
    case "$":
      return OPAQUE;
    case "\\":
      return escapeSequence(r);
    case "*":
    case "+":
    case "?":
      throw new GiveUp(); // a quantifier with nothing to repeat
    default:
      // Also `{`: RE2 reads it as a literal unless it starts a repetition, which needs an atom.
      return { literal: c, factor: [c] };
  }
}

function group(r: Reader): Atom {
  if (r.startsWith("?")) {
    if (r.startsWith("?:")) {
      r.next();
      r.next();
    } else if (r.startsWith("?P<") || r.startsWith("?<")) {
      while (r.next() !== ">");
    } else {
      throw new GiveUp(); // flags such as (?i) change what a literal matches
    }
  }
  const factor = alternation(r);
  if (r.next() !== ")") throw new GiveUp();
  return { factor };
}

function escapeSequence(r: Reader): Atom {
  const c = r.next();
  if (PUNCTUATION.test(c)) return { literal: c, factor: [c] };
  if (OPAQUE_ESCAPES.has(c)) return OPAQUE;
  if (c === "p" || c === "P") {
    if (r.peek() === "{") while (r.next() !== "}");
    else r.next();
    return OPAQUE;
  }
  throw new GiveUp(); // \Q…\E, \x, octal, \n and friends: not worth the risk
}

/** Skips a character class after its `[`, minding escapes, `[:name:]` and a leading `]`. */
function skipClass(r: Reader): void {
  if (r.peek() === "^") r.next();
  if (r.peek() === "]") r.next();
  for (;;) {
    const c = r.next();
    if (c === "]") return;
    if (c === "\\") r.next();
    else if (c === "[" && r.startsWith(":")) {
      while (!r.startsWith(":]")) r.next();
      r.next();
      r.next();
    }
  }
}

/**
 * Substrings of which every match of the RE2 `pattern` contains at least one, or
 * `undefined` when none can be derived safely. Only meaningful for a valid pattern.
 */
export function requiredLiterals(pattern: string): string[] | undefined {
  try {
    const r = new Reader(pattern);
    const factor = alternation(r);
    if (!r.done) return undefined; // an unbalanced `)`
    return factor ?? undefined; // never an empty string: a run or literal has a character
  } catch {
    return undefined;
  }
}

// Under (?i), RE2 matches a character with its whole simple case-folding orbit. For the
// ASCII letters other than k and s (whose orbits hold U+212A KELVIN SIGN and U+017F LONG S)
// and for ASCII non-letters, the orbit is the character and its ASCII other case, so the
// lower-cased input contains the lower-cased literal whenever RE2 matches it.
const FOLD_UNSAFE = /[^\x20-\x7e]|[ksKS]/;

/** The longest piece of `literal` between characters with a non-ASCII case orbit. */
function foldSafePiece(literal: string): string {
  return literal
    .split(FOLD_UNSAFE)
    .reduce((best, piece) => (piece.length > best.length ? piece : best), "");
}

/**
 * For a pattern that starts with `(?i)` and has no other flag: lower-case substrings of
 * which the lower-cased input of every match contains one; otherwise `undefined`.
 */
export function requiredFoldedLiterals(pattern: string): string[] | undefined {
  if (!pattern.startsWith("(?i)")) return undefined;
  const literals = requiredLiterals(pattern.slice(4));
  if (literals === undefined) return undefined;
  const pieces = literals.map((literal) => foldSafePiece(literal).toLowerCase());
  return pieces.some((piece) => piece === "") ? undefined : [...new Set(pieces)];
}
