// The trace bench's goals are checks: each one prints its line (measured, limit, pass or
// FAIL), and the run exits 1 when any missed, as cel-default's calibration and the CLI
// start bench do. A goal is `<= N x` (a ratio) or `<= N MB` (heap); a report without a
// goal is printed for information only.
import type { Report } from "../../evaluate/bench/measure.js";

const GOAL = /^<=\s*([\d.]+)\s*(x|MB)$/;

export interface Goals {
  /** Prints a result, checked against its goal when it has one. */
  report: Report;
  /** Prints the goals missed and exits 1 if there are any. */
  finish(): void;
}

export function goals(): Goals {
  const missed: string[] = [];
  let checked = 0;
  const report: Report = (name, measured, goal, detail = "") => {
    const suffix = detail ? `  ${detail}` : "";
    if (goal === "") {
      console.log(`${name.padEnd(72)} ${measured.toFixed(2).padStart(7)}x${suffix}`);
      return;
    }
    const parsed = GOAL.exec(goal);
    if (parsed === null) throw new Error(`bench goal not understood: ${goal}`);
    const limit = Number(parsed[1]);
    const unit = parsed[2] === "x" ? "x" : " MB";
    const pass = measured <= limit;
    checked++;
    if (!pass) missed.push(`${name}: ${measured.toFixed(2)}${unit} > ${limit}${unit}`);
    console.log(
      `${name.padEnd(72)} ${measured.toFixed(2).padStart(7)}${unit} (limit ${limit}${unit}: ${pass ? "pass" : "FAIL"})${suffix}`,
    );
  };
  return {
    report,
    finish() {
      if (missed.length === 0) {
        console.log(`\n${checked} goals checked: all met`);
        return;
      }
      console.error(`\n${missed.length} of ${checked} goals missed:\n  ${missed.join("\n  ")}`);
      process.exit(1);
    },
  };
}
