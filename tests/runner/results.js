// @ts-check
/**
 * Every test run's results, kept in build/test-results.json in Jest's own JSON (what `jest --json`
 * prints: each file's status and message, each test's full name, status and failure messages).
 * tests/runner/resultsReporter.js writes it as each file ends, so that a run stopped half way, or
 * one whose worker was lost, still leaves what ended before; `npm test` prints the failures again
 * at its end from it (tests/runner/report.js), so a CI log shows them after the times. Colour
 * codes are taken out of the messages: the file is read, not shown on a terminal.
 */
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const path = require("node:path");
const { stripVTControlCharacters } = require("node:util");
const { ROOT, relativeTestPath } = require("./times");

const RESULTS = path.join(ROOT, "build", "test-results.json");

/** @typedef {import("@jest/test-result").FormattedTestResults} FormattedTestResults */

/**
 * @param {FormattedTestResults} formatted the run so far, as `formatTestResults` makes it
 * @param {string} [file]
 */
function writeResults(formatted, file = RESULTS) {
  const results = {
    ...formatted,
    // Which `npm test` (or campaign) run it was: build/test-times.json's times carry the same name.
    svcTestRun: process.env["SVC_TEST_RUN"] ?? new Date(formatted.startTime).toISOString(),
    testResults: formatted.testResults.map((file) => ({
      ...file,
      name: relativeTestPath(file.name),
      message: stripVTControlCharacters(file.message),
      assertionResults: file.assertionResults.map((test) => ({
        ...test,
        failureMessages: (test.failureMessages ?? []).map((text) => stripVTControlCharacters(text)),
      })),
    })),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole and renamed into place: a reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(temp, file);
}

/** @typedef {{ file: string, test: string, message: string }} Failure */

/**
 * The failures of the last run: each failed test by its file and full name, and each file that
 * failed outside its tests (it did not compile, a hook failed, its worker was lost).
 * @param {string} [file]
 * @returns {{ run: string, failures: Failure[] } | undefined}
 */
function lastFailures(file = RESULTS) {
  if (!existsSync(file)) return undefined;
  /** @type {FormattedTestResults & { svcTestRun?: string }} */
  let results;
  try {
    results = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  /** @type {Failure[]} */
  const failures = [];
  for (const file of results.testResults) {
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) failures.push({ file: file.name, test: test.fullName, message: test.failureMessages?.join("\n") ?? "" });
    // A file whose tests all passed (or never ran) but that failed all the same: its own message says why.
    if (file.status === "failed" && failed.length === 0) failures.push({ file: file.name, test: "(the file itself)", message: file.message });
  }
  return { run: results.svcTestRun ?? "", failures };
}

module.exports = { RESULTS, writeResults, lastFailures };
