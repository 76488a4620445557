// The benchmark's HTML report: one self-contained file (inline style, no script, nothing
// fetched) a person opens or a CI system keeps as an artifact. Per document: its verdict,
// tier, success rate, each run's indicator verdicts with their evidence, the runner's
// problems, and, when pictures are given, the document's actors and phases as a timeline
// (`pictures.timeline`, @oatf/diagrams' `timelineSvg`) and each run's recorded exchange as a
// sequence diagram (`pictures.sequence`, `sequenceSvg`). Everything that comes from documents,
// traces or the command line is untrusted (format §12.1) and goes through `escapeHtml`; the
// page's Content-Security-Policy forbids scripts besides, so a missed escape cannot run.
import type { TraceMessage } from "@oatf/evaluate";
import type { BenchmarkEntry } from "./results.js";
import type { Scorecard } from "./scorecard.js";

/** Draws SVG markup (its text escaped by the drawer): a run's recorded exchange, a document. */
export interface ReportPictures {
  sequence(
    messages: readonly TraceMessage[],
    options: { document?: unknown; idPrefix: string },
  ): string;
  timeline?(document: unknown): string;
}

export interface HtmlReportOptions {
  /** The messages of a run (read from its recording), for its picture. */
  messagesOf?: (entry: BenchmarkEntry, run: number) => readonly TraceMessage[] | undefined;
  /** The parsed document of an entry, for its picture's actors. */
  documentOf?: (entry: BenchmarkEntry) => unknown;
  pictures?: ReportPictures;
  /** When the report was made (default now). */
  generated?: Date;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text or an attribute value made inert in HTML: markup characters as entities. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin:0}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
.doc{border:1px solid #d0d7de;border-radius:6px;padding:1rem;margin:1rem 0}
.r{font-weight:600;padding:.1rem .4rem;border-radius:4px}
.exploited{background:#ffebe9;color:#82071e}.partial{background:#fff8c5;color:#7d4e00}
.not_exploited{background:#dafbe1;color:#116329}.error,.invalid,.unreadable{background:#eaeef2;color:#57606a}
.evidence{font-family:ui-monospace,monospace;font-size:12px;white-space:pre-wrap;word-break:break-all}
figure{overflow-x:auto;margin:.5rem 0}.muted{color:#57606a}`;

function badge(result: string): string {
  return `<span class="r ${escapeHtml(result)}">${escapeHtml(result)}</span>`;
}

const percent = (rate: number | undefined) =>
  rate === undefined ? "-" : `${Math.round(rate * 100)}%`;

function runSection(
  entry: BenchmarkEntry,
  index: number,
  docIndex: number,
  options: HtmlReportOptions,
): string {
  const run = entry.runs[index]!;
  const v = run.verdict;
  const rows = v.indicator_verdicts
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.indicator_id)}</td><td>${badge(i.result)}</td><td class="evidence">${escapeHtml(i.evidence ?? "")}</td></tr>`,
    )
    .join("");
  let picture = "";
  const messages = options.pictures ? options.messagesOf?.(entry, index) : undefined;
  if (options.pictures && messages !== undefined && messages.length > 0) {
    const svg = options.pictures.sequence(messages, {
      document: options.documentOf?.(entry),
      idPrefix: `d${docIndex}r${index}-`,
    });
    picture = `<figure>${svg}<figcaption class="muted">the recorded exchange (${messages.length} messages)</figcaption></figure>`;
  }
  return `<h3>run ${escapeHtml(run.run)}: ${badge(v.result)} ${escapeHtml(v.max_tier ?? "")}</h3>
<p class="muted">${escapeHtml(run.messages)} messages, ended ${escapeHtml(run.ended)}, recording <a href="${escapeHtml(encodeURI(run.trace))}">${escapeHtml(run.trace)}</a></p>
<table><tr><th>indicator</th><th>result</th><th>evidence</th></tr>${rows}</table>${picture}`;
}

function documentSection(
  entry: BenchmarkEntry,
  docIndex: number,
  options: HtmlReportOptions,
): string {
  const title = [entry.attack.id, entry.attack.name].filter(Boolean).join(" ");
  const result = entry.status === "ran" ? (entry.result ?? "error") : entry.status;
  const problems =
    entry.problems.length === 0
      ? ""
      : `<ul class="evidence">${entry.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>`;
  const runs = entry.runs.map((_, i) => runSection(entry, i, docIndex, options)).join("\n");
  const document = options.pictures?.timeline ? options.documentOf?.(entry) : undefined;
  const timeline =
    document === undefined
      ? ""
      : `<figure>${options.pictures!.timeline!(document)}<figcaption class="muted">the attack's actors and phases</figcaption></figure>\n`;
  return `<section class="doc" id="doc-${docIndex}">
<h2>${escapeHtml(title || entry.file)}</h2>
<p>${badge(result)} max tier <b>${escapeHtml(entry.max_tier ?? "-")}</b>, success rate <b>${percent(entry.success_rate)}</b> over ${entry.runs.length} run(s)${entry.resumed ? " (resumed)" : ""} <span class="muted">${escapeHtml(entry.file)}</span></p>
${problems}${timeline}${runs}
</section>`;
}

/** The whole report as one HTML document. */
export function scorecardHtml(card: Scorecard, options: HtmlReportOptions = {}): string {
  const t = card.totals;
  const summary = card.documents
    .map((d, i) => {
      const result = d.status === "ran" ? (d.result ?? "error") : d.status;
      const title = [d.attack.id, d.attack.name].filter(Boolean).join(" ") || d.file;
      return `<tr><td><a href="#doc-${i}">${escapeHtml(title)}</a></td><td>${badge(result)}</td><td>${escapeHtml(d.max_tier ?? "-")}</td><td>${percent(d.success_rate)}</td><td>${d.runs.length}</td></tr>`;
    })
    .join("\n");
  const generated = (options.generated ?? new Date()).toISOString();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>OATF benchmark: ${escapeHtml(card.agent)}</title><style>${STYLE}</style></head>
<body>
<h1>OATF benchmark</h1>
<p>Agent <b>${escapeHtml(card.agent)}</b>, ${t.documents} documents: ${t.exploited} exploited, ${t.partial} partial, ${t.not_exploited} not_exploited, ${t.error} error, ${t.invalid} not run. Attack success rate <b>${percent(t.attack_success_rate)}</b>, worst tier <b>${escapeHtml(t.worst_tier ?? "-")}</b>.</p>
<p class="muted">Generated ${escapeHtml(generated)}; results in ${escapeHtml(card.directory)}.${options.pictures ? "" : " No pictures of the exchanges in this build."}</p>
<table><tr><th>document</th><th>result</th><th>max tier</th><th>success</th><th>runs</th></tr>
${summary}
</table>
${card.documents.map((d, i) => documentSection(d, i, options)).join("\n")}
</body></html>
`;
}
