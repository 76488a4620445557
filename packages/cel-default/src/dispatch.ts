// Overload dispatch with the same answers as @bufbuild/cel's, without its per-call search. The
// library calls a function by trying each of its overloads in order, and each overload works
// out the CEL type of every argument again (a new type object for a list or a map): `_+_` has
// a dozen overloads, and the list one (concat.ts) comes last, so `accu + [x]`, the step of
// every `map` and `filter`, tried them all on every step. Here the overloads that can accept
// a given shape of arguments (the kinds of the target and arguments, which fix their CEL
// types) are listed once per shape and called in the library's order; values whose type the
// kind does not fix (other messages, type values, `Any`) take the library's path.
import {
  type CelFunc,
  type CelResult,
  CelScalar,
  type CelType,
  type CelValue,
  celError,
  celFunc,
  isCelError,
  isCelList,
  isCelMap,
  isCelUint,
  listType,
  mapType,
  objectType,
} from "@bufbuild/cel";
import { isReflectMessage } from "@bufbuild/protobuf/reflect";
import { DurationSchema, TimestampSchema } from "@bufbuild/protobuf/wkt";
import { ERROR_UNITS, freshUnits, TIME_UNITS } from "./costs.js";
import { spend } from "./guard.js";

/** The part of the library's function group that the planner calls. */
export interface FuncGroup {
  call(id: bigint, target: CelValue | undefined, args: CelValue[]): CelResult | undefined;
}

/** A group as the library builds it: its overloads, in the order it tries them. */
export type Group = FuncGroup & Iterable<CelFunc>;

/** Kind codes (0: no target); a kind fixes the CEL type `celType` gives its values. */
const NONE = 0;
const KIND_TYPES: readonly (CelType | undefined)[] = [
  undefined,
  CelScalar.INT,
  CelScalar.BOOL,
  CelScalar.DOUBLE,
  CelScalar.STRING,
  CelScalar.NULL,
  CelScalar.BYTES,
  listType(CelScalar.DYN),
  mapType(CelScalar.DYN, CelScalar.DYN),
  CelScalar.UINT,
  objectType(TimestampSchema),
  objectType(DurationSchema),
];
const KINDS = KIND_TYPES.length;
/** The kinds before timestamps and durations. */
const PLAIN_KINDS = 9;

/** Calls with more arguments take the library's path (no builtin has more than three). */
const MAX_ARGS = 4;

/** The kind of a value, or -1 when its type is not fixed by its kind (take the slow path). */
export function kindOf(v: CelValue): number {
  switch (typeof v) {
    case "bigint":
      return 1;
    case "boolean":
      return 2;
    case "number":
      return 3;
    case "string":
      return 4;
    case "object":
      if (v === null) return 5;
      if (v instanceof Uint8Array) return 6;
      if (isCelList(v)) return 7;
      if (isCelMap(v)) return 8;
      if (isCelUint(v)) return 9;
      if (isReflectMessage(v)) {
        // Timestamps and durations are messages; other messages (wrappers, `Any`) are typed by
        // their content.
        if (v.desc.typeName === TimestampSchema.typeName) return 10;
        if (v.desc.typeName === DurationSchema.typeName) return 11;
      }
  }
  return -1;
}

/** A timestamp or a duration (the last two kinds). */
export const isTime = (v: unknown): boolean => kindOf(v as CelValue) > PLAIN_KINDS;

/** Whether an overload takes a value of `kind` where it expects `type`, as the library decides. */
function accepts(type: CelType, kind: number): boolean {
  const actual = KIND_TYPES[kind] as CelType;
  return type === CelScalar.DYN || (type.kind === actual.kind && type.name === actual.name);
}

/** Whether `f` accepts the target and arguments of these kinds (the library's check, by kind). */
function matches(f: CelFunc, target: number, args: readonly number[]): boolean {
  if (f.arguments.length !== args.length) return false;
  // A function (no target type) takes no target; a method needs one of its type.
  if (f.target === undefined ? target !== NONE : target === NONE || !accepts(f.target, target)) {
    return false;
  }
  return args.every((kind, i) => accepts(f.arguments[i] as CelType, kind));
}

/** An overload's call, once its arguments are known to match it. */
type Invoke = (id: bigint, target: CelValue | undefined, args: CelValue[]) => CelResult | undefined;

/** The library's conversion of what an implementation returned, as its overloads apply it. */
const RETURNED = celFunc("@returned", [CelScalar.DYN], CelScalar.DYN, (v: CelValue) => v);

/**
 * `f`'s call without the library's check of the arguments against its signature, which
 * `matches` has made for the shape (it works out every argument's CEL type again, a fair part
 * of a short call's time): the implementation, what it returns converted as the library
 * converts it, and what it throws made the call's error. `f.call` where the implementation is
 * not where @bufbuild/cel 0.6.1 keeps it.
 */
function invoker(f: CelFunc): Invoke {
  const impl = (f as unknown as { _impl?: unknown })._impl;
  if (typeof impl !== "function") return (id, target, args) => f.call(id as never, target, args);
  return (id, target, args) => {
    let result: unknown;
    try {
      result = impl.apply(target, args);
    } catch (e) {
      return celError(e, id);
    }
    switch (typeof result) {
      case "bigint":
      case "boolean":
      case "number":
      case "string":
        return result;
      default:
        return RETURNED.call(id as never, undefined, [result as CelValue]);
    }
  };
}

/**
 * What a call is charged (meter.ts): `fixed` units, `charUnits` a character or byte of its
 * string and bytes arguments and TIME_UNITS a time value, and for a codec (`builds`) the fresh
 * pages of a large result as long as its first argument. Charged here, in the loop that reads
 * the arguments' kinds anyway: one layer less per call, a fair part of a short call's time
 * before V8 optimises.
 */
export interface CallCost {
  fixed: number;
  charUnits: number;
  builds: boolean;
}

const FREE: CallCost = { fixed: 0, charUnits: 0, builds: false };

/** The units a call pays for an argument of `kind`: its characters or bytes, a time value's. */
function scanned(v: CelValue, kind: number, charUnits: number): number {
  if (kind === 4) return (v as string).length * charUnits;
  if (kind === 6) return (v as Uint8Array).length * charUnits;
  return kind > PLAIN_KINDS ? TIME_UNITS : 0;
}

/** What a call made, charged after it: an error (its message is built) or a time value. */
function chargeResult(result: CelResult | undefined): void {
  if (typeof result === "object" || result === undefined) {
    if (result === undefined || isCelError(result)) spend(ERROR_UNITS);
    else if (isTime(result)) spend(TIME_UNITS);
  }
}

/**
 * `group` with its overloads picked by the shape of the call: the same result as the
 * library's `call` (the overloads a shape excludes answer undefined without running), charged
 * `cost` before the call (refused if it does not fit) and what it made after.
 */
export function fastGroup(group: Group, cost: CallCost = FREE): FuncGroup {
  const overloads = [...group].map((f) => ({ f, invoke: invoker(f) }));
  const byShape = new Map<number, Invoke[]>();
  const candidates = (shape: number, target: number, args: CelValue[]): Invoke[] => {
    const kinds = args.map(kindOf);
    const found = overloads.filter(({ f }) => matches(f, target, kinds)).map((o) => o.invoke);
    byShape.set(shape, found);
    return found;
  };
  const { fixed, charUnits, builds } = cost;
  return {
    call(id, target, args) {
      const targetKind = target === undefined ? NONE : kindOf(target);
      let units = fixed + (targetKind > 0 ? scanned(target as CelValue, targetKind, charUnits) : 0);
      // The arity, the target's kind, then each argument's, as digits in base KINDS; -1 takes
      // the library's path (a kind that does not fix the type, or too many arguments).
      let shape = targetKind < 0 || args.length > MAX_ARGS ? -1 : args.length * KINDS + targetKind;
      for (let i = 0; i < args.length; i++) {
        const v = args[i] as CelValue;
        const kind = kindOf(v);
        units += scanned(v, kind, charUnits);
        if (builds && i === 0) units += freshUnits(scanned(v, kind, 1));
        shape = kind < 0 || shape < 0 ? -1 : shape * KINDS + kind;
      }
      spend(units);
      let result: CelResult | undefined;
      if (shape < 0) result = group.call(id, target, args);
      else {
        const found = byShape.get(shape) ?? candidates(shape, targetKind, args);
        for (let i = 0; i < found.length && result === undefined; i++) {
          result = (found[i] as Invoke)(id, target, args);
        }
      }
      chargeResult(result);
      return result;
    },
  };
}
