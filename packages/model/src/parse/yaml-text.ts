// A text read as YAML once, for a tool that needs both the YAML syntax tree and the OATF
// parse of the same text (the language service: hover and completion walk the tree,
// diagnostics come from `parseRecovering`): `readYaml` reads it, `parseRecovering` accepts
// the result instead of the text, and the YAML is not read twice.
import type { Document as YamlDocument } from "yaml";
import type { ParseLimits } from "../limits.js";
import { type LoadResult, loadYaml } from "./load-yaml.js";

/** A text read as YAML: pass it to `parseRecovering` (with the same options) to parse it. */
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

/** What `readYaml` loaded, kept out of the public shape (a caller cannot forge it). */
const loads = new WeakMap<YamlText, LoadResult>();

/** Reads `text` as YAML within `options`' limits. Never throws. */
export function readYaml(text: string, options?: ParseLimits): YamlText {
  let loaded: LoadResult;
  try {
    loaded = loadYaml(text, options);
  } catch {
    // `parseRecovering` reads the text again and reports what failed.
    return Object.freeze({ text, tree: undefined });
  }
  const value = loaded.ok ? loaded.value : loaded.partial;
  const read: YamlText = Object.freeze({ text, tree: value?.document });
  loads.set(read, loaded);
  return read;
}

/** The load behind `read`, or undefined for an object `readYaml` did not return. */
export function loadedFrom(read: YamlText): LoadResult | undefined {
  return loads.get(read);
}
