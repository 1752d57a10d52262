/**
 * The contracts in every test run: one ledger per test file (jest gives each file its own module
 * registry), handed to every emulator the tests start (`emulatorControl.ts`), so each request the
 * provider, the plugin or a Google client sends and each answer the emulator gives is held to
 * Google's contracts (emulator/google/contracts/ledger.ts). A file ends failed when the ledger holds
 * any violation (checked when its emulator closes, and by the setup file's last hook for an emulator
 * left open); each file's counts per API and method go to build/contract-exchanges/<run>/, and `npm run test:times` (the table `npm test` prints at its end) sums them per API.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { ContractLedger, describeViolation } from "../../emulator/google/contracts/ledger";
import { REPO_ROOT } from "./toolchain";

const LOG = path.join(REPO_ROOT, "build", "contract-exchanges");

let ledger: ContractLedger | undefined;
let reported = 0;

/** This test file's ledger. */
export function fileLedger(): ContractLedger {
  ledger ??= new ContractLedger();
  return ledger;
}

/** Throws naming each violation not reported yet, each with its field and contract. */
export function failOnViolations(): void {
  if (ledger === undefined || ledger.violations.length === reported) return;
  const fresh = ledger.violations.slice(reported);
  reported = ledger.violations.length;
  throw new Error(`${fresh.length} exchange(s) outside Google's contracts:\n${fresh.slice(0, 20).map(describeViolation).join("\n")}`);
}

/**
 * Writes this file's counts so far (per API and method) and its number of violations to
 * build/contract-exchanges/<run>/<file>.json, replacing what an earlier call wrote: the counts are the
 * file's whole so far, so the last call (at the file's end, or when its last emulator closes after
 * the stacks' destroys) holds everything.
 */
export function writeCounts(): void {
  if (ledger === undefined) return;
  const testPath = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState().testPath;
  const file = testPath === undefined ? "unknown" : path.relative(REPO_ROOT, testPath).split(path.sep).join("/");
  const folder = path.join(LOG, process.env["SVC_TEST_RUN"] ?? "local");
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, `${file.replace(/[/\\]/g, "__")}.json`),
    `${JSON.stringify({ file, counts: ledger.counts, violations: ledger.violations.length })}\n`,
  );
}
