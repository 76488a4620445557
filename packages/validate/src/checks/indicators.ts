// Indicators and correlation (format §4.7, §6): V-006, V-010, V-012, V-013,
// V-014, V-021, V-022, V-024..V-026, V-028 (protocol), V-034 (protocol), V-039,
// V-047..V-049, closed enumerations (V-005, including `tier`), and the
// warnings V-018 (surface), W-003, W-005, W-007, OATF-V014-SKIPPED and OATF-V014-FUNCTION.

import {
  type CelEvaluator,
  type CelSyntaxError,
  CORRELATION_LOGICS,
  DIRECTIONS,
  INDICATOR_METHODS,
  type Result,
  SEMANTIC_INTENT_CLASSES,
  SEVERITY_LEVELS,
  TIERS,
} from "@oatf/model";
import { didYouMean, indexPath, keyPath } from "@oatf/model/internal";
import { generatedIndicatorId, indicatorProtocol, isMatchCondition } from "@oatf/model/rules";
import { parseSimplePath, parseWildcardPath } from "@oatf/paths";
import { isSurfaceValidForProtocol, surfacesFor } from "@oatf/registries";
import type { Context } from "../context.js";
import type { ExecutionView } from "../execution-view.js";
import { V014_SKIPPED } from "../rules.js";
import { isObj, isPresent, listAt, type Obj, objAt, objectsOf, show } from "../values.js";
import { checkCelFunctions, checkCelVariables } from "./cel-functions.js";
import { checkEnum, checkPercent, checkProtocol, checkRegex } from "./common.js";
import { checkConditionTypos } from "./condition-typos.js";

const INDICATORS_PATH = "attack.indicators";
const INDICATOR_ID = /^[A-Z][A-Z0-9-]*-[0-9]{3,}-[0-9]{2,}$/;
const CEL_IDENTIFIER = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

export function checkIndicators(ctx: Context, attack: Obj, view: ExecutionView): void {
  const correlation = attack.correlation;
  if (isPresent(correlation) && !isPresent(attack.indicators)) {
    ctx.error(
      "V-047",
      "attack.correlation",
      "`correlation` only applies with `indicators`; add indicators or remove it",
    );
  }
  if (isObj(correlation))
    checkEnum(ctx, correlation.logic, CORRELATION_LOGICS, "attack.correlation.logic");

  const indicators = listAt(attack, "indicators");
  if (indicators?.length === 0) {
    ctx.error(
      "V-006",
      INDICATORS_PATH,
      "`indicators` needs at least one entry; omit it for a simulation-only document",
    );
  }
  const ids = new Set<unknown>();
  const celPaths: string[] = [];
  checkGeneratedIds(ctx, attack, indicators);
  for (const [indicator, path] of objectsOf(indicators, INDICATORS_PATH)) {
    checkId(ctx, indicator, path, attack.id, ids);
    checkScope(ctx, indicator, path, view);
    checkDetection(ctx, indicator, path, celPaths);
    checkWildcardPath(ctx, indicator.target, keyPath(path, "target"));
    checkPercent(ctx, "V-025", indicator.confidence, keyPath(path, "confidence"));
    checkEnum(ctx, indicator.direction, DIRECTIONS, keyPath(path, "direction"));
    checkEnum(ctx, indicator.severity, SEVERITY_LEVELS, keyPath(path, "severity"));
    checkEnum(ctx, indicator.tier, TIERS, keyPath(path, "tier"));
  }
  const cel = ctx.options.cel;
  if (celPaths.length > 0 && typeof cel?.check !== "function") {
    ctx.warn(
      V014_SKIPPED,
      celPaths[0]!,
      `${celPaths.length} CEL expression(s) were not syntax-checked (V-014): pass a CEL checker as options.cel, e.g. the evaluator of @oatf/cel-default`,
    );
  }
}

/**
 * V-010 for generated ids (format §6.1: an id is unique within the document): an indicator
 * without `id` gets one from N-003, which must not equal an explicit id of another indicator,
 * or normalize would give two indicators one id and evaluation would merge their verdicts.
 */
function checkGeneratedIds(ctx: Context, attack: Obj, indicators: unknown[] | undefined): void {
  if (!indicators) return;
  const explicit = new Map<unknown, number>();
  indicators.forEach((indicator, index) => {
    if (isObj(indicator) && isPresent(indicator.id) && !explicit.has(indicator.id))
      explicit.set(indicator.id, index);
  });
  indicators.forEach((indicator, index) => {
    if (!isObj(indicator) || isPresent(indicator.id)) return;
    const generated = generatedIndicatorId(attack, index);
    const owner = explicit.get(generated);
    if (owner === undefined) return;
    ctx.error(
      "V-010",
      keyPath(indexPath(INDICATORS_PATH, index), "id"),
      `this indicator has no id, and the one normalization generates for it, "${generated}", is the explicit id of ${indexPath(INDICATORS_PATH, owner)}; give this indicator its own id or rename the other`,
    );
  });
}

/** V-010 uniqueness; V-024 shape and prefix when `attack.id` is set. */
function checkId(
  ctx: Context,
  indicator: Obj,
  path: string,
  attackId: unknown,
  seen: Set<unknown>,
): void {
  const id = indicator.id;
  if (!isPresent(id)) return;
  const idPath = keyPath(path, "id");
  if (seen.has(id))
    ctx.error("V-010", idPath, `indicator id ${show(id)} is already used; ids must be unique`);
  seen.add(id);
  if (typeof attackId !== "string") return;
  const valid =
    typeof id === "string" &&
    INDICATOR_ID.test(id) &&
    id.slice(0, id.lastIndexOf("-")) === attackId;
  if (!valid) {
    ctx.error(
      "V-024",
      idPath,
      `indicator id ${show(id)} must be "${attackId}-NN" (two or more digits), e.g. ${attackId}-01`,
    );
  }
}

/** Protocol (V-028, V-034, W-003, W-005), surface (V-018 warning) and actor (V-048). */
function checkScope(ctx: Context, indicator: Obj, path: string, view: ExecutionView): void {
  const protocolPath = keyPath(path, "protocol");
  // Format §5.1: indicators inherit the protocol of `execution.mode`, which the
  // multi-actor form does not have (even when a V-030 document writes one).
  const execution = view.execution;
  const executionMode = isPresent(execution?.actors) ? undefined : execution?.mode;
  if (isPresent(indicator.protocol)) {
    checkProtocol(ctx, indicator.protocol, protocolPath);
  } else if (execution && !isPresent(executionMode)) {
    ctx.error(
      "V-028",
      protocolPath,
      "with no `execution.mode` to inherit from (mode-less phases or multi-actor form), every indicator must declare `protocol`, e.g. mcp",
    );
  }
  const actorName = indicator.actor;
  if (isPresent(actorName) && !view.actorNames.has(actorName as string)) {
    ctx.error(
      "V-048",
      keyPath(path, "actor"),
      `actor ${show(actorName)} does not exist; actors: ${[...view.actorNames].join(", ") || "(none)"}`,
    );
  }
  const protocol = execution ? indicatorProtocol({ execution }, indicator) : undefined;
  if (protocol === undefined) return;
  // W-005: the actors this indicator sees (only `indicator.actor` when given) speak another
  // protocol. An inherited protocol is that of `execution.mode`, which they all speak.
  const scope = isPresent(actorName)
    ? view.actors.filter((a) => a.name === actorName)
    : view.actors;
  const spoken = new Set(scope.flatMap((a) => [...a.protocols]));
  if (spoken.size > 0 && !spoken.has(protocol)) {
    const who = isPresent(actorName) ? `actor "${actorName}"` : "the execution profile";
    ctx.warn(
      "W-005",
      protocolPath,
      `no actor speaks protocol "${protocol}" (${who} uses ${[...spoken].join(", ")}); this indicator will see no traffic`,
    );
  }
  const surface = indicator.surface;
  // Unrecognized protocols pass (no V-018), so a warned protocol has an operation list.
  if (typeof surface === "string" && !isSurfaceValidForProtocol(protocol, surface)) {
    const operations = surfacesFor(protocol)!;
    const suggestion = didYouMean(surface, operations);
    ctx.warn(
      "V-018",
      keyPath(path, "surface"),
      `surface "${surface}" is not an operation of protocol ${protocol}; ${
        suggestion === undefined
          ? `check the binding's operation names (e.g. ${operations.slice(0, 3).join(", ")})`
          : `did you mean \`${suggestion}\`?`
      }`,
      undefined,
      { suggestion },
    );
  }
}

/** V-012, V-049, then the method's own checks. */
function checkDetection(ctx: Context, indicator: Obj, path: string, celPaths: string[]): void {
  const present = INDICATOR_METHODS.filter((method) => isPresent(indicator[method]));
  if (present.length !== 1) {
    ctx.error(
      "V-012",
      path,
      present.length === 0
        ? "an indicator needs one detection key: pattern, expression or semantic"
        : `an indicator has exactly one detection key, found ${present.join(" and ")}; split it into separate indicators`,
    );
  }
  const method = indicator.method;
  checkEnum(ctx, method, INDICATOR_METHODS, keyPath(path, "method"));
  if (INDICATOR_METHODS.includes(method as never) && !isPresent(indicator[method as string])) {
    ctx.error(
      "V-049",
      keyPath(path, "method"),
      `method is "${method}" but the indicator has no \`${method}\` block${present.length ? ` (found ${present.join(", ")})` : ""}`,
    );
  }
  const pattern = objAt(indicator, "pattern");
  if (pattern) checkPattern(ctx, pattern, keyPath(path, "pattern"));
  const expression = objAt(indicator, "expression");
  if (expression) checkExpression(ctx, expression, keyPath(path, "expression"), celPaths);
  const semantic = objAt(indicator, "semantic");
  if (semantic) checkSemantic(ctx, semantic, keyPath(path, "semantic"));
}

/** Standard form (`condition`) and shorthand form (operator keys on the pattern), format §6.2. */
function checkPattern(ctx: Context, pattern: Obj, path: string): void {
  checkWildcardPath(ctx, pattern.target, keyPath(path, "target"));
  const condition = pattern.condition;
  checkConditionTypos(ctx, condition, keyPath(path, "condition"));
  if (isMatchCondition(condition) && "regex" in condition) {
    checkRegex(ctx, condition.regex, keyPath(keyPath(path, "condition"), "regex"));
  }
  if ("regex" in pattern) checkRegex(ctx, pattern.regex, keyPath(path, "regex"));
}

/** V-014 (with the caller's checker), V-026, V-039. */
function checkExpression(ctx: Context, expression: Obj, path: string, celPaths: string[]): void {
  const celPath = keyPath(path, "cel");
  const checker = ctx.options.cel;
  const variables = objAt(expression, "variables");
  if (typeof expression.cel !== "string") {
    ctx.error(
      "V-014",
      celPath,
      `\`cel\` must be a CEL expression string, got ${show(expression.cel)}`,
    );
  } else {
    celPaths.push(celPath);
    if (typeof checker?.check === "function")
      checkCel(ctx, checker, expression.cel, Object.keys(variables ?? {}), celPath);
  }
  for (const [name, source] of Object.entries(variables ?? {})) {
    const at = keyPath(keyPath(path, "variables"), name);
    if (!CEL_IDENTIFIER.test(name)) {
      ctx.error(
        "V-039",
        at,
        `variable name "${name}" is not a CEL identifier; use letters, digits and _, not starting with a digit, e.g. ${name.replace(/[^_a-zA-Z0-9]/g, "_").replace(/^(?=[0-9])/, "_")}`,
      );
    }
    const parsed = typeof source === "string" ? parseSimplePath(source) : undefined;
    if (!parsed?.ok) {
      const why = parsed ? parsed.error.message : `got ${show(source)}`;
      ctx.error(
        "V-026",
        at,
        `variable source must be a simple dot-path without [*] or [0] (${why})`,
      );
    }
  }
}

function checkCel(
  ctx: Context,
  checker: CelEvaluator,
  expression: string,
  variables: readonly string[],
  path: string,
): void {
  let result: Result<void, CelSyntaxError>;
  try {
    result = checker.check!(expression);
  } catch (thrown) {
    result = { ok: false, error: { message: `the CEL checker failed: ${String(thrown)}` } };
  }
  if (result.ok) {
    checkCelFunctions(ctx, checker, expression, path);
    checkCelVariables(ctx, checker, expression, variables, path);
    return;
  }
  const { message, line, column } = result.error;
  const at = column === undefined ? "" : ` at ${line ?? 1}:${column}`;
  const index = column === undefined ? undefined : indexOf(expression, line ?? 1, column);
  ctx.error(
    "V-014",
    path,
    `CEL syntax error${at}: ${message}`,
    index === undefined ? undefined : { within: { start: index } },
  );
}

/** The index in `text` of a 1-based line and column (UTF-16), when it is inside the text. */
function indexOf(text: string, line: number, column: number): number | undefined {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const index = start + column - 1;
  return Number.isInteger(index) && index >= start && index <= text.length ? index : undefined;
}

function checkSemantic(ctx: Context, semantic: Obj, path: string): void {
  ctx.warn(
    "W-007",
    path,
    "semantic detection is experimental and model-dependent; results may differ between tools (give examples)",
  );
  checkWildcardPath(ctx, semantic.target, keyPath(path, "target"));
  const threshold = semantic.threshold;
  if (
    isPresent(threshold) &&
    !(typeof threshold === "number" && threshold >= 0 && threshold <= 1)
  ) {
    ctx.error(
      "V-022",
      keyPath(path, "threshold"),
      `threshold must be a number from 0.0 to 1.0, got ${show(threshold)}`,
    );
  }
  checkEnum(ctx, semantic.intent_class, SEMANTIC_INTENT_CLASSES, keyPath(path, "intent_class"));
}

/** V-021: `tools[*].description` style paths; "" targets the root. */
function checkWildcardPath(ctx: Context, target: unknown, path: string): void {
  if (!isPresent(target)) return;
  const parsed = typeof target === "string" ? parseWildcardPath(target) : undefined;
  if (parsed?.ok) return;
  const why = parsed ? parsed.error.message : `got ${show(target)}`;
  ctx.error(
    "V-021",
    path,
    `target must be a wildcard dot-path such as tools[*].description, without numeric indexes (${why})`,
  );
}
