// Extracted values across the actors of one run (format §5.5, §5.6): each actor's own names,
// and every actor's names qualified by the actor (`{{mcp_rug.token}}`). The map handed to
// `interpolateTemplate` holds both, as SDK §5.5 says the runtime must populate it; the last
// write of a name wins (format §5.5, last-write-wins).

export class ExtractorStore {
  readonly #byActor = new Map<string, Map<string, string>>();

  set(actor: string, name: string, value: string): void {
    let values = this.#byActor.get(actor);
    if (values === undefined) {
      values = new Map();
      this.#byActor.set(actor, values);
    }
    values.set(name, value);
  }

  /** What `actor` sees: its own names, then every `actor_name.extractor_name`. */
  view(actor: string): Map<string, string> {
    const view = new Map<string, string>();
    for (const [name, values] of this.#byActor)
      for (const [key, value] of values) view.set(`${name}.${key}`, value);
    for (const [key, value] of this.#byActor.get(actor) ?? []) view.set(key, value);
    return view;
  }

  /** Every value, qualified, for the report. */
  all(): Record<string, string> {
    const all: Record<string, string> = {};
    for (const [name, values] of this.#byActor)
      for (const [key, value] of values) all[`${name}.${key}`] = value;
    return all;
  }
}
