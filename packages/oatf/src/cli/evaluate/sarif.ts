// SARIF 2.1.0 for `oatf evaluate --format sarif` (issue 37 §3): the findings view of CI
// dashboards. One rule per indicator (its id, description and severity, its document's
// `classification.mappings` as relationships to SARIF taxonomies: ATLAS, ATT&CK, the OWASP
// lists, CWE); one result per matched indicator, located at the trace line (in a HAR, the line
// its entry starts on) that decided it, with a fingerprint that stays the same across runs.
// Rule ids are unique in the log, whatever documents share an indicator id (ruleIds below).
import { createHash } from "node:crypto";
import type { Document, FrameworkMapping, Indicator, SeverityLevel } from "@oatf/model";
import { sarifArtifact, sarifLog } from "../shared/sarif.js";
import type { EvaluatedDocument, EvaluateReport } from "./report.js";
import { runLabel } from "./text.js";

/** The known frameworks (format §4.5) as taxonomies; any other is named as written. */
const FRAMEWORKS: Record<string, { name: string; informationUri: string }> = {
  atlas: { name: "MITRE ATLAS", informationUri: "https://atlas.mitre.org/" },
  mitre_attack: { name: "MITRE ATT&CK", informationUri: "https://attack.mitre.org/" },
  owasp_llm: {
    name: "OWASP Top 10 for LLM Applications",
    informationUri: "https://genai.owasp.org/llm-top-10/",
  },
  owasp_mcp: {
    name: "OWASP MCP Top 10",
    informationUri: "https://owasp.org/www-project-mcp-top-10/",
  },
  owasp_agentic: {
    name: "OWASP Top 10 for Agentic Applications",
    informationUri: "https://genai.owasp.org/",
  },
  cwe: { name: "CWE", informationUri: "https://cwe.mitre.org/" },
};

/** SARIF levels and GitHub's numeric `security-severity` for OATF severity levels. */
const LEVELS: Record<SeverityLevel, { level: string; score: string }> = {
  critical: { level: "error", score: "9.5" },
  high: { level: "error", score: "8.0" },
  medium: { level: "warning", score: "5.5" },
  low: { level: "note", score: "3.0" },
  informational: { level: "note", score: "0.0" },
};

interface Rule {
  id: string;
  level: string;
  sarif: object;
}

/** The SARIF log of an evaluation report. */
export function evaluateSarif(report: EvaluateReport): object {
  const taxonomies = new Taxonomies();
  const rules: Rule[] = [];
  const results: object[] = [];
  const notifications: object[] = [];
  const evaluated = report.documents.filter(
    (e): e is EvaluatedDocument & { document: Document } =>
      e.document !== undefined && e.verdict !== undefined,
  );
  const ids = ruleIds(evaluated);
  for (const entry of evaluated) {
    const document = entry.document;
    if (entry.verdict === undefined) continue;
    const mappings = document.attack?.classification?.mappings ?? [];
    const relationships = mappings.map((m) => taxonomies.relationship(m));
    const byId = new Map<string, Rule>();
    (document.attack?.indicators ?? []).forEach((indicator, i) => {
      const ruleId = ids.get(entry)![i]!;
      const rule = toRule(entry, document, indicator, relationships, ruleId);
      byId.set(indicator.id ?? "", rule);
      rules.push(rule);
    });
    notifications.push(...blindNotifications(entry, byId, rules));
    for (const verdict of entry.verdict.indicator_verdicts) {
      if (verdict.result !== "matched") continue;
      const rule = byId.get(verdict.indicator_id);
      if (rule === undefined) continue;
      const position = entry.coverage?.find(
        (c) => c.indicator_id === verdict.indicator_id,
      )?.position;
      results.push({
        ruleId: rule.id,
        ruleIndex: rules.indexOf(rule),
        level: rule.level,
        message: {
          text: `${attackTitle(entry)} ${entry.verdict.result}: indicator ${verdict.indicator_id} matched: ${verdict.evidence ?? ""}`,
        },
        locations: [location(report.trace, entry.file, position)],
        ...(report.trace === "-"
          ? {}
          : {
              relatedLocations: [
                {
                  id: 1,
                  ...location(entry.file, entry.file, undefined),
                  message: { text: "the attack document" },
                },
              ],
            }),
        fingerprints: {
          "oatf/v1": fingerprint(entry, verdict.indicator_id, report.trace, verdict.evidence),
        },
        properties: {
          document: entry.file,
          ...(entry.verdict.attack_id === undefined ? {} : { attack_id: entry.verdict.attack_id }),
          verdict: entry.verdict.result,
          ...(entry.verdict.max_tier === undefined ? {} : { max_tier: entry.verdict.max_tier }),
        },
      });
    }
  }
  const supported = taxonomies.list.map((t, index) => ({ name: t.name, index }));
  return sarifLog(
    {
      rules: rules.map((r) => r.sarif),
      ...(supported.length ? { supportedTaxonomies: supported } : {}),
    },
    {
      ...(taxonomies.list.length ? { taxonomies: taxonomies.list } : {}),
      // Indicators that could not see the trace (skipped, partly blind, never resolved) are
      // no finding, but a dashboard must not read their silence as a pass (issue 32 §3).
      ...(notifications.length
        ? {
            invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
          }
        : {}),
      results,
    },
  );
}

/** A SARIF notification for each coverage warning of `entry` (each run's, named), on its rule. */
function blindNotifications(
  entry: EvaluatedDocument,
  byId: ReadonlyMap<string, Rule>,
  rules: readonly Rule[],
): object[] {
  const runs = entry.runs ?? [{ run: undefined, coverage: entry.coverage ?? [] }];
  return runs.flatMap(({ run, coverage }) =>
    coverage.flatMap(({ indicator_id, warning }) => {
      if (warning === undefined) return [];
      const rule = byId.get(indicator_id);
      const text = `${entry.file}: ${run === undefined ? "" : `${runLabel(run)}: `}${warning}`;
      return [
        {
          level: "warning",
          message: { text },
          ...(rule ? { associatedRule: { id: rule.id, index: rules.indexOf(rule) } } : {}),
        },
      ];
    }),
  );
}

/**
 * Each document's rule ids, in the order of its indicators: unique in the log (a result's
 * `ruleId` names one rule, the one at its `ruleIndex`) and the same from run to run as far as
 * the documents allow (code scanning keys alerts by rule id). An indicator's id is its rule id:
 * the spec already qualifies it with its document's attack id (`{attack.id}-NN`, format §6).
 * It is qualified with the document's path (`path#id`) where that is not enough: in a document
 * without an attack id (every such document has an `indicator-01`), and when documents of the
 * run share the id (two documents claiming one attack id). A path listed twice counts on.
 */
function ruleIds(entries: readonly { file: string; document: Document }[]) {
  const idsOf = (d: Document) =>
    (d.attack?.indicators ?? []).map(
      (indicator, i) => indicator.id ?? `indicator-${String(i + 1).padStart(2, "0")}`,
    );
  const uses = new Map<string, number>();
  for (const { document } of entries)
    for (const id of new Set(idsOf(document))) uses.set(id, (uses.get(id) ?? 0) + 1);
  const taken = new Set<string>();
  const result = new Map<object, string[]>();
  for (const entry of entries) {
    const qualify = entry.document.attack?.id === undefined;
    const ids = idsOf(entry.document).map((id) => {
      const base = qualify || uses.get(id)! > 1 ? `${entry.file}#${id}` : id;
      let ruleId = base;
      for (let n = 2; taken.has(ruleId); n++) ruleId = `${base}~${n}`;
      taken.add(ruleId);
      return ruleId;
    });
    result.set(entry, ids);
  }
  return result;
}

function toRule(
  entry: EvaluatedDocument,
  document: Document,
  indicator: Indicator,
  relationships: object[],
  id: string,
): Rule {
  const attack = document.attack;
  const indicatorId = indicator.id ?? id;
  const attackLevel =
    typeof attack?.severity === "string" ? attack.severity : attack?.severity?.level;
  const severity = LEVELS[indicator.severity ?? attackLevel ?? "medium"] ?? LEVELS.medium;
  const summary = indicator.description ?? `${attackTitle(entry)}: indicator ${indicatorId}`;
  const tags = [
    "security",
    attack?.classification?.category,
    ...(attack?.classification?.tags ?? []),
  ];
  const sarif = {
    id,
    name: indicatorId,
    shortDescription: { text: summary },
    fullDescription: { text: attack?.description?.trim() || summary },
    ...(attack?.references?.[0] ? { helpUri: attack.references[0].url } : {}),
    defaultConfiguration: { level: severity.level },
    properties: {
      indicator_id: indicatorId,
      document: entry.file,
      ...(attack?.id === undefined ? {} : { attack_id: attack.id }),
      "security-severity": severity.score,
      tags: tags.filter((t): t is string => typeof t === "string"),
      ...(indicator.tier === undefined ? {} : { tier: indicator.tier }),
      ...(indicator.false_positives ? { false_positives: indicator.false_positives } : {}),
    },
    ...(relationships.length ? { relationships } : {}),
  };
  return { id, level: severity.level, sarif };
}

/** The run's taxonomies, one per framework in order of first use, each taxon once. */
class Taxonomies {
  readonly list: { name: string; informationUri?: string; taxa: object[] }[] = [];
  private readonly taxa = new Map<string, Set<string>>();

  relationship(m: FrameworkMapping): object {
    const known = Object.hasOwn(FRAMEWORKS, m.framework) ? FRAMEWORKS[m.framework] : undefined;
    const name = known?.name ?? m.framework;
    let index = this.list.findIndex((t) => t.name === name);
    if (index < 0) {
      index =
        this.list.push({
          name,
          ...(known ? { informationUri: known.informationUri } : {}),
          taxa: [],
        }) - 1;
      this.taxa.set(name, new Set());
    }
    const seen = this.taxa.get(name)!;
    if (!seen.has(m.id)) {
      seen.add(m.id);
      const helpUri = m.url ?? taxonUrl(m.framework, m.id);
      this.list[index]!.taxa.push({
        id: m.id,
        ...(m.name ? { name: m.name, shortDescription: { text: m.name } } : {}),
        ...(helpUri ? { helpUri } : {}),
      });
    }
    return {
      target: { id: m.id, toolComponent: { name, index } },
      // A primary mapping: the technique covers this attack; a related one is only relevant.
      kinds: [m.relationship === "related" ? "relevant" : "superset"],
    };
  }
}

/** The entry's page, for the frameworks whose ids make one. */
function taxonUrl(framework: string, id: string): string | undefined {
  if (framework === "cwe" && /^CWE-\d+$/.test(id))
    return `https://cwe.mitre.org/data/definitions/${id.slice(4)}.html`;
  if (framework === "mitre_attack" && /^T\d+(\.\d+)?$/.test(id))
    return `https://attack.mitre.org/techniques/${id.replace(".", "/")}/`;
  if (framework === "atlas" && /^AML\.T\d+(\.\d+)?$/.test(id))
    return `https://atlas.mitre.org/techniques/${id}`;
  return undefined;
}

function attackTitle(entry: EvaluatedDocument): string {
  return (
    [entry.verdict?.attack_id, entry.name ? `"${entry.name}"` : undefined]
      .filter(Boolean)
      .join(" ") || entry.file
  );
}

/** The trace line that decided the indicator; standard input has no file: the document instead. */
function location(trace: string, document: string, line: number | undefined): object {
  const file = trace === "-" ? document : trace;
  return {
    physicalLocation: {
      artifactLocation: sarifArtifact(file),
      region: { startLine: trace === "-" || line === undefined || line < 1 ? 1 : line },
    },
  };
}

/**
 * Stable across runs of the same inputs: the document, indicator, trace and evidence (which
 * names the line and the matched value), never the evaluation's timestamp.
 */
function fingerprint(
  entry: EvaluatedDocument,
  indicator: string,
  trace: string,
  evidence = "",
): string {
  const key = [entry.file, entry.verdict?.attack_id ?? "", indicator, trace, evidence].join("\0");
  return createHash("sha256").update(key).digest("hex");
}
