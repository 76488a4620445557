/** Why a regex, JSONPath selector or template failed to compile. */
export interface CompileError {
  message: string;
  /** 0-based offset into the source string, where known. */
  offset?: number;
}

/** The message of anything thrown, for errors that must not escape. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  try {
    return String(thrown);
  } catch {
    return "unknown error";
  }
}
