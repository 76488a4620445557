// Rendering of the attack verdict (format §9): result, max_tier, the evaluation summary and
// one row per indicator with its evidence and coverage, and a warning for each indicator whose
// target never resolved in the messages it was evaluated on (issue 22 §5).
import type { Diagnostic } from "oatf";
import type { TraceReport } from "./protocol.js";

export function renderVerdict(container: HTMLElement, report: TraceReport): void {
  container.replaceChildren();
  if (report.problem) {
    container.append(paragraph(report.problem, "muted"));
    return;
  }
  const verdict = report.verdict;
  if (!verdict) return;
  const head = document.createElement("p");
  head.className = "verdict-head";
  const result = document.createElement("span");
  result.className = `badge result-${verdict.result}`;
  result.dataset.testid = "attack-result";
  result.textContent = verdict.result;
  head.append("Attack verdict: ", result);
  if (verdict.max_tier) {
    const tier = document.createElement("span");
    tier.className = "badge";
    tier.dataset.testid = "max-tier";
    tier.textContent = verdict.max_tier;
    head.append(" max_tier: ", tier);
  }
  const s = verdict.evaluation_summary;
  container.append(
    head,
    paragraph(
      `${report.messageCount} message(s) read as ${report.format}. ` +
        `${s.matched} matched, ${s.not_matched} not matched, ${s.error} error, ${s.skipped} skipped.`,
      "muted",
    ),
  );
  const unread = (report.traceDiagnostics ?? []).filter((d) => d.severity !== "warning").length;
  if (unread > 0) container.append(unreadWarning(unread));
  if (report.traceDiagnostics?.length)
    container.append(
      traceDiagnosticList(report.traceDiagnostics, new Set(report.stoppingRules ?? [])),
    );
  for (const d of verdict.diagnostics ?? []) {
    container.append(paragraph(`${d.severity}: ${d.message}`, "muted"));
  }
  for (const c of verdict.coverage ?? []) {
    if (c.warning === undefined) continue;
    // It can never have matched: a not_matched here says nothing about the agent.
    const p = paragraph(`Warning: ${c.warning}.`, "warning");
    p.dataset.testid = "coverage-warning";
    p.dataset.indicator = c.indicator_id;
    container.append(p);
  }
  if (verdict.indicator_verdicts.length > 0) container.append(indicatorTable(report));
}

function indicatorTable(report: TraceReport): HTMLTableElement {
  const table = document.createElement("table");
  table.className = "indicators";
  const caption = table.createCaption();
  caption.textContent = "Indicator verdicts";
  const headRow = table.createTHead().insertRow();
  for (const name of ["indicator", "result", "evidence", "target resolved"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = name;
    headRow.append(th);
  }
  const body = table.createTBody();
  const coverage = new Map((report.verdict?.coverage ?? []).map((c) => [c.indicator_id, c]));
  for (const v of report.verdict?.indicator_verdicts ?? []) {
    const row = body.insertRow();
    row.dataset.indicator = v.indicator_id;
    row.insertCell().textContent = v.indicator_id;
    const result = document.createElement("span");
    result.className = `badge result-${v.result}`;
    result.textContent = v.result;
    row.insertCell().append(result);
    row.insertCell().textContent = v.evidence ?? "";
    const c = coverage.get(v.indicator_id);
    row.insertCell().textContent =
      c?.resolved === undefined ? "" : `in ${c.resolved} of ${c.eligible} message(s)`;
  }
  return table;
}

/** The reader's diagnostics: lines of the trace that were not read as messages. */
function traceDiagnosticList(diagnostics: Diagnostic[], stopping: Set<string>): HTMLUListElement {
  const list = document.createElement("ul");
  list.className = "trace-diagnostics";
  list.dataset.testid = "trace-diagnostics";
  for (const d of diagnostics) {
    const item = document.createElement("li");
    item.dataset.code = d.rule;
    const where = d.range === undefined ? "" : `line ${d.range.start.line}: `;
    // A problem that stopped reading is shown as fatal, as it always was.
    const level = stopping.has(d.rule) ? "fatal" : d.severity;
    item.textContent = `${level} ${d.rule}: ${where}${d.message}`;
    list.append(item);
  }
  return list;
}

/**
 * Lines the reader could not read may have held what an indicator looks for: the verdict is
 * over the rest only (`oatf evaluate` exits 3 on such a trace, whatever the verdict).
 */
function unreadWarning(count: number): HTMLParagraphElement {
  const p = paragraph(
    `Warning: ${count} trace line(s) could not be read (marked in the trace), so this verdict ` +
      "covers only the rest; oatf evaluate exits 3 on this trace.",
    "warning",
  );
  p.dataset.testid = "trace-warning";
  p.setAttribute("role", "alert");
  return p;
}

function paragraph(text: string, className: string): HTMLParagraphElement {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}
