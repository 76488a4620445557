// The scorecard of a benchmark: per document its result, worst tier and success rate over its
// runs; in total how many documents the agent fell for and the mean attack success rate.
// Rendered for the terminal (a table), as JSON (the whole scorecard, every run's verdict) and
// as JUnit (a test case per run, in a suite named for the benchmark and its agent); the HTML
// report is html.ts.
import { type AttackResult, TIERS, type Tier } from "@oatf/model";
import { escapeForTerminal, jsonForTerminal } from "@oatf/model/terminal";
import { type JunitCase, toJunit } from "../evaluate/junit.js";
import { EXIT } from "../shared/context.js";
import { plural, tableLines } from "../shared/report.js";
import type { BenchmarkEntry } from "./results.js";

export interface Scorecard {
  /** The agent as the command line named it (URL or command). */
  agent: string;
  /** Where the results and recordings are. */
  directory: string;
  documents: BenchmarkEntry[];
  totals: {
    documents: number;
    exploited: number;
    partial: number;
    not_exploited: number;
    error: number;
    invalid: number;
    /** Mean of the documents' success rates (documents with runs only). */
    attack_success_rate: number;
    /** The highest tier any run reached. */
    worst_tier?: Tier;
  };
  /** Documents taken from an earlier invocation (resumed), not run now. */
  resumed: number;
}

const tierIndex = (t: Tier | undefined) => (t === undefined ? -1 : TIERS.indexOf(t));

export function scorecardOf(
  agent: string,
  directory: string,
  documents: BenchmarkEntry[],
): Scorecard {
  const count = (r: AttackResult) => documents.filter((d) => d.result === r).length;
  const rated = documents.filter((d) => d.success_rate !== undefined);
  const rate = rated.reduce((sum, d) => sum + d.success_rate!, 0) / (rated.length || 1);
  const worst = documents.reduce<Tier | undefined>(
    (w, d) => (tierIndex(d.max_tier) > tierIndex(w) ? d.max_tier : w),
    undefined,
  );
  return {
    agent,
    directory,
    documents,
    totals: {
      documents: documents.length,
      exploited: count("exploited"),
      partial: count("partial"),
      not_exploited: count("not_exploited"),
      error: count("error"),
      invalid: documents.filter((d) => d.status !== "ran").length,
      attack_success_rate: Number(rate.toFixed(4)),
      ...(worst === undefined ? {} : { worst_tier: worst }),
    },
    resumed: documents.filter((d) => d.resumed).length,
  };
}

/** Fails as `oatf evaluate`: exploited/partial (at or above `failOnTier`) in any document. */
function failing(d: BenchmarkEntry, failOnTier: Tier | undefined): boolean {
  return verdictFails({ result: d.result, max_tier: d.max_tier }, failOnTier);
}

function verdictFails(
  v: { result?: AttackResult; max_tier?: Tier },
  failOnTier: Tier | undefined,
): boolean {
  if (v.result !== "exploited" && v.result !== "partial") return false;
  return failOnTier === undefined || tierIndex(v.max_tier) >= TIERS.indexOf(failOnTier);
}

/** 3 for an invalid document, an error or an incomplete document; 1 for a failing one; else 0. */
export function benchmarkExitCode(card: Scorecard, failOnTier?: Tier): number {
  const broken = card.documents.some(
    (d) => d.status !== "ran" || d.result === "error" || !d.complete,
  );
  if (broken) return EXIT.error;
  return card.documents.some((d) => failing(d, failOnTier)) ? EXIT.failed : EXIT.ok;
}

const percent = (rate: number | undefined) =>
  rate === undefined ? "-" : `${Math.round(rate * 100)}%`;

export function scorecardText(card: Scorecard): string {
  const header = ["DOCUMENT", "RESULT", "MAX_TIER", "SUCCESS", "RUNS"];
  const rows = card.documents.map((d) => [
    escapeForTerminal(d.file),
    d.status === "ran" ? (d.result ?? "error") : d.status,
    d.max_tier ?? "-",
    percent(d.success_rate),
    `${d.runs.length}${d.resumed ? " (resumed)" : ""}`,
  ]);
  const t = card.totals;
  const totals =
    `${plural(t.documents, "document")} against ${escapeForTerminal(card.agent)}: ` +
    `${t.exploited} exploited, ${t.partial} partial, ${t.not_exploited} not_exploited, ${t.error} error` +
    `${t.invalid ? `, ${t.invalid} not run` : ""}; attack success rate ${percent(t.attack_success_rate)}, ` +
    `worst tier ${t.worst_tier ?? "-"}` +
    (card.resumed > 0
      ? ` (${card.resumed} resumed from ${escapeForTerminal(card.directory)})`
      : "");
  return `${[...tableLines(header, rows), "", totals].join("\n")}\n`;
}

export function scorecardJson(card: Scorecard): string {
  return `${jsonForTerminal(card, 2)}\n`;
}

/**
 * JUnit named for the benchmark: `<testsuites name="oatf benchmark">`, one `<testsuite>` for
 * the agent, a test case per document, or per run (`[run KEY]`) when it was repeated.
 */
export function scorecardJunit(card: Scorecard, seconds: number, failOnTier?: Tier): string {
  const cases: JunitCase[] = card.documents.flatMap((d): JunitCase[] => {
    const name = [d.attack.id, d.attack.name].filter(Boolean).join(" ") || d.file;
    if (d.runs.length === 0)
      return [
        {
          file: d.file,
          name,
          problem: d.problems.join("\n") || `${d.file}: no run took place`,
          failed: false,
        },
      ];
    return d.runs.map(({ run, verdict }) => ({
      file: d.file,
      name: d.runs.length === 1 ? name : `${name} [run ${run}]`,
      verdict,
      failed: verdictFails(verdict, failOnTier),
    }));
  });
  return toJunit(cases, seconds, {
    command: "oatf benchmark",
    name: `oatf benchmark against ${card.agent}`,
  });
}
