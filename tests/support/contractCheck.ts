/**
 * Every test file's last word on the contracts (a setup file of every jest project): its exchanges
 * counted into the run's log, and the file failed when any broke Google's contracts, naming each
 * (tests/support/contractLedger.ts).
 */
import { failOnViolations, writeCounts } from "./contractLedger";

afterAll(() => {
  writeCounts();
  failOnViolations();
});
