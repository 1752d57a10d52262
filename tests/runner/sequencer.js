// @ts-check
/**
 * Starts the longest test files first, so that the workers end together: a run is as long as its
 * busiest worker, and a long file started last (jest's own order puts small files last) runs alone
 * at the end while the other cores idle. The times are measured: the last local run's
 * (build/test-times.json, written by tests/runner/timesReporter.js) where known, else the committed
 * tests/durations.json (`npm run test:times -- --save` refreshes it). A file with no time known yet
 * goes first: it may be long, and a short file started early costs little.
 */
const Sequencer = require("@jest/test-sequencer").default;
const { knownDurations, relativeTestPath } = require("./times");

class LongestFirst extends Sequencer {
  /** @param {Array<import("@jest/test-result").Test>} tests */
  sort(tests) {
    const known = knownDurations();
    /** @param {import("@jest/test-result").Test} test */
    const seconds = (test) => known[relativeTestPath(test.path)] ?? Number.POSITIVE_INFINITY;
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

module.exports = LongestFirst;
