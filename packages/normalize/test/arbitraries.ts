// Generated valid OATF documents in all three execution forms, with every
// optional field present or absent, shorthand and standard patterns, and states
// that may carry an own `__proto__` key.
import type {
  Action,
  Actor,
  Document,
  Execution,
  Indicator,
  Phase,
  Trigger,
  Value,
} from "@oatf/model";
import { CATEGORIES, SEVERITY_LEVELS, STATUSES } from "@oatf/model";
import fc from "fast-check";

const MODES = ["mcp_server", "mcp_client", "a2a_server", "a2a_client", "ag_ui_client"] as const;
const mode = fc.constantFrom(...MODES);
const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ maxLength: 12 });

/** Drops keys whose generated value is undefined, as a parser would never produce them. */
function defined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const state: fc.Arbitrary<Value> = fc.oneof(
  fc.record({ tools: fc.array(fc.record({ name: word, description: text }), { maxLength: 2 }) }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ data: v as Value })),
  // An own `__proto__` key, as a YAML mapping can hold.
  fc
    .jsonValue({ maxDepth: 2 })
    .map((v) => JSON.parse(`{"__proto__": ${JSON.stringify(v)}, "a": 1}`)),
);

const trigger: fc.Arbitrary<Trigger> = fc.oneof(
  fc
    .record({
      event: fc.constantFrom("tools/call", "message/send"),
      count: maybe(fc.integer({ min: 1, max: 5 })),
    })
    .map(defined),
  fc.record({ after: fc.constantFrom("30s", "PT5M") }),
);

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ log: fc.record({ message: text }) }),
  fc.record({ delay_ms: fc.nat(1000) }),
);

const phaseBody = fc.record({
  named: fc.boolean(),
  description: maybe(text),
  state: maybe(state),
  on_enter: maybe(fc.array(action, { minLength: 1, maxLength: 2 })),
  trigger,
  terminal: fc.boolean(),
  extensions: maybe(fc.record({ "x-note": text })),
});

/**
 * Phases as validate wants them: the first has state (V-009), only the last may lack a
 * trigger (V-008), explicit names are unique (V-011).
 */
const phases = (phaseMode: string | undefined): fc.Arbitrary<Phase[]> =>
  fc.array(phaseBody, { minLength: 1, maxLength: 3 }).chain((bodies) =>
    state.map((firstState) =>
      bodies.map(({ named, terminal, ...body }, i) =>
        defined({
          ...body,
          name: named ? `p${i}` : undefined,
          mode: phaseMode,
          state: i === 0 ? (body.state ?? firstState) : body.state,
          trigger: terminal && i === bodies.length - 1 ? undefined : body.trigger,
        }),
      ),
    ),
  );

const execution: fc.Arbitrary<Execution> = fc.oneof(
  fc.record({ mode, state }),
  fc.record({ mode, phases: phases(undefined) }),
  // Mode-less multi-phase: every phase carries the same mode (V-028).
  mode.chain((m) => fc.record({ phases: phases(m) })),
  fc.record({
    actors: fc.uniqueArray(
      fc.record({ name: word, mode, phases: phases(undefined) }).map((a) => a as Actor),
      { minLength: 1, maxLength: 3, selector: (a) => a.name },
    ),
  }),
);

const condition = fc.oneof(
  fc.record({ contains: text }),
  fc.record({ regex: fc.constant("a+") }),
  fc.record({ gt: fc.integer(), lte: fc.integer() }),
  fc.record({ exists: fc.boolean() }),
  text, // bare value: equality
);

const pattern = fc.oneof(
  // Shorthand: one operator directly on the pattern.
  fc.oneof(
    fc.record({ contains: text }),
    fc.record({ starts_with: text }),
    fc.record({ regex: fc.constant("x|y") }),
    fc.record({ any_of: fc.array(text, { maxLength: 2 }) }),
  ),
  fc.record({ target: maybe(fc.constant("content[*].text")), condition }).map(defined),
);

const indicator = (protocolRequired: boolean) =>
  fc
    .record({
      explicitId: fc.boolean(),
      protocol: protocolRequired
        ? fc.constantFrom("mcp", "a2a", "ag_ui")
        : maybe(fc.constant("mcp")),
      surface: maybe(fc.constant("tools/list")),
      target: fc.constant("tools[*].description"),
      method: fc.constant(undefined),
      detection: fc.oneof(
        pattern.map((p) => ({ pattern: p })),
        fc.record({ expression: fc.record({ cel: fc.constant("true") }) }),
        fc.record({
          semantic: fc
            .record({
              intent: text,
              target: maybe(fc.constant("content")),
              threshold: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
            })
            .map(defined),
        }),
      ),
      extensions: maybe(fc.record({ "x-owner": text })),
    })
    .map(({ detection, ...rest }) => defined({ ...rest, ...detection }));

const tag = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_ -]{0,10}$/);

export const validDocument: fc.Arbitrary<Document> = execution.chain((exec) =>
  fc
    .record({
      id: maybe(fc.stringMatching(/^OATF-[0-9]{3}$/)),
      name: maybe(text),
      version: maybe(fc.integer({ min: 1, max: 9 })),
      status: maybe(fc.constantFrom(...STATUSES)),
      severity: maybe(
        fc.oneof(
          fc.constantFrom(...SEVERITY_LEVELS),
          fc
            .record({ level: fc.constantFrom(...SEVERITY_LEVELS), confidence: maybe(fc.nat(100)) })
            .map(defined),
        ),
      ),
      classification: maybe(
        fc
          .record({
            category: maybe(fc.constantFrom(...CATEGORIES)),
            tags: maybe(fc.array(tag, { maxLength: 3 })),
            mappings: maybe(
              fc.array(
                fc
                  .record({
                    framework: fc.constant("atlas"),
                    id: word,
                    relationship: maybe(fc.constantFrom("primary", "related" as const)),
                  })
                  .map(defined),
                { maxLength: 2 },
              ),
            ),
          })
          .map(defined),
      ),
      execution: fc.constant(exec),
      indicators: maybe(
        fc.array(indicator(exec.mode === undefined), { minLength: 1, maxLength: 4 }),
      ),
      correlation: fc.constant(undefined),
      extensions: maybe(
        fc.record({ "x-vendor": fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Value> }),
      ),
    })
    .chain((attack) =>
      // correlation only beside indicators (V-047).
      fc
        .option(fc.record({ logic: maybe(fc.constantFrom("any", "all" as const)) }).map(defined), {
          nil: undefined,
        })
        .map((correlation) =>
          defined({ ...attack, correlation: attack.indicators ? correlation : undefined }),
        ),
    )
    .map(
      (attack) =>
        ({
          oatf: "0.1",
          attack: { ...attack, indicators: withIds(attack.id, attack.indicators) },
        }) as Document,
    ),
);

/** Explicit indicator ids that are unique (V-010) and carry the attack id as prefix (V-024). */
function withIds(
  attackId: string | undefined,
  indicators: ({ explicitId: boolean } & Omit<Indicator, "id">)[] | undefined,
): Indicator[] | undefined {
  return indicators?.map(({ explicitId, ...rest }, i) =>
    explicitId ? { id: attackId ? `${attackId}-${50 + i}` : `ind-${i}`, ...rest } : rest,
  );
}
