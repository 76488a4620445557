// oatf/node: library functions that need Node (worker threads), beside the browser-safe main
// entry. `evaluateInThreads` is `oatf evaluate --jobs`: a trace evaluated in several threads,
// sharded by session (or by document), with the verdicts one thread gives; here rather than in
// @oatf/evaluate because a worker loads the default CEL evaluator, which only `oatf` wires in.
export {
  type Chunk,
  type EvaluationThreads,
  evaluateInThreads,
  MAX_JOBS,
  startEvaluationThreads,
  type ThreadedEvaluation,
  type ThreadedOptions,
} from "./node/evaluate-jobs.js";
