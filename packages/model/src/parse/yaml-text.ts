// A text read as YAML once, for a tool that needs both the YAML syntax tree and the OATF
// parse of the same text (the language service: hover and completion walk the tree,
// diagnostics come from the recovering parse): `readYaml` reads it, `parseRead` is
// `parseRecovering` of what it read, and the YAML is not read twice. Apart from `parse`, so
// a bundle that only parses carries none of it.
import type { Document as YamlDocument } from "yaml";
import type { ParseLimits } from "../limits.js";
import { type LoadResult, loadYaml } from "./load-yaml.js";
import { type ParseOptions, parseRecovering, type RecoveredDocument, recover } from "./parse.js";

/** A text read as YAML: `parseRead` parses it (with the same options). */
export interface YamlText {
  /** The text that was read. */
  readonly text: string;
  /**
   * Its YAML syntax tree with source ranges, also when the YAML has syntax errors; undefined
   * when the text was refused before it was read (a limit, text that is not Unicode, more than
   * one document). Offsets count from after a leading byte order mark.
   */
  readonly tree: YamlDocument.Parsed | undefined;
}

/**
 * What `readYaml` loaded (undefined when loading threw), kept out of the public shape: a
 * caller cannot forge it.
 */
const loads = new WeakMap<YamlText, LoadResult | undefined>();

/** Reads `text` as YAML within `options`' limits. Never throws. */
export function readYaml(text: string, options?: ParseLimits): YamlText {
  let loaded: LoadResult;
  try {
    loaded = loadYaml(text, options);
  } catch {
    // `parseRead` reads the text again and reports what failed.
    const read: YamlText = Object.freeze({ text, tree: undefined });
    loads.set(read, undefined);
    return read;
  }
  const value = loaded.ok ? loaded.value : loaded.partial;
  const read: YamlText = Object.freeze({ text, tree: value?.document });
  loads.set(read, loaded);
  return read;
}

/**
 * `parseRecovering` of the text `readYaml` read, without reading it again; an object `readYaml`
 * did not return is refused as `parseRecovering` refuses what is not a string. Never throws.
 */
export function parseRead(read: YamlText, options?: ParseOptions): RecoveredDocument {
  if (!loads.has(read)) return parseRecovering(read as unknown as string, options);
  const loaded = loads.get(read);
  try {
    if (loaded !== undefined) return recover(read.text, options, loaded);
  } catch {
    // an exhausted limit, or a bug: reported as parseRecovering reports it
  }
  return parseRecovering(read.text, options);
}
