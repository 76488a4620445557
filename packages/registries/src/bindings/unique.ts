/** The items in first-seen order without repeats (several lists share `ping`, `tasks/*`, ...). */
export function unique<T>(items: readonly T[]): readonly T[] {
  return Object.freeze([...new Set(items)]);
}
