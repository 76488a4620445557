/**
 * A JSON-like value. Structurally identical to `Value` in @oatf/model, which this
 * package cannot import because it has no runtime (or type) dependencies.
 */
export type Value = null | boolean | number | string | Value[] | { [key: string]: Value };

/** Same shape as @oatf/model's `Result`, so results flow between packages unchanged. */
export type PathResult<T, E = PathError> = { ok: true; value: T } | { ok: false; error: E };

/** A syntax error in a path: where it is (0-based UTF-16 offset into the text) and why. */
export interface PathError {
  /** A full sentence naming the path, the position and the reason. */
  message: string;
  /** 0-based offset of the offending character (the path length when the text ends too early). */
  position: number;
  /** A short, stable phrase for the kind of error, e.g. `"empty segment"`. */
  reason: string;
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
