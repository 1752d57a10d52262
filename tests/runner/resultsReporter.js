// @ts-check
/** Writes the run's results as each test file ends and when the run ends (tests/runner/results.js says where and why). */
const { formatTestResults } = require("@jest/test-result");
const { writeResults } = require("./results");

class ResultsReporter {
  /** @param {import("@jest/test-result").AggregatedResult} aggregated */
  onRunStart(aggregated) {
    writeResults(formatTestResults(aggregated));
  }

  /**
   * @param {import("@jest/test-result").Test} _test
   * @param {import("@jest/test-result").TestResult} _result
   * @param {import("@jest/test-result").AggregatedResult} aggregated
   */
  onTestResult(_test, _result, aggregated) {
    writeResults(formatTestResults(aggregated));
  }

  /**
   * @param {Set<unknown>} _contexts
   * @param {import("@jest/test-result").AggregatedResult} aggregated
   */
  onRunComplete(_contexts, aggregated) {
    writeResults(formatTestResults(aggregated));
  }
}

module.exports = ResultsReporter;
