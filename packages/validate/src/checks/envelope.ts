// The document root and the attack envelope (format §4): V-001, W-001 (V-002),
// V-003, V-004, V-020, V-023, V-035, V-045, V-046, and the envelope's closed
// enumerations and ranges (V-005, V-017).
import {
  CATEGORIES,
  IMPACTS,
  RELATIONSHIPS,
  SEVERITY_LEVELS,
  type SourceInfo,
  STATUSES,
} from "@oatf/model";
import { indexPath, keyPath } from "@oatf/model/internal";
import type { Context } from "../context.js";
import { isObj, isPresent, listAt, type Obj, objAt, objectsOf, show } from "../values.js";
import { checkDuration, checkEnum, checkPercent, isIntegerIn } from "./common.js";

export const SUPPORTED_VERSIONS: readonly string[] = ["0.1"];

const ATTACK_ID = /^[A-Z][A-Z0-9-]*-[0-9]{3,}$/;

const YAML_FEATURES = {
  anchor: "an anchor (&)",
  alias: "an alias (*)",
  merge_key: "a merge key (<<)",
  custom_tag: "a custom tag",
} as const;

/** Root checks; returns the attack object when there is one to check further. */
export function checkDocument(
  ctx: Context,
  document: unknown,
  info: SourceInfo | undefined,
): Obj | undefined {
  const root = isObj(document) ? document : {};
  checkVersion(ctx, root.oatf);
  // Key order is what `parse` saw; for documents built in code, insertion order.
  const keys = info?.rootKeys ?? Object.keys(root);
  if ("oatf" in root && keys[0] !== "oatf") {
    ctx.warn("W-001", "oatf", "`oatf` should be the first key of the document (V-002)");
  }
  for (const use of info?.yamlFeatures ?? []) {
    const detail = use.detail ? ` \`${use.detail}\`` : "";
    ctx.error(
      "V-020",
      use.path,
      `OATF documents must not use ${YAML_FEATURES[use.kind]}${detail}; write the value out in full`,
      { line: use.line, column: use.column, offset: use.offset },
    );
  }
  if (!isObj(root.attack)) {
    const got = Array.isArray(root.attack) ? "a list" : show(root.attack);
    ctx.error(
      "V-003",
      "attack",
      root.attack === undefined
        ? "the document needs exactly one `attack` object"
        : `\`attack\` must be a single object, got ${got}`,
    );
    return undefined;
  }
  return root.attack;
}

function checkVersion(ctx: Context, oatf: unknown): void {
  if (oatf === undefined) {
    ctx.error("V-001", "oatf", 'the `oatf` version is missing; add `oatf: "0.1"` as the first key');
  } else if (typeof oatf !== "string") {
    ctx.error(
      "V-001",
      "oatf",
      `\`oatf\` must be a quoted version string such as "0.1", got ${show(oatf)}`,
    );
  } else if (!SUPPORTED_VERSIONS.includes(oatf)) {
    ctx.error(
      "V-001",
      "oatf",
      `unsupported OATF version ${show(oatf)}; supported: ${SUPPORTED_VERSIONS.join(", ")}`,
    );
  }
}

export function checkEnvelope(ctx: Context, attack: Obj): void {
  const path = "attack";
  if (!isObj(attack.execution)) {
    ctx.error(
      "V-004",
      keyPath(path, "execution"),
      isPresent(attack.execution)
        ? "`attack.execution` must be an object with `state`, `phases` or `actors`"
        : "`attack.execution` is required",
    );
  }
  if (isPresent(attack.id) && (typeof attack.id !== "string" || !ATTACK_ID.test(attack.id))) {
    ctx.error(
      "V-023",
      keyPath(path, "id"),
      `attack id ${show(attack.id)} must look like PREFIX-NNN (uppercase prefix, at least three digits), e.g. ACME-001`,
    );
  }
  const version = attack.version;
  if (isPresent(version) && !isIntegerIn(version, 1)) {
    ctx.error(
      "V-035",
      keyPath(path, "version"),
      `version must be an integer >= 1, got ${show(version)}`,
    );
  }
  checkEnum(ctx, attack.status, STATUSES, keyPath(path, "status"));
  checkSeverity(ctx, attack.severity, keyPath(path, "severity"));
  checkImpact(ctx, listAt(attack, "impact"), keyPath(path, "impact"));
  if (isPresent(attack.grace_period)) {
    checkDuration(ctx, "V-046", attack.grace_period, keyPath(path, "grace_period"));
  }
  const classification = objAt(attack, "classification");
  if (classification) {
    const at = keyPath(path, "classification");
    checkEnum(ctx, classification.category, CATEGORIES, keyPath(at, "category"));
    for (const [mapping, mappingPath] of objectsOf(
      listAt(classification, "mappings"),
      keyPath(at, "mappings"),
    )) {
      checkEnum(ctx, mapping.relationship, RELATIONSHIPS, keyPath(mappingPath, "relationship"));
    }
  }
}

/** Scalar form (`high`) or object form (`{level, confidence}`), format §4.3. */
function checkSeverity(ctx: Context, severity: unknown, path: string): void {
  if (!isPresent(severity)) return;
  if (isObj(severity)) {
    checkEnum(ctx, severity.level, SEVERITY_LEVELS, keyPath(path, "level"));
    checkPercent(ctx, "V-017", severity.confidence, keyPath(path, "confidence"));
  } else if (typeof severity === "string") {
    checkEnum(ctx, severity, SEVERITY_LEVELS, path);
  } else {
    ctx.error(
      "V-005",
      path,
      `severity must be a level (${SEVERITY_LEVELS.join(", ")}) or {level, confidence}`,
    );
  }
}

/** V-045 is about the list (a value repeated), so it names the list, as V-033 does upstream. */
function checkImpact(ctx: Context, impact: unknown[] | undefined, path: string): void {
  const seen = new Set<unknown>();
  const repeated = new Set<unknown>();
  impact?.forEach((value, index) => {
    checkEnum(ctx, value, IMPACTS, indexPath(path, index));
    // Only strings can repeat an impact: a non-string is V-005's finding, and validating text
    // reads an unreadable item as null, so two unknown values were two "duplicate" nulls.
    if (typeof value !== "string") return;
    if (seen.has(value) && !repeated.has(value)) {
      repeated.add(value);
      ctx.error(
        "V-045",
        path,
        `impact ${show(value)} is listed more than once; remove the duplicate`,
      );
    }
    seen.add(value);
  });
}
