/**
 * The contracts in every test run: one ledger per test file (jest gives each file its own module
 * registry), handed to every emulator the tests start (`emulatorControl.ts`), so each request the
 * provider, the plugin or a Google client sends and each answer the emulator gives is held to
 * Google's contracts (emulator/google/contracts/ledger.ts). A file ends failed when the ledger holds
 * any violation (checked when its emulator closes, and by the setup file's last hook for an emulator
 * left open); each file's counts per API and method go to build/contract-exchanges.tsv under the
 * run's name, and `npm run test:times` (the table `npm test` prints at its end) sums them per API.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { ContractLedger, describeViolation } from "../../emulator/google/contracts/ledger";
import { REPO_ROOT } from "./toolchain";

const LOG = path.join(REPO_ROOT, "build", "contract-exchanges.tsv");

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

/** Appends this file's counts (one line per API and method) to the run's log. */
export function writeCounts(testPath: string | undefined): void {
  if (ledger === undefined) return;
  const run = process.env["SVC_TEST_RUN"] ?? "";
  const file = testPath === undefined ? "" : path.relative(REPO_ROOT, testPath).split(path.sep).join("/");
  const rows: string[] = [];
  for (const [api, counts] of Object.entries(ledger.counts)) {
    for (const [method, perMethod] of Object.entries(counts.methods)) {
      rows.push([run, file, api, method, perMethod.requests, perMethod.bodies, perMethod.answers].join("\t"));
    }
    const undocumented = counts.requests - Object.values(counts.methods).reduce((sum, perMethod) => sum + perMethod.requests, 0);
    if (undocumented > 0) rows.push([run, file, api, "(undocumented)", undocumented, 0, 0].join("\t"));
  }
  const violations = ledger.violations.length;
  rows.push([run, file, "*", "(violations)", violations, 0, 0].join("\t"));
  mkdirSync(path.dirname(LOG), { recursive: true });
  appendFileSync(LOG, `${rows.join("\n")}\n`);
}
