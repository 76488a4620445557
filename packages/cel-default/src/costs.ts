// The weights of the cost budget (SDK §6.1, bound evaluation; see guard.ts): what each kind
// of work is charged, in units that cost about the same time whatever the work. Calibrated
// with bench/calibration.bench.ts (issue 32) on the 2-core machine this SDK is developed on, so
// that the slowest expression the default budget admits takes about 100 ms on the first call
// of a process (about half a nanosecond a unit once V8 has compiled the evaluator, about one
// before). They need not be exact, only never far below the real cost: the budget's time is
// set by the work charged least for its cost, and charging cheap work more than it costs only
// makes the budget stricter for it. Recalibrated on a slower kind of 2-core machine, where the
// first touch of a fresh memory page costs about 17 µs: work that builds large values or long
// lists cost there several times its charge, so building is charged apart (FRESH_UNITS,
// GROW_UNITS), from what it costs in a new process.

/** The fixed cost of a function or operator call (its string and bytes are charged apart). */
export const CALL_UNITS = 250;

/**
 * On top of the call, for a type conversion (`int`, `uint`, `double`, `string`, `bytes`,
 * `bool`, `dyn`, `type`, `timestamp`, `duration`): the library tries each of its overloads
 * and converts the result back, several times a plain call.
 */
export const CONVERSION_UNITS = 1200;

/** Per character of a string or byte of bytes that a call may scan or that `+` builds. */
export const CHAR_UNITS = 1;

/** On top of CHAR_UNITS, per character `bytes(s)` encodes or byte `string(b)` decodes. */
export const CODEC_UNITS = 3;

/**
 * V8's largest object on its ordinary heap pages (kMaxRegularHeapObjectSize, 128 KiB): a
 * larger string, bytes or array gets pages of its own, fresh from the system every time.
 */
export const LARGE_BYTES = 131_072;

/**
 * Per byte of a string or bytes value of LARGE_BYTES or more that a call builds (`+`, `bytes`,
 * `string`): flattening a 512 KiB string took 6.2 ns a byte, one page fault a page, where a
 * 64 KiB one took under 1 ns.
 */
export const FRESH_UNITS = 6;

/** Elements of an array that fill LARGE_BYTES (8-byte slots): a larger array gets pages of its own. */
export const LARGE_ELEMENTS = LARGE_BYTES / 8;

/** The fresh-page charge of building a value of `bytes` bytes (characters for a string). */
export const freshUnits = (bytes: number): number =>
  bytes >= LARGE_BYTES ? bytes * FRESH_UNITS : 0;

/**
 * Per element appended to a list that a loop step or call builds (`map`, `filter`, `+`, the
 * result's conversion): the array is copied as it grows, onto fresh pages once large. Pushing
 * a million numbers into an array in a new process took about 300 ns and 33 bytes of fresh
 * pages an element.
 */
export const GROW_UNITS = 300;

/** Per list or map element an equality, `in`, a list concatenation or the result visits. */
export const ELEMENT_UNITS = 100;

/** Per element a list or map being built receives: its visit and its growth (GROW_UNITS). */
export const BUILT_UNITS = ELEMENT_UNITS + GROW_UNITS;

/**
 * Per list or map that `==` compares element by element (nested ones included): an iterator
 * and a view on each side, which cost more than the elements of a short list.
 */
export const CONTAINER_UNITS = 1500;

/** Per element read from a list built in the expression (a comprehension copies its range). */
export const COPY_UNITS = 600;

/** Per read of the bound message (a list element or a map entry, converted on access). */
export const READ_UNITS = 300;

/** Per key of a bound object whose keys are listed (size, iteration, equality). */
export const KEY_UNITS = 1000;

/** Per loop step, on top of its nodes: a comprehension's bookkeeping. */
export const STEP_UNITS = 800;

/** Per AST node of a loop step's condition and body, evaluated once per step. */
export const NODE_UNITS = 250;

/**
 * Extra nodes a loop step is charged per entry of a map literal it builds (each key is hashed
 * and stored) and per element of a list literal (`map` and `filter` append `[x]` to their
 * result on every step: such steps cost up to three times a plain step's time per unit before
 * V8 optimises them; one node more keeps `map` over 20,000 message items within the budget).
 */
export const ENTRY_NODES = 6;
export const ELEMENT_NODES = 1;

/**
 * Per character of the string `contains` searches: V8's substring search costs up to about
 * eighteen times a plain scan (a pattern whose first character is everywhere in the text).
 */
export const SEARCH_UNITS = 18;

/** Per UTF-16 unit `size` walks to count the code points of a string with surrogate pairs. */
export const WALK_UNITS = 10;

/** Per character a conversion parses (`int`, `uint`, `double`, `timestamp` of a string). */
export const PARSE_UNITS = 8;

/** Per input character a regular expression scans (RE2 is linear: up to ~90 ns a character). */
export const MATCH_UNITS = 130;

/** Per pattern character compiled, once per pattern and evaluation. */
export const COMPILE_UNITS = 700;

/**
 * Per timestamp or duration a call reads or makes: protobuf messages, which each operation
 * creates and reflects over (about 1.5 µs each, ten loop steps).
 */
export const TIME_UNITS = 12000;

/**
 * Per error a call ends in, or a read of a missing key or index (whose error follows): the
 * library builds an Error and its message (about 2 µs even without a stack trace).
 */
export const ERROR_UNITS = 12000;
