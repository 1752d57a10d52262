// @ts-check
/**
 * `npm run test:times [-- --save]`: the times of the last test run, as `npm test` prints them at its
 * end: each step's wall time (build/test-phases.tsv, written by scripts/test.sh), each jest project's
 * files, tests and summed file time, and every end-to-end, browser and campaign file's own time,
 * longest first, with the count and time of each one's engine operations (build/engine-ops.tsv);
 * then every failed test's name and message (build/test-results.json, tests/runner/results.js), so
 * that the end of a CI log says what failed without scrolling back through the run.
 * `--save` keeps the files' times as the committed ones the sequencer starts from (tests/durations.json).
 */
const { existsSync, readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");
const { ROOT, localTimes, saveCommitted } = require("./times");
const { RESULTS, lastFailures } = require("./results");

const PHASES = path.join(ROOT, "build", "test-phases.tsv");
/** Each engine operation of a test stack: run, file, operation, seconds (tests/support/engineLog.ts). */
const ENGINE_OPS = path.join(ROOT, "build", "engine-ops.tsv");

/** @param {string} run @returns {Map<string, { ops: number, seconds: number }>} each file's engine operations in the run */
function engineOps(run) {
  /** @type {Map<string, { ops: number, seconds: number }>} */
  const byFile = new Map();
  if (!existsSync(ENGINE_OPS)) return byFile;
  for (const row of readFileSync(ENGINE_OPS, "utf8").trim().split("\n")) {
    const [opRun = "", file = "", , seconds = "0"] = row.split("\t");
    if (opRun !== run) continue;
    const sum = byFile.get(file) ?? { ops: 0, seconds: 0 };
    byFile.set(file, { ops: sum.ops + 1, seconds: sum.seconds + Number(seconds) });
  }
  return byFile;
}

/** Each test file's exchanges held to Google's contracts, one JSON file per test file under the run's name (tests/support/contractLedger.ts). */
const CONTRACT_EXCHANGES = path.join(ROOT, "build", "contract-exchanges");

/**
 * The run's exchanges per API: requests, bodies and answers checked, documented methods reached, and
 * the violations of every file.
 * @param {string} run
 */
function contractLines(run) {
  const folder = path.join(CONTRACT_EXCHANGES, run || "local");
  if (!existsSync(folder)) return [];
  /** @type {Map<string, { requests: number, bodies: number, answers: number, methods: Set<string> }>} */
  const byApi = new Map();
  let violations = 0;
  for (const name of readdirSync(folder)) {
    /** @type {{ counts: Record<string, { requests: number, bodies: number, answers: number, methods: Record<string, unknown> }>, violations: number }} */
    const record = JSON.parse(readFileSync(path.join(folder, name), "utf8"));
    violations += record.violations;
    for (const [api, counts] of Object.entries(record.counts)) {
      const sum = byApi.get(api) ?? { requests: 0, bodies: 0, answers: 0, methods: new Set() };
      sum.requests += counts.requests;
      sum.bodies += counts.bodies;
      sum.answers += counts.answers;
      for (const method of Object.keys(counts.methods)) sum.methods.add(method);
      byApi.set(api, sum);
    }
  }
  if (byApi.size === 0) return [];
  const lines = [
    "",
    `exchanges held to Google's contracts (every emulator the tests start): ${violations} violation(s)`,
    "  api        requests   bodies  answers  methods",
  ];
  for (const [api, sum] of [...byApi].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(
      `  ${api.padEnd(9)} ${String(sum.requests).padStart(9)} ${String(sum.bodies).padStart(8)} ${String(sum.answers).padStart(8)} ${String(sum.methods.size).padStart(8)}`,
    );
  }
  return lines;
}

/** A failure's message, cut to its first lines (the file keeps it whole). */
const MESSAGE_LINES = 25;

/** @param {string} run the run whose failures to print: `npm test`'s, or whichever ran last @returns {string[]} */
function failureLines(run) {
  const last = lastFailures();
  // A run that stopped before its tests (a build or lint step failed) has no results of its own.
  if (last === undefined || (run !== "" && last.run !== run)) return [];
  if (last.failures.length === 0) return ["", `no test failed (${path.relative(ROOT, RESULTS)})`];
  const lines = ["", `== ${last.failures.length} failed test(s), from ${path.relative(ROOT, RESULTS)} (the messages whole)`];
  for (const { file, test, message } of last.failures) {
    // Stack frames of jest's and other packages' code are left to the file: the test's own frames say where.
    const text = message
      .trim()
      .split(`${ROOT}${path.sep}`)
      .join("")
      .split("\n")
      .filter((line) => !/^\s+at .*(node_modules|\(<anonymous>\)|node:internal)/.test(line));
    lines.push("", `FAILED ${file} › ${test}`, ...text.slice(0, MESSAGE_LINES).map((line) => `    ${line}`));
    if (text.length > MESSAGE_LINES) lines.push(`    ... ${text.length - MESSAGE_LINES} more lines`);
  }
  return lines;
}

/** @param {number} seconds */
const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

function main() {
  if (process.argv.includes("--save")) {
    process.stdout.write(`kept the measured times in ${path.relative(ROOT, saveCommitted())}\n`);
    return;
  }
  const lines = [];
  if (existsSync(PHASES)) {
    lines.push("step                                             wall (m:ss)");
    for (const row of readFileSync(PHASES, "utf8").trim().split("\n")) {
      const [name = "", seconds = "0", status = ""] = row.split("\t");
      lines.push(`  ${name.padEnd(47)} ${clock(Number(seconds)).padStart(6)}${status === "0" ? "" : `  (exit ${status})`}`);
    }
  }
  // The files of one run: `npm test`'s (SVC_TEST_RUN), else the newest.
  const all = Object.entries(localTimes());
  const run =
    process.env["SVC_TEST_RUN"] ??
    all
      .map(([, time]) => time.run)
      .sort()
      .at(-1);
  const times = all.filter(([, time]) => time.run === run);
  /** @type {Map<string, { files: number, tests: number, seconds: number }>} */
  const projects = new Map();
  for (const [, time] of times) {
    const sum = projects.get(time.project) ?? { files: 0, tests: 0, seconds: 0 };
    projects.set(time.project, { files: sum.files + 1, tests: sum.tests + time.tests, seconds: sum.seconds + time.seconds });
  }
  lines.push("", "jest project       files   tests   file time summed (m:ss)");
  for (const [project, sum] of [...projects].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(`  ${project.padEnd(16)} ${String(sum.files).padStart(5)} ${String(sum.tests).padStart(7)}   ${clock(sum.seconds).padStart(8)}`);
  }
  // The files of the projects that run the engine or a browser: each one's own time, to see a slow one.
  const slow = times.filter(([, time]) => !["unit", "emulator"].includes(time.project)).sort(([, a], [, b]) => b.seconds - a.seconds);
  // With the test stacks' engine operations (preview, up, refresh, destroy): how many, and how much of the file's time.
  const ops = engineOps(run ?? "");
  lines.push("", "end-to-end, browser and campaign files, longest first  seconds  tests  engine ops  their seconds");
  for (const [file, time] of slow) {
    const engine = ops.get(file);
    const engineColumns = engine === undefined ? "" : `${String(engine.ops).padStart(12)} ${String(Math.round(engine.seconds)).padStart(14)}`;
    lines.push(
      `  ${file.padEnd(52)} ${String(Math.round(time.seconds)).padStart(5)} ${String(time.tests).padStart(6)}${engineColumns}${time.status === "passed" ? "" : "  FAILED"}`,
    );
  }
  lines.push(...contractLines(run ?? ""));
  lines.push(...failureLines(process.env["SVC_TEST_RUN"] ?? ""));
  process.stdout.write(`${lines.join("\n")}\n`);
}

main();
