// A small argument parser: positionals, `--flag`, `--option value` and `--option=value`.
// Unknown options are usage errors (exit 2), reported by the caller with the nearest known
// option when one is close ("did you mean --format?").
import { didYouMean as nearestName } from "@oatf/model/internal";

export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string | true>;
  /** Every value of each valued option, in order (`options` keeps the last): repeatable options. */
  repeated?: Map<string, string[]>;
  /** The arguments after `--` (also the last of `positionals`), when `--` was given. */
  dashed?: string[];
}

// Recognised by a mark, not by its class: the built CLI's dispatcher (main.ts) and each
// command come from separate bundles, each with its own copy of this class.
const USAGE_ERROR = Symbol.for("oatf.cli.UsageError");

export class UsageError extends Error {
  readonly [USAGE_ERROR] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && USAGE_ERROR in value;
  }
}

/** `valued` options take a value; `flags` take none. Anything else starting with `-` is an error. */
export function parseArgs(
  argv: string[],
  valued: readonly string[],
  flags: readonly string[],
): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      const dashed = argv.slice(i + 1);
      positionals.push(...dashed);
      return { positionals, options, repeated, dashed };
    }
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (valued.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`option ${name} needs a value`);
      options.set(name, value);
      repeated.set(name, [...(repeated.get(name) ?? []), value]);
    } else if (flags.includes(name)) {
      if (eq > 0) throw new UsageError(`option ${name} takes no value`);
      options.set(name, true);
    } else {
      throw new UsageError(`unknown option ${name}${didYouMean(name, [...valued, ...flags])}`);
    }
  }
  return { positionals, options, repeated };
}

export function option(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Every value given to a repeatable option, in order. */
export function repeatedOption(args: ParsedArgs, name: string): string[] {
  return args.repeated?.get(name) ?? [];
}

export function oneOfOption<T extends string>(
  args: ParsedArgs,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = option(args, name) ?? fallback;
  if (!allowed.includes(value as T)) {
    throw new UsageError(
      `${name} must be one of ${allowed.join(", ")} (got '${value}')${didYouMean(value, allowed)}`,
    );
  }
  return value as T;
}

/** `; did you mean X?` when a known name is within edit distance 2 of `name`, else "". */
export function didYouMean(name: string, known: readonly string[]): string {
  const suggestion = nearestName(name, known);
  return suggestion === undefined ? "" : `; did you mean ${suggestion}?`;
}

/** `--max-warnings <n>`: an integer, -1 (the default) for no limit (ESLint's convention). */
export function maxWarningsOption(args: ParsedArgs): number {
  const value = option(args, "--max-warnings");
  if (value === undefined) return -1;
  if (!/^-?\d+$/.test(value) || Number(value) < -1) {
    throw new UsageError(
      `--max-warnings must be a whole number, or -1 for no limit (got '${value}')`,
    );
  }
  return Number(value);
}
