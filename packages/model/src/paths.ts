// Dot-paths in the spec's format (`attack.indicators[0].pattern.regex`).
// They name YAML keys as written, so an `x-` field is `attack.x-foo`, never
// `attack.extensions.x-foo`. The root is the empty path "".

/** The path of the value under `key` in the mapping at `parent`. */
export function keyPath(parent: string, key: string): string {
  return parent === "" ? key : `${parent}.${key}`;
}

/** The path of item `index` in the sequence at `parent`. */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}
