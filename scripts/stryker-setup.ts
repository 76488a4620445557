import fc from "fast-check";

// Global parameters merge under each test's own: a test that sets numRuns keeps it,
// but stops early (without failing) once its time budget is spent.
fc.configureGlobal({ interruptAfterTimeLimit: 250, markInterruptAsFailure: false });
