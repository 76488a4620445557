// `oatf evaluate`'s text output: one document in detail (each indicator with its evidence, the
// summary counts), several as a table with totals; with run keys, each run of a document in
// detail (one document) or as a row under it (several). The coverage warnings go to stderr.
import type { IndicatorCoverage } from "@oatf/evaluate";
import type { AttackVerdict } from "@oatf/model";
import { escapeForTerminal } from "@oatf/model/terminal";
import { plural, tableLines } from "../shared/report.js";
import type { EvaluatedDocument } from "./report.js";

/** The warnings of a coverage list (unseen or blind indicators, targets that never resolved). */
export function warningsOf(coverage: readonly IndicatorCoverage[] | undefined): string[] {
  return (coverage ?? []).flatMap((c) => (c.warning === undefined ? [] : [c.warning]));
}

/**
 * How a run is named to the reader: `run NAME`, and for the lines without a run key (the unnamed
 * run `""`, beside named ones) `the run without a key`, never a bare `run `.
 */
export function runLabel(run: string): string {
  return run === "" ? "the run without a key" : `run ${run}`;
}

/** A document's coverage warnings: each run's (named), else its verdict's. */
export function coverageWarnings(e: EvaluatedDocument): string[] {
  if (e.runs === undefined) return warningsOf(e.coverage);
  return e.runs.flatMap((r) => warningsOf(r.coverage).map((w) => `${runLabel(r.run)}: ${w}`));
}

const RESULTS = ["exploited", "partial", "not_exploited", "error"] as const;

/** `1 exploited, 0 partial, 1 not_exploited, 0 error` of some results. */
function tally(results: readonly string[]): string {
  return RESULTS.map((r) => `${results.filter((x) => x === r).length} ${r}`).join(", ");
}

const tierOf = (v: AttackVerdict) => (v.max_tier ? ` (max_tier: ${v.max_tier})` : "");

/** `head: result (max_tier)`, then a line per indicator and the summary counts. */
function detail(v: AttackVerdict, head: string): string[] {
  const lines = [`${head}: ${v.result}${tierOf(v)}`];
  const width = Math.max(...v.indicator_verdicts.map((i) => i.indicator_id.length), 0);
  for (const i of v.indicator_verdicts) {
    lines.push(
      `  ${i.result.padEnd(11)} ${escapeForTerminal(i.indicator_id.padEnd(width))}  ${escapeForTerminal(i.evidence ?? "")}`.trimEnd(),
    );
  }
  const s = v.evaluation_summary;
  lines.push(
    `  ${s.matched} matched, ${s.not_matched} not_matched, ${s.error} error, ${s.skipped} skipped`,
  );
  return lines;
}

function one(e: EvaluatedDocument, over: string): string {
  const v = e.verdict!;
  const title =
    escapeForTerminal(
      [v.attack_id, e.name ? `"${e.name}"` : undefined].filter(Boolean).join(" "),
    ) || "attack";
  if (e.runs === undefined) {
    const [head, ...rest] = detail(v, title);
    return `${[`${head} over ${over}`, ...rest].join("\n")}\n`;
  }
  const runs = e.runs;
  const head =
    `${title}: ${v.result}${tierOf(v)} over ${over}; ${plural(runs.length, "run")}: ` +
    `${tally(runs.map((r) => r.verdict.result))} (decided by ${escapeForTerminal(runLabel(e.run ?? ""))})`;
  const blocks = runs.flatMap((r) => detail(r.verdict, escapeForTerminal(runLabel(r.run))));
  return `${[head, ...blocks].join("\n")}\n`;
}

/** The text report: one document in detail, several as a table with totals. */
export function toText(
  entries: EvaluatedDocument[],
  count: number,
  failing: (e: EvaluatedDocument) => boolean,
): string {
  const over = plural(count, "trace message");
  if (entries.length === 1 && entries[0]!.verdict !== undefined) return one(entries[0]!, over);
  const row = (name: string, v: AttackVerdict | undefined) => {
    const matched =
      v?.indicator_verdicts.filter((i) => i.result === "matched").map((i) => i.indicator_id) ?? [];
    const ids = matched.length ? ` ${matched.join(", ")}` : "";
    return [
      escapeForTerminal(name),
      v?.result ?? "invalid",
      v?.max_tier ?? "-",
      v === undefined
        ? "-"
        : `${matched.length}/${v.indicator_verdicts.length}${escapeForTerminal(ids)}`,
    ];
  };
  const rows = entries.flatMap((e) => [
    row(e.file, e.verdict),
    ...(e.runs ?? []).map((r) => row(`  ${runLabel(r.run)}`, r.verdict)),
  ]);
  const header = ["DOCUMENT", "RESULT", "MAX_TIER", "MATCHED"];
  const results = entries.map((e) => e.verdict?.result ?? "invalid");
  const invalid = results.filter((r) => r === "invalid").length;
  const totals =
    `${plural(entries.length, "document")} over ${over}: ${tally(results)}` +
    `${invalid ? `, ${invalid} invalid` : ""}; ${entries.filter(failing).length} failing`;
  return `${[...tableLines(header, rows), "", totals].join("\n")}\n`;
}
