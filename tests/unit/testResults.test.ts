/**
 * The record every test run leaves (tests/runner/results.js): jest's results written as Jest's
 * JSON, read back as the failures `npm test` prints at its end: a failed test by its file and full
 * name with its message (colour codes out), and a file that failed outside its tests.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { addResult, buildFailureTestResult, createEmptyTestResult, formatTestResults, makeEmptyAggregatedTestResult } from "@jest/test-result";
import type { AssertionResult, FormattedTestResults } from "@jest/test-result";
import { REPO_ROOT } from "../support/toolchain";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS module of jest's runner, not compiled
const results = require("../runner/results") as {
  writeResults(formatted: FormattedTestResults, file?: string): void;
  lastFailures(file?: string): { run: string; failures: Array<{ file: string; test: string; message: string }> } | undefined;
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "svc-test-results-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const assertion = (title: string, status: "passed" | "failed", failureMessages: string[] = []): AssertionResult => ({
  ancestorTitles: ["zone"],
  failureDetails: [],
  failureMessages,
  fullName: `zone ${title}`,
  numPassingAsserts: status === "passed" ? 1 : 0,
  status,
  title,
});

it("keeps a failed test's file, full name and message, without colour codes, and a file that failed outside its tests", () => {
  const aggregated = makeEmptyAggregatedTestResult();
  const failing = {
    ...createEmptyTestResult(),
    testFilePath: path.join(REPO_ROOT, "tests", "unit", "zone.test.ts"),
    numFailingTests: 1,
    numPassingTests: 1,
    testResults: [
      assertion("keeps its name", "passed"),
      assertion("keeps its records", "failed", ["Error: \u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m).toBe(3)\n    at zone.test.ts:10:5"]),
    ],
  };
  addResult(aggregated, failing);
  addResult(
    aggregated,
    buildFailureTestResult(path.join(REPO_ROOT, "tests", "unit", "broken.test.ts"), {
      message: "Cannot find module './gone'",
      stack: "Error: Cannot find module './gone'",
    }),
  );
  const file = path.join(dir, "test-results.json");
  results.writeResults(formatTestResults(aggregated), file);

  // Jest's own JSON, with the paths relative to the repository.
  const written = JSON.parse(readFileSync(file, "utf8")) as FormattedTestResults;
  expect(written.numFailedTests).toBe(1);
  expect(written.numFailedTestSuites).toBe(2);
  expect(written.testResults.map((result) => result.name)).toEqual(["tests/unit/zone.test.ts", "tests/unit/broken.test.ts"]);

  const last = results.lastFailures(file);
  expect(last?.failures).toEqual([
    { file: "tests/unit/zone.test.ts", test: "zone keeps its records", message: "Error: expect(received).toBe(3)\n    at zone.test.ts:10:5" },
    { file: "tests/unit/broken.test.ts", test: "(the file itself)", message: expect.stringContaining("Cannot find module './gone'") },
  ]);
});

it("finds no failure in a run that passed, and no record where no run left one", () => {
  const aggregated = makeEmptyAggregatedTestResult();
  addResult(aggregated, {
    ...createEmptyTestResult(),
    testFilePath: path.join(REPO_ROOT, "a.test.ts"),
    numPassingTests: 1,
    testResults: [assertion("a", "passed")],
  });
  const file = path.join(dir, "test-results.json");
  results.writeResults(formatTestResults(aggregated), file);
  expect(results.lastFailures(file)?.failures).toEqual([]);
  expect(results.lastFailures(path.join(dir, "none.json"))).toBeUndefined();
});
