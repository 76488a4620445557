// Messages between the page and the language worker (hover and completion from
// @oatf/language-service). Positions are LSP's: 0-based line, UTF-16 character.

export interface LanguageRequest {
  id: number;
  kind: "hover" | "completion";
  text: string;
  line: number;
  character: number;
}

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

export type LanguageReply = HoverReply | CompletionReply;
