// @ts-check
/**
 * Test files' measured times, shared by the sequencer (which starts the longest first), the
 * reporter (which records each run's) and `npm run test:times` (which prints them and keeps them).
 * Paths are relative to the repository, with forward slashes, so the committed file is the same on
 * every machine.
 */
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..");
/** Kept in the repository: what a fresh clone starts from. */
const COMMITTED = path.join(ROOT, "tests", "durations.json");
/** The last local runs', file by file (a run of one file updates that file's time only). */
const LOCAL = path.join(ROOT, "build", "test-times.json");

/** @typedef {{ seconds: number, project: string, tests: number, status: string, run: string }} FileTime */

/** @param {string} file @returns {Record<string, any>} */
function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  } catch {
    // A file cut short by a killed run is no measurement.
    return {};
  }
}

/** @param {string} file */
function relativeTestPath(file) {
  return path.relative(ROOT, file).split(path.sep).join("/");
}

/** @returns {Record<string, number>} seconds by test file, the local run's over the committed ones. */
function knownDurations() {
  /** @type {Record<string, number>} */
  const seconds = { ...readJson(COMMITTED) };
  for (const [file, time] of Object.entries(readJson(LOCAL))) seconds[file] = /** @type {FileTime} */ (time).seconds;
  return seconds;
}

/** @returns {Record<string, FileTime>} */
function localTimes() {
  return readJson(LOCAL);
}

/** Merges a run's times into the local record, written whole and renamed into place. @param {Record<string, FileTime>} times */
function recordLocalTimes(times) {
  mkdirSync(path.dirname(LOCAL), { recursive: true });
  const merged = { ...localTimes(), ...times };
  const temp = `${LOCAL}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(temp, LOCAL);
}

/** Keeps the local times of every file that passed as the committed ones (rounded to seconds). */
function saveCommitted() {
  /** @type {Record<string, number>} */
  const committed = { ...readJson(COMMITTED) };
  for (const [file, time] of Object.entries(localTimes())) if (time.status === "passed") committed[file] = Math.round(time.seconds);
  const sorted = Object.fromEntries(Object.entries(committed).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(COMMITTED, `${JSON.stringify(sorted, null, 2)}\n`);
  return COMMITTED;
}

module.exports = { ROOT, COMMITTED, LOCAL, knownDurations, localTimes, recordLocalTimes, relativeTestPath, saveCommitted };
