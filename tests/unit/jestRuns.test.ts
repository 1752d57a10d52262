/**
 * Every jest run of the repository's scripts (`npm test`, `npm run test:campaign`) is a CI run
 * (`--ci`): a snapshot the repository does not hold fails the test instead of being written, so a
 * run never passes by recording what it was meant to check.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../support/toolchain";

/** The script's commands that run jest, a command continued over lines (`\`) joined into one. */
function jestRuns(script: string): string[] {
  const commands = readFileSync(path.join(REPO_ROOT, script), "utf8")
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"));
  return commands.filter((command) => /\bnpx jest\b/.test(command));
}

it.each(["scripts/test.sh", "scripts/campaign.sh"])("%s runs jest with --ci, each time", (script) => {
  const runs = jestRuns(script);
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.filter((command) => !/\bnpx jest\b.* --ci\b/.test(command))).toEqual([]);
});
