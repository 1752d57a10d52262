// @ts-check
/**
 * Records how long each test file took (build/test-times.json), for the sequencer's next run and for
 * the table `npm test` prints at its end (`npm run test:times`), so a slow file shows in every run.
 */
const { recordLocalTimes, relativeTestPath } = require("./times");

class TimesReporter {
  constructor() {
    /** Which run a time belongs to: `npm test`'s (SVC_TEST_RUN, one for its jest runs), else this jest run's start. */
    this.run = process.env["SVC_TEST_RUN"] ?? "";
  }

  /** @param {import("@jest/test-result").AggregatedResult} results */
  onRunStart(results) {
    if (this.run === "") this.run = new Date(results.startTime).toISOString();
  }

  /**
   * @param {import("@jest/test-result").Test} test
   * @param {import("@jest/test-result").TestResult} result
   */
  onTestResult(test, result) {
    const { start, end } = result.perfStats;
    const failed = result.numFailingTests > 0 || result.testExecError !== undefined;
    // Kept as each file ends, so that a run stopped half way still tells what it measured.
    recordLocalTimes({
      [relativeTestPath(test.path)]: {
        seconds: Math.max(0, end - start) / 1000,
        project: test.context.config.displayName?.name ?? "",
        tests: result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests,
        status: failed ? "failed" : "passed",
        run: this.run,
      },
    });
  }
}

module.exports = TimesReporter;
