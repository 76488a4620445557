// Messages between the page and the language worker (hover, completion and quick fixes from
// @oatf/language-service). Positions are LSP's: 0-based line, UTF-16 character.

export interface PositionRequest {
  id: number;
  kind: "hover" | "completion";
  text: string;
  line: number;
  character: number;
}

/** A diagnostic of the evaluation worker, as the service's code actions read it. */
export interface FixableDiagnostic {
  span: Span;
  rule: string;
  message: string;
  severity: "error" | "warning";
  /** Its dot-path (SDK §5.1): which key or value the fix edits. */
  path: string;
}

export interface FixesRequest {
  id: number;
  kind: "fixes";
  text: string;
  diagnostics: FixableDiagnostic[];
}

export type LanguageRequest = PositionRequest | FixesRequest;

/** A span of the document, LSP positions. */
export interface Span {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface HoverReply {
  id: number;
  kind: "hover";
  /** Markdown, or undefined when there is nothing to show. */
  markdown?: string;
  span?: Span;
}

export interface CompletionOption {
  label: string;
  detail?: string;
  documentation?: string;
  /** What to insert over `span`. */
  insert: string;
  span?: Span;
}

export interface CompletionReply {
  id: number;
  kind: "completion";
  options: CompletionOption[];
}

export interface Fix {
  /** Which diagnostic of the request it fixes (its position in the list). */
  diagnostic: number;
  title: string;
  edits: { span: Span; newText: string }[];
}

export interface FixesReply {
  id: number;
  kind: "fixes";
  fixes: Fix[];
}

export type LanguageReply = HoverReply | CompletionReply | FixesReply;
