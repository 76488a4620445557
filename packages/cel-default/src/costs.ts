// The weights of the cost budget (SDK §6.1, bound evaluation; see guard.ts): what each kind
// of work is charged, in units that cost about the same time whatever the work (0.2 to 0.8 ns
// each on the 2-core machine the default budget was calibrated on, under load; the hostile
// bench measures it). They need not be exact, only never far below the real cost: the budget's
// time is set by the work charged least for its cost, and charging cheap work more than it
// costs only makes the budget stricter for it.

/** The fixed cost of a function or operator call (its string and bytes are charged apart). */
export const CALL_UNITS = 50;

/** Per character of a string or byte of bytes that a call may scan or that `+` builds. */
export const CHAR_UNITS = 1;

/** Per list or map element an equality, `in`, a list concatenation or the result visits. */
export const ELEMENT_UNITS = 40;

/** Per element read from a list built in the expression (a comprehension copies its range). */
export const COPY_UNITS = 150;

/** Per read of the bound message (a list element or a map entry, converted on access). */
export const READ_UNITS = 200;

/** Per key of a bound object whose keys are listed (size, iteration, equality). */
export const KEY_UNITS = 500;

/** Per loop step, on top of its nodes: a comprehension's bookkeeping. */
export const STEP_UNITS = 450;

/** Per AST node of a loop step's condition and body, evaluated once per step. */
export const NODE_UNITS = 120;

/**
 * Per character of the string `contains` searches: V8's substring search costs up to about ten
 * times a plain scan (a pattern whose first character is everywhere in the text).
 */
export const SEARCH_UNITS = 10;

/** Per UTF-16 unit `size` walks to count the code points of a string with surrogate pairs. */
export const WALK_UNITS = 10;

/** Per character a conversion parses (`int`, `uint`, `double`, `timestamp` of a string). */
export const PARSE_UNITS = 4;

/** Per input character a regular expression scans (RE2 is linear: up to ~90 ns a character). */
export const MATCH_UNITS = 100;

/** Per pattern character compiled, once per pattern and evaluation. */
export const COMPILE_UNITS = 200;
