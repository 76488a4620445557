// The documents of the repository's examples/ with their traces, bundled at build time so
// that loading one needs no request.
const documents = import.meta.glob<string>("../../../examples/*.yaml", {
  query: "?raw",
  import: "default",
  eager: true,
});
const traces = import.meta.glob<string>("../../../examples/*.trace.jsonl", {
  query: "?raw",
  import: "default",
  eager: true,
});

export interface Example {
  /** The file name without extension, e.g. `mcp-rug-pull`. */
  slug: string;
  /** The attack's `name`. */
  title: string;
  document: string;
  trace: string;
}

export const EXAMPLES: Example[] = Object.entries(documents)
  .map(([path, document]) => {
    const slug = path.slice(path.lastIndexOf("/") + 1, -".yaml".length);
    const title = /^ {2}name:\s*"?([^"\n]+)"?$/m.exec(document)?.[1] ?? slug;
    const trace = traces[path.replace(/\.yaml$/, ".trace.jsonl")] ?? "";
    return { slug, title, document, trace };
  })
  .sort((a, b) => a.slug.localeCompare(b.slug));
