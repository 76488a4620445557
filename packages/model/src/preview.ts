/** `text` cut to 40 characters (with `…`), for quoting document content in messages. */
export function preview(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
